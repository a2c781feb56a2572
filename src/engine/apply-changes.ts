import { applyPlan, type ApplyResult } from '../apply/apply-plan.js';
import type { Plan } from '../plan/types.js';
import type { EventListener } from './events.js';
import type { Connection } from './open-target.js';

export type { ApplyResult, StepResult, StepStatus } from '../apply/apply-plan.js';

export interface ApplyOptions {
  /** Told `applying`, then `applied` after each change written, and the apply's warnings. */
  readonly onEvent?: EventListener;
}

/**
 * Applies a plan through an open connection (apply/apply-plan.ts: batched, ordered, conditional writes). A plan just
 * made from reads of the versions it writes is not read again first; a saved one is (planJustMade).
 */
export async function applyChanges(
  plan: Plan,
  connection: Connection,
  options: ApplyOptions & { readonly planJustMade: boolean },
): Promise<ApplyResult> {
  const report = options.onEvent ?? (() => undefined);
  report({ type: 'applying', total: plan.changes.length, target: connection.description });
  return applyPlan(plan, connection.client, {
    runId: `catalog-${plan.git.revision?.slice(0, 12) ?? 'local'}`,
    planJustMade: options.planJustMade,
    onWarning: (message) => report({ type: 'apply-warning', message }),
    onProgress: (done, total) => report({ type: 'applied', done, total }),
  });
}
