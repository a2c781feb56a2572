import { listRuns } from '../../engine/list-runs.js';
import { renderRunsJson, renderRunsText } from '../../render/render-runs.js';
import type { CliIo } from '../io.js';
import { contextOf, environmentNameOf, targetOptionsOf, type TargetFlags } from '../target-flags.js';

export interface RunsCommandOptions extends TargetFlags {
  readonly output: 'text' | 'json';
  readonly dir: string;
}

/** `catalog runs`: the runs the catalog holds (id, time, status, commit, actor, counts), the latest first. */
export async function runRuns(options: RunsCommandOptions, io: CliIo): Promise<number> {
  const environment = environmentNameOf(options, io.env);
  const listed = await listRuns({
    ...contextOf(io),
    ...targetOptionsOf(options),
    dir: options.dir,
    ...(environment === undefined ? {} : { environment }),
  });
  io.stdout.write(
    options.output === 'json' ? renderRunsJson(listed.target, listed.runs) : renderRunsText(listed.runs),
  );
  return 0;
}
