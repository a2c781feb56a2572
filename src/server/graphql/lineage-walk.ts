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
import { IMPACT_MAX_HOPS } from './lineage-hops.js';
import {
  edgeInWindow,
  readEdgeStamps,
  type LineageDirection,
  type LineageEdge,
  type LineageWindow,
} from './lineage-edges.js';

export type { LineageDirection, LineageEdge } from './lineage-edges.js';

/** A bound on what one walk reads; its hops are bounded by DataHub's impact-analysis maximum (lineage-hops.ts). */
export const MAX_LINEAGE_ENTITIES = 10_000;

export interface LineageWalkOptions {
  readonly includeRemoved: boolean;
  readonly window?: LineageWindow | undefined;
  /** SearchAcrossLineageResolver.getMaxHops: the highest degree the filter asks for; all of them for `3+`. */
  readonly maxHops?: number | undefined;
  /**
   * lineageFlags.ignoreAsHops: the entities that are no hop of their own (GraphQueryBaseDAO.processOneHopLineage
   * at v1.7.0): what lies beyond one is reached in the same hop as it.
   */
  readonly ignoreAsHop?: ((urn: string) => boolean) | undefined;
  /**
   * lineageFlags.entitiesExploredPerHopLimit: from each entity of a hop, no more than this many of its neighbours
   * (GraphQueryUtils.extractRelationshipsFromSearchResponses at v1.7.0, which counts a neighbour already reached
   * too, and not one of the same hop).
   */
  readonly perHopLimit?: number | undefined;
}

/** An entity the walk reached: at its least number of hops from the origin, by one shortest path. */
export interface Reached {
  readonly urn: string;
  readonly degree: number;
  /** From the origin to the entity, both included. */
  readonly path: readonly string[];
  readonly ignoredAsHop: boolean;
  /** The entity it was reached from had as many neighbours as the per-hop limit, or more (`truncatedChildren`). */
  readonly truncatedChildren: boolean;
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

/**
 * The neighbours of `from` this hop takes, each once: all of them, or with a per-hop limit the first that many of
 * those not in the hop's own level, and whether the limit cut or met them (the group query marks the relationships
 * of an entity whose discovered count reached the limit as truncated).
 */
function neighboursOf(
  service: CatalogService,
  from: string,
  level: ReadonlySet<string>,
  direction: LineageDirection,
  options: LineageWalkOptions,
): { urns: string[]; truncated: boolean } {
  const urns = [...new Set(lineageEdges(service, from, direction, options).map((edge) => edge.urn))];
  const limit = options.perHopLimit;
  if (limit === undefined || limit <= 0) return { urns, truncated: false };
  const fresh = urns.filter((urn) => !level.has(urn));
  return { urns: fresh.slice(0, limit), truncated: fresh.length >= limit };
}

/**
 * Breadth-first, so each entity is reported at its least degree, once for each path it is reached by in that hop
 * (DataHub merges the paths of an entity met again in the same hop); nearest first. An entity ignored as a hop has
 * what lies beyond it walked in the same hop.
 */
export function walkLineage(
  service: CatalogService,
  origin: string,
  direction: LineageDirection,
  options: LineageWalkOptions,
): Reached[] {
  const maxHops = Math.min(options.maxHops ?? IMPACT_MAX_HOPS, IMPACT_MAX_HOPS);
  const seen = new Set([origin]);
  const reached: Reached[] = [];
  let frontier: Reached[] = [
    { urn: origin, degree: 0, path: [origin], ignoredAsHop: false, truncatedChildren: false },
  ];
  for (let hop = 1; frontier.length > 0 && hop <= maxHops && reached.length < MAX_LINEAGE_ENTITIES; hop++) {
    const level = new Map<string, Reached>();
    const next: Reached[] = [];
    let expanding = frontier;
    while (expanding.length > 0 && next.length < MAX_LINEAGE_ENTITIES) {
      const beyond: Reached[] = [];
      const expandingUrns = new Set(expanding.map((from) => from.urn));
      for (const from of expanding) {
        const { urns, truncated } = neighboursOf(service, from.urn, expandingUrns, direction, options);
        for (const urn of urns) {
          const first = !seen.has(urn);
          if ((!first && !level.has(urn)) || from.path.includes(urn)) continue;
          seen.add(urn);
          const item = { urn, degree: hop, path: [...from.path, urn], ignoredAsHop: options.ignoreAsHop?.(urn) === true, truncatedChildren: truncated }; // prettier-ignore
          next.push(item);
          if (!first) continue;
          level.set(urn, item);
          if (item.ignoredAsHop) beyond.push(item);
        }
      }
      expanding = beyond;
    }
    reached.push(...next);
    frontier = [...level.values()];
  }
  return reached.slice(0, MAX_LINEAGE_ENTITIES);
}
