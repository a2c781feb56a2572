import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CLI = path.resolve('dist/cli/main.js');
const SCRIPT = path.resolve('test/helpers/run-in-pty.py');

/**
 * Runs the built CLI under a pseudo-terminal (Python's pty module) and types `answer` when it asks; `-` types
 * nothing, `^D` ends the input. The output is the terminal's: stdout and stderr together, with CRLF line ends made
 * LF.
 */
export async function runCatalogInPty(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; answer: string },
): Promise<{ output: string; code: number }> {
  const { stdout } = await run('python3', [SCRIPT, options.answer, '--', process.execPath, CLI, ...args], {
    cwd: options.cwd,
    env: options.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as { output: string; code: number };
  return { output: result.output.replace(/\r\n/g, '\n'), code: result.code };
}
