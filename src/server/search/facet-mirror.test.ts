import { describe, expect, it } from 'vitest';
import { FacetMirror, parseIds, topValues } from './facet-mirror.js';

describe('topValues', () => {
  it('keeps the most frequent values, ties by value, and leaves out values nothing matched', () => {
    const values = ['d', 'b', 'a', 'c', 'e'];
    expect(topValues(values, Uint32Array.from([1, 3, 1, 3, 0]), 3)).toEqual([
      { value: 'b', count: 3 },
      { value: 'c', count: 3 },
      { value: 'a', count: 1 },
    ]);
    expect(topValues(values, Uint32Array.from([1, 3, 1, 3, 0]), 10)).toHaveLength(4);
    expect(topValues(values, Uint32Array.from([1, 3, 1, 3, 0]), 0)).toEqual([]);
    expect(topValues(values, new Uint32Array(5), 3)).toEqual([]);
  });
});

describe('FacetMirror', () => {
  it('counts single and multi-valued fields, and reads an entity again after it changed', () => {
    const rows = new Map<number, { field: string; value: string }[]>([
      [1, [{ field: 'tags', value: 'pii' }, { field: 'tags', value: 'gold' }, { field: 'platform', value: 'hive' }]],
      [2, [{ field: 'tags', value: 'pii' }, { field: 'platform', value: 'kafka' }]],
      [3, [{ field: 'platform', value: 'hive' }]],
    ]); // prettier-ignore
    const readField = (field: string) => {
      const ids = new Map<string, number[]>();
      for (const [id, facets] of rows)
        for (const facet of facets)
          if (facet.field === field) ids.set(facet.value, [...(ids.get(facet.value) ?? []), id]);
      return [...ids].map(([value, list]) => ({ value, ids: list }));
    };
    const mirror = new FacetMirror(readField, (id) => rows.get(id) ?? []);
    expect(mirror.count('tags', [1, 2, 3], 10)).toEqual([
      { value: 'pii', count: 2 },
      { value: 'gold', count: 1 },
    ]);
    expect(mirror.count('platform', [2, 3], 10)).toEqual([
      { value: 'hive', count: 1 },
      { value: 'kafka', count: 1 },
    ]);
    expect(mirror.count('owners', [1, 2, 3], 10)).toEqual([]);

    rows.set(3, [{ field: 'tags', value: 'new' }]);
    rows.delete(1);
    rows.set(4, [{ field: 'platform', value: 'kafka' }]);
    mirror.update([1, 3, 4]);
    expect(mirror.count('tags', [1, 2, 3, 4], 10)).toEqual([
      { value: 'new', count: 1 },
      { value: 'pii', count: 1 },
    ]);
    expect(mirror.count('platform', [1, 2, 3, 4], 10)).toEqual([{ value: 'kafka', count: 2 }]);
  });
});

describe('parseIds', () => {
  it('reads the ids group_concat joined', () => {
    expect(parseIds('3,10,250001')).toEqual([3, 10, 250001]);
    expect(parseIds('7')).toEqual([7]);
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('')).toEqual([]);
  });
});
