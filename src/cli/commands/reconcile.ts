import { setImmediate } from 'node:timers/promises';
import { planCatalog } from '../../engine/plan-catalog.js';
import { CatalogError } from '../../errors.js';
import { planDigest } from '../../plan/plan-digest.js';
import type { Plan, RetireStrategy } from '../../plan/types.js';
import { renderRunLine } from '../../render/render-apply.js';
import { applyAndReport } from '../apply-report.js';
import { asksBeforeApplying, checkCanAsk, confirmApply } from '../confirm-apply.js';
import { boundHeapGrowth, releaseHeapGrowth } from '../heap-growth.js';
import { heldUntil } from '../held-output.js';
import type { CliIo } from '../io.js';
import { emitPlan, printPlan, savePlan, showsPicture, type OutputFormat } from '../print-plan.js';
import {
  confirmedEnvironment,
  contextOf,
  environmentNameOf,
  targetOptionsOf,
  type TargetFlags,
} from '../target-flags.js';

export interface ReconcileOptions extends TargetFlags {
  readonly dryRun: boolean;
  readonly output: OutputFormat;
  readonly out?: string;
  readonly detailedExitcode: boolean;
  readonly prune: boolean;
  readonly maxDeletes: string;
  /** How renames (kind Moved) retire the old entity: delete, deprecate (default) or ignore. */
  readonly pruneStrategy?: RetireStrategy;
  /** Tell manifest changes from drift against the manifests at this git revision. */
  readonly base?: string;
  /** Plan only what the manifests changed since this git revision declare. */
  readonly changedSince?: string;
  /** false with --no-cache. */
  readonly cache?: boolean;
  /** false with --no-impact: no relationships are read for the impact and the picture. */
  readonly impact?: boolean;
  /** --yes: applies without asking, and confirms applying to a protected environment (with --environment). */
  readonly yes?: boolean;
  /** false with --no-verify: the written aspects are not read back. */
  readonly verify?: boolean;
  /** --auto-approve: applies without asking (on a terminal, reconcile asks first). */
  readonly autoApprove?: boolean;
}

/**
 * `catalog reconcile [dir]`: plans (and, without --dry-run, applies) what makes the catalog match the manifests. On
 * a terminal it shows the plan and asks before writing (confirm-apply.ts). Exit codes: 0 no changes (or applied),
 * 1 error (or the apply declined), 2 changes present with --detailed-exitcode.
 */
export async function runReconcile(dir: string, options: ReconcileOptions, io: CliIo): Promise<number> {
  const maxDeletes = parseMaxDeletes(options.maxDeletes);
  if (!options.dryRun) checkCanAsk(options.output, options, io);
  const target = targetOptionsOf(options);
  const bounded = boundHeapGrowth(io.env);
  const environment = environmentNameOf(options, io.env);
  const confirmed = confirmedEnvironment(options);
  const run = await planCatalog({
    ...contextOf(io),
    ...target,
    dir,
    cache: options.cache !== false,
    prune: options.prune,
    maxDeletes,
    pruneStrategy: options.pruneStrategy ?? 'deprecate',
    impact: options.impact !== false,
    picture: showsPicture(options),
    forApply: !options.dryRun,
    ...(environment === undefined ? {} : { environment }),
    ...(confirmed === undefined ? {} : { confirmEnvironment: confirmed }),
    ...(options.base === undefined ? {} : { base: options.base }),
    ...(options.changedSince === undefined ? {} : { changedSince: options.changedSince }),
  });
  try {
    if (options.dryRun || run.plan.changes.length === 0) {
      const plan = await run.withImpact();
      await emitPlan(plan, options, io);
      return options.detailedExitcode && plan.changes.length > 0 ? 2 : 0;
    }
    // The impact's reads end before the first write: what they find is the catalog as the plan saw it.
    await run.impactRead;
    if (asksBeforeApplying(options, io)) {
      // The whole plan first, then the question; nothing is written before the answer.
      const plan = await run.withImpact();
      await emitPlan(plan, options, io);
      if (!(await confirmApply(io, run.target, plan.changes.length))) return 1;
      if (bounded) releaseHeapGrowth();
      io.stdout.write(`${renderRunLine(runLineOf(run, plan))}\n\n`);
      const applied = await applyAndReport(
        (applyOptions) => run.apply(applyOptions),
        plan,
        io,
        options.output,
        options.verify !== false,
      );
      if (!applied) return 1;
      return options.detailedExitcode ? 2 : 0;
    }
    // A plan saved (--out) or printed with the apply's result (JSON) is whole, impact included, before the first
    // write. One printed as text or markdown gets its impact worked out while the first writes are under way (a
    // tenth of a second at 50,000 entities); the apply needs only the changes.
    const whole = options.out !== undefined || options.output === 'json' ? await run.withImpact() : undefined;
    if (whole !== undefined) await savePlan(whole, options, io);
    if (bounded) releaseHeapGrowth();
    // The run's id and the plan's digest come first: they are what the catalog and its record will name.
    if (options.output !== 'json') io.stdout.write(`${renderRunLine(runLineOf(run, whole))}\n\n`);
    // The plan is judged (and saved) before the first write; printing it is output only. So its writes go out
    // while it is printed (a large plan's text takes seconds to render, and the writes mostly wait on the catalog),
    // and what the apply prints is held until the plan is out: the output is the same as one after the other.
    // The printing starts a turn of the event loop later, once the apply's first requests are out.
    // Applied right after planning, from the same reads: no second read of every version (PlannedRun.apply).
    const printing = setImmediate().then(async () =>
      printPlan(whole ?? (await run.withImpact()), options, io),
    );
    const applying = applyAndReport(
      (applyOptions) => run.apply(applyOptions),
      whole ?? run.plan,
      heldUntil(io, printing),
      options.output,
      options.verify !== false,
    );
    const [printed, applied] = await Promise.allSettled([printing, applying]);
    if (applied.status === 'rejected') throw applied.reason;
    if (printed.status === 'rejected') throw printed.reason;
    if (!applied.value) return 1;
    return options.detailedExitcode ? 2 : 0;
  } finally {
    await run.close();
  }
}

/** The run and the digest of the plan it applies (the plan's digest leaves its impact out: plan-digest.ts). */
function runLineOf(
  run: { readonly runId: string; readonly plan: Plan },
  whole: Plan | undefined,
): { runId: string; planDigest: string } {
  return { runId: run.runId, planDigest: planDigest(whole ?? run.plan) };
}

function parseMaxDeletes(value: string): number {
  if (!/^\d+$/.test(value))
    throw new CatalogError('USAGE', `--max-deletes must be a whole number, got ${value}`);
  return Number(value);
}
