/**
 * The record of a run in the catalog itself, as DataHub's CLI records an ingestion run
 * (metadata-ingestion/src/datahub/ingestion/reporting/datahub_ingestion_run_summary_provider.py at v1.7.0): a
 * `dataHubExecutionRequest` entity whose id is the run id, its `dataHubExecutionRequestInput` written when the run
 * starts and its `dataHubExecutionRequestResult` when it ends (status, start, duration, a report and a structured
 * report). GMS's own rollback marks the same entity ROLLED_BACK (RollbackService.updateExecutionRequestStatus), and
 * so does `catalog rollback`.
 *
 * What the record adds to the run id each write carries: who ran it, from which commit and plan, what the apply
 * counted, and every aspect it wrote with the version it found and the version it left, which is how a rollback
 * tells a write still in place from one someone changed since (GMS keeps only an aspect's latest run id). The
 * record's own writes carry no run id: they are about the run, not part of it, and undoing the run keeps them.
 */
import { isJsonObject, parseJson, type JsonObject } from '../model/json.js';
import type { Proposal } from '../model/proposal.js';

export const RUN_RECORD_ENTITY = 'dataHubExecutionRequest';
export const RUN_INPUT_ASPECT = 'dataHubExecutionRequestInput';
export const RUN_RESULT_ASPECT = 'dataHubExecutionRequestResult';

/** The structured report's type, beside DataHub's CLI_INGEST. */
export const RUN_REPORT_TYPE = 'CATALOG_APPLY';

/** An executor id no DataHub executor serves, so that no executor takes the record for a request to run. */
const EXECUTOR_ID = '__catalog_cli_';
/** As DataHub's CLI names the source of the runs it records. */
const SOURCE_TYPE = 'CLI_INGESTION_SOURCE';

/** DataHub's CLI keeps its report under this many characters (_MAX_SUMMARY_SIZE); so does the record. */
export const MAX_REPORT_CHARS = 800_000;

export type RunTask = 'catalog apply' | 'catalog rollback';
export type RunStatus = 'RUNNING' | 'SUCCESS' | 'FAILURE' | 'ROLLED_BACK';

/** What is known of a run when it starts. */
export interface RunStart {
  readonly runId: string;
  readonly task: RunTask;
  readonly actor: string;
  /** The manifests' git revision (null outside a repository) and whether the work tree had changes. */
  readonly commit: string | null;
  readonly dirty: boolean;
  readonly planDigest: string;
  readonly target: string;
  readonly environment?: string;
  readonly toolVersion: string;
  readonly startedAt: number;
  /** A rollback: the run it undoes. */
  readonly rollbackOf?: string;
  /** The changes the plan has. */
  readonly changes: number;
}

/** One aspect a run wrote: the version it found and the version it left ('' where it was not read back). */
export interface RunWrite {
  readonly urn: string;
  readonly aspect: string;
  readonly before: string;
  readonly after: string;
}

export interface RunCounts {
  readonly applied: number;
  readonly failed: number;
  readonly skipped: number;
  /** Absent when the apply did not read its writes back (--no-verify). */
  readonly verified?: number;
  readonly checked?: number;
}

export interface RunEnd {
  readonly status: 'SUCCESS' | 'FAILURE';
  readonly finishedAt: number;
  readonly counts: RunCounts;
  readonly writes: readonly RunWrite[];
  /** Why it failed, when a failure stopped it before or while writing. */
  readonly error?: string;
}

/** A run's record as read back (a field the record lacks is absent). */
export interface RunRecord {
  readonly runId: string;
  readonly status?: string;
  readonly task?: string;
  readonly actor?: string;
  readonly commit?: string;
  readonly planDigest?: string;
  readonly target?: string;
  readonly rollbackOf?: string;
  readonly startedAt?: number;
  readonly durationMs?: number;
  readonly counts?: RunCounts;
  /** Every aspect the run wrote; absent when it was not recorded (the run did not finish). */
  readonly writes?: readonly RunWrite[];
  /** The record could not hold every write (MAX_REPORT_CHARS). */
  readonly truncated?: boolean;
}

export function runRecordUrn(runId: string): string {
  return `urn:li:${RUN_RECORD_ENTITY}:${runId}`;
}

function proposal(runId: string, aspectName: string, aspect: JsonObject, now: number): Proposal {
  return {
    entityType: RUN_RECORD_ENTITY,
    entityUrn: runRecordUrn(runId),
    changeType: 'UPSERT',
    aspectName,
    aspect,
    systemMetadata: { lastObserved: now, properties: { clientId: 'catalog' } },
  };
}

