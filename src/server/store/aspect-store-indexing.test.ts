import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AspectStore } from './aspect-store.js';
import { catalogContents } from '../../../test/helpers/catalog-contents.js';
import { tempDir } from '../../../test/helpers/temp-dir.js';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));
const tempFile = (): string => {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  return path.join(dir, 'c.db');
};

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
