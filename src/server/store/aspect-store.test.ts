import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
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

describe('write-behind indexing', () => {
  const urn = 'urn:li:glossaryTerm:Revenue';
  const search = (store: AspectStore): string[] =>
    store.index
      .search({
        query: 'revenue',
        entityTypes: [],
        filters: [],
        includeRemoved: false,
        start: 0,
        count: 10,
        facetFields: [],
        maxFacetValues: 0,
      })
      .hits.map((hit) => hit.urn);
  const writeTerm = (store: AspectStore): void =>
    store.transaction(() => {
      store.write(urn, 'glossaryTermKey', { name: 'Revenue' }, {}, 'urn:li:corpuser:x', 1);
      store.write(urn, 'glossaryTermInfo', { name: 'Revenue', definition: 'd' }, {}, 'urn:li:corpuser:x', 1);
      store.indexAfterCommit([urn]);
    });
  const notes = (file: string): unknown[] => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare('SELECT urn FROM index_pending').all();
    } finally {
      db.close();
    }
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('notes a written entity in the write transaction and indexes it before any read', () => {
    const file = tempFile();
    const store = new AspectStore(file);
    writeTerm(store);
    expect(notes(file)).toEqual([{ urn }]);
    expect(search(store)).toEqual([urn]);
    expect(notes(file)).toEqual([]);
    store.close();
  });

  it('keeps no note of a transaction that rolled back', () => {
    const file = tempFile();
    const store = new AspectStore(file);
    expect(() =>
      store.transaction(() => {
        writeTerm(store);
        throw new Error('fails after the write');
      }),
    ).toThrow('fails after the write');
    expect(notes(file)).toEqual([]);
    expect(search(store)).toEqual([]);
    store.close();
  });

  it('indexes in the background once writes pause', () => {
    vi.useFakeTimers();
    const file = tempFile();
    const store = new AspectStore(file);
    writeTerm(store);
    expect(notes(file)).toHaveLength(1);
    vi.runAllTimers();
    expect(notes(file)).toEqual([]);
    store.close();
  });

  it('indexes what a crash left noted when the file is opened again', () => {
    vi.useFakeTimers();
    const file = tempFile();
    const store = new AspectStore(file);
    writeTerm(store);
    // A crash: the process dies with the note written and the timer never run (the connection just goes away).
    (store as unknown as { db: Database.Database }).db.close();
    expect(notes(file)).toEqual([{ urn }]);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM search_entity').get()).toEqual({ n: 0 });
    db.close();

    const reopened = new AspectStore(file);
    expect(notes(file)).toEqual([]);
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT urn FROM search_entity').all()).toEqual([{ urn }]);
    raw.close();
    expect(search(reopened)).toEqual([urn]);
    reopened.close();
  });
});

describe('bulk indexing', () => {
  const actor = 'urn:li:corpuser:x';
  const urnOf = (i: number): string => `urn:li:mlFeature:(table_${i % 7},feature_${i})`;
  const writeFeatures = (store: AspectStore, from: number, to: number): void =>
    store.transaction(() => {
      for (let i = from; i < to; i += 1) {
        const urn = urnOf(i);
        store.write(
          urn,
          'mlFeatureKey',
          { featureNamespace: `table_${i % 7}`, name: `feature_${i}` },
          {},
          actor,
          1,
        );
        store.write(
          urn,
          'mlFeatureProperties',
          {
            description: `churn signal ${i}`,
            sources: [`urn:li:dataset:(urn:li:dataPlatform:hive,t${i % 11},PROD)`],
          },
          {},
          actor,
          1,
        );
        store.indexAfterCommit([urn]);
      }
    });
  const churn = (store: AspectStore): number =>
    store.index.search({
      query: 'churn signal',
      entityTypes: ['mlFeature'],
      filters: [],
      includeRemoved: false,
      start: 0,
      count: 1,
      facetFields: [],
      maxFacetValues: 0,
    }).total;

  it('indexes a large load in one pass (indexes built again from sorted rows) exactly as entity by entity', () => {
    const size = 5200;
    const bulkFile = tempFile();
    const bulk = new AspectStore(bulkFile);
    writeFeatures(bulk, 0, size);
    expect(churn(bulk)).toBe(size);
    // An update after the bulk load goes through the indexes it rebuilt.
    writeFeatures(bulk, 0, 1);
    expect(churn(bulk)).toBe(size);
    bulk.close();

    const stepFile = tempFile();
    const step = new AspectStore(stepFile);
    for (let from = 0; from < size; from += 1000) {
      writeFeatures(step, from, Math.min(size, from + 1000));
      expect(churn(step)).toBe(Math.min(size, from + 1000));
    }
    step.close();

    const expected = catalogContents(stepFile) as { relationships: unknown[] };
    expect(expected.relationships).toHaveLength(size);
    expect(catalogContents(bulkFile)).toEqual(expected);
  });
});