/** The record's first writes: what the run is, and that it is running. */
export function runStartProposals(start: RunStart): Proposal[] {
  const args: Record<string, string> = {
    runId: start.runId,
    actor: start.actor,
    commit: start.commit ?? '',
    dirty: String(start.dirty),
    planDigest: start.planDigest,
    target: start.target,
    version: start.toolVersion,
    changes: String(start.changes),
    ...(start.environment === undefined ? {} : { environment: start.environment }),
    ...(start.rollbackOf === undefined ? {} : { rollbackOf: start.rollbackOf }),
  };
  return [
    proposal(
      start.runId,
      RUN_INPUT_ASPECT,
      {
        task: start.task,
        args,
        executorId: EXECUTOR_ID,
        source: { type: SOURCE_TYPE },
        requestedAt: start.startedAt,
      },
      start.startedAt,
    ),
    proposal(
      start.runId,
      RUN_RESULT_ASPECT,
      { status: 'RUNNING', startTimeMs: start.startedAt },
      start.startedAt,
    ),
  ];
}

/** The record's last write: how the run ended, its counts, and (as far as they fit) every aspect it wrote. */
export function runEndProposal(start: RunStart, end: RunEnd): Proposal {
  const counts = end.counts;
  const summary =
    `${start.task} ${start.runId}: ${counts.applied} applied, ${counts.failed} failed, ${counts.skipped} skipped` +
    `${counts.verified === undefined ? '' : `; verified ${counts.verified}/${counts.checked ?? 0}`}` +
    `${end.error === undefined ? '' : `\n${end.error}`}`;
  const report = (writes: readonly RunWrite[], truncated: boolean): string =>
    JSON.stringify({
      runId: start.runId,
      task: start.task,
      actor: start.actor,
      commit: start.commit,
      planDigest: start.planDigest,
      target: start.target,
      ...(start.rollbackOf === undefined ? {} : { rollbackOf: start.rollbackOf }),
      counts,
      ...(truncated ? { truncated: true } : {}),
      writes: writes.map((write) => [write.urn, write.aspect, write.before, write.after]),
    });
  let serialized = report(end.writes, false);
  // Too many writes for one record: keep as many as fit, and say so (a rollback then reads the rest from GMS).
  for (let keep = end.writes.length; serialized.length > MAX_REPORT_CHARS && keep > 0;) {
    keep = Math.floor((keep * MAX_REPORT_CHARS) / serialized.length / 1.05);
    serialized = report(end.writes.slice(0, keep), true);
  }
  return proposal(
    start.runId,
    RUN_RESULT_ASPECT,
    {
      status: end.status,
      startTimeMs: start.startedAt,
      durationMs: Math.max(0, end.finishedAt - start.startedAt),
      report: summary.slice(0, MAX_REPORT_CHARS),
      structuredReport: {
        type: RUN_REPORT_TYPE,
        serializedValue: serialized,
        contentType: 'application/json',
      },
    },
    end.finishedAt,
  );
}

/** The result aspect of a record with its status changed (ROLLED_BACK once a rollback of the run applied). */
export function runStatusProposal(
  runId: string,
  result: JsonObject,
  status: RunStatus,
  now: number,
): Proposal {
  return proposal(runId, RUN_RESULT_ASPECT, { ...result, status }, now);
}

/** A record read back from its two aspects (either may be missing; both missing: no record). */
export function parseRunRecord(
  runId: string,
  input: JsonObject | undefined,
  result: JsonObject | undefined,
): RunRecord | undefined {
  if (input === undefined && result === undefined) return undefined;
  const args = isJsonObject(input?.['args']) ? input['args'] : {};
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;
  const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
  const structured = isJsonObject(result?.['structuredReport']) ? result['structuredReport'] : undefined;
  const parsed =
    structured?.['type'] === RUN_REPORT_TYPE && typeof structured['serializedValue'] === 'string'
      ? parseJson(structured['serializedValue'])
      : undefined;
  const report = parsed?.ok === true && isJsonObject(parsed.value) ? parsed.value : undefined;
  const counts = isJsonObject(report?.['counts']) ? report['counts'] : undefined;
  const writes = Array.isArray(report?.['writes']) ? report['writes'] : undefined;
  const record: RunRecord = {
    runId,
    ...optional('status', text(result?.['status'])),
    ...optional('task', text(input?.['task'])),
    ...optional('actor', text(args['actor'])),
    ...optional('commit', text(args['commit'])),
    ...optional('planDigest', text(args['planDigest'])),
    ...optional('target', text(args['target'])),
    ...optional('rollbackOf', text(args['rollbackOf'])),
    ...optional('startedAt', number(result?.['startTimeMs']) ?? number(input?.['requestedAt'])),
    ...optional('durationMs', number(result?.['durationMs'])),
    ...(counts === undefined
      ? {}
      : {
          counts: {
            applied: number(counts['applied']) ?? 0,
            failed: number(counts['failed']) ?? 0,
            skipped: number(counts['skipped']) ?? 0,
            ...optional('verified', number(counts['verified'])),
            ...optional('checked', number(counts['checked'])),
          },
        }),
    ...(writes === undefined ? {} : { writes: writes.flatMap(parseWrite) }),
    ...(report?.['truncated'] === true ? { truncated: true } : {}),
  };
  return record;
}

function parseWrite(item: unknown): RunWrite[] {
  if (!Array.isArray(item) || item.length !== 4 || !item.every((part) => typeof part === 'string')) return [];
  const [urn, aspect, before, after] = item as [string, string, string, string];
  return [{ urn, aspect, before, after }];
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
