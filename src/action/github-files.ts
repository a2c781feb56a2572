import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';

/**
 * Step outputs in GitHub's file format. The heredoc form with a random delimiter keeps a value that holds
 * newlines (or a line that looks like `name=value`) from forging another output.
 */
export function formatOutputs(
  outputs: Readonly<Record<string, string>>,
  delimiter: string = randomUUID(),
): string {
  return Object.entries(outputs)
    .map(([name, value]) => {
      if (value.includes(delimiter)) throw new Error(`output ${name} contains its delimiter`);
      return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
    })
    .join('');
}

/** Appends to a file GitHub names in an environment variable; without one (a local run) it writes nothing. */
export async function appendToGithubFile(file: string | undefined, text: string): Promise<boolean> {
  if (file === undefined || file === '') return false;
  await appendFile(file, text);
  return true;
}
