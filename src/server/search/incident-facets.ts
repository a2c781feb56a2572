/**
 * What an asset's `incidentsSummary` (kept by the incidents hook, server/catalog/incidents-summary.ts) makes
 * filterable, after its @Searchable annotations (metadata-models com/linkedin/common/IncidentsSummary.pdl at
 * v1.7.0): the URNs of its active and resolved incidents (`activeIncidents`, `resolvedIncidents`) and whether it
 * has any (`hasActiveIncidents`, `hasResolvedIncidents`: "true" or "false"). The web app's upstream health finds
 * the upstreams with active incidents by `hasActiveIncidents`.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';

export function incidentSummaryFacets(summary: JsonObject | undefined): (readonly [string, string])[] {
  if (summary === undefined) return [];
  return (['active', 'resolved'] as const).flatMap((side) => {
    const details = summary[`${side}IncidentDetails`];
    const urns = (Array.isArray(details) ? details : [])
      .map((item) => (isJsonObject(item) ? item['urn'] : undefined))
      .filter((urn): urn is string => typeof urn === 'string');
    const has = side === 'active' ? 'hasActiveIncidents' : 'hasResolvedIncidents';
    return [...urns.map((urn) => [`${side}Incidents`, urn] as const), [has, urns.length > 0 ? 'true' : 'false'] as const]; // prettier-ignore
  });
}
