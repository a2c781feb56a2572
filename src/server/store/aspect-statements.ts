/** The prepared statements of AspectStore: reads and writes of metadata_aspect_v2, and the transaction's. */
import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type { StoredRow, StoredRowValues } from './stored-aspect.js';

/** Reads and writes of metadata_aspect_v2 (and of the tables a delete or an open transaction touches). */
export interface AspectStatements {
  readonly get: Statement<[string, string, number], StoredRow>;
  readonly latestOfMany: Statement<[string, string], StoredRow>;
  readonly latestOfUrn: Statement<[string], StoredRow>;
  readonly maxVersion: Statement<[string, string], { max: number | null }>;
  readonly insert: Statement<StoredRowValues>;
  readonly updateLatest: Statement<[string, string, number, string, string, string]>;
  readonly latestOfUrns: Statement<[string], StoredRow>;
  /** Plucked: the number itself. */
  readonly dataVersion: Statement<[], number>;
  readonly touch: Statement<[string, string, string]>;
  readonly listUrns: Statement<[string, number, number], { urn: string }>;
  readonly countUrns: Statement<[string], { total: number }>;
  readonly history: Statement<[string], StoredRow>;
  readonly historyOfAspect: Statement<[string, string], StoredRow>;
  readonly deleteUrn: Statement<[string]>;
  readonly deleteAspect: Statement<[string, string]>;
  readonly deleteVersion: Statement<[string, string, number]>;
  readonly deleteTimeseries: Statement<[string, string, number, number]>;
  readonly deleteIncoming: Statement<[string]>;
  readonly incoming: Statement<[string], { source: string; name: string }>;
  readonly pending: Statement<[], { urn: string }>;
  /** Plucked: the URNs themselves. */
  readonly storedUrns: Statement<[string], string>;
  /** Plucked: 1 or 0. */
  readonly holdsAspects: Statement<[], number>;
  readonly begin: Statement<[]>;
  readonly commit: Statement<[]>;
  readonly rollback: Statement<[]>;
}

export function prepareAspectStatements(db: Database.Database): AspectStatements {
  return {
    get: db.prepare<[string, string, number], StoredRow>(
      'SELECT * FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ? AND version = ?',
    ),
    latestOfMany: db.prepare<[string, string], StoredRow>(
      `SELECT * FROM metadata_aspect_v2
         WHERE version = 0 AND urn IN (SELECT value FROM json_each(?)) AND aspect IN (SELECT value FROM json_each(?))`,
    ),
    latestOfUrn: db.prepare<[string], StoredRow>(
      'SELECT * FROM metadata_aspect_v2 WHERE urn = ? AND version = 0 ORDER BY aspect',
    ),
    maxVersion: db.prepare<[string, string], { max: number | null }>(
      'SELECT MAX(version) AS max FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ?',
    ),
    // Positional parameters: binding named ones costs a property lookup each, on every row of a bulk load.
    insert: db.prepare<StoredRowValues>(
      `INSERT INTO metadata_aspect_v2 (urn, aspect, version, metadata, systemmetadata, createdon, createdby)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateLatest: db.prepare<[string, string, number, string, string, string]>(
      `UPDATE metadata_aspect_v2 SET metadata = ?, systemmetadata = ?, createdon = ?, createdby = ?
         WHERE urn = ? AND aspect = ? AND version = 0`,
    ),
    latestOfUrns: db.prepare<[string], StoredRow>(
      'SELECT * FROM metadata_aspect_v2 WHERE version = 0 AND urn IN (SELECT value FROM json_each(?))',
    ),
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
    touch: db.prepare<[string, string, string]>(
      'UPDATE metadata_aspect_v2 SET systemmetadata = ? WHERE urn = ? AND aspect = ? AND version = 0',
    ),
    listUrns: db.prepare<[string, number, number], { urn: string }>(
      'SELECT urn FROM metadata_aspect_v2 WHERE aspect = ? AND version = 0 ORDER BY urn LIMIT ? OFFSET ?',
    ),
    countUrns: db.prepare<[string], { total: number }>(
      'SELECT COUNT(*) AS total FROM metadata_aspect_v2 WHERE aspect = ? AND version = 0',
    ),
    history: db.prepare<[string], StoredRow>(
      'SELECT * FROM metadata_aspect_v2 WHERE urn = ? ORDER BY aspect, createdon DESC, version',
    ),
    historyOfAspect: db.prepare<[string, string], StoredRow>(
      'SELECT * FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ? ORDER BY createdon DESC, version',
    ),
    deleteUrn: db.prepare<[string]>('DELETE FROM metadata_aspect_v2 WHERE urn = ?'),
    deleteAspect: db.prepare<[string, string]>('DELETE FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ?'),
    deleteVersion: db.prepare<[string, string, number]>(
      'DELETE FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ? AND version = ?',
    ),
    deleteTimeseries: db.prepare<[string, string, number, number]>(
      `DELETE FROM timeseries_aspect WHERE urn = ? AND aspect IN (SELECT value FROM json_each(?))
         AND timestamp BETWEEN ? AND ?`,
    ),
    deleteIncoming: db.prepare<[string]>('DELETE FROM relationship WHERE destination = ?'),
    // Indexed sources only: a source noted for indexing may have rows older than its aspects.
    incoming: db.prepare<[string], { source: string; name: string }>(
      `SELECT DISTINCT source, name FROM relationship
         WHERE destination = ? AND source NOT IN (SELECT urn FROM index_pending)`,
    ),
    pending: db.prepare<[], { urn: string }>('SELECT urn FROM index_pending'),
    storedUrns: db
      .prepare<[string], string>(
        'SELECT DISTINCT urn FROM metadata_aspect_v2 WHERE urn IN (SELECT value FROM json_each(?))',
      )
      .pluck(),
    holdsAspects: db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM metadata_aspect_v2)').pluck(),
    begin: db.prepare<[]>('BEGIN IMMEDIATE'),
    commit: db.prepare<[]>('COMMIT'),
    rollback: db.prepare<[]>('ROLLBACK'),
  };
}
