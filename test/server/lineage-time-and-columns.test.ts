/**
 * Lineage as DataHub v1.7.0 answers it: edges within the time window of `startTimeMillis` / `endTimeMillis`
 * (GraphFilterUtils.getEdgeTimeFilterQuery) with their created and updated stamps, the lineage search's fixed
 * degree facet and hop limit, column-level lineage (fineGrainedLineages) on datasets and jobs, and the lineage of a
 * column, whose columns stand for their datasets in the impact analysis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const daysAgo = (days: number) => now - days * DAY;
const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const field = (parent: string, path: string) => `urn:li:schemaField:(${parent},${path})`;

const TRANSACTIONS = dataset('transactions');
const PROFILES = dataset('user_profile');
const AGGREGATED = dataset('aggregated');
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),transaction_etl)';
const GDP = dataset('gdp');
const FACTOR_INCOME = dataset('factor_income');
const GNP = dataset('gnp');
const MANUAL = dataset('drawn_by_hand');
const KAFKA = 'urn:li:dataset:(urn:li:dataPlatform:kafka,events,PROD)';
const HDFS = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,shipments,PROD)';
const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,shipments_daily,PROD)';

const stamp = (time: number) => ({ time, actor: 'urn:li:corpuser:datahub' });
const edge = (
  destinationUrn: string,
  created: number,
  updated: number,
  properties?: Record<string, string>,
) => ({
  destinationUrn,
  created: stamp(created),
  lastModified: stamp(updated),
  ...(properties === undefined ? {} : { properties }),
});

const LINEAGE = `query ($urn: String!, $direction: LineageDirection!, $start: Long, $end: Long) {
  entity(urn: $urn) { ... on EntityWithRelationships {
    lineage(input: {direction: $direction, start: 0, count: 100, startTimeMillis: $start, endTimeMillis: $end}) {
      total relationships { type createdOn updatedOn isManual createdActor { urn } entity { urn } } } } } }`;

const SEARCH = `query ($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total searchResults { entity { urn } degree paths { path { urn } } } facets { field displayName aggregations { value count } } } }`;

describe('lineage over time and columns', () => {
  let server: TestServer;
  const ingest = (urn: string, aspect: string, value: unknown) =>
    server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) });

  const lineage = async (urn: string, direction: string, start?: number, end?: number) =>
    (await server.graphql(LINEAGE, { urn, direction, start, end })).data.entity.lineage;
  const lineageUrns = async (urn: string, direction: string, start?: number, end?: number) =>
    (await lineage(urn, direction, start, end)).relationships.map((r: { entity: { urn: string } }) => r.entity.urn).sort(); // prettier-ignore
  const search = async (input: Record<string, unknown>) => (await server.graphql(SEARCH, { input })).data.searchAcrossLineage; // prettier-ignore
  const searchUrns = async (input: Record<string, unknown>) =>
    (await search(input)).searchResults.map((r: { entity: { urn: string } }) => r.entity.urn).sort();

  beforeAll(async () => {
    server = await startTestServer();
    for (const urn of [KAFKA, TRANSACTIONS])
      await ingest(urn, 'datasetProperties', { description: 'seeded' });
    await ingest(JOB, 'dataJobInputOutput', {
      inputDatasets: [],
      outputDatasets: [],
      inputDatasetEdges: [edge(TRANSACTIONS, daysAgo(8), daysAgo(1)), edge(PROFILES, daysAgo(1), daysAgo(1))],
      outputDatasetEdges: [edge(AGGREGATED, daysAgo(8), daysAgo(1))],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field(TRANSACTIONS, 'amount')],
          downstreamType: 'FIELD',
          downstreams: [field(AGGREGATED, 'total')],
        },
      ],
    });
    await ingest(GNP, 'upstreamLineage', {
      upstreams: [
        { dataset: GDP, type: 'TRANSFORMED', auditStamp: stamp(daysAgo(1)), created: stamp(daysAgo(8)) },
        {
          dataset: FACTOR_INCOME,
          type: 'TRANSFORMED',
          auditStamp: stamp(daysAgo(8)),
          created: stamp(daysAgo(8)),
        },
      ],
    });
    await ingest(MANUAL, 'dataJobInputOutput', {});
    await ingest(AGGREGATED, 'upstreamLineage', {
      upstreams: [
        {
          dataset: MANUAL,
          type: 'TRANSFORMED',
          auditStamp: stamp(daysAgo(30)),
          properties: { source: 'UI' },
        },
      ],
    });
    // Column lineage KAFKA.field_bar -> HDFS.shipment_info -> HIVE.field_foo; the first edge stamped in 2020 only.
    await ingest(HDFS, 'upstreamLineage', {
      upstreams: [{ dataset: KAFKA, type: 'TRANSFORMED', auditStamp: stamp(1581407189000) }],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field(KAFKA, 'field_bar')],
          downstreamType: 'FIELD',
          downstreams: [field(HDFS, 'shipment_info')],
          confidenceScore: 1,
          transformOperation: 'identity',
        },
      ],
    });
    await ingest(HIVE, 'upstreamLineage', {
      upstreams: [{ dataset: HDFS, type: 'TRANSFORMED' }],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field(HDFS, 'shipment_info')],
          downstreamType: 'FIELD',
          downstreams: [field(HIVE, 'field_foo'), field(HIVE, 'field_baz')],
        },
      ],
    });
  });
  afterAll(() => server.close());

  it("keeps the edges created or updated within the window, with each edge's stamps", async () => {
    expect(await lineageUrns(JOB, 'UPSTREAM', daysAgo(14), daysAgo(7))).toEqual([TRANSACTIONS]);
    expect(await lineageUrns(JOB, 'UPSTREAM', daysAgo(7), now)).toEqual([TRANSACTIONS, PROFILES].sort());
    expect(await lineageUrns(JOB, 'UPSTREAM')).toEqual([TRANSACTIONS, PROFILES].sort());
    const upstream = await lineage(JOB, 'UPSTREAM');
    const transactions = upstream.relationships.find(
      (r: { entity: { urn: string } }) => r.entity.urn === TRANSACTIONS,
    );
    expect(transactions).toMatchObject({ type: 'Consumes', createdOn: daysAgo(8), updatedOn: daysAgo(1), isManual: false }); // prettier-ignore
    expect(transactions.createdActor).toEqual({ urn: 'urn:li:corpuser:datahub' });
    // Downstream through Produces: the stamps are the job's output edge's.
    expect(await lineageUrns(JOB, 'DOWNSTREAM', daysAgo(14), daysAgo(7))).toEqual([AGGREGATED]);
    expect(await lineageUrns(TRANSACTIONS, 'DOWNSTREAM', daysAgo(3), daysAgo(2))).toEqual([]);
  });

  it("reads an upstream's times from created and auditStamp, and fills what is missing with when it was written", async () => {
    expect(await lineageUrns(GNP, 'UPSTREAM', daysAgo(14), now)).toEqual([FACTOR_INCOME, GDP].sort());
    expect(await lineageUrns(GNP, 'UPSTREAM', daysAgo(7), now)).toEqual([GDP]);
    // No `created`: its creation is when the aspect was written (now), its update the 2020 audit stamp.
    expect(await lineageUrns(HDFS, 'UPSTREAM', Date.UTC(2021, 0, 1), Date.UTC(2022, 0, 1))).toEqual([]);
    expect(await lineageUrns(HDFS, 'UPSTREAM', Date.UTC(2020, 0, 1), Date.UTC(2020, 11, 31))).toEqual([
      KAFKA,
    ]);
    expect(await lineageUrns(HDFS, 'UPSTREAM', daysAgo(1), undefined)).toEqual([KAFKA]);
  });

  it('never hides an edge drawn in the UI', async () => {
    const upstream = await lineage(AGGREGATED, 'UPSTREAM', Date.UTC(2021, 0, 1), Date.UTC(2022, 0, 1));
    expect(upstream.relationships).toEqual([
      expect.objectContaining({ entity: { urn: MANUAL }, isManual: true }),
    ]);
  });

  it("searches lineage within the window of lineageFlags or the input's own times", async () => {
    const base = { urn: JOB, direction: 'UPSTREAM', query: '*', orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }] }; // prettier-ignore
    expect(await searchUrns({ ...base, lineageFlags: { startTimeMillis: daysAgo(14), endTimeMillis: daysAgo(7) } })).toEqual([TRANSACTIONS]); // prettier-ignore
    expect(await searchUrns({ ...base, startTimeMillis: daysAgo(7), endTimeMillis: now })).toEqual([TRANSACTIONS, PROFILES].sort()); // prettier-ignore
    expect(await searchUrns({ urn: GNP, direction: 'UPSTREAM', lineageFlags: { startTimeMillis: daysAgo(7), endTimeMillis: now } })).toEqual([GDP]); // prettier-ignore
  });

  it('walks every edge when the search names no window, as the entity sidebar sends it', async () => {
    // CompactLineageTab passes no times (ImpactAnalysis gets none), whatever the page's URL holds; neither the
    // resolver nor LineageFlagsInputMapper nor the graph DAO adds a default window, so every input answers.
    const sidebar = { urn: JOB, direction: 'UPSTREAM', query: '', types: [], start: 0, count: 10, orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }] }; // prettier-ignore
    expect(await searchUrns(sidebar)).toEqual([TRANSACTIONS, PROFILES].sort());
  });

  it('walks the other relationships DataHub marks isLineage: a dashboard contains its charts, a group its models', async () => {
    const chart = 'urn:li:chart:(looker,baz1)';
    const dashboard = 'urn:li:dashboard:(looker,baz)';
    const model = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,model,PROD)';
    const group = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,group,PROD)';
    const table = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:sagemaker,table)';
    const feature = 'urn:li:mlFeature:(table,feature)';
    await ingest(chart, 'chartInfo', { title: 'Baz', description: '', lastModified: { created: stamp(0), lastModified: stamp(0) }, inputEdges: [{ destinationUrn: GDP }] }); // prettier-ignore
    await ingest(dashboard, 'dashboardInfo', { title: 'Baz', description: '', lastModified: { created: stamp(0), lastModified: stamp(0) }, charts: [chart] }); // prettier-ignore
    await ingest(model, 'mlModelProperties', { groups: [group] });
    await ingest(table, 'mlFeatureTableProperties', { mlFeatures: [feature] });
    expect(await searchUrns({ urn: GDP, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['2'] }] }] })).toEqual([dashboard]); // prettier-ignore
    expect(await lineageUrns(model, 'DOWNSTREAM')).toEqual([group]);
    expect(await lineageUrns(table, 'UPSTREAM')).toEqual([]);
  });

  it("answers DataHub's fixed degree facet first, and walks no further than the degrees asked for", async () => {
    const result = await search({ urn: KAFKA, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }] }); // prettier-ignore
    expect(result.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([HDFS]);
    expect(result.facets[0]).toEqual({
      field: 'degree',
      displayName: 'Degree of Dependencies',
      aggregations: [
        { value: '1', count: 0 },
        { value: '2', count: 0 },
        { value: '3+', count: 0 },
      ],
    });
    const both = await searchUrns({ urn: KAFKA, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['1', '2'] }] }] }); // prettier-ignore
    expect(both).toEqual([HDFS, HIVE].sort());
  });

  it("answers a dataset's and a job's column-level lineage", async () => {
    const result = await server.graphql(`{
      hdfs: dataset(urn: "${HDFS}") { fineGrainedLineages { upstreams { urn path } downstreams { urn path } query transformOperation } }
      gnp: dataset(urn: "${GNP}") { fineGrainedLineages { query } }
      kafka: dataset(urn: "${KAFKA}") { fineGrainedLineages { query } }
      job: dataJob(urn: "${JOB}") { inputOutput { inputDatasets { urn } fineGrainedLineages { upstreams { urn path } downstreams { urn path } } } }
    }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.hdfs.fineGrainedLineages).toEqual([
      { upstreams: [{ urn: KAFKA, path: 'field_bar' }], downstreams: [{ urn: HDFS, path: 'shipment_info' }], query: null, transformOperation: 'identity' }, // prettier-ignore
    ]);
    expect(result.data.gnp.fineGrainedLineages).toEqual([]);
    expect(result.data.kafka.fineGrainedLineages).toBeNull();
    expect(result.data.job.inputOutput).toEqual({
      inputDatasets: [],
      fineGrainedLineages: [{ upstreams: [{ urn: TRANSACTIONS, path: 'amount' }], downstreams: [{ urn: AGGREGATED, path: 'total' }] }], // prettier-ignore
    });
  });

  it("does not take a dataset's column-level lineage for its entity-level lineage", async () => {
    expect(await lineageUrns(HDFS, 'UPSTREAM')).toEqual([KAFKA]);
    expect(await lineageUrns(KAFKA, 'DOWNSTREAM')).toEqual([HDFS]);
  });

  it("searches a column's lineage, its columns standing for their datasets unless the grouping is turned off", async () => {
    const down = await search({ urn: field(KAFKA, 'field_bar'), direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['1', '2', '3+'] }] }] }); // prettier-ignore
    expect(down.searchResults).toEqual([
      { entity: { urn: HDFS }, degree: 1, paths: [{ path: [{ urn: field(KAFKA, 'field_bar') }, { urn: field(HDFS, 'shipment_info') }] }] }, // prettier-ignore
      {
        entity: { urn: HIVE },
        degree: 2,
        paths: [
          { path: [{ urn: field(KAFKA, 'field_bar') }, { urn: field(HDFS, 'shipment_info') }, { urn: field(HIVE, 'field_baz') }] }, // prettier-ignore
          { path: [{ urn: field(KAFKA, 'field_bar') }, { urn: field(HDFS, 'shipment_info') }, { urn: field(HIVE, 'field_foo') }] }, // prettier-ignore
        ],
      },
    ]);
    const up = await searchUrns({ urn: field(HDFS, 'shipment_info'), direction: 'UPSTREAM' });
    expect(up).toEqual([KAFKA]);
    const ungrouped = await searchUrns({ urn: field(HDFS, 'shipment_info'), direction: 'DOWNSTREAM', searchFlags: { groupingSpec: { groupingCriteria: [] } } }); // prettier-ignore
    expect(ungrouped).toEqual([field(HIVE, 'field_baz'), field(HIVE, 'field_foo')]);
    // A job's column-level lineage links its columns too.
    expect(await searchUrns({ urn: field(AGGREGATED, 'total'), direction: 'UPSTREAM' })).toEqual([
      TRANSACTIONS,
    ]);
  });
});
