import { openSavedPlan } from '../../engine/open-saved-plan.js';
import { applyAndReport } from '../apply-report.js';
import type { CliIo } from '../io.js';
import { renderRunLine } from '../../render/render-apply.js';
import { renderPlan } from '../print-plan.js';
import {
  confirmedEnvironment,
  contextOf,
  environmentNameOf,
  targetOptionsOf,
  type TargetFlags,
} from '../target-flags.js';

export interface ApplyCommandOptions extends TargetFlags {
  /** The format of the plan shown before applying. */
  readonly output: 'text' | 'markdown';
  /** --yes: confirms applying to a protected environment. */
  readonly yes?: boolean;
  /** false with --no-verify: the written aspects are not read back. */
  readonly verify?: boolean;
  /** --expect-digest: the digest the plan was approved with. */
  readonly expectDigest?: string;
}

/**
 * `catalog apply plan.json`: applies a saved plan, and refuses it (exit 1, naming the aspects) when any aspect
 * version it read has moved since, or when it was made against another server or for another environment.
 */
export async function runApply(file: string, options: ApplyCommandOptions, io: CliIo): Promise<number> {
  const environment = environmentNameOf(options, io.env);
  const confirmed = confirmedEnvironment(options);
  const target = targetOptionsOf(options);
  const saved = await openSavedPlan({
    ...contextOf(io),
    ...target,
    file,
    ...(environment === undefined ? {} : { environment }),
    ...(confirmed === undefined ? {} : { confirmEnvironment: confirmed }),
    ...(options.expectDigest === undefined ? {} : { expectDigest: options.expectDigest }),
  });
  try {
    const { plan } = saved;
    if (plan.changes.length === 0) {
      io.stdout.write('The plan has no changes: nothing to apply.\n');
      return 0;
    }
    io.stdout.write(`${renderRunLine(saved)}\n\n`);
    io.stdout.write(renderPlan(plan, options.output, io));
    const applied = await applyAndReport(
      (applyOptions) => saved.apply(applyOptions),
      plan,
      io,
      'text',
      options.verify !== false,
    );
    return applied ? 0 : 1;
  } finally {
    await saved.close();
  }
}
