import { ingestFiles, type IngestOutcome } from '../../engine/ingest-files.js';
import { renderIngestedLine } from '../../render/render-ingest.js';
import type { CliIo } from '../io.js';
import { contextOf } from '../target-flags.js';

/**
 * `catalog ingest <file...>`: loads DataHub metadata files (MCE snapshots and MCPs) into the target: a line on
 * stdout for each file ingested, what was wrong on stderr for each refused. Exit 1 when any file was refused.
 */
export async function runIngest(
  files: readonly string[],
  options: { server?: string },
  io: CliIo,
): Promise<number> {
  const outcomes = await ingestFiles({
    ...contextOf(io),
    files,
    ...(options.server === undefined ? {} : { server: options.server }),
    onFile: (outcome) => printOutcome(outcome, io),
  });
  return outcomes.every((outcome) => outcome.kind === 'ingested') ? 0 : 1;
}

function printOutcome(outcome: IngestOutcome, io: CliIo): void {
  if (outcome.kind === 'ingested') io.stdout.write(renderIngestedLine(outcome.file, outcome, outcome.target));
  else io.stderr.write(outcome.message);
}
