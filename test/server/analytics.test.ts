/**
 * The analytics page's metadata charts as DataHub v1.7.0 computes them from its entity index: the "Data Landscape
 * Summary" group of getAnalyticsCharts (GetChartsResolver) and the domain charts of getMetadataAnalyticsCharts
 * (GetMetadataAnalyticsResolver), counting the entities that are not soft-deleted, each value by its display name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const dataset = (platform: string, name: string, origin = 'PROD') =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${origin})`;
const CHARTS = `fragment chart on AnalyticsChart { ... on BarChart { title bars { name segments { label value } } } }
  query ($input: MetadataAnalyticsInput!) {
    getAnalyticsCharts { groupId title charts { ...chart } }
    getMetadataAnalyticsCharts(input: $input) { groupId title charts { ...chart } } }`;

describe('analytics charts', () => {
  let server: TestServer;
  const charts = async (input: Record<string, unknown>) => (await server.graphql(CHARTS, { input })).data;

  beforeAll(async () => {
    server = await startTestServer();
    const writes: [string, string, unknown][] = [
      ['urn:li:domain:marketing', 'domainProperties', { name: 'Marketing' }],
      [
        'urn:li:glossaryTerm:Classification.PII',
        'glossaryTermInfo',
        { name: 'PII', definition: 'Personal', termSource: 'INTERNAL' },
      ],
      [dataset('hive', 'events'), 'domains', { domains: ['urn:li:domain:marketing'] }],
      [dataset('hive', 'events'), 'glossaryTerms', { terms: [{ urn: 'urn:li:glossaryTerm:Classification.PII' }], auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } }], // prettier-ignore
      [dataset('kafka', 'clicks'), 'domains', { domains: ['urn:li:domain:marketing'] }],
      [dataset('kafka', 'orders', 'DEV'), 'status', { removed: false }],
      [dataset('hive', 'gone'), 'domains', { domains: ['urn:li:domain:marketing'] }],
      [dataset('hive', 'gone'), 'status', { removed: true }],
    ];
    for (const [urn, aspect, value] of writes)
      await server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) });
  });
  afterAll(() => server.close());

  it('answers the Data Landscape Summary: entities by domain and platform, by platform, with a term, by environment', async () => {
    const { getAnalyticsCharts } = await charts({ entityType: null, domain: 'ALL', query: '' });
    expect(getAnalyticsCharts).toEqual([
      {
        groupId: 'GlobalMetadataAnalytics',
        title: 'Data Landscape Summary',
        charts: [
          {
            title: 'Entities By Domain',
            bars: [
              {
                name: 'Marketing',
                segments: [
                  { label: 'Hive', value: 1 },
                  { label: 'Kafka', value: 1 },
                ],
              },
            ],
          },
          {
            title: 'Assets By Platform',
            bars: [
              { name: 'Kafka', segments: [{ label: 'Count', value: 2 }] },
              { name: 'Hive', segments: [{ label: 'Count', value: 1 }] },
            ],
          },
          { title: 'Entities With Term', bars: [{ name: 'PII', segments: [{ label: 'Count', value: 1 }] }] },
          {
            title: 'Entities By Environment',
            bars: [
              { name: 'PROD', segments: [{ label: 'Count', value: 2 }] },
              { name: 'DEV', segments: [{ label: 'Count', value: 1 }] },
            ],
          },
        ],
      },
    ]);
  });

  it('answers the charts of one domain, of every domain, and none for a domain without assets', async () => {
    const marketing = (await charts({ entityType: null, domain: 'urn:li:domain:marketing', query: '' })).getMetadataAnalyticsCharts; // prettier-ignore
    expect(marketing).toEqual([
      {
        groupId: 'FilteredMetadataAnalytics',
        title: '',
        charts: [
          { title: 'Data Assets by Platform', bars: [{ name: 'Hive', segments: [{ label: 'Count', value: 1 }] }, { name: 'Kafka', segments: [{ label: 'Count', value: 1 }] }] }, // prettier-ignore
          { title: 'Data Assets by Term', bars: [{ name: 'PII', segments: [{ label: 'Count', value: 1 }] }] },
        ],
      },
    ]);
    const all = (await charts({ entityType: 'DATASET', domain: 'ALL', query: '' }))
      .getMetadataAnalyticsCharts;
    expect(all[0].charts.map((chart: any) => chart.title)).toEqual([
      'Data Assets by Platform',
      'Data Assets by Term',
      'Data Assets by Environment',
    ]);
    const none = (await charts({ entityType: null, domain: 'urn:li:domain:empty', query: '' })).getMetadataAnalyticsCharts; // prettier-ignore
    expect(none).toEqual([{ groupId: 'FilteredMetadataAnalytics', title: '', charts: [] }]);
  });
});
