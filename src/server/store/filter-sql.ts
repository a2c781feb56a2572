/**
 * A search request as SQL (pure): the FROM/WHERE part that hit listing, counting and facet counting share, and
 * the full-text query of its words. The text and the parameters it binds are all it makes; nothing here runs.
 */
import { ROW_FIELDS, type RowField } from './row-fields.js';
import type { FacetCriterion, SearchRequest } from './search-request.js';
import { anyOf, listOf, type SqlPart } from './sql-lists.js';

/** The FROM/WHERE part of a search, its parameters, and whether it joins the full-text index. */
export interface MatchedClause {
  readonly from: string;
  readonly params: readonly unknown[];
  readonly fullText: boolean;
}

/** Words of a query as FTS5 sees them: runs of letters and digits (the tokenizer splits on the rest). */
export function queryTokens(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/** `*` or an empty query lists everything; otherwise every word must match, as a prefix. */
export function fullTextQuery(query: string): string | undefined {
  const tokens = queryTokens(query);
  return tokens.length === 0 ? undefined : tokens.map((token) => `"${token}"*`).join(' ');
}

/** The FROM/WHERE part shared by hit listing, counting and facet counting. */
export function matchedClause(
  request: SearchRequest,
  ftsQuery: string | undefined = fullTextQuery(request.query),
): MatchedClause {
  const where: string[] = [];
  const params: unknown[] = [];
  let from = 'FROM search_entity e';
  if (ftsQuery !== undefined) {
    from = 'FROM search_text JOIN search_entity e ON e.id = search_text.rowid';
    where.push('search_text MATCH ?');
    params.push(ftsQuery);
  }
  if (request.entityTypes.length > 0) {
    const types = listOf([...new Set(request.entityTypes)]);
    where.push(`e.entity_type IN ${types.sql}`);
    params.push(...types.params);
  }
  const mentionsRemoved = request.filters.some((group) => group.some((item) => item.field === 'removed'));
  if (!request.includeRemoved && !mentionsRemoved) where.push('e.removed = 0');
  const groups = request.filters
    .map((group) => group.flatMap((criterion) => criterionSql(criterion)))
    .filter((group) => group.length > 0);
  if (groups.length > 0) {
    where.push(`(${groups.map((group) => `(${group.map((item) => item.sql).join(' AND ')})`).join(' OR ')})`);
    for (const group of groups) for (const item of group) params.push(...item.params);
  }
  return {
    from: `${from}${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`}`,
    params,
    fullText: ftsQuery !== undefined,
  };
}

/**
 * Text fields filtered on the search row's own column. `description`: DataHub filters it with its edited
 * counterpart (ESUtils.FIELDS_TO_EXPANDED_FIELDS_LIST at v1.7.0: description, editedDescription), CONTAIN as a
 * case-insensitive wildcard (LIKE is, for ASCII); the row holds the description shown, the edited one when there
 * is one.
 */
const TEXT_COLUMNS: ReadonlyMap<string, string> = new Map([['description', 'e.description']]);

/** A criterion as a test of a matched entity `e`; none when it has no values to test (but EXISTS). */
export function criterionSql(criterion: FacetCriterion): SqlPart[] {
  if (criterion.condition !== 'EXISTS' && criterion.values.length === 0) return [];
  const rowField = ROW_FIELDS.get(criterion.field);
  if (rowField !== undefined) {
    const test = rowFieldTest(criterion, rowField);
    return [{ sql: criterion.negated ? `NOT ${test.sql}` : test.sql, params: test.params }];
  }
  const column = TEXT_COLUMNS.get(criterion.field);
  if (column !== undefined) {
    const test = valueTest(criterion, column) ?? { sql: `${column} <> ''`, params: [] };
    return [{ sql: criterion.negated ? `NOT (${test.sql})` : test.sql, params: test.params }];
  }
  const test = valueTest(criterion, 'f.value');
  // The ids having the value, listed once (SQLite probes the list through a bloom filter), rather than an EXISTS
  // probe of the facet rows for every matched entity: half the time when a common word matches 80,000 entities.
  const having = `e.id IN (SELECT f.id FROM search_facet f WHERE f.facet = ?${test === undefined ? '' : ` AND ${test.sql}`})`;
  return [
    {
      sql: criterion.negated ? `NOT ${having}` : having,
      params: [criterion.field, ...(test?.params ?? [])],
    },
  ];
}

/** A criterion on a field of the search row (see row-fields.ts): every entity has one value of it. */
function rowFieldTest(criterion: FacetCriterion, field: RowField): SqlPart {
  if (criterion.condition === 'EQUAL' || criterion.condition === 'IN') {
    const stored = criterion.values.map(field.stored);
    if (stored.every((values) => values !== undefined)) {
      const values = stored.flat();
      if (values.length === 0) return { sql: '0', params: [] };
      const list = listOf(values);
      return { sql: `${field.column} IN ${list.sql}`, params: list.params };
    }
  }
  return valueTest(criterion, field.valueSql) ?? { sql: '1', params: [] };
}

/** The SQL test of a criterion on the value `value` (SQL); none for EXISTS, which any value passes. */
function valueTest(criterion: FacetCriterion, value: string): SqlPart | undefined {
  const values = criterion.values;
  switch (criterion.condition) {
    case 'EXISTS':
      return undefined;
    case 'IEQUAL': {
      const list = listOf(values, (item) => `lower(${item})`);
      return { sql: `lower(${value}) IN ${list.sql}`, params: list.params };
    }
    case 'CONTAIN':
    case 'START_WITH':
    case 'END_WITH': {
      const pattern = (text: string): string => {
        const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
        if (criterion.condition === 'CONTAIN') return `%${escaped}%`;
        return criterion.condition === 'START_WITH' ? `${escaped}%` : `%${escaped}`;
      };
      return anyOf(values.map(pattern), (item) => `${value} LIKE ${item} ESCAPE '\\'`);
    }
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL_TO':
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL_TO': {
      const operator = {
        GREATER_THAN: '>',
        GREATER_THAN_OR_EQUAL_TO: '>=',
        LESS_THAN: '<',
        LESS_THAN_OR_EQUAL_TO: '<=',
      }[criterion.condition];
      // Not a number compares with nothing (bound as NULL; in JSON, NaN becomes null).
      return anyOf(values.map(Number), (item) => `CAST(${value} AS REAL) ${operator} ${item}`);
    }
    case 'EQUAL':
    case 'IN': {
      const list = listOf(values);
      return { sql: `${value} IN ${list.sql}`, params: list.params };
    }
  }
}
