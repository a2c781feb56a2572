import { assertNever } from '../errors.js';
import { plural } from '../render/plural.js';

/**
 * What the engine reports while it works, instead of printing: the CLI turns each event into the line it prints
 * on stderr (describeEvent), the GitHub Action into its log, a program into whatever it likes. Results are not
 * events: each operation returns its own value.
 */
export type EngineEvent =
  /** The live catalog is being read (planning, adopting, exporting). `target` never shows a token. */
  | { readonly type: 'reading'; readonly target: string }
  /** Something the run goes on despite (an impact that could not be read, a left-out aspect, a missing token). */
  | { readonly type: 'warning'; readonly message: string }
  /** A request failed in a way worth repeating, and is sent again after `delayMs`. */
  | {
      readonly type: 'retry';
      readonly method: string;
      readonly url: string;
      readonly attempt: number;
      readonly delayMs: number;
      readonly reason: string;
    }
  /**
   * Where a run is, for a progress display: reading the manifests, reading the catalog (`done` of `total` entities,
   * as the answers come), planning. An apply's progress is `applied`.
   */
  | {
      readonly type: 'progress';
      readonly phase: 'parsing' | 'reading' | 'planning';
      readonly done?: number;
      readonly total?: number;
    }
  /**
   * An apply starts writing `total` changes to `target`, as run `runId` (every write carries it) of the plan whose
   * digest is `planDigest`.
   */
  | {
      readonly type: 'applying';
      readonly total: number;
      readonly target: string;
      readonly runId: string;
      readonly planDigest: string;
    }
  /** Progress of an apply: `done` of `total` changes are written. */
  | { readonly type: 'applied'; readonly done: number; readonly total: number }
  /** A warning of an apply under way (a server without conditional writes). */
  | { readonly type: 'apply-warning'; readonly message: string }
  /**
   * An environment's token was read from this variable: its value is a secret, to be left out of anything shown
   * (the CLI redacts it from its error messages as it does DATAHUB_GMS_TOKEN's).
   */
  | { readonly type: 'token-variable'; readonly variable: string };

/** Where events go: every operation takes one, and calls it synchronously as things happen. */
export type EventListener = (event: EngineEvent) => void;

/**
 * The line the CLI prints on stderr for an event ('' for those it prints nothing for). `warn` styles the word
 * "warning" of an apply's warnings (the CLI colours it on a terminal). Progress (`progress`, `applied`) is not a
 * line of its own: the CLI and the Action show it with render/render-progress.ts (a terminal's status line, a
 * log's line every tenth); here it is one line of where the run is.
 */
export function describeEvent(event: EngineEvent, warn: (word: string) => string = (word) => word): string {
  switch (event.type) {
    case 'reading':
      return `reading ${event.target}\n`;
    case 'warning':
      return `warning: ${event.message}\n`;
    case 'retry':
      return `retrying ${event.method} ${event.url} in ${(event.delayMs / 1000).toFixed(1)}s (${event.reason})\n`;
    case 'applying':
      return `applying ${plural(event.total, 'change')} to ${event.target} as run ${event.runId}\n`;
    case 'progress':
      return event.total === undefined
        ? `${event.phase}\n`
        : `${event.phase} ${event.done ?? 0}/${event.total}\n`;
    case 'applied':
      return `${event.done}/${event.total} applied\n`;
    case 'apply-warning':
      return `${warn('warning')} ${event.message}\n`;
    case 'token-variable':
      return '';
    default:
      return assertNever(event);
  }
}
