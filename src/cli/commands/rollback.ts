import { planRollback } from '../../engine/rollback-run.js';
import { CatalogError } from '../../errors.js';
import { planDigest } from '../../plan/plan-digest.js';
import { plural } from '../../render/plural.js';
import { renderRunLine } from '../../render/render-apply.js';
import { applyAndReport } from '../apply-report.js';
import type { CliIo } from '../io.js';
import { renderPlan } from '../print-plan.js';
import {
  confirmedEnvironment,
  contextOf,
  environmentNameOf,
  targetOptionsOf,
  type TargetFlags,
} from '../target-flags.js';

export interface RollbackCommandOptions extends TargetFlags {
  readonly dryRun: boolean;
  readonly output: 'text' | 'json' | 'markdown';
  readonly maxDeletes: string;
  readonly yes?: boolean;
  /** false with --no-verify. */
  readonly verify?: boolean;
}

/**
 * `catalog rollback RUN_ID [dir]`: plans the undo of one run and applies it (unless --dry-run), as any plan: shown
 * first, applied with conditional writes, read back. Exit 0 when applied (or nothing is left to undo), 1 on error.
 */
export async function runRollback(
  runId: string,
  dir: string,
  options: RollbackCommandOptions,
  io: CliIo,
): Promise<number> {
  if (!/^\d+$/.test(options.maxDeletes))
    throw new CatalogError('USAGE', `--max-deletes must be a whole number, got ${options.maxDeletes}`);
  const environment = environmentNameOf(options, io.env);
  const confirmed = confirmedEnvironment(options);
  const rollback = await planRollback({
    ...contextOf(io),
    ...targetOptionsOf(options),
    runId,
    dir,
    maxDeletes: Number(options.maxDeletes),
    forApply: !options.dryRun,
    ...(environment === undefined ? {} : { environment }),
    ...(confirmed === undefined ? {} : { confirmEnvironment: confirmed }),
  });
  try {
    const { plan } = rollback;
    const undone = rollback.alreadyUndone;
    if (undone > 0)
      io.stderr.write(`${plural(undone, 'aspect')} of run ${runId} already as before it: left alone\n`);
    if (options.dryRun || plan.changes.length === 0) {
      io.stdout.write(renderPlan(plan, options.output, io));
      return 0;
    }
    if (options.output !== 'json') {
      io.stdout.write(`${renderRunLine({ runId: rollback.runId, planDigest: planDigest(plan) })}\n\n`);
      io.stdout.write(renderPlan(plan, options.output, io));
    }
    const applied = await applyAndReport(
      (applyOptions) => rollback.apply(applyOptions),
      plan,
      io,
      options.output,
      options.verify !== false,
    );
    return applied ? 0 : 1;
  } finally {
    await rollback.close();
  }
}
