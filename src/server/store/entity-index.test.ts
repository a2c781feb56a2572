import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AspectStore } from './aspect-store.js';
import type { FacetCriterion, SearchRequest, SearchResponse } from './entity-index.js';
import { tempDir } from '../../../test/helpers/temp-dir.js';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));
const tempFile = (): string => {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  return path.join(dir, 'c.db');
};

const actor = 'urn:li:corpuser:x';
const PLATFORMS = ['hive', 'kafka', 'snowflake'];
const TAGS = ['pii', 'gold', 'raw', 'tier1'];
const datasetUrn = (i: number): string =>
  `urn:li:dataset:(urn:li:dataPlatform:${PLATFORMS[i % 3]},db.orders_${i},PROD)`;

/** Datasets named orders_<i> (every third a customer table) with tags and owners that vary with i. */
function writeDatasets(store: AspectStore, from: number, to: number, tagShift = 0): void {
  store.transaction(() => {
    for (let i = from; i < to; i += 1) {
      const urn = datasetUrn(i);
      store.write(
        urn,
        'datasetKey',
        { platform: `urn:li:dataPlatform:${PLATFORMS[i % 3]}`, name: `db.orders_${i}`, origin: 'PROD' },
        {},
        actor,
        1,
      );
      store.write(
        urn,
        'datasetProperties',
        { name: `orders_${i}`, description: i % 3 === 0 ? 'customer orders' : 'orders' },
        {},
        actor,
        1,
      );
      store.write(
        urn,
        'globalTags',
        { tags: [{ tag: `urn:li:tag:${TAGS[(i + tagShift) % 4]}` }, ...(i % 5 === 0 ? [{ tag: 'urn:li:tag:gold' }] : [])] }, // prettier-ignore
        {},
        actor,
        1,
      );
      store.write(
        urn,
        'ownership',
        { owners: [{ owner: `urn:li:corpuser:owner${i % 7}`, type: 'TECHNICAL_OWNER' }] },
        {},
        actor,
        1,
      );
      store.indexAfterCommit([urn]);
    }
  });
}

const request = (query: string, extra: Partial<SearchRequest> = {}): SearchRequest => ({
  query,
  entityTypes: [],
  filters: [],
  includeRemoved: false,
  start: 0,
  count: 10,
  facetFields: ['_entityType', 'platform', 'tags', 'owners', 'origin', 'domains'],
  maxFacetValues: 3,
  ...extra,
});

const criterion = (
  field: string,
  values: readonly string[],
  condition: FacetCriterion['condition'] = 'EQUAL',
  negated = false,
): FacetCriterion => ({ field, values, condition, negated });

const REQUESTS: readonly SearchRequest[] = [
  request('*'),
  request('orders'),
  request('customer'),
  request('customer', { maxFacetValues: 20, start: 2, count: 5 }),
  request('orders', {
    filters: [[{ field: 'tags', values: ['urn:li:tag:gold'], negated: false, condition: 'EQUAL' }]],
  }),
  request('*', { entityTypes: ['dataset'], includeRemoved: true }),
  request('*', { facetFields: ['owners', 'owners'], maxFacetValues: 0 }),
  request('*', { facetFields: ['_entityType', 'tags', '_entityType', 'tags'] }),
  // Exact name matches first, ties of bm25 ordered by name and URN, pages further on.
  request('orders_5', { count: 4 }),
  request('orders', { start: 7, count: 9 }),
  request('customer orders', { start: 0, count: 100, facetFields: [] }),
  request('orders', { start: 200, count: 10 }),
  // Full-text searches without filters keep matches by type and removed flag in memory.
  request('customer', { includeRemoved: true }),
  request('customer', { entityTypes: ['glossaryTerm'] }),
  request('customer', { entityTypes: ['dataset', 'glossaryTerm'], includeRemoved: true, count: 50 }),
  // Facets and filters read from the search row (row-fields.ts).
  request('*', { facetFields: ['_entityType', 'removed', 'urn'], maxFacetValues: 5, includeRemoved: true }),
  request('orders', { filters: [[criterion('_entityType', ['OTHER', 'DATASET'], 'IN', true)]] }),
  request('*', { filters: [[criterion('urn', ['orders_1'], 'CONTAIN')], [criterion('removed', ['true'])]] }),
];

/** Glossary terms named like the customer tables. */
function writeTerms(store: AspectStore, count: number): void {
  store.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const urn = `urn:li:glossaryTerm:customer_${i}`;
      store.write(urn, 'glossaryTermKey', { name: `customer_${i}` }, {}, actor, 1);
      store.write(urn, 'glossaryTermInfo', { name: `customer orders ${i}`, definition: 'orders' }, {}, actor, 1); // prettier-ignore
      store.indexAfterCommit([urn]);
    }
  });
}

