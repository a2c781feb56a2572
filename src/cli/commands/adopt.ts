import { planAdoption } from '../../engine/plan-adoption.js';
import { renderAdoptionSummary, renderConflictLine } from '../../render/render-adoption.js';
import { applyAndReport } from '../apply-report.js';
import type { CliIo } from '../io.js';
import { renderPlan } from '../print-plan.js';
import { contextOf, environmentNameOf, targetOptionsOf, type TargetFlags } from '../target-flags.js';

export interface AdoptOptions extends TargetFlags {
  readonly dryRun: boolean;
  readonly unmanaged: boolean;
  readonly base?: string;
  readonly takeOver: boolean;
  readonly output: 'text' | 'json';
  readonly detailedExitcode: boolean;
  readonly cache?: boolean;
}

/**
 * `catalog adopt [dir]`: brings what was changed in DataHub into the manifests, in place (the one command that edits
 * existing manifest files). Prints the unified diff of the manifests; writes them unless --dry-run. Exit codes: 0
 * done (nothing to adopt), 1 error, 2 manifests changed (or would change) with --detailed-exitcode.
 */
export async function runAdopt(dir: string, options: AdoptOptions, io: CliIo): Promise<number> {
  const environment = environmentNameOf(options, io.env);
  const target = targetOptionsOf(options);
  const run = await planAdoption({
    ...contextOf(io),
    ...target,
    dir,
    cache: options.cache !== false,
    unmanaged: options.unmanaged,
    takeOver: options.takeOver,
    ...(environment === undefined ? {} : { environment }),
    ...(options.base === undefined ? {} : { base: options.base }),
  });
  try {
    const { takeOver } = run;
    if (options.output === 'json') {
      io.stdout.write(
        `${JSON.stringify(
          {
            formatVersion: 1,
            dryRun: options.dryRun,
            files: [...run.files.keys()].sort(),
            adoptions: run.adoptions,
            conflicts: run.conflicts,
            diff: run.diff,
            ...(takeOver === undefined
              ? {}
              : { takeOver: JSON.parse(renderPlan(takeOver, 'json', io)) as unknown }),
          },
          null,
          2,
        )}\n`,
      );
    } else {
      io.stdout.write(run.diff);
      if (takeOver !== undefined && takeOver.changes.length > 0)
        io.stdout.write(renderPlan(takeOver, 'text', io));
    }
    io.stderr.write(renderAdoptionSummary(run.adoptions, run.files.size, options.dryRun));
    for (const conflict of run.conflicts) io.stderr.write(renderConflictLine(conflict));

    if (!options.dryRun) {
      await run.writeFiles();
      if (takeOver !== undefined && takeOver.changes.length > 0) {
        const ok = await applyAndReport((apply) => run.applyTakeOver(apply), takeOver, io, 'text');
        if (!ok) return 1;
      }
    }
    const changed = run.files.size > 0 || (takeOver?.changes.length ?? 0) > 0;
    return options.detailedExitcode && changed ? 2 : 0;
  } finally {
    await run.close();
  }
}
