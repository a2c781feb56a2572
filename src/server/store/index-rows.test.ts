import { describe, expect, it } from 'vitest';
import { compareFacetRows, compareRelationshipRows, normalizeName, valuesList } from './index-rows.js';

describe('index rows', () => {
  it('writes the VALUES of a statement of many rows', () => {
    expect(valuesList(3, 2)).toBe('(?, ?, ?), (?, ?, ?)');
  });

  it('keys names lower-cased and trimmed', () => {
    expect(normalizeName('  Customer Orders ')).toBe('customer orders');
  });

  it('sorts facet rows by facet, value and id, and relationship rows by every column', () => {
    const facets = [
      { facet: 'tags', value: 'b', id: 1 },
      { facet: 'tags', value: 'a', id: 2 },
      { facet: 'owners', value: 'z', id: 3 },
      { facet: 'tags', value: 'a', id: 1 },
    ];
    expect(facets.sort(compareFacetRows).map((row) => `${row.facet} ${row.value} ${row.id}`)).toEqual([
      'owners z 3',
      'tags a 1',
      'tags a 2',
      'tags b 1',
    ]);
    const row = (source: string, name: string, destination: string, aspect: string) => ({ source, name, destination, aspect }); // prettier-ignore
    const relationships = [
      row('b', 'x', 'y', 'z'),
      row('a', 'y', 'a', 'a'),
      row('a', 'x', 'b', 'a'),
      row('a', 'x', 'b', '0'),
    ];
    expect(relationships.sort(compareRelationshipRows)).toEqual([
      row('a', 'x', 'b', '0'),
      row('a', 'x', 'b', 'a'),
      row('a', 'y', 'a', 'a'),
      row('b', 'x', 'y', 'z'),
    ]);
  });
});
