import { appendTo } from '../model/group.js';
import type { JsonValue } from '../model/json.js';
import { nameFromUrn } from '../plan/entity-names.js';
import { lineLabel } from '../plan/line-names.js';
import type { Change } from '../plan/types.js';
import { plural } from './plural.js';
import type { Style } from './style.js';

/** An aspect that did not read back as planned (the shape of apply/verify-writes.ts's VerifyFailure). */
export interface VerifyMismatch {
  readonly change: Change;
  readonly aspect: string;
  readonly field: string;
  readonly expected?: JsonValue;
  readonly found?: JsonValue;
}

/** What an apply did, as its report shows it (the shape of apply/apply-run.ts's RunResult). */
export interface ApplyOutcome {
  readonly ok: boolean;
  readonly applied: number;
  readonly failed: number;
  readonly skipped: number;
  /** The run's id and the applied plan's digest (absent in results made before runs had them). */
  readonly runId?: string;
  readonly planDigest?: string;
  /** The read-back of what was written; absent when it was skipped (--no-verify). */
  readonly verification?: {
    readonly checked: number;
    readonly verified: number;
    readonly failures: readonly VerifyMismatch[];
  };
  readonly steps: readonly {
    readonly change: Change;
    readonly status: 'applied' | 'failed' | 'skipped';
    readonly error?: string;
    /** Failed because someone else changed the aspect after the plan read it (it was not overwritten). */
    readonly conflict?: true;
  }[];
}

type Step = ApplyOutcome['steps'][number];

/**
 * The apply's one line on stdout: complete (green) or incomplete (red), with the counts, ending with what reading
 * the writes back found (`verified N/N`).
 */
export function renderApplyLine(result: ApplyOutcome, style: Style): string {
  const { verification } = result;
  const checked =
    verification === undefined
      ? 'not verified (--no-verify)'
      : `verified ${verification.verified}/${verification.checked}`;
  const text = `Apply ${result.ok ? 'complete' : 'incomplete'}: ${result.applied} applied, ${result.failed} failed, ${result.skipped} skipped; ${checked}.`;
  return result.ok ? style.green(text) : style.red(text);
}

/** The line an apply's output starts with: which run it is and which plan it applies. */
export function renderRunLine(run: { readonly runId: string; readonly planDigest: string }): string {
  return `Run ${run.runId} · plan ${run.planDigest}`;
}

/** The `apply` member of the JSON a plan is printed with once applied: every step, by change id. */
export function applyResultToJson(result: ApplyOutcome): Record<string, unknown> {
  const { verification } = result;
  return {
    ok: result.ok,
    ...(result.runId === undefined ? {} : { runId: result.runId }),
    ...(result.planDigest === undefined ? {} : { planDigest: result.planDigest }),
    applied: result.applied,
    failed: result.failed,
    skipped: result.skipped,
    steps: result.steps.map((step) => ({
      id: step.change.id,
      urn: step.change.urn,
      name: step.change.name ?? nameFromUrn(step.change.urn),
      status: step.status,
      ...(step.error === undefined ? {} : { error: step.error }),
    })),
    ...(verification === undefined
      ? {}
      : {
          verification: {
            checked: verification.checked,
            verified: verification.verified,
            failures: verification.failures.map((failure) => ({
              id: failure.change.id,
              urn: failure.change.urn,
              name: failure.change.name ?? nameFromUrn(failure.change.urn),
              aspect: failure.aspect,
              field: failure.field,
              ...(failure.expected === undefined ? {} : { expected: failure.expected }),
              ...(failure.found === undefined ? {} : { found: failure.found }),
            })),
          },
        }),
  };
}

/** How many entities a failure report names before it says "and N more". */
const NAMED = 5;
/** How many aspects that read back otherwise the report lists one by one. */
const MISMATCHES_SHOWN = 20;

/** `description of fraud (urn:li:mlModel:…) (mlModelProperties): "b" was written, "a" reads back`. */
export function mismatchText(mismatch: VerifyMismatch): string {
  const what = `${mismatch.aspect} of ${lineLabel(mismatch.change)}`;
  if (mismatch.field === '(aspect)') return `${what}: the aspect is not there`;
  const shown = (value: JsonValue | undefined): string =>
    value === undefined ? '(absent)' : JSON.stringify(value);
  return `${what}: ${mismatch.field} reads back as ${shown(mismatch.found)}, planned ${shown(mismatch.expected)}`;
}

const CONFLICT = 'conflict';

/**
 * What did not get applied, in a few lines however large the plan: failures grouped by cause (conflicts with a
 * concurrent writer first), each with a count, the first entities and what to do; skipped steps in one line.
 * The JSON output keeps every step.
 */
export function failureReport(result: ApplyOutcome): string[] {
  const failed = result.steps.filter((step) => step.status === 'failed');
  const skipped = result.steps.filter((step) => step.status === 'skipped');
  const mismatches = result.verification?.failures ?? [];
  if (failed.length === 0 && skipped.length === 0 && mismatches.length === 0) return [];
  const lines: string[] = [];
  // What was written but does not read back as planned: every one (it is a fault of the catalog to look into).
  for (const mismatch of mismatches.slice(0, MISMATCHES_SHOWN))
    lines.push(`  not as planned: ${mismatchText(mismatch)}`);
  if (mismatches.length > MISMATCHES_SHOWN)
    lines.push(
      `  not as planned: … and ${mismatches.length - MISMATCHES_SHOWN} more (the JSON report lists them all)`,
    );
  if (failed.length === 0 && skipped.length === 0) {
    lines.push(
      `The other ${plural(result.verification?.verified ?? 0, 'aspect')} written read back as planned. The catalog does not hold what was written for ${plural(mismatches.length, 'aspect')}: check what else writes to it, then run the same command again.`,
    );
    return lines;
  }
  const byCause = new Map<string, Step[]>();
  for (const step of failed) {
    const cause =
      step.conflict === true ? CONFLICT : (step.error ?? 'unknown error').replace(/ of \S+ (?=failed)/, ' ');
    appendTo(byCause, cause, step);
  }
  const causes = [...byCause.keys()].sort((a, b) => (a === CONFLICT ? -1 : b === CONFLICT ? 1 : 0));
  for (const cause of causes) {
    const steps = byCause.get(cause) ?? [];
    const entities = [...new Set(steps.map((step) => lineLabel(step.change)))];
    const named = entities.slice(0, NAMED).join(', ');
    const more = entities.length > NAMED ? ` and ${entities.length - NAMED} more` : '';
    lines.push(
      cause === CONFLICT
        ? `  conflict: ${plural(steps.length, 'aspect')} of ${plural(entities.length, 'entity', 'entities')} changed by someone else while this apply ran (${named}${more}); they were not overwritten`
        : `  failed: ${plural(steps.length, 'change')} of ${plural(entities.length, 'entity', 'entities')} (${named}${more}): ${cause}`,
    );
  }
  if (skipped.length > 0)
    lines.push(
      `  skipped: ${plural(skipped.length, 'change')} after the failure (later phases depend on it)`,
    );
  lines.push(
    byCause.has(CONFLICT)
      ? "Run the same command again: it re-plans from the catalog as it is now, including the other writer's changes, and shows what is left to do."
      : 'Run the same command again to finish: it re-plans from the catalog as it is now.',
  );
  return lines;
}
