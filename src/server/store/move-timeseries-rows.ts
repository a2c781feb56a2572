import type Database from 'better-sqlite3';
import { isTimeseriesAspect } from '../../model/registry.js';
import { toStored, type StoredRow } from './stored-aspect.js';
import { TimeseriesStore } from './timeseries-store.js';

/** Migration 3: timeseries aspects that an older build stored as versioned rows become events. */
export function moveTimeseriesRows(db: Database.Database): void {
  const aspects = db
    .prepare<[], { aspect: string }>('SELECT DISTINCT aspect FROM metadata_aspect_v2')
    .all()
    .map((row) => row.aspect)
    .filter(isTimeseriesAspect);
  const timeseries = new TimeseriesStore(db);
  const rows = db.prepare<[string], StoredRow>(
    'SELECT * FROM metadata_aspect_v2 WHERE aspect = ? ORDER BY urn, version',
  );
  const remove = db.prepare<[string]>('DELETE FROM metadata_aspect_v2 WHERE aspect = ?');
  for (const aspect of aspects) {
    for (const row of rows.all(aspect)) {
      const stored = toStored(row);
      const timestampMillis = stored.value['timestampMillis'];
      if (typeof timestampMillis !== 'number') continue;
      timeseries.write(
        {
          urn: stored.urn,
          aspect,
          timestampMillis,
          value: stored.value,
          systemMetadata: stored.systemMetadata,
        },
        stored.createdBy,
        stored.createdOn,
      );
    }
    remove.run(aspect);
  }
}
