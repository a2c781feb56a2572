/**
 * One hop of an entity's lineage with its siblings' lineage merged in, as DataHub v1.7.0's SiblingGraphService
 * (metadata-io .../graph/SiblingGraphService.java) answers Entity.lineage unless `separateSiblings` is true: a dbt
 * model and the warehouse table it builds show one lineage. For an entity with siblings:
 *
 * 1. its own edges, less those to its siblings (an edge to itself stays);
 * 2. each sibling's lineage (merged with its own siblings in turn, each entity visited once), less the edges to
 *    the group and to entities already listed, put before the edges gathered so far;
 * 3. after each merge, an entity that is not the primary of its own siblings is left out when one of its siblings
 *    is listed too (the primary stands for both).
 *
 * `total` is the sum of the unfiltered totals and `filtered` counts the edges left out, as DataHub counts them.
 * DataHub pages each sibling's edges as it goes; the catalog merges the whole lists, and the caller pages the
 * result (the same answer for the app's first page of 100).
 */
import type { CatalogService } from '../catalog-service.js';
import type { LineageEdge } from './lineage-edges.js';

export interface MergedLineage {
  readonly edges: readonly LineageEdge[];
  readonly total: number;
  readonly filtered: number;
}

/** The lineage edges of one entity, in the direction and window asked for. */
export type EdgesOf = (urn: string) => readonly LineageEdge[];

/** An entity's own lineage alone (`separateSiblings`). */
export function separateLineage(edges: readonly LineageEdge[]): MergedLineage {
  return { edges, total: edges.length, filtered: 0 };
}

/** An entity's lineage with its siblings' merged in (SiblingGraphService.getLineage, one hop). */
export function siblingMergedLineage(
  service: CatalogService,
  urn: string,
  edgesOf: EdgesOf,
  visited: Set<string> = new Set(),
): MergedLineage {
  let lineage = separateLineage(edgesOf(urn));
  const siblings = siblingsOf(service, urn)?.siblings ?? [];
  if (siblings.length === 0) return lineage;
  const group = new Set([...siblings, urn]);
  lineage = withoutSiblings(service, urn, group, lineage, undefined);
  visited.add(urn);
  for (const sibling of siblings) {
    if (visited.has(sibling)) continue;
    const next = siblingMergedLineage(service, sibling, edgesOf, visited);
    lineage = withoutSiblings(service, sibling, group, next, lineage);
  }
  return lineage;
}

/** SiblingGraphService.filterLineageResultFromSiblings: `lineage` of `urn` merged into `existing`. */
function withoutSiblings(
  service: CatalogService,
  urn: string,
  group: ReadonlySet<string>,
  lineage: MergedLineage,
  existing: MergedLineage | undefined,
): MergedLineage {
  const notSiblings = lineage.edges.filter((edge) => !group.has(edge.urn) || edge.urn === urn);
  const listed = new Set((existing?.edges ?? []).map((edge) => edge.urn));
  const unique = notSiblings.filter((edge) => !listed.has(edge.urn));
  const combined = [...unique, ...(existing?.edges ?? [])];
  const combinedUrns = new Set(combined.map((edge) => edge.urn));
  const kept = combined.filter((edge) => {
    const aspect = siblingsOf(service, edge.urn);
    if (aspect === undefined || aspect.primary) return true;
    return !aspect.siblings.some((sibling) => combinedUrns.has(sibling));
  });
  const numFiltered = lineage.edges.length - unique.length + (combined.length - kept.length);
  return {
    edges: kept,
    total: lineage.total + (existing?.total ?? 0),
    filtered: numFiltered + (existing?.filtered ?? 0) + lineage.filtered,
  };
}

function siblingsOf(
  service: CatalogService,
  urn: string,
): { readonly siblings: readonly string[]; readonly primary: boolean } | undefined {
  const aspect = service.latest(urn, 'siblings');
  if (aspect === undefined) return undefined;
  const listed = aspect['siblings'];
  return {
    siblings: Array.isArray(listed) ? listed.filter((item): item is string => typeof item === 'string') : [],
    primary: aspect['primary'] === true,
  };
}
