import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainedOf } from './io.js';

describe('drainedOf', () => {
  it('waits until a slow reader has taken what was written, and only then', async () => {
    const taken: ((error?: Error | null) => void)[] = [];
    const slow = new Writable({
      highWaterMark: 4,
      write: (_chunk, _encoding, callback) => void taken.push(callback),
    });
    const drained = drainedOf(slow);
    await drained(); // nothing written: the next turn of the event loop
    slow.write('more than four bytes');
    let done = false;
    const waiting = drained().then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    taken.shift()?.();
    await waiting;
    expect(done).toBe(true);
  });
});
