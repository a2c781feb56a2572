/** The statements that write the index tables, and writing many rows through them. */
import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { ROWS_PER_INSERT, valuesList, type EntityRow } from './index-rows.js';

/** The writes of the index tables (and the reads a write needs). */
export interface IndexWriteStatements {
  readonly idOf: Statement<[string], { id: number }>;
  readonly upsert: Statement<EntityRow, { id: number }>;
  readonly deleteEntity: Statement<[number]>;
  readonly deleteText: Statement<[number]>;
  readonly insertText: Statement<[number, string, string, string, string, string]>;
  readonly deleteFacets: Statement<[number]>;
  readonly insertFacet: Statement<unknown[]>;
  /** ROWS_PER_INSERT rows at once. */
  readonly insertFacets: Statement<unknown[]>;
  readonly insertEntity: Statement<EntityRow>;
  readonly deleteRelationships: Statement<[string]>;
  readonly insertRelationship: Statement<unknown[]>;
  /** ROWS_PER_INSERT rows at once. */
  readonly insertRelationships: Statement<unknown[]>;
  readonly allUrns: Statement<[], { urn: string }>;
  readonly countEntities: Statement<[], { total: number }>;
  readonly secondaryIndexes: Statement<[], { name: string; sql: string }>;
  readonly clear: Statement<[]>;
  readonly clearText: Statement<[]>;
  readonly clearFacets: Statement<[]>;
  readonly clearRelationships: Statement<[]>;
}

/**
 * Writes rows ROWS_PER_INSERT at a time through `many` and the rest one by one through `one`; `bind` appends a
 * row's parameters (to one array reused for every statement: a bulk load writes hundreds of thousands of rows).
 */
export function insertRows<T>(
  rows: readonly T[],
  many: Statement<unknown[]>,
  one: Statement<unknown[]>,
  bind: (row: T, params: (string | number)[]) => void,
): void {
  const params: (string | number)[] = [];
  let index = 0;
  for (; index + ROWS_PER_INSERT <= rows.length; index += ROWS_PER_INSERT) {
    params.length = 0;
    for (let row = index; row < index + ROWS_PER_INSERT; row += 1) bind(rows[row] as T, params);
    many.run(params);
  }
  for (; index < rows.length; index += 1) {
    params.length = 0;
    bind(rows[index] as T, params);
    one.run(params);
  }
}

/** Prepared once per index: every row a refresh or a load writes goes through one of these. */
export function prepareIndexWrites(db: Database.Database): IndexWriteStatements {
  return {
    idOf: db.prepare<[string], { id: number }>('SELECT id FROM search_entity WHERE urn = ?'),
    upsert: db.prepare<EntityRow, { id: number }>(
      `INSERT INTO search_entity (urn, entity_type, name, name_key, description, removed) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (urn) DO UPDATE SET entity_type = excluded.entity_type, name = excluded.name,
         name_key = excluded.name_key, description = excluded.description, removed = excluded.removed
       RETURNING id`,
    ),
    deleteEntity: db.prepare<[number]>('DELETE FROM search_entity WHERE id = ?'),
    deleteText: db.prepare<[number]>('DELETE FROM search_text WHERE rowid = ?'),
    insertText: db.prepare<[number, string, string, string, string, string]>(
      'INSERT INTO search_text (rowid, name, description, fields, urn, other) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    deleteFacets: db.prepare<[number]>('DELETE FROM search_facet WHERE id = ?'),
    insertFacet: db.prepare('INSERT OR IGNORE INTO search_facet (facet, value, id) VALUES (?, ?, ?)'),
    insertFacets: db.prepare(
      `INSERT OR IGNORE INTO search_facet (facet, value, id) VALUES ${valuesList(3, ROWS_PER_INSERT)}`,
    ),
    insertEntity: db.prepare<EntityRow>(
      `INSERT INTO search_entity (urn, entity_type, name, name_key, description, removed)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    deleteRelationships: db.prepare<[string]>('DELETE FROM relationship WHERE source = ?'),
    insertRelationship: db.prepare(
      'INSERT OR IGNORE INTO relationship (source, name, destination, aspect) VALUES (?, ?, ?, ?)',
    ),
    insertRelationships: db.prepare(
      `INSERT OR IGNORE INTO relationship (source, name, destination, aspect) VALUES ${valuesList(4, ROWS_PER_INSERT)}`,
    ),
    allUrns: db.prepare<[], { urn: string }>(
      "SELECT DISTINCT urn FROM metadata_aspect_v2 WHERE version = 0 AND aspect LIKE '%Key'",
    ),
    countEntities: db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM search_entity'),
    secondaryIndexes: db.prepare<[], { name: string; sql: string }>(
      `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL
         AND tbl_name IN ('search_entity', 'search_facet', 'relationship') ORDER BY name`,
    ),
    clear: db.prepare<[]>('DELETE FROM search_entity'),
    clearText: db.prepare<[]>('DELETE FROM search_text'),
    clearFacets: db.prepare<[]>('DELETE FROM search_facet'),
    clearRelationships: db.prepare<[]>('DELETE FROM relationship'),
  };
}
