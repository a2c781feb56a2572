import type Database from 'better-sqlite3';
import type { JsonObject } from '../../model/json.js';
import { parseStoredObject } from './stored-json.js';

export interface TimeseriesEvent {
  readonly urn: string;
  readonly aspect: string;
  readonly timestampMillis: number;
  readonly value: JsonObject;
  readonly systemMetadata: JsonObject;
}

export interface TimeseriesQuery {
  readonly urn: string;
  readonly aspect: string;
  readonly startTimeMillis?: number;
  readonly endTimeMillis?: number;
  readonly limit: number;
  /** Every pair must equal the event's top-level field (compared as text, as DataHub's index stores them). */
  readonly equals?: readonly (readonly [string, string])[];
}

interface Row {
  urn: string;
  aspect: string;
  timestamp: number;
  metadata: string;
  systemmetadata: string;
}

/**
 * Timeseries aspects (datasetProfile, datasetUsageStatistics, run events): DataHub keeps them per event in its
 * timeseries index rather than as versions. An event is identified as DataHub's document id identifies it
 * (TimeseriesAspectTransformer.getDocId: timestampMillis, eventGranularity, urn, messageId, partitionSpec), so
 * the same event sent twice replaces itself and different events accumulate.
 */
export class TimeseriesStore {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      upsert: db.prepare(
        `INSERT INTO timeseries_aspect (urn, aspect, timestamp, partition_key, metadata, systemmetadata, createdon, createdby)
         VALUES (@urn, @aspect, @timestamp, @partition, @metadata, @systemmetadata, @createdon, @createdby)
         ON CONFLICT (urn, aspect, timestamp, partition_key) DO UPDATE SET
           metadata = excluded.metadata, systemmetadata = excluded.systemmetadata,
           createdon = excluded.createdon, createdby = excluded.createdby`,
      ),
      range: db.prepare<[string, string, number, number], Row>(
        `SELECT * FROM timeseries_aspect WHERE urn = ? AND aspect = ? AND timestamp BETWEEN ? AND ?
         ORDER BY timestamp DESC, partition_key`,
      ),
      deleteRun: db.prepare<[string]>(
        `DELETE FROM timeseries_aspect WHERE json_extract(systemmetadata, '$.runId') = ?`,
      ),
      aspectsOf: db.prepare<[string], { aspect: string }>(
        'SELECT DISTINCT aspect FROM timeseries_aspect WHERE urn = ? ORDER BY aspect',
      ),
    };
  }

  /**
   * Stores one event; `value.timestampMillis` must be checked by the caller. `text`: the JSON of `event.value`, when
   * the caller has serialized it already.
   */
  write(event: TimeseriesEvent, actor: string, now: number, text?: string): void {
    const { value } = event;
    this.statements.upsert.run({
      urn: event.urn,
      aspect: event.aspect,
      timestamp: event.timestampMillis,
      partition: JSON.stringify([
        value['eventGranularity'] ?? null,
        value['messageId'] ?? null,
        value['partitionSpec'] ?? null,
      ]),
      metadata: text ?? JSON.stringify(value),
      systemmetadata: JSON.stringify({ lastObserved: now, ...event.systemMetadata }),
      createdon: now,
      createdby: actor,
    });
  }

  /** Events of one entity's aspect in a time window, newest first, at most `limit`. */
  values(query: TimeseriesQuery): TimeseriesEvent[] {
    const rows = this.statements.range.all(
      query.urn,
      query.aspect,
      query.startTimeMillis ?? Number.MIN_SAFE_INTEGER,
      query.endTimeMillis ?? Number.MAX_SAFE_INTEGER,
    );
    const events: TimeseriesEvent[] = [];
    for (const row of rows) {
      const event = toEvent(row);
      if (!(query.equals ?? []).every(([field, text]) => fieldText(event.value[field]) === text)) continue;
      events.push(event);
      if (events.length >= query.limit) break;
    }
    return events;
  }

  /** The timeseries aspects an entity has events of. */
  /** Removes the events a run wrote (GMS: TimeseriesAspectService.rollbackTimeseriesAspects); answers how many. */
  deleteRun(runId: string): number {
    return this.statements.deleteRun.run(runId).changes;
  }

  aspectsOf(urn: string): string[] {
    return this.statements.aspectsOf.all(urn).map((row) => row.aspect);
  }
}

function fieldText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function toEvent(row: Row): TimeseriesEvent {
  return {
    urn: row.urn,
    aspect: row.aspect,
    timestampMillis: row.timestamp,
    value: parseStoredObject(row.metadata),
    systemMetadata: parseStoredObject(row.systemmetadata),
  };
}
