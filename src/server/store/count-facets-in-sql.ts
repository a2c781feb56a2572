/**
 * Facet counts of a search by SQLite alone: what a search inside a transaction answers, where rows may yet be
 * rolled back and the facet mirror is not used (see SearchMemory).
 */
import type { MatchedClause } from './filter-sql.js';
import { ROW_FIELDS } from './row-fields.js';
import type { FacetCount, SearchRequest } from './search-request.js';
import { listOf } from './sql-lists.js';
import type { StatementCache } from './statement-cache.js';

interface CountedRow {
  readonly facet: string;
  readonly value: string;
  readonly count: number;
}

/** The counts of every facet field asked for, over the matched entities. */
export function countFacetsInSql(
  statements: StatementCache,
  request: SearchRequest,
  matched: MatchedClause,
): FacetCount[] {
  if (request.facetFields.length === 0) return [];
  const facetRowFields = listOf([...new Set(request.facetFields.filter((field) => !ROW_FIELDS.has(field)))]);
  const rows =
    facetRowFields.params.length === 0
      ? []
      : statements
          .prepared<unknown[], CountedRow>(
            `SELECT f.facet, f.value, COUNT(*) AS count FROM search_facet f
               WHERE f.facet IN ${facetRowFields.sql} AND f.id IN (SELECT e.id ${matched.from})
               GROUP BY f.facet, f.value`,
          )
          .all(...facetRowFields.params, ...matched.params);
  for (const field of new Set(request.facetFields)) {
    const rowField = ROW_FIELDS.get(field);
    if (rowField === undefined) continue;
    const counted = statements
      .prepared<unknown[], { value: string; count: number }>(
        `SELECT ${rowField.valueSql} AS value, COUNT(*) AS count ${matched.from} GROUP BY value`,
      )
      .all(...matched.params);
    for (const row of counted) rows.push({ facet: field, ...row });
  }
  return request.facetFields.map((field) => ({
    field,
    values: rows
      .filter((row) => row.facet === field)
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, request.maxFacetValues)
      .map((row) => ({ value: row.value, count: row.count })),
  }));
}
