import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { sanitizeTerminalOutput } from '../model/escape-control.js';

/**
 * What a command may touch of the process: its streams, environment and working directory. Passing this in
 * (instead of reaching for `process`) lets tests run the CLI in-process and read what it printed.
 */
export interface CliIo {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** What the user types: read only to ask before writing (reconcile on a terminal). None: nothing is ever asked. */
  readonly stdin?: InputStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /**
   * Resolves when the user interrupts (SIGINT/SIGTERM). Only long-running commands (serve) call it: once
   * called, an interrupt no longer kills the process, so the command can shut down cleanly.
   */
  readonly waitForInterrupt: () => Promise<void>;
}

export interface OutputStream {
  write(text: string): void;
  readonly isTTY: boolean;
  /**
   * Resolves once what was written has left the process (on the event loop's next turn when nothing waits). A long
   * output (a plan of hundreds of MB) waits for it between pieces, instead of queueing all of it in memory behind
   * a slow reader.
   */
  readonly drained?: () => Promise<void>;
}

export interface InputStream {
  readonly isTTY: boolean;
  /** The next line typed, without its end; undefined when the input ends first (Ctrl-D, a closed pipe). */
  readLine(): Promise<string | undefined>;
}

/** One line of `input` at a time; the input is let go in between, so that it never keeps the process alive. */
export function lineReaderOf(input: Readable): () => Promise<string | undefined> {
  return () =>
    new Promise((resolve) => {
      const lines = createInterface({ input, terminal: false });
      let answered = false;
      lines.once('line', (line) => {
        answered = true;
        lines.close();
        resolve(line);
      });
      lines.once('close', () => {
        if (!answered) resolve(undefined);
      });
    });
}

export function drainedOf(stream: Writable): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) =>
      stream.writableNeedDrain ? stream.once('drain', () => resolve()) : setImmediate(resolve),
    );
}

export function processIo(): CliIo {
  const waitForInterrupt = (): Promise<void> =>
    new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
  return {
    // A backstop: whatever a command prints reaches the terminal with control characters escaped (colours kept).
    stdout: {
      write: (text) => void process.stdout.write(sanitizeTerminalOutput(text)),
      isTTY: process.stdout.isTTY === true,
      drained: drainedOf(process.stdout),
    },
    stderr: {
      write: (text) => void process.stderr.write(sanitizeTerminalOutput(text)),
      isTTY: process.stderr.isTTY === true,
    },
    stdin: { isTTY: process.stdin.isTTY === true, readLine: lineReaderOf(process.stdin) },
    env: process.env,
    cwd: process.cwd(),
    waitForInterrupt,
  };
}
