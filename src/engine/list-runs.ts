import { existsSync } from 'node:fs';
import path from 'node:path';
import { readRecordedRuns, readRunList, readRunRecords } from '../apply/read-runs.js';
import type { RunRecord } from '../apply/run-record.js';
import type { EngineContext, TargetOptions } from './context.js';
import { loadCatalog, requireValid } from './load-catalog.js';
import { openTarget, settingsTargetOf } from './open-target.js';

export type { RunRecord, RunCounts, RunWrite } from '../apply/run-record.js';

export interface RunsOptions extends EngineContext, TargetOptions {
  /** The catalog directory (default `catalog`): when it exists, its Settings choose the target. */
  readonly dir?: string;
  readonly environment?: string;
}

/** One run the catalog holds. */
export interface RunListing {
  readonly runId: string;
  /** When it ran (its record's start, else its latest write), in milliseconds since the epoch. */
  readonly time: number;
  /** How many latest aspects carry its id (the rest were written over since, or rolled back). */
  readonly rows: number;
  /** Its record (run-record.ts), for the runs this tool made: who, which commit and plan, what it counted. */
  readonly record?: RunRecord;
}

/**
 * `catalog runs`: the runs the catalog holds, the latest first: every run id GMS's runs resource lists (this
 * tool's and DataHub ingestion's), and every run this tool recorded, with its record.
 */
export async function listRuns(options: RunsOptions): Promise<{ target: string; runs: RunListing[] }> {
  const dir = options.dir ?? 'catalog';
  const settings = existsSync(path.resolve(options.cwd, dir))
    ? requireValid(
        await loadCatalog({
          dir,
          cwd: options.cwd,
          ...(options.environment === undefined ? {} : { environment: options.environment }),
        }),
      ).settings
    : undefined;
  const connection = await openTarget({
    cwd: options.cwd,
    env: options.env,
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    ...(options.server === undefined ? {} : { server: options.server }),
    ...(options.graphqlUrl === undefined ? {} : { graphqlUrl: options.graphqlUrl }),
    ...(settings === undefined ? {} : { settings: settingsTargetOf(settings) }),
  });
  try {
    const restli = connection.client.restli;
    options.onEvent?.({ type: 'reading', target: connection.description });
    const [listed, recorded] = await Promise.all([readRunList(restli), readRecordedRuns(restli)]);
    const unrecorded = listed.filter((run) => !recorded.has(run.runId)).map((run) => run.runId);
    // A run id that is not this tool's (an ingestion's) has no record; asked all at once all the same.
    const records = new Map([...recorded, ...(await readRunRecords(restli, unrecorded))]);
    const rows = new Map(listed.map((run) => [run.runId, run]));
    const ids = [...new Set([...listed.map((run) => run.runId), ...recorded.keys()])];
    const runs = ids.map((runId): RunListing => {
      const record = records.get(runId);
      const row = rows.get(runId);
      return {
        runId,
        time: record?.startedAt ?? row?.timestamp ?? 0,
        rows: row?.rows ?? 0,
        ...(record === undefined ? {} : { record }),
      };
    });
    runs.sort((a, b) => b.time - a.time || a.runId.localeCompare(b.runId));
    return { target: connection.description, runs };
  } finally {
    await connection.close();
  }
}
