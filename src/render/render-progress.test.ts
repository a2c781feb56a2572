import { describe, expect, it } from 'vitest';
import { describeProgress, LOG_EVERY_MS, ProgressLine, ProgressLog, REDRAW_MS } from './render-progress.js';

/** A clock that moves only when told. */
function fakeClock(): { now: () => number; advance: (ms: number) => void } {
  let time = 1_000_000;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

describe('describeProgress', () => {
  it('gives the counts, the percentage and the rate; a phase without counts by its name', () => {
    expect(describeProgress({ phase: 'applying', done: 1234, total: 6220 }, 415.4)).toBe(
      'applying: 1,234/6,220 changes (19%), 415/s',
    );
    expect(describeProgress({ phase: 'reading', done: 2000, total: 6220 })).toBe(
      'reading the catalog: 2,000/6,220 entities (32%)',
    );
    expect(describeProgress({ phase: 'planning' })).toBe('planning…');
    expect(describeProgress({ phase: 'parsing' })).toBe('reading the manifests…');
  });
});

describe('ProgressLine (a terminal)', () => {
  it('redraws a few times a second, not once per change; a new phase and the end at once', () => {
    const clock = fakeClock();
    const line = new ProgressLine(clock.now);
    const drawn: string[] = [];
    const update = (phase: 'reading' | 'planning' | 'applying', done?: number, total?: number): void => {
      const text = line.update({
        phase,
        ...(done === undefined ? {} : { done }),
        ...(total === undefined ? {} : { total }),
      });
      if (text !== undefined) drawn.push(text);
    };
    update('reading', 1000, 6220);
    update('reading', 2000, 6220); // within REDRAW_MS: not drawn
    update('planning'); // a new phase: drawn
    // 6,220 changes over 3 seconds: about 12 redraws, the last one the end.
    for (let done = 1; done <= 6220; done += 1) {
      clock.advance(3000 / 6220);
      update('applying', done, 6220);
    }
    expect(drawn[0]).toBe('reading the catalog: 1,000/6,220 entities (16%)');
    expect(drawn[1]).toBe('planning…');
    const applying = drawn.slice(2);
    expect(applying.length).toBeGreaterThanOrEqual(3000 / REDRAW_MS);
    expect(applying.length).toBeLessThanOrEqual(3000 / REDRAW_MS + 2);
    expect(applying.at(-1)).toMatch(/^applying: 6,220\/6,220 changes \(100%\), [\d,]+\/s$/);
  });
});

describe('ProgressLog (CI)', () => {
  it('logs a line each tenth of a phase, with counts and rate, whatever the clock does', () => {
    const clock = fakeClock();
    const log = new ProgressLog(clock.now);
    const lines: string[] = [];
    for (let done = 1; done <= 6220; done += 1) {
      clock.advance(1);
      const line = log.update({ phase: 'applying', done, total: 6220 });
      if (line !== undefined) lines.push(line);
    }
    expect(lines.map((line) => /\((\d+)%\)/.exec(line)?.[1])).toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
    ]);
    expect(lines[0]).toMatch(/^applying: 622\/6,220 changes \(10%\), 1,00\d\/s\n$/);
  });

  it('logs a slow phase every few seconds, and a short one not at all', () => {
    const clock = fakeClock();
    const log = new ProgressLog(clock.now);
    expect(log.update({ phase: 'applying', done: 1, total: 50 })).toBeUndefined();
    expect(log.update({ phase: 'applying', done: 40, total: 50 })).toBeUndefined();
    clock.advance(LOG_EVERY_MS);
    expect(log.update({ phase: 'applying', done: 41, total: 50 })).toBe(
      'applying: 41/50 changes (82%), 4/s\n',
    );
    expect(log.update({ phase: 'applying', done: 50, total: 50 })).toBeUndefined();
    // Phases without counts say nothing: the lines around them do.
    expect(log.update({ phase: 'planning' })).toBeUndefined();
  });
});
