/**
 * An asset's `incidents` as DataHub v1.7.0's EntityIncidentsResolver answers them (datahub-graphql-core
 * resolvers/incident). The resolver filters the incident index on `entities` (the asset), `state`, `stage`,
 * `priority` and `assignees`, newest `created` first; the catalog finds the same incidents through their IncidentOn
 * edges (IncidentInfo.entities is both the searchable field and that relationship), soft-deleted ones left out as
 * the search leaves them out.
 */
import type { JsonObject } from '../../../model/json.js';
import type { CatalogService } from '../../catalog-service.js';
import { number, object, objects, text } from './json-readers.js';

/** IncidentUtils.mapIncidentPriority: the GraphQL priority stored as a number (CRITICAL is 0). */
export const PRIORITY_VALUES: Readonly<Record<string, number>> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/** EntityIncidentsResult, its incidents as views. */
export interface EntityIncidentsView<V> {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly incidents: readonly V[];
}

/** The arguments of the `incidents` field of datasets, charts, dashboards, flows and jobs. */
export interface IncidentsArgs {
  readonly state?: string | null;
  readonly stage?: string | null;
  readonly priority?: string | null;
  readonly assigneeUrns?: readonly string[] | null;
  readonly start?: number | null;
  readonly count?: number | null;
}

/**
 * EntityIncidentsResolver: the asset's incidents matching every filter given, newest created first, a page of
 * them (start 0 and count 20 by default). `count` is the page size asked for, as the search result's pageSize.
 */
export function entityIncidents<V>(
  service: CatalogService,
  urn: string,
  args: IncidentsArgs,
  viewOf: (urn: string) => V,
): EntityIncidentsView<V> {
  const start = args.start ?? 0;
  const count = args.count ?? 20;
  const matching = incidentsOn(service, urn)
    .filter(({ info }) => matches(info, args))
    .sort((a, b) => createdOf(b.info) - createdOf(a.info) || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  return {
    start,
    count,
    total: matching.length,
    incidents: matching.slice(Math.max(0, start), Math.max(0, start) + Math.max(0, count)).map(({ urn: incident }) => viewOf(incident)), // prettier-ignore
  };
}

/** The incidents naming an asset (its incoming IncidentOn edges), with their incidentInfo. */
function incidentsOn(service: CatalogService, urn: string): { urn: string; info: JsonObject }[] {
  const edges = service.relationships({ urn, types: ['IncidentOn'], direction: 'INCOMING', start: 0, count: 10_000, includeRemoved: false }); // prettier-ignore
  return edges.items.flatMap((edge) => {
    const info = service.latest(edge.urn, 'incidentInfo');
    return info === undefined ? [] : [{ urn: edge.urn, info }];
  });
}

function matches(info: JsonObject, args: IncidentsArgs): boolean {
  const status = object(info['status']);
  if (args.state !== undefined && args.state !== null && text(status?.['state']) !== args.state) return false;
  if (args.stage !== undefined && args.stage !== null && text(status?.['stage']) !== args.stage) return false;
  if (
    args.priority !== undefined &&
    args.priority !== null &&
    number(info['priority']) !== PRIORITY_VALUES[args.priority]
  )
    return false;
  if (args.assigneeUrns !== undefined && args.assigneeUrns !== null) {
    const assignees = objects(info['assignees']).map((assignee) => text(assignee['actor']));
    if (!args.assigneeUrns.some((urn) => assignees.includes(urn))) return false;
  }
  return true;
}

function createdOf(info: JsonObject): number {
  return number(object(info['created'])?.['time']) ?? 0;
}
