/** A versioned aspect as metadata_aspect_v2 stores it, and as the store answers it (pure). */
import type { JsonObject } from '../../model/json.js';
import { parseStoredObject } from './stored-json.js';

export interface StoredAspect {
  readonly urn: string;
  readonly aspect: string;
  /** Row version: 0 is the latest. */
  readonly version: number;
  readonly value: JsonObject;
  readonly systemMetadata: JsonObject;
  readonly createdOn: number;
  readonly createdBy: string;
}

/** A row of metadata_aspect_v2 as stored: `metadata` and `systemmetadata` are JSON text. */
export interface StoredRow {
  readonly urn: string;
  readonly aspect: string;
  readonly version: number;
  readonly metadata: string;
  readonly systemmetadata: string;
  readonly createdon: number;
  readonly createdby: string;
}

/** The columns of a metadata_aspect_v2 row in the order the store inserts them. */
export type StoredRowValues = [string, string, number, string, string, number, string];

export function toStored(row: StoredRow): StoredAspect {
  return {
    urn: row.urn,
    aspect: row.aspect,
    version: row.version,
    value: parseStoredObject(row.metadata),
    systemMetadata: parseStoredObject(row.systemmetadata),
    createdOn: row.createdon,
    createdBy: row.createdby,
  };
}

/** The version If-Version-Match compares: systemMetadata.version, else the row version floored at 1. */
export function versionOf(stored: StoredAspect): string {
  const version = stored.systemMetadata['version'];
  return typeof version === 'string' ? version : String(Math.max(1, stored.version));
}

/** The system metadata a new version is stored with: the proposal's, observed now, with the version GMS gives. */
export function stampedMetadata(systemMetadata: JsonObject, now: number, version: string): JsonObject {
  return { lastObserved: now, ...withoutVersion(systemMetadata), version };
}

export function withoutVersion(systemMetadata: JsonObject): JsonObject {
  const { version, ...rest } = systemMetadata;
  return rest;
}
