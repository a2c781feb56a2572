/**
 * Lineage edges as DataHub's graph index holds them: each with the times and actors it was created and last
 * updated by, and whether it was drawn by hand in the UI, read from the entry of the aspect that makes the edge
 * (GraphIndexUtils.extractGraphEdges at v1.7.0, following the @Relationship annotations' `createdOn`, `updatedOn`,
 * `createdActor`, `updatedActor` and `properties` paths). The time window of `lineageFlags` keeps the edges that
 * GraphFilterUtils.getEdgeTimeFilterQuery keeps.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { aspectNamesOf, relationshipsOfAspect } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

/** The window of `startTimeMillis` / `endTimeMillis`, both included. */
export interface LineageWindow {
  readonly start: number;
  readonly end: number;
}

export interface EdgeStamps {
  readonly createdOn: number | null;
  readonly createdActor: string | null;
  readonly updatedOn: number | null;
  readonly updatedActor: string | null;
  /** `properties.source` is `UI` (ESGraphQueryDAO's isManual): a hand-drawn edge no time window hides. */
  readonly isManual: boolean;
}

/** One lineage edge from an entity: the entity at its other end, the relationship, and the edge's stamps. */
export interface LineageEdge extends EdgeStamps {
  readonly type: string;
  readonly urn: string;
}

/**
 * ResolverUtils.getLineageEndTimeMillis: a start without an end runs to now; the window filters only with both
 * (GraphQueryBaseDAO.getLineageQuery).
 */
export function lineageWindow(
  start: number | null | undefined,
  end: number | null | undefined,
  now: () => number,
): LineageWindow | undefined {
  if (start === null || start === undefined) return undefined;
  return { start, end: end ?? now() };
}

/**
 * GraphFilterUtils.getEdgeTimeFilterQuery: an edge is kept when its creation or its last update falls in the
 * window, when it has neither time (legacy edges), or when it was drawn by hand.
 */
export function edgeInWindow(edge: EdgeStamps, window: LineageWindow | undefined): boolean {
  if (window === undefined || edge.isManual) return true;
  const within = (time: number | null) => time !== null && time >= window.start && time <= window.end;
  const missing = (time: number | null) => time === null || time === 0;
  return (
    within(edge.createdOn) || within(edge.updatedOn) || (missing(edge.createdOn) && missing(edge.updatedOn))
  );
}

/**
 * Where an entry's stamps are, by the shape of the relationship's path: an Edge record (`inputDatasetEdges[].destinationUrn`) has
 * `created` and `lastModified` (DataJobInputOutput, ChartInfo, DashboardInfo, …); an Upstream (`upstreams[].dataset`)
 * has `created` and `auditStamp` (Upstream.pdl). Other lineage paths (the deprecated URN arrays) have none.
 */
function stampFields(path: readonly string[]): { created: string; updated: string } | undefined {
  const last = path[path.length - 1];
  if (last === 'destinationUrn') return { created: 'created', updated: 'lastModified' };
  if (path[0] === 'upstreams' && last === 'dataset') return { created: 'created', updated: 'auditStamp' };
  return undefined;
}

/** The entries of an aspect along a relationship path whose value is `destination` (the item at the first `*`). */
function entriesTo(
  value: JsonObject,
  path: readonly string[],
  destination: string,
): (JsonObject | undefined)[] {
  const found: (JsonObject | undefined)[] = [];
  const walk = (node: JsonValue | undefined, at: number, entry: JsonObject | undefined): void => {
    if (node === undefined || node === null) return;
    if (at === path.length) {
      if (node === destination) found.push(entry);
      return;
    }
    const step = path[at] as string;
    if (step === '*') {
      if (!Array.isArray(node)) return;
      for (const item of node as readonly JsonValue[])
        walk(item, at + 1, entry ?? (isJsonObject(item) ? item : undefined));
      return;
    }
    if (isJsonObject(node)) walk(node[step], at + 1, entry);
  };
  walk(value, 0, undefined);
  return found;
}

function stamp(entry: JsonObject | undefined, field: string): { time: number | null; actor: string | null } {
  const value = entry?.[field];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { time: null, actor: null };
  const time = (value as JsonObject)['time'];
  const actor = (value as JsonObject)['actor'];
  return {
    time: typeof time === 'number' && time !== 0 ? time : null,
    actor: typeof actor === 'string' ? actor : null,
  };
}

/**
 * The stamps of the edge `source` -[name]-> `destination`, made by one of the source's aspects. Times the entry
 * lacks (or holds as 0) are the aspect's last observation, and a missing creator is the aspect's writer, as
 * extractGraphEdges fills them from the change's system metadata and audit stamp.
 */
export function readEdgeStamps(
  service: CatalogService,
  source: string,
  name: string,
  destination: string,
): EdgeStamps {
  const raw = parseRawUrn(source);
  const entityType = raw.ok ? raw.value.entityType : '';
  for (const aspect of aspectNamesOf(entityType)) {
    const specs = relationshipsOfAspect(aspect).filter((spec) => spec.name === name);
    if (specs.length === 0) continue;
    const stored = service.getVersion(source, aspect, 0);
    if (stored === undefined) continue;
    for (const spec of specs) {
      const entries = entriesTo(stored.value, spec.path, destination);
      if (entries.length === 0) continue;
      const fields = stampFields(spec.path);
      const entry = entries[0];
      const created = fields === undefined ? { time: null, actor: null } : stamp(entry, fields.created);
      const updated = fields === undefined ? { time: null, actor: null } : stamp(entry, fields.updated);
      const lastObserved = stored.systemMetadata['lastObserved'];
      const observed = typeof lastObserved === 'number' ? lastObserved : stored.createdOn;
      const properties = fields === undefined ? undefined : entry?.['properties'];
      const manual =
        typeof properties === 'object' && properties !== null && !Array.isArray(properties)
          ? (properties as JsonObject)['source'] === 'UI'
          : false;
      const createdActor = created.actor ?? stored.createdBy;
      return {
        createdOn: created.time ?? observed,
        createdActor,
        updatedOn: updated.time ?? observed,
        updatedActor: created.actor === null ? stored.createdBy : (updated.actor ?? null),
        isManual: manual,
      };
    }
  }
  return { createdOn: null, createdActor: null, updatedOn: null, updatedActor: null, isManual: false };
}
