/**
 * Reading runs from a catalog, DataHub or embedded: GMS's runs resource (which latest aspects carry a run id, as
 * `datahub ingest list-runs` and `show` read it) and the runs' records (run-record.ts).
 */
import type { RestliClient } from '../client/restli-client.js';
import { CatalogError } from '../errors.js';
import { isJsonObject } from '../model/json.js';
import { NO_RUN_ID } from './check-fresh.js';
import {
  parseRunRecord,
  RUN_INPUT_ASPECT,
  RUN_RECORD_ENTITY,
  RUN_RESULT_ASPECT,
  runRecordUrn,
  type RunRecord,
} from './run-record.js';

/** One run as GMS lists it: its id, its latest write's time, and how many latest aspects carry it. */
export interface ListedRun {
  readonly runId: string;
  readonly timestamp: number;
  readonly rows: number;
}

/** One latest aspect a run wrote, as GMS describes it. */
export interface RunRowRead {
  readonly urn: string;
  readonly aspect: string;
  readonly keyAspect: boolean;
}

/** How many runs, and rows of a run, one request asks for (DataHub's CLI asks for 100 at a time). */
const PAGE = 1000;

/** Every run GMS's runs resource lists (soft-deleted ones too), page by page; DataHub's default run id left out. */
export async function readRunList(restli: RestliClient): Promise<ListedRun[]> {
  const runs: ListedRun[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const value = await restli.runsAction('list', { pageOffset: offset, pageSize: PAGE, includeSoft: true });
    if (!Array.isArray(value)) throw badAnswer('the runs list', 'no list of runs');
    for (const item of value) {
      if (!isJsonObject(item) || typeof item['runId'] !== 'string') continue;
      if (item['runId'] === NO_RUN_ID) continue;
      runs.push({
        runId: item['runId'],
        timestamp: typeof item['timestamp'] === 'number' ? item['timestamp'] : 0,
        rows: typeof item['rows'] === 'number' ? item['rows'] : 0,
      });
    }
    if (value.length < PAGE) return runs;
  }
}

/** The latest aspects that carry a run id (soft-deleted entities' too: a run may have deleted them). */
export async function readRunRows(restli: RestliClient, runId: string): Promise<RunRowRead[]> {
  const rows: RunRowRead[] = [];
  for (let start = 0; ; start += PAGE) {
    const value = await restli.runsAction('describe', { runId, start, count: PAGE, includeSoft: true });
    if (!Array.isArray(value)) throw badAnswer(`the description of run ${runId}`, 'no list of aspects');
    for (const item of value) {
      if (!isJsonObject(item) || typeof item['urn'] !== 'string' || typeof item['aspectName'] !== 'string')
        continue;
      rows.push({ urn: item['urn'], aspect: item['aspectName'], keyAspect: item['keyAspect'] === true });
    }
    if (value.length < PAGE) return rows;
  }
}

/** The records of these runs, by run id (a run without one is left out). */
export async function readRunRecords(
  restli: RestliClient,
  runIds: readonly string[],
): Promise<Map<string, RunRecord>> {
  const records = new Map<string, RunRecord>();
  if (runIds.length === 0) return records;
  const read = await restli.batchGet(runIds.map(runRecordUrn), [RUN_INPUT_ASPECT, RUN_RESULT_ASPECT]);
  for (const runId of runIds) {
    const aspects = read.get(runRecordUrn(runId));
    const record = parseRunRecord(
      runId,
      aspects?.get(RUN_INPUT_ASPECT)?.value,
      aspects?.get(RUN_RESULT_ASPECT)?.value,
    );
    if (record !== undefined) records.set(runId, record);
  }
  return records;
}

/** The records of every run this tool recorded (runs whose aspects were all written over since included). */
export async function readRecordedRuns(restli: RestliClient): Promise<Map<string, RunRecord>> {
  const prefix = `urn:li:${RUN_RECORD_ENTITY}:`;
  const urns = await restli.listUrns(RUN_RECORD_ENTITY);
  const ids = urns.filter((urn) => urn.startsWith(prefix)).map((urn) => urn.slice(prefix.length));
  const records = await readRunRecords(restli, ids);
  // DataHub's own execution requests (its UI's ingestion runs) are records too; only this tool's are kept.
  for (const [id, record] of records) if (record.task?.startsWith('catalog ') !== true) records.delete(id);
  return records;
}

function badAnswer(what: string, problem: string): CatalogError {
  return new CatalogError('BAD_RESPONSE', `the catalog answered ${what} with ${problem}`);
}
