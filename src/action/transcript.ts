import { describeEvent, type EngineEvent } from '../engine/events.js';
import { VERSION } from '../engine/version.js';
import { redactSecrets } from '../render/redact-secrets.js';
import { renderError } from '../render/render-error.js';
import { ProgressLog, type Progress } from '../render/render-progress.js';
import { createStyle, useColor, type Style } from '../render/style.js';
import type { Env } from './inputs.js';

/** What a step's catalog run printed, as the CLI prints it: its product on stdout, what it said on stderr. */
export interface Transcript {
  /** 0 success, 1 error, 2 changes (the CLI's --detailed-exitcode). */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The run an apply made: its id, the plan's digest and `verified N/N` (absent when nothing was applied). */
  readonly run?: RunSummary;
}

/** What the Action's outputs and summary say of an apply's run. */
export interface RunSummary {
  readonly runId: string;
  readonly planDigest: string;
  /** `N/N` as the apply line says it; '' when the writes were not read back. */
  readonly verified: string;
}

/**
 * Collects a run's output as the CLI would print it (neither stream a terminal): stderr is logged as it comes,
 * the engine's events become the CLI's lines, and a failure reads as the CLI's error, with secrets redacted.
 */
export class TranscriptWriter {
  private stdout = '';
  private stderr = '';
  private readonly tokenVariables = new Set<string>();
  /** The styles of a stream that is not a terminal: plain unless FORCE_COLOR. */
  readonly style: Style;

  constructor(
    private readonly env: Env,
    private readonly log: (text: string) => void,
  ) {
    this.style = createStyle(useColor({ isTTY: false }, env));
  }

  readonly out = (text: string): void => {
    this.stdout += text;
  };

  readonly err = (text: string): void => {
    this.stderr += text;
    this.log(text);
  };

  /** Progress as the CLI logs it without a terminal: a line each tenth of the work, or every few seconds. */
  private readonly progress = new ProgressLog(Date.now);

  /** The engine's events, as the CLI reports them without a terminal. */
  readonly onEvent = (event: EngineEvent): void => {
    if (event.type === 'token-variable') this.tokenVariables.add(event.variable);
    else if (event.type === 'progress') this.logProgress(event);
    else if (event.type === 'applied') {
      this.logProgress({ phase: 'applying', done: event.done, total: event.total });
    } else this.err(describeEvent(event, this.style.yellow));
  };

  private logProgress(progress: Progress): void {
    const line = this.progress.update(progress);
    if (line !== undefined) this.err(line);
  }

  /** A failure, as the CLI's error boundary reports it; the run's code is then 1. */
  fail(error: unknown): Transcript {
    const text = renderError(error, this.style, VERSION);
    this.err(redactSecrets(text, this.env, [...this.tokenVariables].sort()));
    return this.end(1);
  }

  end(code: number, run?: RunSummary): Transcript {
    return { code, stdout: this.stdout, stderr: this.stderr, ...(run === undefined ? {} : { run }) };
  }
}
