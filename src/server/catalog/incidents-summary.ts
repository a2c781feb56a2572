/**
 * The `incidentsSummary` aspect of the assets an incident is on, kept as GMS v1.7.0's IncidentsSummaryHook keeps
 * it (metadata-jobs/mae-consumer .../hook/incident/IncidentsSummaryHook.java, with metadata-service's
 * IncidentsSummaryUtils): when an incident's `incidentInfo` is written, each asset it names gets the incident in
 * its active or its resolved details (and out of the other list), and an asset the incident no longer names loses
 * it. (The hook also handles an incident's soft delete by its `status` aspect, which v1.7.0's entity registry does
 * not give incidents: such a write is refused.) GMS runs the hook on the change log after the write; here it runs
 * in the write's transaction, so the summary is there as soon as the incident is.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import type { Proposal } from '../../model/proposal.js';
import { entityHasAspect } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';

const SUMMARY = 'incidentsSummary';
/** incidents.hook.maxIncidentHistory (application.yaml, MAX_INCIDENT_HISTORY: 100). */
export const MAX_INCIDENT_HISTORY = 100;

/** IncidentSummaryDetails.pdl. */
interface SummaryDetails extends JsonObject {
  readonly urn: string;
  readonly type: string;
  readonly createdAt: number;
}

/** Whether a write is one the hook handles: an incident's incidentInfo (isIncidentUpdate). */
export function isIncidentSummaryTrigger(proposal: Pick<Proposal, 'entityType' | 'aspectName'>): boolean {
  return proposal.entityType === 'incident' && proposal.aspectName === 'incidentInfo';
}

/**
 * The summary writes one write of an incident's incidentInfo makes (the hook's handleIncidentUpdated), each asset's
 * summary read through `summaryOf`: `info` is the incidentInfo written, `previous` the one it replaced.
 */
export function incidentSummaryWrites(
  incident: string,
  info: JsonObject,
  previous: JsonObject | undefined,
  summaryOf: (asset: string) => JsonObject | undefined,
  maxHistory = MAX_INCIDENT_HISTORY,
): Proposal[] {
  const assets = [...new Set(urnsIn(info['entities']))];
  const removedFrom = [...new Set(urnsIn(previous?.['entities']))].filter((asset) => !assets.includes(asset));
  const details = summaryDetails(incident, info);
  const state = stateOf(info);
  const summaryWith = (summary: JsonObject): JsonObject => {
    // An incident is in one list: out of the other one first, then in its own, newest last.
    if (state === 'ACTIVE') return withDetails('active', details, without('resolved', incident, summary), maxHistory); // prettier-ignore
    if (state === 'RESOLVED') return withDetails('resolved', details, without('active', incident, summary), maxHistory); // prettier-ignore
    return summary;
  };
  return [
    ...removedFrom.flatMap((asset) => summaryProposal(asset, withoutIncident(incident, summaryOrEmpty(summaryOf(asset))))), // prettier-ignore
    ...assets.flatMap((asset) => summaryProposal(asset, summaryWith(summaryOrEmpty(summaryOf(asset))))),
  ];
}

/** The summary proposal of an asset, or none when the asset's type has no incidentsSummary (GMS logs the failure). */
function summaryProposal(asset: string, summary: JsonObject): Proposal[] {
  const raw = parseRawUrn(asset);
  if (!raw.ok || !entityHasAspect(raw.value.entityType, SUMMARY)) return [];
  return [{ entityType: raw.value.entityType, entityUrn: asset, changeType: 'UPSERT', aspectName: SUMMARY, aspect: summary }]; // prettier-ignore
}

/** getIncidentsSummary: the stored summary, or a new one with both detail lists empty. */
function summaryOrEmpty(summary: JsonObject | undefined): JsonObject {
  return summary ?? { resolvedIncidentDetails: [], activeIncidentDetails: [] };
}

/** buildIncidentSummaryDetails: a custom incident's type is its customType; resolvedAt only once resolved. */
function summaryDetails(incident: string, info: JsonObject): SummaryDetails {
  const status = isJsonObject(info['status']) ? info['status'] : {};
  const lastUpdated = isJsonObject(status['lastUpdated']) ? status['lastUpdated'] : {};
  const created = isJsonObject(info['created']) ? info['created'] : {};
  const type = info['type'] === 'CUSTOM' ? info['customType'] : info['type'];
  return {
    urn: incident,
    type: typeof type === 'string' ? type : '',
    createdAt: numberOr(created['time'], 0),
    ...(typeof info['priority'] === 'number' ? { priority: info['priority'] } : {}),
    ...(status['state'] === 'RESOLVED' ? { resolvedAt: numberOr(lastUpdated['time'], 0) } : {}),
  };
}

function stateOf(info: JsonObject): string | undefined {
  const status = info['status'];
  return isJsonObject(status) && typeof status['state'] === 'string' ? status['state'] : undefined;
}

/** removeIncidentFromResolvedSummary and removeIncidentFromActiveSummary. */
function withoutIncident(incident: string, summary: JsonObject): JsonObject {
  return without('active', incident, without('resolved', incident, summary));
}

/** Removes the incident from one side: the deprecated URN list and the details, each where present. */
function without(side: 'active' | 'resolved', incident: string, summary: JsonObject): JsonObject {
  const legacy = `${side}Incidents`;
  const detailed = `${side}IncidentDetails`;
  const next: Record<string, JsonValue> = { ...summary };
  const urns = summary[legacy];
  if (Array.isArray(urns)) next[legacy] = urns.filter((urn) => urn !== incident);
  const details = summary[detailed];
  if (Array.isArray(details))
    next[detailed] = details.filter((item) => !(isJsonObject(item) && item['urn'] === incident));
  return next;
}

/**
 * addIncidentToActiveSummary / addIncidentToResolvedSummary: the other details of that side, oldest first, the
 * oldest dropped until there is room under `maxHistory`, then this incident's.
 */
function withDetails(
  side: 'active' | 'resolved',
  details: SummaryDetails,
  summary: JsonObject,
  maxHistory: number,
): JsonObject {
  // prettier-ignore
  const detailed = `${side}IncidentDetails`;
  const existing = Array.isArray(summary[detailed]) ? summary[detailed] : [];
  const kept = existing
    .filter(isJsonObject)
    .filter((item) => item['urn'] !== details.urn)
    .sort((a, b) => numberOr(a['createdAt'], 0) - numberOr(b['createdAt'], 0));
  while (kept.length >= maxHistory && kept.length > 0) kept.shift();
  return { ...summary, [detailed]: [...kept, details] };
}

function urnsIn(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function numberOr(value: JsonValue | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}
