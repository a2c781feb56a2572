/**
 * The lineage search as DataHub v1.7.0's LineageSearchService answers it: the walk's results searched with the
 * request's query and filters (the degree taken out), the search's facets with each URN value's entity after the
 * fixed degree group; and a column that nothing was written for still answers, with its lineage counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const dataset = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const field = (parent: string, path: string) => `urn:li:schemaField:(${parent},${path})`;

const SOURCE = dataset('kafka', 'events');
const CREATIONS = dataset('hive', 'user_creations');
const DELETIONS = dataset('hive', 'user_deletions');
const REPORT = dataset('postgres', 'report');
const NAMED_ONLY = dataset('postgres', 'never_written');

const SEARCH = `query ($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total searchResults { entity { urn } degree }
  facets { field aggregations { value count entity { urn ... on DataPlatform { name } } } } } }`;

const COUNTS = `query ($urn: String!) { entity(urn: $urn) { urn type ... on EntityWithRelationships {
  upstream: lineage(input: {direction: UPSTREAM, start: 0, count: 100}) { total filtered }
  downstream: lineage(input: {direction: DOWNSTREAM, start: 0, count: 100}) { total filtered } } } }`;

describe('lineage search filters and facets', () => {
  let server: TestServer;
  const ingest = (urn: string, aspect: string, value: unknown) =>
    server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) });
  const search = async (input: Record<string, unknown>) =>
    (await server.graphql(SEARCH, { input })).data.searchAcrossLineage;
  const urns = async (input: Record<string, unknown>) =>
    (await search(input)).searchResults.map((r: { entity: { urn: string } }) => r.entity.urn).sort();
  const every = (extra: Record<string, unknown>[] = []) => [
    { and: [{ field: 'degree', values: ['1', '2', '3+'] }, ...extra] },
  ];

  const upstream = (of: string) => ({ dataset: of, type: 'TRANSFORMED' });

  beforeAll(async () => {
    server = await startTestServer();
    await ingest(SOURCE, 'datasetProperties', { description: 'Raw events' });
    await ingest(CREATIONS, 'datasetProperties', { name: 'User Creations', description: 'Users created per day' }); // prettier-ignore
    await ingest(DELETIONS, 'datasetProperties', { name: 'User Deletions', description: 'Users deleted per day' }); // prettier-ignore
    await ingest(REPORT, 'datasetProperties', { description: 'Deleted users, reported' });
    await ingest(REPORT, 'subTypes', { typeNames: ['View'] });
    await ingest(CREATIONS, 'upstreamLineage', { upstreams: [upstream(SOURCE)] });
    await ingest(DELETIONS, 'upstreamLineage', { upstreams: [upstream(SOURCE)] });
    await ingest(REPORT, 'upstreamLineage', {
      upstreams: [upstream(DELETIONS), upstream(NAMED_ONLY)],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field(DELETIONS, 'user_id')],
          downstreamType: 'FIELD',
          downstreams: [field(REPORT, 'user_id')],
        },
      ],
    });
  });
  afterAll(() => server.close());

  it("keeps what the request's filters match, as a search over the lineage results", async () => {
    const base = { urn: SOURCE, direction: 'DOWNSTREAM', query: '*' };
    expect(await urns({ ...base, orFilters: every() })).toEqual([CREATIONS, DELETIONS, REPORT].sort());
    const described = every([{ field: 'description', values: ['deleted'], condition: 'CONTAIN' }]);
    expect(await urns({ ...base, orFilters: described })).toEqual([DELETIONS, REPORT].sort());
    const platform = every([{ field: 'platform', values: ['urn:li:dataPlatform:postgres'] }]);
    expect(await urns({ ...base, orFilters: platform })).toEqual([REPORT]);
    const negated = every([{ field: 'platform', values: ['urn:li:dataPlatform:postgres'], negated: true }]);
    expect(await urns({ ...base, orFilters: negated })).toEqual([CREATIONS, DELETIONS].sort());
    // Either group may match; each keeps its own degree.
    const either = [
      { and: [{ field: 'degree', values: ['1'] }, { field: 'description', values: ['created'], condition: 'CONTAIN' }] }, // prettier-ignore
      { and: [{ field: 'degree', values: ['1'] }, { field: 'description', values: ['deleted'], condition: 'CONTAIN' }] }, // prettier-ignore
    ];
    expect(await urns({ ...base, orFilters: either })).toEqual([CREATIONS, DELETIONS].sort());
  });

  it('keeps what the query matches', async () => {
    const found = await urns({
      urn: SOURCE,
      direction: 'DOWNSTREAM',
      query: 'deletions',
      orFilters: every(),
    });
    expect(found).toEqual([DELETIONS]);
  });

  it("answers the search's facets after the degree group, each platform with its entity", async () => {
    const { facets } = await search({ urn: SOURCE, direction: 'DOWNSTREAM', orFilters: every() });
    expect(facets[0].field).toBe('degree');
    const platforms = facets.find((facet: { field: string }) => facet.field === 'platform').aggregations;
    expect(platforms).toEqual(
      expect.arrayContaining([
        { value: 'urn:li:dataPlatform:postgres', count: 1, entity: { urn: 'urn:li:dataPlatform:postgres', name: 'postgres' } }, // prettier-ignore
        { value: 'urn:li:dataPlatform:hive', count: 2, entity: { urn: 'urn:li:dataPlatform:hive', name: 'hive' } }, // prettier-ignore
      ]),
    );
    const subTypes = facets.find((facet: { field: string }) => facet.field === '_entityType\u241EtypeNames');
    expect(
      subTypes.aggregations.map((value: { value: string; count: number }) => [value.value, value.count]),
    ).toEqual([
      ['DATASET', 3],
      ['DATASET\u241EView', 1],
    ]);
  });

  it('answers the entities only named by an edge while nothing filters, as the walk reached them', async () => {
    expect(await urns({ urn: REPORT, direction: 'UPSTREAM' })).toEqual(
      [DELETIONS, NAMED_ONLY, SOURCE].sort(),
    );
    expect(await urns({ urn: REPORT, direction: 'UPSTREAM', query: 'never_written' })).toEqual([]);
    const platform = [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:postgres'] }] }];
    expect(await urns({ urn: REPORT, direction: 'UPSTREAM', orFilters: platform })).toEqual([]);
  });

  it('walks beyond an entity ignored as a hop in the same hop, with every path of that hop', async () => {
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,hops,PROD),copy)';
    const [from, to] = [dataset('snowflake', 'hop_from'), dataset('snowflake', 'hop_to')];
    await ingest(job, 'dataJobInputOutput', { inputDatasets: [from], outputDatasets: [to] });
    await ingest(to, 'upstreamLineage', { upstreams: [upstream(from)] });
    const query = `query ($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
      searchResults { entity { urn } degree ignoredAsHop paths { path { urn } } } } }`;
    const input = {
      urn: from,
      direction: 'DOWNSTREAM',
      orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }],
    };
    const results = async (flags: Record<string, unknown>) =>
      (await server.graphql(query, { input: { ...input, lineageFlags: flags } })).data.searchAcrossLineage.searchResults; // prettier-ignore
    const ignoring = await results({ ignoreAsHops: [{ entityType: 'DATA_JOB' }] });
    const paths = (urn: string, of: typeof ignoring) =>
      of.find((r: { entity: { urn: string } }) => r.entity.urn === urn).paths.map((p: { path: { urn: string }[] }) => p.path.map((e) => e.urn)); // prettier-ignore
    expect(ignoring.map((r: { entity: { urn: string }; degree: number; ignoredAsHop: boolean }) => [r.entity.urn, r.degree, r.ignoredAsHop])).toEqual(expect.arrayContaining([[to, 1, false], [job, 1, true]])); // prettier-ignore
    expect(ignoring).toHaveLength(2);
    expect(paths(to, ignoring)).toEqual([
      [from, to],
      [from, job, to],
    ]);
    const counting = await results({ ignoreAsHops: [{ entityType: 'DATASET', platforms: ['urn:li:dataPlatform:dbt'] }] }); // prettier-ignore
    expect(paths(to, counting)).toEqual([[from, to]]);
    expect(counting.every((r: { ignoredAsHop: boolean }) => !r.ignoredAsHop)).toBe(true);
  });

  it('answers a column nothing was written for, with its lineage counts', async () => {
    const column = (await server.graphql(COUNTS, { urn: field(REPORT, 'user_id') })).data.entity;
    expect(column).toMatchObject({ urn: field(REPORT, 'user_id'), type: 'SCHEMA_FIELD' });
    expect(column.upstream.total).toBe(1);
    expect(column.downstream.total).toBe(0);
    const upstreamColumn = (await server.graphql(COUNTS, { urn: field(DELETIONS, 'user_id') })).data.entity;
    expect(upstreamColumn.downstream.total).toBe(1);
  });
});
