import { applyRun, type RunResult } from '../apply/apply-run.js';
import { planDigest } from '../plan/plan-digest.js';
import type { Plan } from '../plan/types.js';
import type { EventListener } from './events.js';
import type { Connection } from './open-target.js';
import { VERSION } from './version.js';

export type { ApplyResult, StepResult, StepStatus } from '../apply/apply-plan.js';
export type { RunResult } from '../apply/apply-run.js';
export type { Verification, VerifyFailure } from '../apply/verify-writes.js';

export interface ApplyOptions {
  /** Told `applying` (with the run id and the plan's digest), `applied` after each change written, and warnings. */
  readonly onEvent?: EventListener;
  /** Read every written aspect back and compare it with the plan (default true; the CLI's --no-verify). */
  readonly verify?: boolean;
}

/**
 * Applies a plan through an open connection as one run (apply/apply-run.ts: batched, ordered, conditional writes,
 * recorded and read back). A plan just made from reads of the versions it writes is not read again first; a saved
 * one is (planJustMade).
 */
export async function applyChanges(
  plan: Plan,
  connection: Connection,
  options: ApplyOptions & {
    readonly planJustMade: boolean;
    readonly runId: string;
    readonly task?: 'catalog apply' | 'catalog rollback';
  },
): Promise<RunResult> {
  const report = options.onEvent ?? (() => undefined);
  const digest = planDigest(plan);
  report({
    type: 'applying',
    total: plan.changes.length,
    target: connection.description,
    runId: options.runId,
    planDigest: digest,
  });
  return applyRun(plan, connection.client, {
    runId: options.runId,
    planDigest: digest,
    planJustMade: options.planJustMade,
    ...(options.verify === undefined ? {} : { verify: options.verify }),
    describe: {
      task: options.task ?? 'catalog apply',
      actor: plan.actor,
      commit: plan.git.revision,
      dirty: plan.git.dirty,
      target: plan.target,
      toolVersion: VERSION,
      ...(plan.environment === undefined ? {} : { environment: plan.environment.name }),
      ...(plan.rollbackOf === undefined ? {} : { rollbackOf: plan.rollbackOf }),
    },
    onWarning: (message) => report({ type: 'apply-warning', message }),
    onProgress: (done, total) => report({ type: 'applied', done, total }),
  });
}