describe('preloaded writes', () => {
  const actor = 'urn:li:corpuser:x';
  const urn = 'urn:li:mlFeature:(t,f)';
  const key = { featureNamespace: 't', name: 'f' };
  const writeFeature = (store: AspectStore, description: string): void =>
    store.transaction(() => {
      store.preload([urn]);
      store.write(urn, 'mlFeatureKey', key, {}, actor, 1);
      store.write(urn, 'mlFeatureProperties', { description }, {}, actor, 1);
      store.indexAfterCommit([urn]);
    });
  const descriptionFound = (store: AspectStore, word: string): string[] =>
    store.index
      .search({
        query: word,
        entityTypes: [],
        filters: [],
        includeRemoved: false,
        start: 0,
        count: 10,
        facetFields: [],
        maxFacetValues: 0,
      })
      .hits.map((hit) => hit.description);

  it('read as the rows read, before and after an update, and are indexed from the values they committed', () => {
    const store = new AspectStore(':memory:');
    writeFeature(store, 'alpha');
    expect(descriptionFound(store, 'alpha')).toEqual(['alpha']);
    writeFeature(store, 'beta');
    store.transaction(() => {
      store.preload([urn]);
      expect(store.get(urn, 'mlFeatureProperties')?.value).toEqual({ description: 'beta' });
      expect(store.get(urn, 'mlFeatureProperties', 1)?.value).toEqual({ description: 'alpha' });
      expect(store.get(urn, 'status')).toBeUndefined();
    });
    expect(descriptionFound(store, 'alpha')).toEqual([]);
    expect(descriptionFound(store, 'beta')).toEqual(['beta']);
    expect(store.history(urn, 'mlFeatureProperties').map((aspect) => aspect.value)).toEqual([
      { description: 'beta' },
      { description: 'alpha' },
    ]);
    store.close();
  });

  it('forget what a rolled-back savepoint wrote', () => {
    const store = new AspectStore(':memory:');
    store.transaction(() => {
      store.preload([urn]);
      store.write(urn, 'mlFeatureKey', key, {}, actor, 1);
      store.write(urn, 'mlFeatureProperties', { description: 'kept' }, {}, actor, 1);
      expect(() =>
        store.transaction(() => {
          store.write(urn, 'mlFeatureProperties', { description: 'undone' }, {}, actor, 1);
          throw new Error('the savepoint fails');
        }),
      ).toThrow('the savepoint fails');
      expect(store.get(urn, 'mlFeatureProperties')?.value).toEqual({ description: 'kept' });
      store.indexAfterCommit([urn]);
    });
    expect(descriptionFound(store, 'undone')).toEqual([]);
    expect(descriptionFound(store, 'kept')).toEqual(['kept']);
    store.close();
  });

  it('are indexed from the rows when another connection committed since', () => {
    const file = tempFile();
    const store = new AspectStore(file);
    writeFeature(store, 'alpha');
    // Another process rewrites the aspect before this one indexes what it committed.
    const other = new Database(file);
    other
      .prepare("UPDATE metadata_aspect_v2 SET metadata = ? WHERE urn = ? AND aspect = 'mlFeatureProperties'")
      .run(JSON.stringify({ description: 'gamma' }), urn);
    other.close();
    expect(descriptionFound(store, 'alpha')).toEqual([]);
    expect(descriptionFound(store, 'gamma')).toEqual(['gamma']);
    store.close();
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
