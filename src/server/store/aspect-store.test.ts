import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AspectStore, versionOf } from './aspect-store.js';
import { SCHEMA_VERSION } from './migrations.js';
import { catalogContents } from '../../../test/helpers/catalog-contents.js';
import { tempDir } from '../../../test/helpers/temp-dir.js';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));
const tempFile = (): string => {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  return path.join(dir, 'c.db');
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
    db.exec('DROP TABLE timeseries_aspect; DROP TABLE index_pending');
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
  it("derives the index again when the index's fields changed: an older file's entities filter by urn", () => {
    const file = tempFile();
    const urn = 'urn:li:glossaryTerm:Revenue';
    const store = new AspectStore(file);
    store.transaction(() => {
      store.write(urn, 'glossaryTermKey', { name: 'Revenue' }, {}, 'urn:li:corpuser:x', 1);
      store.indexAfterCommit([urn]);
    });
    store.close();
    // Roll the file back to schema 4, as an older build left it: no urn filter rows.
    const db = new Database(file);
    db.exec("DELETE FROM search_facet WHERE facet = 'urn'");
    db.pragma('user_version = 4');
    db.close();

    const reopened = new AspectStore(file);
    const byUrn = reopened.index.search({
      query: '*',
      entityTypes: [],
      filters: [[{ field: 'urn', values: [urn], condition: 'EQUAL', negated: false }]],
      includeRemoved: false,
      start: 0,
      count: 10,
      facetFields: [],
      maxFacetValues: 0,
    });
    expect(byUrn.hits.map((hit) => hit.urn)).toEqual([urn]);
    reopened.close();
  });
});

describe('bulk transactions (openTransaction)', () => {
  const actor = 'urn:li:corpuser:x';
  const termUrn = (i: number): string => `urn:li:glossaryTerm:load.t${i}`;
  const writeTerms = (store: AspectStore, count: number): void => {
    for (let i = 0; i < count; i += 1) {
      store.write(
        termUrn(i),
        'glossaryTermInfo',
        { name: `t${i}`, definition: 'x'.repeat(200) },
        {},
        actor,
        1,
      );
    }
  };
  const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0);

  it('writes a load with a rollback journal when no other connection has the catalog open, then goes back to the log', () => {
    const file = tempFile();
    const store = new AspectStore(file);
    const load = store.openTransaction();
    writeTerms(store, 3000);
    // The load's original pages are kept in a rollback journal, not appended to the write-ahead log.
    expect(existsSync(`${file}-journal`)).toBe(true);
    load.commit();
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(sizeOf(`${file}-wal`)).toBeLessThan(64 * 1024);
    expect(store.get(termUrn(2999), 'glossaryTermInfo')?.value).toMatchObject({ name: 't2999' });
    const other = new Database(file);
    expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(other.prepare('SELECT COUNT(*) AS n FROM metadata_aspect_v2').get()).toEqual({ n: 3000 });
    other.close();
    // A load the caller rolls back leaves nothing, and the catalog on the log too.
    const undone = store.openTransaction();
    store.write(termUrn(5000), 'glossaryTermInfo', { name: 'undone' }, {}, actor, 1);
    undone.rollback();
    expect(store.get(termUrn(5000), 'glossaryTermInfo')).toBeUndefined();
    expect(existsSync(`${file}-journal`)).toBe(false);
    store.close();
    const reopened = new Database(file);
    expect(reopened.pragma('journal_mode', { simple: true })).toBe('wal');
    reopened.close();
  });

  it('goes through the write-ahead log, without waiting, when another connection has the catalog open', () => {
    const file = tempFile();
    const store = new AspectStore(file);
    // A `catalog serve` of the same file, say: it has read from it.
    const server = new Database(file);
    expect(server.prepare('SELECT COUNT(*) AS n FROM metadata_aspect_v2').get()).toEqual({ n: 0 });
    const load = store.openTransaction();
    writeTerms(store, 3000);
    load.commit();
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(sizeOf(`${file}-wal`)).toBeGreaterThan(64 * 1024);
    expect(server.prepare('SELECT COUNT(*) AS n FROM metadata_aspect_v2').get()).toEqual({ n: 3000 });
    server.close();
    store.close();
  });

  it('rolls back what a load killed half way wrote, when the catalog is opened again', () => {
    const file = tempFile();
    const seeding = new AspectStore(file);
    seeding.transaction(() => seeding.write(termUrn(0), 'glossaryTermInfo', { name: 'kept' }, {}, actor, 1));
    seeding.close();
    const before = catalogContents(file);
    const sizeBefore = statSync(file).size;
    // The load runs in a process of its own, which is killed while its transaction is open. A page cache of a
    // few pages makes it write pages into the file before it commits (as a large load does).
    const script = `
      import { existsSync, statSync } from 'node:fs';
      import { AspectStore } from ${JSON.stringify(pathToFileURL(path.resolve('dist/server/store/aspect-store.js')).href)};
      const store = new AspectStore(${JSON.stringify(file)});
      store.db.pragma('cache_size = 10');
      store.openTransaction();
      for (let i = 1; i < 3000; i += 1)
        store.write('urn:li:glossaryTerm:load.t' + i, 'glossaryTermInfo', { name: 'lost', definition: 'x'.repeat(200) }, {}, 'urn:li:corpuser:x', 1);
      process.stdout.write(JSON.stringify({ journal: statSync(${JSON.stringify(`${file}-journal`)}).size, file: statSync(${JSON.stringify(file)}).size }));
      process.kill(process.pid, 'SIGKILL');
    `;
    const killed = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(killed.signal).toBe('SIGKILL');
    const atTheKill = JSON.parse(killed.stdout) as { journal: number; file: number };
    expect(atTheKill.journal).toBeGreaterThan(0);
    // Pages of the load were in the file itself, their originals in the journal.
    expect(atTheKill.file).toBeGreaterThan(sizeBefore);
    expect(existsSync(`${file}-journal`)).toBe(true);

    const reopened = new AspectStore(file);
    expect(reopened.get(termUrn(0), 'glossaryTermInfo')?.value).toEqual({ name: 'kept' });
    expect(reopened.get(termUrn(1), 'glossaryTermInfo')).toBeUndefined();
    reopened.close();
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(catalogContents(file)).toEqual(before);
  });
});
