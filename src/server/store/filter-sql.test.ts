import { describe, expect, it } from 'vitest';
import { criterionSql, fullTextQuery, matchedClause, queryTokens } from './filter-sql.js';
import type { FacetCriterion, SearchRequest } from './search-request.js';

const request = (extra: Partial<SearchRequest> = {}): SearchRequest => ({
  query: '*',
  entityTypes: [],
  filters: [],
  includeRemoved: false,
  start: 0,
  count: 10,
  facetFields: [],
  maxFacetValues: 10,
  ...extra,
});

const criterion = (
  field: string,
  values: readonly string[],
  condition: FacetCriterion['condition'] = 'EQUAL',
  negated = false,
): FacetCriterion => ({ field, values, condition, negated });

describe('queryTokens and fullTextQuery', () => {
  it('reads runs of letters and digits, lower-cased, at most 32', () => {
    expect(queryTokens('Customer-Orders 2024!')).toEqual(['customer', 'orders', '2024']);
    expect(queryTokens('Ünïcode naïve')).toEqual(['ünïcode', 'naïve']);
    expect(queryTokens(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(32);
  });

  it('makes every word a prefix that must match; `*` and an empty query list everything', () => {
    expect(fullTextQuery('customer ord')).toBe('"customer"* "ord"*');
    expect(fullTextQuery('*')).toBeUndefined();
    expect(fullTextQuery('  ')).toBeUndefined();
  });
});

describe('matchedClause', () => {
  it('reads search_entity alone for `*`, soft-deleted entities left out', () => {
    expect(matchedClause(request())).toEqual({
      from: 'FROM search_entity e WHERE e.removed = 0',
      params: [],
      fullText: false,
    });
    expect(matchedClause(request({ includeRemoved: true }))).toEqual({
      from: 'FROM search_entity e',
      params: [],
      fullText: false,
    });
  });

  it('joins the full-text index for words, and lists each type once', () => {
    expect(
      matchedClause(request({ query: 'orders', entityTypes: ['dataset', 'mlModel', 'dataset'] })),
    ).toEqual({
      from:
        'FROM search_text JOIN search_entity e ON e.id = search_text.rowid' +
        ' WHERE search_text MATCH ? AND e.entity_type IN (?, ?) AND e.removed = 0',
      params: ['"orders"*', 'dataset', 'mlModel'],
      fullText: true,
    });
  });

  it('takes the full-text query it is given (autocompletion on names)', () => {
    const clause = matchedClause(request({ query: 'ord' }), 'name : ("ord"*)');
    expect(clause.params).toEqual(['name : ("ord"*)']);
    expect(clause.fullText).toBe(true);
  });

  it('ORs groups of ANDed criteria, skips criteria without values, and keeps removed ones when filtered on', () => {
    const clause = matchedClause(
      request({
        filters: [
          [criterion('tags', ['urn:li:tag:a']), criterion('owners', [])],
          [criterion('removed', ['true'])],
          [criterion('platform', [])],
        ],
      }),
    );
    expect(clause.from).toBe(
      'FROM search_entity e WHERE ((e.id IN (SELECT f.id FROM search_facet f WHERE f.facet = ? AND f.value IN (?)))' +
        ' OR (e.removed IN (?)))',
    );
    expect(clause.params).toEqual(['tags', 'urn:li:tag:a', 1]);
  });
});

describe('criterionSql', () => {
  it('tests facet rows by the ids having the value, negated with NOT', () => {
    expect(criterionSql(criterion('tags', ['a', 'b'], 'IN', true))).toEqual([
      {
        sql: 'NOT e.id IN (SELECT f.id FROM search_facet f WHERE f.facet = ? AND f.value IN (?, ?))',
        params: ['tags', 'a', 'b'],
      },
    ]);
    expect(criterionSql(criterion('tags', [], 'EXISTS'))).toEqual([
      { sql: 'e.id IN (SELECT f.id FROM search_facet f WHERE f.facet = ?)', params: ['tags'] },
    ]);
  });

  it('escapes LIKE patterns and compares numbers as REAL', () => {
    expect(criterionSql(criterion('name', ['50%_a\\'], 'START_WITH'))).toEqual([
      {
        sql: "e.id IN (SELECT f.id FROM search_facet f WHERE f.facet = ? AND (f.value LIKE ? ESCAPE '\\'))",
        params: ['name', '50\\%\\_a\\\\%'],
      },
    ]);
    expect(criterionSql(criterion('n', ['2', 'x'], 'GREATER_THAN_OR_EQUAL_TO'))[0]).toEqual({
      sql: 'e.id IN (SELECT f.id FROM search_facet f WHERE f.facet = ? AND (CAST(f.value AS REAL) >= ? OR CAST(f.value AS REAL) >= ?))',
      params: ['n', 2, Number.NaN],
    });
    expect(criterionSql(criterion('tags', ['Gold'], 'IEQUAL'))[0]?.sql).toContain(
      'lower(f.value) IN (lower(?))',
    );
  });

  it('compares the indexed column of a row field when its values can be listed', () => {
    expect(criterionSql(criterion('removed', ['true', 'maybe']))).toEqual([
      { sql: 'e.removed IN (?)', params: [1] },
    ]);
    expect(criterionSql(criterion('removed', ['maybe']))).toEqual([{ sql: '0', params: [] }]);
    expect(criterionSql(criterion('_entityType', ['DATASET']))).toEqual([
      { sql: 'e.entity_type IN (?)', params: ['dataset'] },
    ]);
    expect(criterionSql(criterion('urn', [], 'EXISTS', true))).toEqual([{ sql: 'NOT 1', params: [] }]);
    // OTHER is the type of every name without one of its own: the value itself is compared.
    expect(criterionSql(criterion('_entityType', ['OTHER']))[0]?.sql).toMatch(
      /^CASE e\.entity_type .* IN \(\?\)$/,
    );
  });

  it("filters a description on the search row's description, CONTAIN as LIKE", () => {
    expect(criterionSql(criterion('description', ['users_deleted'], 'CONTAIN'))).toEqual([
      { sql: "(e.description LIKE ? ESCAPE '\\')", params: ['%users\\_deleted%'] },
    ]);
    expect(criterionSql(criterion('description', [], 'EXISTS', true))).toEqual([
      { sql: "NOT (e.description <> '')", params: [] },
    ]);
  });
});
