/**
 * Walking lineage over the catalog's relationship index. Lineage edges are the relationships DataHub's registry
 * marks `isLineage` (src/datahub/lineage-relationships.ts), each with the end that is downstream.
 */
import {
  LINEAGE_DESTINATION_IS_DOWNSTREAM,
  LINEAGE_SOURCE_IS_DOWNSTREAM,
} from '../../datahub/lineage-relationships.js';
import type { CatalogService } from '../catalog-service.js';

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

/** DataHub's default maximum number of hops (lineageFlags without one), and a bound on what one walk reads. */
const MAX_HOPS = 1000;
export const MAX_LINEAGE_ENTITIES = 10_000;

/** An entity the walk reached: at its least number of hops from the origin, by one shortest path. */
export interface Reached {
  readonly urn: string;
  readonly degree: number;
  /** From the origin to the entity, both included. */
  readonly path: readonly string[];
}

/** The entities one lineage hop from `urn`, with the relationship that links them. */
export function lineageNeighbours(
  service: CatalogService,
  urn: string,
  direction: LineageDirection,
  includeRemoved: boolean,
): { type: string; urn: string }[] {
  const related = (types: readonly string[], way: 'INCOMING' | 'OUTGOING') =>
    service.relationships({
      urn,
      types,
      direction: way,
      start: 0,
      count: MAX_LINEAGE_ENTITIES,
      includeRemoved,
    }).items;
  return direction === 'DOWNSTREAM'
    ? [
        ...related(LINEAGE_SOURCE_IS_DOWNSTREAM, 'INCOMING'),
        ...related(LINEAGE_DESTINATION_IS_DOWNSTREAM, 'OUTGOING'),
      ]
    : [
        ...related(LINEAGE_SOURCE_IS_DOWNSTREAM, 'OUTGOING'),
        ...related(LINEAGE_DESTINATION_IS_DOWNSTREAM, 'INCOMING'),
      ];
}

/** Breadth-first, so each entity is reported at its least degree with one shortest path; nearest first. */
export function walkLineage(
  service: CatalogService,
  origin: string,
  direction: LineageDirection,
  includeRemoved: boolean,
): Reached[] {
  const seen = new Set([origin]);
  const reached: Reached[] = [];
  let frontier: Reached[] = [{ urn: origin, degree: 0, path: [origin] }];
  for (let hop = 1; frontier.length > 0 && hop <= MAX_HOPS && reached.length < MAX_LINEAGE_ENTITIES; hop++) {
    const next: Reached[] = [];
    for (const from of frontier) {
      for (const { urn } of lineageNeighbours(service, from.urn, direction, includeRemoved)) {
        if (seen.has(urn)) continue;
        seen.add(urn);
        next.push({ urn, degree: hop, path: [...from.path, urn] });
      }
    }
    reached.push(...next);
    frontier = next;
  }
  return reached.slice(0, MAX_LINEAGE_ENTITIES);
}
