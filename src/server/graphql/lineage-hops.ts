/**
 * How far DataHub's lineage search walks and which entities it reports as explored (LineageSearchService and
 * GraphQueryBaseDAO at v1.7.0). A search with `ignoreAsHops` or `entitiesExploredPerHopLimit` is the lineage
 * graph's (isLineageVisualization): it walks no further than `lineageMaxHops` (20, application.yaml); any other is
 * an impact analysis, bounded by `impact.maxHops` (1000). Within the walk, an entity whose own neighbours were
 * walked is `explored`: getLineage marks the entities it hands to the next hop while hops remain, getImpactLineage
 * those of each level it walks from; either way, every entity reached at fewer hops than the bound.
 */

/** elasticsearch.search.graph.lineageMaxHops (the lineage graph). */
export const VISUALIZATION_MAX_HOPS = 20;
/** elasticsearch.search.graph.impact.maxHops (impact analysis and every other lineage search). */
export const IMPACT_MAX_HOPS = 1000;

export interface HopFlags {
  readonly ignoreAsHops?: readonly unknown[] | null;
  readonly entitiesExploredPerHopLimit?: number | null;
}

/** LineageSearchService.isLineageVisualization. */
export function isLineageVisualization(flags: HopFlags | null | undefined): boolean {
  const limit = flags?.entitiesExploredPerHopLimit;
  const ignored = flags?.ignoreAsHops;
  return (limit !== undefined && limit !== null && limit > 0) || (ignored !== undefined && ignored !== null && ignored.length > 0); // prettier-ignore
}

/**
 * LineageSearchService.applyMaxHopsLimit: the hops the degree filter asks for (SearchUtils.getMaxHops; none for
 * `3+`), never more than the bound of the search's kind.
 */
export function boundedMaxHops(requested: number | undefined, flags: HopFlags | null | undefined): number {
  const bound = isLineageVisualization(flags) ? VISUALIZATION_MAX_HOPS : IMPACT_MAX_HOPS;
  return requested === undefined ? bound : Math.min(bound, requested);
}

/** Whether an entity reached at `degree` hops had its own neighbours walked (`explored`). */
export function isExplored(degree: number, maxHops: number): boolean {
  return degree < maxHops;
}
