/**
 * GMS's runs resource (metadata-service/restli-servlet-impl/.../BatchIngestionRunResource.java at v1.7.0) over the
 * store: the runs the catalog holds (`list`), the latest aspects one run wrote (`describe`), and DataHub's own
 * rollback of a run (`rollback`, RollbackService.rollbackIngestion with EntityServiceImpl.deleteAspectWithoutMCL),
 * which `datahub ingest list-runs`, `show` and `rollback` call. `catalog rollback` plans its own undo instead (with
 * conditional writes, policies and verification); this is DataHub's, for DataHub's tools.
 */
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Proposal } from '../../model/proposal.js';
import { entityHasAspect, keyAspectOf } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import type { AspectStore } from '../store/aspect-store.js';
import { DEFAULT_RUN_ID, type RunRow } from '../store/run-index.js';
import { parseStoredObject } from '../store/stored-json.js';
import { SYSTEM_ACTOR } from './enveloped-aspects.js';
import { ServiceError } from './service-error.js';

/** GMS returns at most this many row summaries with a rollback (RollbackService: subList(0, 100)). */
const SUMMARIES_RETURNED = 100;
/** Rows a rollback reads at once (GMS: the system-metadata service's apiDefault limit, then again until done). */
const ROWS_PER_PASS = 10_000;

export interface AspectRowSummary {
  readonly runId: string;
  readonly aspectName: string;
  readonly urn: string;
  readonly timestamp: number;
  readonly keyAspect: boolean;
  readonly aspect?: JsonObject;
}

export interface RollbackResponse {
  readonly aspectRowSummaries: readonly AspectRowSummary[];
  readonly entitiesAffected: number;
  readonly aspectsAffected?: number;
  readonly aspectsReverted: number;
  readonly entitiesDeleted: number;
  readonly unsafeEntitiesCount: number;
  readonly unsafeEntities: readonly { readonly urn: string }[];
}

/** /runs?action=list: the runs, the latest written first; without includeSoft, those whose rows are all soft-deleted go. */
export function listRuns(
  store: AspectStore,
  options: { readonly offset: number; readonly size: number; readonly includeSoft: boolean },
): { runId: string; timestamp: number; rows: number }[] {
  return store.runs
    .runs()
    .slice(options.offset, options.offset + options.size)
    .filter((run) => options.includeSoft || run.removed < run.rows)
    .map(({ runId, timestamp, rows }) => ({ runId, timestamp, rows }));
}

/** /runs?action=describe: the latest aspects a run wrote, `count` of them from `start`. */
export function describeRun(
  store: AspectStore,
  runId: string,
  options: {
    readonly start: number;
    readonly count: number;
    readonly includeSoft: boolean;
    readonly includeAspect: boolean;
  },
): AspectRowSummary[] {
  return rowsOf(store, runId, options.includeSoft, options.start, options.count).map((row) => ({
    ...summaryOf(runId, row),
    ...(options.includeAspect ? aspectOf(store, row) : {}),
  }));
}

/**
 * /runs?action=rollback, as GMS does it: every latest aspect the run wrote loses the versions the run wrote, and
 * the version before them is the latest again; an aspect the run created goes; an entity the run created (its key
 * aspect) is soft-deleted (`safe`, the default) or hard-deleted. With dryRun, what it would do is counted and nothing
 * is written. Entities it deletes that others wrote to since are listed as unsafe.
 */
export function rollbackRun(
  store: AspectStore,
  ingest: (proposals: readonly Proposal[], actor: string) => void,
  runId: string,
  options: { readonly dryRun: boolean; readonly hardDelete: boolean; readonly now: number },
): RollbackResponse {
  if (runId === DEFAULT_RUN_ID) {
    throw new ServiceError(
      400,
      `${runId} is a default run-id provided for non labeled ingestion runs. You cannot delete using this reserved run-id`,
    );
  }
  const rows = rowsOf(store, runId, options.hardDelete, 0, Number.MAX_SAFE_INTEGER);
  const keyRows = rows.filter((row) => isKeyAspect(row));
  const unsafe = unsafeRows(store, runId, keyRows);
  const unsafeEntities = [...new Set(unsafe.map((row) => row.urn))].map((urn) => ({ urn }));
  const summaries = rows
    .filter((row) => options.hardDelete || !isKeyAspect(row))
    .slice(0, SUMMARIES_RETURNED)
    .map((row) => summaryOf(runId, row));
  if (options.dryRun) {
    return {
      aspectRowSummaries: summaries,
      entitiesAffected: new Set(rows.map((row) => row.urn)).size,
      aspectsReverted: rows.length - (options.hardDelete ? 0 : keyRows.length),
      entitiesDeleted: keyRows.length,
      unsafeEntitiesCount: unsafeEntities.length,
      unsafeEntities,
    };
  }
  let reverted = 0;
  let deletedWithEntities = 0;
  const affected = new Set<string>();
  store.transaction(() => {
    // Later passes meet what earlier ones left (GMS reads its index again until no row of the run is left).
    for (let pass = rows; pass.length > 0;) {
      const before = reverted;
      for (const row of pass) {
        const outcome = rollBackAspect(store, ingest, runId, row, options);
        if (outcome === undefined) continue;
        reverted += 1;
        deletedWithEntities += outcome.rowsDeleted;
        affected.add(row.urn);
      }
      if (pass.length < ROWS_PER_PASS || reverted === before) break;
      pass = rowsOf(store, runId, options.hardDelete, 0, ROWS_PER_PASS);
    }
    deletedWithEntities += store.timeseries.deleteRun(runId);
    markRolledBack(store, ingest, runId, options.now);
  });
  return {
    aspectRowSummaries: summaries,
    entitiesAffected: affected.size,
    aspectsAffected: unsafe.length,
    aspectsReverted: reverted + deletedWithEntities,
    entitiesDeleted: keyRows.length,
    unsafeEntitiesCount: unsafeEntities.length,
    unsafeEntities,
  };
}

