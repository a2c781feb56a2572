import type { CliIo, OutputStream } from './io.js';

/**
 * The io of an apply that runs while the plan is printed: what it writes is held until the plan is out (printed
 * or failed), then written in order, so it comes after the plan as it would have.
 */
export function heldUntil(io: CliIo, ready: Promise<unknown>): CliIo {
  let released = false;
  const held: (() => void)[] = [];
  const release = (): void => {
    released = true;
    for (const write of held.splice(0)) write();
  };
  ready.then(release, release);
  const later =
    (write: (text: string) => void) =>
    (text: string): void => {
      if (released) write(text);
      else held.push(() => write(text));
    };
  const hold = (stream: OutputStream): OutputStream => ({
    isTTY: stream.isTTY,
    write: later((text) => stream.write(text)),
    ...(stream.status === undefined ? {} : { status: later(stream.status) }),
  });
  return { ...io, stdout: hold(io.stdout), stderr: hold(io.stderr) };
}