/** The search as SQLite alone answers it: inside a transaction the index keeps and reuses nothing. */
const searchInSql = (store: AspectStore, search: SearchRequest): SearchResponse =>
  store.transaction(() => store.index.search(search));

/** Every request answered from the index's memory (mirror, cache) and by SQLite alone gives the same answer. */
function expectSameAsSql(store: AspectStore): void {
  for (const search of REQUESTS) expect(store.index.search(search)).toEqual(searchInSql(store, search));
}

describe('EntityIndex search', () => {
  it('counts facets in memory exactly as SQLite does, through writes, soft and hard deletes', () => {
    const store = new AspectStore(':memory:');
    writeDatasets(store, 0, 60);
    writeTerms(store, 4);
    expectSameAsSql(store);
    const first = store.index.search(request('customer', { entityTypes: ['dataset'] }));
    expect(first.total).toBe(20);
    expect(first.facets.find((facet) => facet.field === 'platform')?.values).toEqual([
      { value: 'urn:li:dataPlatform:hive', count: 20 },
    ]);

    // Re-derived entities (tags moved), new ones, a soft delete and a hard delete.
    writeDatasets(store, 10, 80, 1);
    expectSameAsSql(store);
    store.transaction(() => {
      store.write(datasetUrn(3), 'status', { removed: true }, {}, actor, 2);
      store.indexAfterCommit([datasetUrn(3)]);
      store.deleteUrn(datasetUrn(6));
    });
    expectSameAsSql(store);
    const after = store.index.search(request('customer', { entityTypes: ['dataset'] }));
    expect(after.total).toBe(25);
    expect(store.index.search(request('customer', { includeRemoved: true })).total).toBe(30);
    expect(after.hits.map((hit) => hit.urn)).not.toContain(datasetUrn(3));
    store.close();
  });

  it('answers a repeated search anew once the index changed, in this connection or in another', () => {
    const file = tempFile();
    const store = new AspectStore(file);
    writeDatasets(store, 0, 30);
    const tagged = (response: SearchResponse): unknown =>
      response.facets.find((facet) => facet.field === 'tags')?.values;
    const before = store.index.search(request('customer'));
    expect(store.index.search(request('customer'))).toEqual(before);
    expect(before.total).toBe(10);

    writeDatasets(store, 30, 33);
    const mine = store.index.search(request('customer'));
    expect(mine.total).toBe(11);
    expect(tagged(mine)).not.toEqual(tagged(before));

    const other = new AspectStore(file);
    writeDatasets(other, 0, 33, 2);
    store.transaction(() => store.deleteUrn(datasetUrn(0)));
    other.close();
    const theirs = store.index.search(request('customer'));
    expect(theirs.total).toBe(10);
    expect(theirs).toEqual(searchInSql(store, request('customer')));
    expectSameAsSql(store);
    store.close();
  });
});

