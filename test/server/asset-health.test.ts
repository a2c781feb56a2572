/**
 * An asset's health as DataHub's EntityHealthResolver computes it: active incidents on it, and the latest
 * completed run of each assertion on a dataset (the data the app's health icon and its popover show).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,playwright_health_test,PROD)';
const HEALTHY = 'urn:li:dataset:(urn:li:dataPlatform:hive,healthy,PROD)';
const ASSERTION = 'urn:li:assertion:health-assert-001';
const PASSING = 'urn:li:assertion:health-assert-002';
const INCIDENT = 'urn:li:incident:health-001';
const HEALTH = `query ($urn: String!) { dataset(urn: $urn) { health { type status message causes reportedAt
  activeIncidentHealthDetails { latestIncidentUrn latestIncidentTitle lastActivityAt count } } } }`;

const runEvent = (assertion: string, time: number, result: string) =>
  proposal(assertion, 'assertionRunEvent', {
    timestampMillis: time,
    runId: `run-${time}`,
    assertionUrn: assertion,
    asserteeUrn: DATASET,
    status: 'COMPLETE',
    result: { type: result, nativeResults: {} },
  });

describe('asset health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const assertionInfo = {
      type: 'DATASET',
      datasetAssertion: {
        dataset: DATASET,
        scope: 'DATASET_ROWS',
        operator: 'GREATER_THAN',
        aggregation: 'ROW_COUNT',
      },
    };
    const ingest = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(DATASET, 'status', { removed: false }),
        proposal(HEALTHY, 'status', { removed: false }),
        proposal(ASSERTION, 'assertionInfo', assertionInfo),
        proposal(PASSING, 'assertionInfo', assertionInfo),
        runEvent(ASSERTION, 1_000, 'SUCCESS'),
        runEvent(ASSERTION, 2_000, 'FAILURE'),
        runEvent(PASSING, 2_000, 'SUCCESS'),
        proposal(INCIDENT, 'incidentInfo', {
          type: 'OPERATIONAL',
          title: 'health test incident',
          entities: [DATASET],
          status: { state: 'ACTIVE', lastUpdated: { time: 5_000, actor: 'urn:li:corpuser:datahub' } },
          created: { time: 5_000, actor: 'urn:li:corpuser:datahub' },
        }),
      ],
    });
    expect(ingest.status).toBe(200);
  });
  afterAll(() => server.close());

  it('fails on an active incident and on an assertion whose latest run failed', async () => {
    const result = await server.graphql(HEALTH, { urn: DATASET });
    expect(result.errors).toBeUndefined();
    expect(result.data.dataset.health).toEqual([
      {
        type: 'INCIDENTS',
        status: 'FAIL',
        message: '1 active incident',
        causes: ['ACTIVE_INCIDENTS'],
        reportedAt: 5_000,
        activeIncidentHealthDetails: {
          latestIncidentUrn: INCIDENT,
          latestIncidentTitle: 'health test incident',
          lastActivityAt: 5_000,
          count: 1,
        },
      },
      {
        type: 'ASSERTIONS',
        status: 'FAIL',
        message: '1 of 2 assertions are failing',
        causes: [ASSERTION],
        reportedAt: null,
        activeIncidentHealthDetails: null,
      },
    ]);
  });

  it('passes without active incidents, and has no assertions health without assertion runs', async () => {
    const result = await server.graphql(HEALTH, { urn: HEALTHY });
    expect(result.data.dataset.health).toEqual([
      { type: 'INCIDENTS', status: 'PASS', message: null, causes: null, reportedAt: null, activeIncidentHealthDetails: null }, // prettier-ignore
    ]);
  });
});
