/**
 * An asset's health as DataHub v1.7.0's EntityHealthResolver computes it: incidents (its active incidents, from
 * the IncidentOn edges of incident entities: FAIL with the latest one, else PASS) and, for datasets, assertions
 * (the latest completed run of each assertion that Asserts it: FAIL when one did not succeed, PASS when all did,
 * nothing when none has run). Datasets get both, charts, dashboards, flows and jobs the incidents
 * (GmsGraphQLEngine's EntityHealthResolver.Config for each type). Tests (testResults) are behind a feature flag
 * that is off by default.
 */
import type { JsonObject } from '../../../model/json.js';
import type { CatalogService } from '../../catalog-service.js';
import { number, object, text } from './json-readers.js';

export interface HealthView {
  readonly type: 'INCIDENTS' | 'ASSERTIONS';
  readonly status: 'PASS' | 'FAIL';
  readonly message: string | null;
  readonly reportedAt: number | null;
  readonly causes: readonly string[] | null;
  readonly activeIncidentHealthDetails: {
    readonly latestIncidentUrn: string;
    readonly latestIncidentTitle: string | null;
    readonly lastActivityAt: number | null;
    readonly count: number;
  } | null;
}

/** The entity types with a `health` field, and whether their assertions count. */
const HEALTH_TYPES: ReadonlyMap<string, { readonly assertions: boolean }> = new Map([
  ['dataset', { assertions: true }],
  ['chart', { assertions: false }],
  ['dashboard', { assertions: false }],
  ['dataFlow', { assertions: false }],
  ['dataJob', { assertions: false }],
]);

/** The health of an asset, or undefined for an entity type without one. */
export function healthOf(urn: string, entityType: string, service: CatalogService): HealthView[] | undefined {
  const config = HEALTH_TYPES.get(entityType);
  if (config === undefined) return undefined;
  const assertions = config.assertions ? assertionsHealth(urn, service) : undefined;
  return [incidentsHealth(urn, service), ...(assertions === undefined ? [] : [assertions])];
}

function incoming(urn: string, type: string, service: CatalogService): string[] {
  return service
    .relationships({ urn, types: [type], direction: 'INCOMING', start: 0, count: 500, includeRemoved: false })
    .items.map((item) => item.urn);
}

function incidentsHealth(urn: string, service: CatalogService): HealthView {
  const active = incoming(urn, 'IncidentOn', service)
    .map((incident) => ({ urn: incident, info: service.latest(incident, 'incidentInfo') }))
    .filter(
      (incident): incident is { urn: string; info: JsonObject } =>
        text(object(incident.info?.['status'])?.['state']) === 'ACTIVE',
    ) // prettier-ignore
    .map((incident) => ({
      ...incident,
      updated: number(object(object(incident.info['status'])?.['lastUpdated'])?.['time']),
    })) // prettier-ignore
    .sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0) || a.urn.localeCompare(b.urn));
  const latest = active[0];
  if (latest === undefined) {
    return { type: 'INCIDENTS', status: 'PASS', message: null, reportedAt: null, causes: null, activeIncidentHealthDetails: null }; // prettier-ignore
  }
  return {
    type: 'INCIDENTS',
    status: 'FAIL',
    message: `${active.length} active incident${active.length > 1 ? 's' : ''}`,
    reportedAt: latest.updated ?? 0,
    causes: ['ACTIVE_INCIDENTS'],
    activeIncidentHealthDetails: {
      latestIncidentUrn: latest.urn,
      latestIncidentTitle: text(latest.info['title']),
      lastActivityAt: latest.updated,
      count: active.length,
    },
  };
}

function assertionsHealth(urn: string, service: CatalogService): HealthView | undefined {
  const assertions = incoming(urn, 'Asserts', service);
  if (assertions.length === 0) return undefined;
  // The latest completed run of each assertion on this asset (the timeseries aggregation's LATEST per assertion).
  const results = assertions.flatMap((assertion) => {
    const latest = service
      .timeseriesValues({ urn: assertion, aspect: 'assertionRunEvent', limit: 10_000 })
      .map((event) => event.value)
      .find((event) => event['status'] === 'COMPLETE' && event['asserteeUrn'] === urn);
    return latest === undefined ? [] : [{ assertion, type: text(object(latest['result'])?.['type']) }];
  });
  if (results.length === 0) return undefined;
  const failing = results.filter((result) => result.type !== 'SUCCESS').map((result) => result.assertion);
  return {
    type: 'ASSERTIONS',
    status: failing.length > 0 ? 'FAIL' : 'PASS',
    message: failing.length > 0 ? `${failing.length} of ${assertions.length} assertions are failing` : 'All assertions are passing', // prettier-ignore
    reportedAt: null,
    causes: failing.length > 0 ? failing : null,
    activeIncidentHealthDetails: null,
  };
}
