/**
 * The runs the catalog holds, read from the latest aspects' system metadata: what GMS keeps in its system-metadata
 * index (ElasticSearchSystemMetadataService at v1.7.0: one document per entity and aspect, with the run id of its
 * latest write, `lastUpdated` from systemMetadata.lastObserved, and `removed` once the entity is soft-deleted).
 * A write that named no run counts under DataHub's default run id, as its index holds it.
 */
import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type { StoredRow } from './stored-aspect.js';

/** SystemMetadata.pdl's default runId: the run of every write that named none. */
export const DEFAULT_RUN_ID = 'no-run-id-provided';

/** One run as /runs?action=list answers it (IngestionRunSummary), with how many of its rows are soft-deleted. */
export interface RunSummaryRow {
  readonly runId: string;
  /** Its latest write's lastObserved (milliseconds). */
  readonly timestamp: number;
  readonly rows: number;
  readonly removed: number;
}

/** One latest aspect a run wrote (what AspectRowSummary is made from). */
export interface RunRow {
  readonly urn: string;
  readonly aspect: string;
  readonly timestamp: number;
  /** Whether its entity is soft-deleted (status.removed). */
  readonly removed: boolean;
}

/** Soft-deleted: the entity's latest status says removed (GMS sets its documents' `removed` then). */
const REMOVED = `EXISTS (SELECT 1 FROM metadata_aspect_v2 s
  WHERE s.urn = a.urn AND s.aspect = 'status' AND s.version = 0 AND json_extract(s.metadata, '$.removed') = 1)`;
const RUN = `json_extract(a.systemmetadata, '$.runId')`;
const TIMESTAMP = `COALESCE(json_extract(a.systemmetadata, '$.lastObserved'), a.createdon)`;

interface RawRunRow {
  urn: string;
  aspect: string;
  timestamp: number;
  removed: number;
}

export class RunIndex {
  private readonly statements: {
    readonly runs: Statement<[], RunSummaryRow>;
    readonly rowsOfRun: Statement<[string, number, number], RawRunRow>;
    readonly rowsOfDefaultRun: Statement<[string, number, number], RawRunRow>;
    readonly history: Statement<[string, string], StoredRow>;
  };

  constructor(db: Database.Database) {
    const rows = (match: string) =>
      db.prepare<[string, number, number], RawRunRow>(
        `SELECT a.urn, a.aspect, ${TIMESTAMP} AS timestamp, ${REMOVED} AS removed
           FROM metadata_aspect_v2 a WHERE a.version = 0 AND ${match}
           ORDER BY a.urn, a.aspect LIMIT ? OFFSET ?`,
      );
    this.statements = {
      runs: db.prepare<[], RunSummaryRow>(
        `SELECT COALESCE(${RUN}, '${DEFAULT_RUN_ID}') AS runId, MAX(${TIMESTAMP}) AS timestamp,
                COUNT(*) AS rows, SUM(${REMOVED}) AS removed
           FROM metadata_aspect_v2 a WHERE a.version = 0
           GROUP BY 1 ORDER BY timestamp DESC, runId`,
      ),
      rowsOfRun: rows(`${RUN} = ?`),
      rowsOfDefaultRun: rows(`(${RUN} IS NULL OR ${RUN} = ?)`),
      history: db.prepare<[string, string], StoredRow>(
        'SELECT * FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ? AND version > 0 ORDER BY version DESC',
      ),
    };
  }

  /** Every run, the latest written first (the caller pages and filters, as GMS does after sorting). */
  runs(): RunSummaryRow[] {
    return this.statements.runs.all();
  }

  /** The latest aspects a run wrote, by URN and aspect; `limit` of them from `offset`. */
  rowsOf(runId: string, offset: number, limit: number): RunRow[] {
    const statement = runId === DEFAULT_RUN_ID ? this.statements.rowsOfDefaultRun : this.statements.rowsOfRun;
    return statement.all(runId, limit, offset).map((row) => ({
      urn: row.urn,
      aspect: row.aspect,
      timestamp: row.timestamp,
      removed: row.removed === 1,
    }));
  }

  /** An aspect's older versions, the most recent first (row version N is the value its version N was). */
  olderVersions(urn: string, aspect: string): StoredRow[] {
    return this.statements.history.all(urn, aspect);
  }
}
