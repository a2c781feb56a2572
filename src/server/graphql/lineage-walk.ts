/**
 * Walking lineage over the catalog's relationship index. Lineage edges are the relationships DataHub's registry
 * marks `isLineage` (src/datahub/lineage-relationships.ts), each with the end that is downstream; a column's lineage
 * is its fine-grained lineage (lineage-columns.ts). With a time window, an edge counts only when
 * GraphFilterUtils.getEdgeTimeFilterQuery would keep it (lineage-edges.ts).
 */
import {
  LINEAGE_DESTINATION_IS_DOWNSTREAM,
  LINEAGE_ONLY_FROM,
  LINEAGE_SOURCE_IS_DOWNSTREAM,
} from '../../datahub/lineage-relationships.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { columnNeighbours } from './lineage-columns.js';
import {
  edgeInWindow,
  readEdgeStamps,
  type LineageDirection,
  type LineageEdge,
  type LineageWindow,
} from './lineage-edges.js';

export type { LineageDirection, LineageEdge } from './lineage-edges.js';

/** DataHub's default maximum number of hops (lineageFlags without one), and a bound on what one walk reads. */
const MAX_HOPS = 1000;
export const MAX_LINEAGE_ENTITIES = 10_000;

export interface LineageWalkOptions {
  readonly includeRemoved: boolean;
  readonly window?: LineageWindow | undefined;
  /** SearchAcrossLineageResolver.getMaxHops: the highest degree the filter asks for; all of them for `3+`. */
  readonly maxHops?: number | undefined;
}

/** An entity the walk reached: at its least number of hops from the origin, by one shortest path. */
export interface Reached {
  readonly urn: string;
  readonly degree: number;
  /** From the origin to the entity, both included. */
  readonly path: readonly string[];
}

function entityTypeOf(urn: string): string {
  const raw = parseRawUrn(urn);
  return raw.ok ? raw.value.entityType : '';
}

/**
 * The entities one lineage hop from `urn`, with the relationship that links them and its stamps. A dataset's
 * `DownstreamOf` to a column (UpstreamLineage.fineGrainedLineages) and a job's `Consumes`/`Produces` of columns
 * (DataJobInputOutput.inputDatasetFields) are not lineage (their @Relationship has no `isLineage`), so an entity's
 * lineage never reaches a column.
 */
export function lineageEdges(
  service: CatalogService,
  urn: string,
  direction: LineageDirection,
  options: LineageWalkOptions,
): LineageEdge[] {
  if (entityTypeOf(urn) === 'schemaField') {
    return columnNeighbours(service, urn, direction).filter((edge) => edgeInWindow(edge, options.window));
  }
  const related = (types: readonly string[], way: 'INCOMING' | 'OUTGOING'): LineageEdge[] =>
    service
      .relationships({
        urn,
        types,
        direction: way,
        start: 0,
        count: MAX_LINEAGE_ENTITIES,
        includeRemoved: options.includeRemoved,
      })
      .items.filter((item) => entityTypeOf(item.urn) !== 'schemaField')
      .flatMap((item) => {
        const [source, destination] = way === 'OUTGOING' ? [urn, item.urn] : [item.urn, urn];
        const from = LINEAGE_ONLY_FROM[item.type];
        if (from !== undefined && !from.includes(entityTypeOf(source))) return [];
        return [
          { type: item.type, urn: item.urn, ...readEdgeStamps(service, source, item.type, destination) },
        ];
      })
      .filter((edge) => edgeInWindow(edge, options.window));
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
  options: LineageWalkOptions,
): Reached[] {
  const maxHops = Math.min(options.maxHops ?? MAX_HOPS, MAX_HOPS);
  const seen = new Set([origin]);
  const reached: Reached[] = [];
  let frontier: Reached[] = [{ urn: origin, degree: 0, path: [origin] }];
  for (let hop = 1; frontier.length > 0 && hop <= maxHops && reached.length < MAX_LINEAGE_ENTITIES; hop++) {
    const next: Reached[] = [];
    for (const from of frontier) {
      for (const { urn } of lineageEdges(service, from.urn, direction, options)) {
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