describe('EntityIndex search on the fields of the search row', () => {
  it('filters and counts _entityType, urn and removed as facet fields', () => {
    const store = new AspectStore(':memory:');
    writeDatasets(store, 0, 60);
    writeTerms(store, 4);
    store.transaction(() => {
      // A type without a GraphQL EntityType of its own: OTHER.
      store.write('urn:li:dataHubSecret:s1', 'dataHubSecretKey', { id: 's1' }, {}, actor, 1);
      store.write(datasetUrn(3), 'status', { removed: true }, {}, actor, 2);
      store.indexAfterCommit(['urn:li:dataHubSecret:s1', datasetUrn(3)]);
    });
    const total = (filters: FacetCriterion[][], extra: Partial<SearchRequest> = {}): number[] =>
      [store.index.search(request('*', { filters, ...extra })), searchInSql(store, request('*', { filters, ...extra }))].map((response) => response.total); // prettier-ignore
    expect(total([[criterion('_entityType', ['GLOSSARY_TERM'])]])).toEqual([4, 4]);
    expect(total([[criterion('_entityType', ['DATASET'], 'IN', true)]])).toEqual([5, 5]);
    expect(total([[criterion('_entityType', ['OTHER'])]])).toEqual([1, 1]);
    expect(total([[criterion('_entityType', ['OTHER', 'GLOSSARY_TERM'], 'IN')]])).toEqual([5, 5]);
    expect(total([[criterion('_entityType', ['RESTRICTED'])]])).toEqual([0, 0]);
    expect(total([[criterion('_entityType', ['GLOSSARY_'], 'START_WITH')]])).toEqual([4, 4]);
    expect(total([[criterion('_entityType', ['glossary_term'], 'IEQUAL')]])).toEqual([4, 4]);
    // The removed dataset 3 is left out unless the filter names `removed`.
    expect(total([[criterion('urn', [datasetUrn(3), datasetUrn(4)], 'IN')]])).toEqual([1, 1]);
    expect(total([[criterion('urn', ['orders_1'], 'CONTAIN')]])).toEqual([11, 11]);
    expect(total([[criterion('urn', [], 'EXISTS', true)]])).toEqual([0, 0]);
    expect(total([[criterion('removed', ['true'])]])).toEqual([1, 1]);
    expect(total([[criterion('removed', [], 'EXISTS')]])).toEqual([65, 65]);
    // Filters longer than SQLite's 32,766 parameters: the values are one parameter.
    const many = (make: (i: number) => string, last: string): string[] => [...Array.from({ length: 40_000 }, (_, i) => make(i)), last]; // prettier-ignore
    expect(total([[criterion('urn', many(datasetUrn, 'x'), 'IN')]])).toEqual([59, 59]);
    const gold = total([[criterion('tags', ['urn:li:tag:gold'])]]);
    expect(gold[0]).toBeGreaterThan(0);
    expect(
      total([
        [
          criterion(
            'tags',
            many((i) => `urn:li:tag:none${i}`, 'urn:li:tag:gold'),
          ),
        ],
      ]),
    ).toEqual(gold);
    expect(total([[criterion('tags', many((i) => `URN:LI:TAG:NONE${i}`, 'URN:LI:TAG:GOLD'), 'IEQUAL')]])).toEqual(gold); // prettier-ignore
    expect(
      total([
        [
          criterion(
            'tags',
            many((i) => `none${i}`, 'gold'),
            'END_WITH',
          ),
        ],
      ]),
    ).toEqual(gold);
    // A URN is not a number: CAST makes it 0.
    const upTo = (
      condition: FacetCriterion['condition'],
      make: (i: number) => string,
      last: string,
    ): number[] => total([[criterion('urn', many(make, last), condition)]]);
    expect(upTo('GREATER_THAN', (i) => `${i + 1}`, '7')).toEqual([0, 0]);
    expect(upTo('LESS_THAN', (i) => `${-i - 1}`, '1')).toEqual([64, 64]);
    const counted = store.index.search(
      request('*', {
        facetFields: ['_entityType', 'removed', 'urn'],
        maxFacetValues: 2,
        includeRemoved: true,
      }),
    );
    expect(counted.facets).toEqual([
      {
        field: '_entityType',
        values: [
          { value: 'DATASET', count: 60 },
          { value: 'GLOSSARY_TERM', count: 4 },
        ],
      },
      {
        field: 'removed',
        values: [
          { value: 'false', count: 64 },
          { value: 'true', count: 1 },
        ],
      },
      {
        field: 'urn',
        values: [
          { value: 'urn:li:dataHubSecret:s1', count: 1 },
          { value: datasetUrn(0), count: 1 },
        ],
      },
    ]);
    expectSameAsSql(store);
    store.close();
  });
});

describe('EntityIndex refresh', () => {
  const owned = (store: AspectStore, owner: number): unknown =>
    store.index.relationships({
      urn: `urn:li:corpuser:owner${owner}`,
      types: ['OwnedBy'],
      direction: 'INCOMING',
      start: 0,
      count: 1000,
      includeRemoved: true,
    });

  it('indexes many entities at once (rows written a statement of many at a time) as it indexes them a few at a time', () => {
    // 300 datasets make some 2,000 facet rows and 600 relationship rows in one refresh: several full statements
    // and a remainder; 20 at a time stay below one statement's worth.
    const bulk = new AspectStore(':memory:');
    writeDatasets(bulk, 0, 300);
    const few = new AspectStore(':memory:');
    for (let from = 0; from < 300; from += 20) {
      writeDatasets(few, from, from + 20);
      expect(few.index.search(request('*')).total).toBe(from + 20);
    }
    for (const search of [...REQUESTS, request('*', { maxFacetValues: 1000, facetFields: ['urn', 'tags'] })])
      expect(bulk.index.search(search)).toEqual(few.index.search(search));
    expect(bulk.index.search(request('*', { maxFacetValues: 1000, facetFields: ['urn'] })).facets[0]?.values).toHaveLength(300); // prettier-ignore
    for (let owner = 0; owner < 7; owner += 1) {
      expect(owned(bulk, owner)).toEqual(owned(few, owner));
      expect(owned(bulk, owner)).toMatchObject({ total: owner < 6 ? 43 : 42 });
    }
    // A list of relationship names longer than SQLite's 32,766 parameters.
    const names = [...Array.from({ length: 40_000 }, (_, i) => `None${i}`), 'OwnedBy'];
    expect(
      bulk.index.relationships({ urn: 'urn:li:corpuser:owner1', types: names, direction: 'INCOMING', start: 0, count: 1000, includeRemoved: true }), // prettier-ignore
    ).toEqual(owned(bulk, 1));
    expectSameAsSql(bulk);
    bulk.close();
    few.close();
  });
});