/** One aspect rolled back; undefined when there was nothing to undo (or a soft-deleted key, which GMS leaves out). */
function rollBackAspect(
  store: AspectStore,
  ingest: (proposals: readonly Proposal[], actor: string) => void,
  runId: string,
  row: RunRow,
  options: { readonly hardDelete: boolean; readonly now: number },
): { rowsDeleted: number } | undefined {
  const latest = store.get(row.urn, row.aspect);
  if (latest === undefined || latest.systemMetadata['runId'] !== runId) return undefined;
  const undone: number[] = [];
  let surviving;
  for (const older of store.runs.olderVersions(row.urn, row.aspect)) {
    if (parseStoredObject(older.systemmetadata)['runId'] !== runId) {
      surviving = older;
      break;
    }
    undone.push(older.version);
  }
  if (surviving !== undefined) {
    store.restoreVersion(row.urn, row.aspect, undone, surviving);
    return { rowsDeleted: 0 };
  }
  if (!isKeyAspect(row)) {
    store.deleteAspect(row.urn, row.aspect);
    return { rowsDeleted: 0 };
  }
  if (options.hardDelete) return { rowsDeleted: store.deleteUrn(row.urn) };
  // Safe: the entity is soft-deleted, as GMS writes it (status.removed, by the system actor).
  const entityType = entityTypeOf(row.urn);
  if (entityHasAspect(entityType, 'status')) {
    ingest(
      [
        {
          entityType,
          entityUrn: row.urn,
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { removed: true },
          systemMetadata: { lastObserved: options.now, runId: DEFAULT_RUN_ID },
        },
      ],
      SYSTEM_ACTOR,
    );
  }
  return undefined;
}

/** Entities the run created whose other aspects someone else wrote (RollbackService's unsafe entities). */
function unsafeRows(store: AspectStore, runId: string, keyRows: readonly RunRow[]): { urn: string }[] {
  return keyRows.flatMap((key) =>
    store
      .latestAspects(key.urn)
      .filter(
        (aspect) =>
          aspect.systemMetadata['runId'] !== runId &&
          aspect.aspect !== 'status' &&
          !aspect.aspect.endsWith('Key'),
      )
      .map(() => ({ urn: key.urn })),
  );
}

/** The run's record, where there is one, now says ROLLED_BACK (RollbackService.updateExecutionRequestStatus). */
function markRolledBack(
  store: AspectStore,
  ingest: (proposals: readonly Proposal[], actor: string) => void,
  runId: string,
  now: number,
): void {
  const urn = `urn:li:dataHubExecutionRequest:${runId}`;
  const result = store.get(urn, 'dataHubExecutionRequestResult');
  if (result === undefined) return;
  ingest(
    [
      {
        entityType: 'dataHubExecutionRequest',
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName: 'dataHubExecutionRequestResult',
        aspect: { ...result.value, status: 'ROLLED_BACK' },
        systemMetadata: { lastObserved: now },
      },
    ],
    SYSTEM_ACTOR,
  );
}

function rowsOf(
  store: AspectStore,
  runId: string,
  includeSoft: boolean,
  start: number,
  count: number,
): RunRow[] {
  if (includeSoft) return store.runs.rowsOf(runId, start, count);
  // Soft-deleted rows are skipped before paging, as GMS's query filters them out.
  return store.runs
    .rowsOf(runId, 0, Number.MAX_SAFE_INTEGER)
    .filter((row) => !row.removed)
    .slice(start, start + count);
}

function summaryOf(runId: string, row: RunRow): AspectRowSummary {
  return {
    runId,
    aspectName: row.aspect,
    urn: row.urn,
    timestamp: row.timestamp,
    // As GMS tells a key aspect in its index: by its name (ElasticSearchSystemMetadataService.toAspectRowSummary).
    keyAspect: row.aspect.endsWith('Key'),
  };
}

function aspectOf(store: AspectStore, row: RunRow): { aspect?: JsonObject } {
  const value: JsonValue | undefined = store.get(row.urn, row.aspect)?.value;
  return value === undefined ? {} : { aspect: value };
}

function isKeyAspect(row: RunRow): boolean {
  return keyAspectOf(entityTypeOf(row.urn)) === row.aspect;
}

function entityTypeOf(urn: string): string {
  const raw = parseRawUrn(urn);
  return raw.ok ? raw.value.entityType : '';
}
