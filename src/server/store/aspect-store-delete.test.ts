import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../model/json.js';
import { AspectStore } from './aspect-store.js';

const ACTOR = 'urn:li:corpuser:x';
const TAG = 'urn:li:tag:pii';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';

/** Writes aspects in one transaction, noting the entities for indexing as the service does. */
function write(store: AspectStore, urn: string, aspects: Record<string, JsonObject>): void {
  store.transaction(() => {
    for (const [name, value] of Object.entries(aspects)) store.write(urn, name, value, {}, ACTOR, 1);
    store.indexAfterCommit([urn]);
  });
}

const searchAll = (store: AspectStore): string[] =>
  store.index
    .search({
      query: '*',
      entityTypes: [],
      filters: [],
      includeRemoved: true,
      start: 0,
      count: 100,
      facetFields: [],
      maxFacetValues: 0,
    })
    .hits.map((hit) => hit.urn);

const incoming = (store: AspectStore, urn: string): number =>
  store.index.relationships({
    urn,
    types: ['TaggedWith'],
    direction: 'INCOMING',
    start: 0,
    count: 10,
    includeRemoved: true,
  }).total;

describe('AspectStore hard delete', () => {
  it('finds references of entities not yet indexed, including those the open transaction wrote', () => {
    const store = new AspectStore(':memory:');
    write(store, TAG, { tagKey: { name: 'pii' } });
    // Indexed: a read flushes the queue.
    expect(searchAll(store)).toEqual([TAG]);
    write(store, DATASET, {
      datasetKey: { platform: 'p', name: 'a', origin: 'PROD' },
      globalTags: { tags: [{ tag: TAG }] },
    });
    // DATASET is only noted for indexing: the relationship table does not hold its edge yet.
    expect(store.referencesTo(TAG)).toEqual([{ source: DATASET, name: 'TaggedWith' }]);
    const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
    store.transaction(() => {
      store.write(other, 'globalTags', { tags: [{ tag: TAG }] }, {}, ACTOR, 2);
      store.indexAfterCommit([other]);
      // The edge DATASET had when indexed goes with the aspect rewritten in this transaction.
      store.write(DATASET, 'globalTags', { tags: [] }, {}, ACTOR, 2);
      store.indexAfterCommit([DATASET]);
      expect(store.referencesTo(TAG)).toEqual([{ source: other, name: 'TaggedWith' }]);
    });
    store.close();
  });

  it('removes every row of the entity, its index rows and the relationship rows pointing at it', () => {
    const store = new AspectStore(':memory:');
    write(store, TAG, { tagKey: { name: 'pii' }, tagProperties: { name: 'PII' } });
    write(store, TAG, { tagProperties: { name: 'PII 2' } });
    write(store, DATASET, {
      datasetKey: { platform: 'p', name: 'a', origin: 'PROD' },
      globalTags: { tags: [{ tag: TAG }] },
    });
    expect(searchAll(store)).toContain(TAG);
    expect(incoming(store, TAG)).toBe(1);

    // tagKey, tagProperties latest and one older version.
    expect(store.transaction(() => store.deleteUrn(TAG))).toBe(3);
    expect(store.history(TAG)).toEqual([]);
    expect(searchAll(store)).toEqual([DATASET]);
    expect(incoming(store, TAG)).toBe(0);
    // Other entities' aspects are not touched by the delete itself.
    expect(store.get(DATASET, 'globalTags')?.value).toEqual({ tags: [{ tag: TAG }] });
    store.close();
  });
});
