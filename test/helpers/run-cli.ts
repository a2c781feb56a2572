import { runCli } from '../../src/cli/program.js';
import type { CliIo } from '../../src/cli/io.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in-process with captured streams, no TTY and a clean environment. */
export async function runCatalog(
  args: readonly string[],
  options: {
    cwd?: string;
    env?: Record<string, string | undefined>;
    waitForInterrupt?: () => Promise<void>;
    onStdout?: (text: string) => void;
    onStderr?: (text: string) => void;
    stderrIsTTY?: boolean;
  } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      write: (text) => {
        stdout += text;
        options.onStdout?.(text);
      },
      isTTY: false,
    },
    stderr: {
      write: (text) => {
        stderr += text;
        options.onStderr?.(text);
      },
      isTTY: options.stderrIsTTY ?? false,
    },
    env: { NO_COLOR: '1', ...options.env },
    cwd: options.cwd ?? process.cwd(),
    waitForInterrupt: options.waitForInterrupt ?? (() => new Promise<void>(() => undefined)),
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
