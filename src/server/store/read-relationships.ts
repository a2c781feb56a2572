/** Reading the relationship index: an entity's related entities, one direction, a page at a time. */
import type { RelatedEntity, RelationshipsRequest } from './search-request.js';
import { listOf } from './sql-lists.js';
import type { StatementCache } from './statement-cache.js';

/** Related entities through the named relationships, in one direction, a page at a time. */
export function readRelationships(
  statements: StatementCache,
  input: RelationshipsRequest,
): { total: number; items: RelatedEntity[] } {
  if (input.types.length === 0) return { total: 0, items: [] };
  const [self, other] =
    input.direction === 'OUTGOING' ? ['source', 'destination'] : ['destination', 'source'];
  const types = listOf([...new Set(input.types)]);
  const removedFilter = input.includeRemoved
    ? ''
    : `AND NOT EXISTS (SELECT 1 FROM search_entity s WHERE s.urn = r.${other} AND s.removed = 1)`;
  const from = `FROM (SELECT DISTINCT r.name, r.${other} AS related FROM relationship r
                  WHERE r.${self} = ? AND r.name IN ${types.sql} ${removedFilter})`;
  const params = [input.urn, ...types.params];
  const total = statements
    .prepared<unknown[], { total: number }>(`SELECT COUNT(*) AS total ${from}`)
    .get(...params);
  const items = statements
    .prepared<unknown[], { name: string; related: string }>(
      `SELECT name, related ${from} ORDER BY name, related LIMIT ? OFFSET ?`,
    )
    .all(...params, input.count, input.start)
    .map((row) => ({ type: row.name, urn: row.related }));
  return { total: total?.total ?? 0, items };
}
