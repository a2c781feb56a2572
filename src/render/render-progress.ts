/**
 * Progress, as a person watching wants it: on a terminal one status line, redrawn a few times a second at most;
 * in a log (CI, no terminal) a line each time another tenth of the work is done, or every few seconds when it is
 * slow, with the counts and the rate. Pure: the clock is passed in, and each update returns what to show (or
 * nothing), which the caller writes on stderr.
 */
import type { Style } from './style.js';

export type ProgressPhase = 'parsing' | 'reading' | 'planning' | 'applying';

export interface Progress {
  readonly phase: ProgressPhase;
  readonly done?: number;
  readonly total?: number;
}

/** A terminal's status line is redrawn at most this often within a phase (a new phase is drawn at once). */
export const REDRAW_MS = 250;
/** A log gets a line at least this often while a phase with counts goes on. */
export const LOG_EVERY_MS = 10_000;
/** Below this many, a phase logs no tenths: it is over in a moment, and its start and end lines say enough. */
export const LOG_TENTHS_FROM = 100;

const UNITS: Readonly<Record<ProgressPhase, string>> = {
  parsing: 'files',
  reading: 'entities',
  planning: 'changes',
  applying: 'changes',
};

const LABELS: Readonly<Record<ProgressPhase, string>> = {
  parsing: 'reading the manifests',
  reading: 'reading the catalog',
  planning: 'planning',
  applying: 'applying',
};

const count = (value: number): string => value.toLocaleString('en-US');

/** `applying: 1,234/6,220 changes (19%), 415/s`; a phase without counts is its name alone. */
export function describeProgress(progress: Progress, perSecond?: number): string {
  const label = LABELS[progress.phase];
  if (progress.total === undefined) return `${label}…`;
  const done = Math.min(progress.done ?? 0, progress.total);
  const percent = progress.total === 0 ? 100 : Math.floor((done * 100) / progress.total);
  const rate =
    perSecond === undefined || !Number.isFinite(perSecond) ? '' : `, ${count(Math.round(perSecond))}/s`;
  return `${label}: ${count(done)}/${count(progress.total)} ${UNITS[progress.phase]} (${percent}%)${rate}`;
}

/** Where a phase started, for its rate. */
class PhaseClock {
  private phase: ProgressPhase | undefined;
  private started = 0;

  constructor(private readonly now: () => number) {}

  /** True when `phase` is not the one under way (it starts now). */
  enter(phase: ProgressPhase): boolean {
    if (phase === this.phase) return false;
    this.phase = phase;
    this.started = this.now();
    return true;
  }

  /** Per second since the phase started; undefined in its first moment. */
  rate(done: number | undefined): number | undefined {
    const seconds = (this.now() - this.started) / 1000;
    return done === undefined || seconds < 0.5 ? undefined : done / seconds;
  }
}

/**
 * A terminal's status line: the text to draw for an update, or undefined when it is not due (the same phase drawn
 * less than REDRAW_MS ago). An apply of 6,000 changes is then a few redraws a second, not 6,000.
 */
export class ProgressLine {
  private readonly clock: PhaseClock;
  private drawnAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly now: () => number,
    private readonly style?: Style,
  ) {
    this.clock = new PhaseClock(now);
  }

  update(progress: Progress): string | undefined {
    const started = this.clock.enter(progress.phase);
    const at = this.now();
    const finished = progress.total !== undefined && (progress.done ?? 0) >= progress.total;
    if (!started && !finished && at - this.drawnAt < REDRAW_MS) return undefined;
    this.drawnAt = at;
    const text = describeProgress(progress, this.clock.rate(progress.done));
    return this.style === undefined ? text : this.style.dim(text);
  }
}

/**
 * A log's progress lines (with their line end): one when a phase with counts passes another tenth of its total
 * (from LOG_TENTHS_FROM on), or LOG_EVERY_MS after the last line. Phases without counts log nothing: the lines
 * around them say where the run is.
 */
export class ProgressLog {
  private readonly clock: PhaseClock;
  private loggedAt = 0;
  private tenth = 0;

  constructor(private readonly now: () => number) {
    this.clock = new PhaseClock(now);
  }

  update(progress: Progress): string | undefined {
    const at = this.now();
    if (this.clock.enter(progress.phase)) {
      this.loggedAt = at;
      this.tenth = 0;
    }
    const { total } = progress;
    const done = progress.done ?? 0;
    if (total === undefined || total === 0 || done >= total) return undefined;
    const tenth = Math.floor((done * 10) / total);
    const passedTenth = total >= LOG_TENTHS_FROM && tenth > this.tenth;
    if (!passedTenth && at - this.loggedAt < LOG_EVERY_MS) return undefined;
    this.tenth = tenth;
    this.loggedAt = at;
    return `${describeProgress(progress, this.clock.rate(done))}\n`;
  }
}
