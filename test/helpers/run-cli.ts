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
    /**
     * Run as on a terminal: stdin and stderr are TTYs, and stdin answers the first question with `answer`
     * (undefined: the input ends, as with Ctrl-D). Without it nothing is ever asked.
     */
    terminal?: { readonly answer: string | undefined };
  } = {},
): Promise<CliRun & { readonly asked?: number }> {
  let asked = 0;
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
      isTTY: options.stderrIsTTY ?? options.terminal !== undefined,
    },
    ...(options.terminal === undefined
      ? {}
      : {
          stdin: {
            isTTY: true,
            readLine: () => {
              asked += 1;
              return Promise.resolve(options.terminal?.answer);
            },
          },
        }),
    env: { NO_COLOR: '1', ...options.env },
    cwd: options.cwd ?? process.cwd(),
    waitForInterrupt: options.waitForInterrupt ?? (() => new Promise<void>(() => undefined)),
  };
  const code = await runCli(args, io);
  // How many questions it asked, for a run on a terminal.
  return { code, stdout, stderr, ...(options.terminal === undefined ? {} : { asked }) };
}
