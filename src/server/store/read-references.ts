import type Database from 'better-sqlite3';
import { compareText } from '../../model/compare-text.js';
import { extractRelationships } from '../search/extract-relationships.js';
import type { AspectStatements } from './aspect-statements.js';
import { latestAspectMap } from './latest-aspect-maps.js';

/** An entity pointing at another, and the name of the relationship it points through. */
export interface Reference {
  readonly source: string;
  readonly name: string;
}

/**
 * The entities whose latest aspects point at `urn`, with the relationship's name, sorted: what GMS's graph
 * index answers for a node's incoming edges. Entities still waiting to be indexed (noted by an earlier commit, or
 * `written` by the open transaction) are read from their aspects, so that the answer is right inside a
 * transaction that wrote them.
 */
export function readReferencesTo(
  db: Database.Database,
  statements: AspectStatements,
  urn: string,
  written: Iterable<string>,
): Reference[] {
  // Rows of an entity noted for indexing (by an earlier commit, or by the open transaction) may be older than
  // its aspects: such entities are read from their aspects instead.
  const unindexed = new Set(statements.pending.all().map((row) => row.urn));
  for (const source of written) unindexed.add(source);
  const found = new Map<string, Reference>();
  for (const row of statements.incoming.all(urn)) {
    if (!unindexed.has(row.source)) found.set(`${row.source}\u0000${row.name}`, row);
  }
  for (const source of unindexed) {
    for (const relationship of extractRelationships(latestAspectMap(db, source))) {
      if (relationship.destination !== urn) continue;
      found.set(`${source}\u0000${relationship.name}`, { source, name: relationship.name });
    }
  }
  return [...found.values()].sort((a, b) => compareText(a.source, b.source) || compareText(a.name, b.name));
}
