import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AspectStore, versionOf } from './aspect-store.js';
import { SCHEMA_VERSION } from './migrations.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempFile = (): string => {
  dirs.push(mkdtempSync(path.join(tmpdir(), 'catalog-store-')));
  return path.join(dirs.at(-1)!, 'c.db');
};

describe('AspectStore', () => {
  it('migrates a new file to the current schema, and refuses a file from a newer build', () => {
    const file = tempFile();
    new AspectStore(file).close();
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => new AspectStore(file)).toThrow(/written by a newer catalog/);
  });

  it('rolls a transaction back whole', () => {
    const store = new AspectStore(':memory:');
    expect(() =>
      store.transaction(() => {
        store.write('urn:li:mlFeature:(a,b)', 'status', { removed: false }, {}, 'urn:li:corpuser:x', 1);
        throw new Error('fails half way');
      }),
    ).toThrow('fails half way');
    expect(store.get('urn:li:mlFeature:(a,b)', 'status')).toBeUndefined();
    const first = store.write(
      'urn:li:mlFeature:(a,b)',
      'status',
      { removed: false },
      { runId: 'r' },
      'urn:li:corpuser:x',
      2,
    );
    expect(first).toEqual({ changed: true, version: '1' });
    expect(versionOf(store.get('urn:li:mlFeature:(a,b)', 'status')!)).toBe('1');
    store.close();
  });

  it('moves timeseries aspects an older schema stored as versions into the timeseries table', () => {
    const file = tempFile();
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
    new AspectStore(file).close();
    // Roll the file back to schema 2, with two profile versions stored as versioned rows.
    const db = new Database(file);
    db.exec('DROP TABLE timeseries_aspect');
    const insert = db.prepare(
      `INSERT INTO metadata_aspect_v2 VALUES (?, 'datasetProfile', ?, ?, '{}', ?, 'urn:li:corpuser:x')`,
    );
    insert.run(urn, 0, JSON.stringify({ timestampMillis: 2000, rowCount: 2 }), 20);
    insert.run(urn, 1, JSON.stringify({ timestampMillis: 1000, rowCount: 1 }), 10);
    db.pragma('user_version = 2');
    db.close();

    const store = new AspectStore(file);
    expect(store.get(urn, 'datasetProfile')).toBeUndefined();
    const events = store.timeseries.values({ urn, aspect: 'datasetProfile', limit: 10 });
    expect(events.map((event) => event.value['rowCount'])).toEqual([2, 1]);
    store.close();
  });
});
