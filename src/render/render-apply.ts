import { appendTo } from '../model/group.js';
import type { Change } from '../plan/types.js';
import { plural } from './plural.js';
import type { Style } from './style.js';

/** What an apply did, as its report shows it (the shape of apply/apply-plan.ts's ApplyResult). */
export interface ApplyOutcome {
  readonly ok: boolean;
  readonly applied: number;
  readonly failed: number;
  readonly skipped: number;
  readonly steps: readonly {
    readonly change: Change;
    readonly status: 'applied' | 'failed' | 'skipped';
    readonly error?: string;
    /** Failed because someone else changed the aspect after the plan read it (it was not overwritten). */
    readonly conflict?: true;
  }[];
}

type Step = ApplyOutcome['steps'][number];

/** The apply's one line on stdout: complete (green) or incomplete (red), with the counts. */
export function renderApplyLine(result: ApplyOutcome, style: Style): string {
  const text = `Apply ${result.ok ? 'complete' : 'incomplete'}: ${result.applied} applied, ${result.failed} failed, ${result.skipped} skipped.`;
  return result.ok ? style.green(text) : style.red(text);
}

/** The `apply` member of the JSON a plan is printed with once applied: every step, by change id. */
export function applyResultToJson(result: ApplyOutcome): Record<string, unknown> {
  return {
    ok: result.ok,
    applied: result.applied,
    failed: result.failed,
    skipped: result.skipped,
    steps: result.steps.map((step) => ({
      id: step.change.id,
      status: step.status,
      ...(step.error === undefined ? {} : { error: step.error }),
    })),
  };
}

/** How many entities a failure report names before it says "and N more". */
const NAMED = 5;

const CONFLICT = 'conflict';

/**
 * What did not get applied, in a few lines however large the plan: failures grouped by cause (conflicts with a
 * concurrent writer first), each with a count, the first entities and what to do; skipped steps in one line.
 * The JSON output keeps every step.
 */
export function failureReport(result: ApplyOutcome): string[] {
  const failed = result.steps.filter((step) => step.status === 'failed');
  const skipped = result.steps.filter((step) => step.status === 'skipped');
  if (failed.length === 0 && skipped.length === 0) return [];
  const lines: string[] = [];
  const byCause = new Map<string, Step[]>();
  for (const step of failed) {
    const cause =
      step.conflict === true ? CONFLICT : (step.error ?? 'unknown error').replace(/ of \S+ (?=failed)/, ' ');
    appendTo(byCause, cause, step);
  }
  const causes = [...byCause.keys()].sort((a, b) => (a === CONFLICT ? -1 : b === CONFLICT ? 1 : 0));
  for (const cause of causes) {
    const steps = byCause.get(cause) ?? [];
    const entities = [...new Set(steps.map((step) => step.change.urn))];
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
