/**
 * The latest aspect values of entities, read from metadata_aspect_v2 for indexing. Each connection's statements
 * are prepared once, on first use.
 */
import type Database from 'better-sqlite3';
import type { JsonObject } from '../../model/json.js';
import { parseStoredObject } from './stored-json.js';

const latestStatements = new WeakMap<
  Database.Database,
  Database.Statement<[string], { aspect: string; metadata: string }>
>();

/**
 * The latest value of every aspect of an entity, by aspect name (what the indexes are derived from). Only the
 * values are read and parsed: this runs for every entity every write touches.
 */
export function latestAspectMap(db: Database.Database, urn: string): Map<string, JsonObject> {
  let statement = latestStatements.get(db);
  if (statement === undefined) {
    statement = db.prepare('SELECT aspect, metadata FROM metadata_aspect_v2 WHERE urn = ? AND version = 0');
    latestStatements.set(db, statement);
  }
  const aspects = new Map<string, JsonObject>();
  for (const row of statement.all(urn)) aspects.set(row.aspect, parseStoredObject(row.metadata));
  return aspects;
}

const latestOfManyStatements = new WeakMap<
  Database.Database,
  Database.Statement<[string], { urn: string; aspect: string; metadata: string }>
>();

/** `latestAspectMap` of many entities in one query, by URN (an entity without aspects is left out). */
export function latestAspectMaps(
  db: Database.Database,
  urns: readonly string[],
): Map<string, Map<string, JsonObject>> {
  let statement = latestOfManyStatements.get(db);
  if (statement === undefined) {
    statement = db.prepare(
      `SELECT urn, aspect, metadata FROM metadata_aspect_v2
       WHERE version = 0 AND urn IN (SELECT value FROM json_each(?))`,
    );
    latestOfManyStatements.set(db, statement);
  }
  const result = new Map<string, Map<string, JsonObject>>();
  for (const row of statement.all(JSON.stringify(urns))) {
    let aspects = result.get(row.urn);
    if (aspects === undefined) {
      aspects = new Map();
      result.set(row.urn, aspects);
    }
    aspects.set(row.aspect, parseStoredObject(row.metadata));
  }
  return result;
}
