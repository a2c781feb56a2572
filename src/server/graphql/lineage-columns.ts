/**
 * A column's lineage: the fine-grained lineage of UpstreamLineage and DataJobInputOutput. DataHub's graph index
 * holds one `DownstreamOf` edge from each downstream column of a FineGrainedLineage to each of its upstream columns
 * (GraphIndexUtils.updateFineGrainedEdgesAndRelationships at v1.7.0), with no times, so no time window hides them.
 */
import type { JsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import type { LineageDirection, LineageEdge } from './lineage-edges.js';

const NO_STAMPS = {
  createdOn: null,
  createdActor: null,
  updatedOn: null,
  updatedActor: null,
  isManual: false,
};

/** The entity a column belongs to (the first part of its URN), undefined when `urn` is not a column's. */
export function parentOfColumn(urn: string): string | undefined {
  const raw = parseRawUrn(urn);
  return raw.ok && raw.value.entityType === 'schemaField' ? raw.value.parts[0] : undefined;
}

function fineGrainedLineages(
  value: JsonObject | undefined,
): { upstreams: string[]; downstreams: string[] }[] {
  const entries = value?.['fineGrainedLineages'];
  if (!Array.isArray(entries)) return [];
  const urns = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((urn): urn is string => typeof urn === 'string') : [];
  return entries
    .filter(
      (entry): entry is JsonObject => typeof entry === 'object' && entry !== null && !Array.isArray(entry),
    )
    .map((entry) => ({ upstreams: urns(entry['upstreams']), downstreams: urns(entry['downstreams']) }));
}

/**
 * The columns one hop from `column`. Upstream: the fine-grained lineage of the column's dataset, and of the jobs
 * that write the dataset, naming it downstream. Downstream: that of the datasets whose fine-grained lineage names it
 * upstream (their `DownstreamOf` to the column), and of the jobs that read the dataset, naming it upstream.
 */
export function columnNeighbours(
  service: CatalogService,
  column: string,
  direction: LineageDirection,
): LineageEdge[] {
  const related = (urn: string, type: string): string[] =>
    service
      .relationships({
        urn,
        types: [type],
        direction: 'INCOMING',
        start: 0,
        count: 10_000,
        includeRemoved: true,
      })
      .items.map((item) => item.urn);
  const parent = parentOfColumn(column);
  const jobs = (type: string) => [
    ...related(column, type),
    ...(parent === undefined ? [] : related(parent, type)),
  ];
  const sources =
    direction === 'UPSTREAM'
      ? [...(parent === undefined ? [] : [parent]), ...jobs('Produces')]
      : [...related(column, 'DownstreamOf'), ...jobs('Consumes')];
  const found = new Set<string>();
  for (const source of new Set(sources)) {
    const raw = parseRawUrn(source);
    const aspect = raw.ok && raw.value.entityType === 'dataJob' ? 'dataJobInputOutput' : 'upstreamLineage';
    for (const lineage of fineGrainedLineages(service.latest(source, aspect))) {
      const [from, to] =
        direction === 'UPSTREAM'
          ? [lineage.downstreams, lineage.upstreams]
          : [lineage.upstreams, lineage.downstreams];
      if (!from.includes(column)) continue;
      for (const urn of to) if (parentOfColumn(urn) !== undefined && urn !== column) found.add(urn);
    }
  }
  return [...found].sort().map((urn) => ({ type: 'DownstreamOf', urn, ...NO_STAMPS }));
}
