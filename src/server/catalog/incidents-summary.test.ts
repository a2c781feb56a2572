import { describe, expect, it } from 'vitest';
import { incidentSummaryWrites, isIncidentSummaryTrigger } from './incidents-summary.js';

const A = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
const B = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
const INCIDENT = 'urn:li:incident:one';

const info = (state: string, extra: Record<string, unknown> = {}) => ({
  type: 'FRESHNESS',
  entities: [A],
  status: { state, lastUpdated: { time: 50, actor: 'urn:li:corpuser:datahub' } },
  created: { time: 10, actor: 'urn:li:corpuser:datahub' },
  ...extra,
});

describe('incidentSummaryWrites', () => {
  it('puts an active incident in a new summary of each asset, with its type, creation time and priority', () => {
    const writes = incidentSummaryWrites(INCIDENT, info('ACTIVE', { entities: [A, B, A], priority: 0 }), undefined, () => undefined); // prettier-ignore
    expect(writes.map((write) => write.entityUrn)).toEqual([A, B]);
    expect(writes[0]).toEqual({
      entityType: 'dataset',
      entityUrn: A,
      changeType: 'UPSERT',
      aspectName: 'incidentsSummary',
      aspect: {
        resolvedIncidentDetails: [],
        activeIncidentDetails: [{ urn: INCIDENT, type: 'FRESHNESS', createdAt: 10, priority: 0 }],
      },
    });
  });

  it('moves a resolved incident to the resolved details, with when it was resolved; a custom one by its custom type', () => {
    const summary = {
      activeIncidentDetails: [{ urn: INCIDENT, type: 'FRESHNESS', createdAt: 10 }],
      resolvedIncidentDetails: [],
      activeIncidents: [INCIDENT],
    };
    const [write] = incidentSummaryWrites(INCIDENT, info('RESOLVED', { type: 'CUSTOM', customType: 'Late file' }), undefined, () => summary); // prettier-ignore
    expect(write?.aspect).toEqual({
      activeIncidentDetails: [],
      activeIncidents: [],
      resolvedIncidentDetails: [{ urn: INCIDENT, type: 'Late file', createdAt: 10, resolvedAt: 50 }],
    });
  });

  it('drops the incident from the assets it is no longer on', () => {
    const summaryOfB = { activeIncidentDetails: [{ urn: INCIDENT, type: 'FRESHNESS', createdAt: 10 }], resolvedIncidentDetails: [] }; // prettier-ignore
    const writes = incidentSummaryWrites(INCIDENT, info('ACTIVE'), info('ACTIVE', { entities: [A, B] }), (asset) => (asset === B ? summaryOfB : undefined)); // prettier-ignore
    expect(writes.map((write) => [write.entityUrn, write.aspect['activeIncidentDetails']])).toEqual([
      [B, []],
      [A, [{ urn: INCIDENT, type: 'FRESHNESS', createdAt: 10 }]],
    ]);
  });

  it('keeps at most the history it is given, dropping the oldest', () => {
    const summary = {
      resolvedIncidentDetails: [],
      activeIncidentDetails: [
        { urn: 'urn:li:incident:newer', type: 'SQL', createdAt: 5 },
        { urn: 'urn:li:incident:oldest', type: 'SQL', createdAt: 1 },
      ],
    };
    const [write] = incidentSummaryWrites(INCIDENT, info('ACTIVE'), undefined, () => summary, 2);
    expect(write?.aspect['activeIncidentDetails']).toEqual([
      { urn: 'urn:li:incident:newer', type: 'SQL', createdAt: 5 },
      { urn: INCIDENT, type: 'FRESHNESS', createdAt: 10 },
    ]);
  });

  it('writes no summary for an asset whose type has none, or a URN that does not parse', () => {
    const writes = incidentSummaryWrites(INCIDENT, info('ACTIVE', { entities: ['urn:li:tag:pii', 'not a urn', A] }), undefined, () => undefined); // prettier-ignore
    expect(writes.map((write) => write.entityUrn)).toEqual([A]);
  });

  it('runs on an incident’s incidentInfo only', () => {
    expect(isIncidentSummaryTrigger({ entityType: 'incident', aspectName: 'incidentInfo' })).toBe(true);
    expect(isIncidentSummaryTrigger({ entityType: 'incident', aspectName: 'globalTags' })).toBe(false);
    expect(isIncidentSummaryTrigger({ entityType: 'dataset', aspectName: 'incidentInfo' })).toBe(false);
  });
});
