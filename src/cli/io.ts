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
   * A terminal's status line (progress): drawn in place, replacing the last one; '' erases it. Anything written to
   * either stream first erases it, so it never mixes with the output. Only on a terminal.
   */
  readonly status?: (text: string) => void;
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
  const terminal = process.stderr.isTTY === true;
  const status = new StatusLine((text) => void process.stderr.write(text));
  // A backstop: whatever a command prints reaches the terminal with control characters escaped (colours kept).
  const writer =
    (stream: NodeJS.WriteStream) =>
    (text: string): void => {
      if (terminal) status.erase();
      stream.write(sanitizeTerminalOutput(text));
    };
  return {
    stdout: {
      write: writer(process.stdout),
      isTTY: process.stdout.isTTY === true,
      drained: drainedOf(process.stdout),
    },
    stderr: {
      write: writer(process.stderr),
      isTTY: terminal,
      ...(terminal ? { status: (text: string) => status.draw(sanitizeTerminalOutput(text)) } : {}),
    },
    stdin: { isTTY: process.stdin.isTTY === true, readLine: lineReaderOf(process.stdin) },
    env: process.env,
    cwd: process.cwd(),
    waitForInterrupt,
  };
}

/**
 * One line drawn in place at the bottom of a terminal: a carriage return, the text, and spaces over what is left of
 * the longer line before (no escape sequence, which the output backstop would escape). Erased before any other
 * output.
 */
export class StatusLine {
  private width = 0;

  constructor(private readonly write: (text: string) => void) {}

  draw(text: string): void {
    if (text === '') return this.erase();
    const length = visibleLength(text);
    this.write(`\r${text}${' '.repeat(Math.max(0, this.width - length))}`);
    if (length < this.width) this.write(`\r${text}`);
    this.width = length;
  }

  erase(): void {
    if (this.width === 0) return;
    this.write(`\r${' '.repeat(this.width)}\r`);
    this.width = 0;
  }
}

/** Columns a text takes, without its colour sequences. */
function visibleLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  return [...text.replace(/\u001b\[[0-9;]*m/g, '')].length;
}
