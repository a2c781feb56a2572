/**
 * Which entities DataHub v1.7.0's lineage search reports as explored, how far it walks, and its per-hop limit
 * (LineageSearchService.applyMaxHopsLimit, GraphQueryBaseDAO.getLineage / getImpactLineage,
 * GraphQueryUtils.extractRelationshipsFromSearchResponses): the lineage graph's searches (with ignoreAsHops or
 * entitiesExploredPerHopLimit) walk at most 20 hops, others 1000; an entity reached in fewer hops than that is
 * explored, which is what lets the web app's "expand all" draw every level it got.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,explored.${name},PROD)`;
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,explored,PROD),copy)';

const QUERY = `query ($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total searchResults { entity { urn } degree explored ignoredAsHop truncatedChildren } } }`;

interface Result {
  readonly entity: { readonly urn: string };
  readonly degree: number;
  readonly explored: boolean;
  readonly ignoredAsHop: boolean;
  readonly truncatedChildren: boolean;
}

const GRAPH_FLAGS = { ignoreAsHops: [{ entityType: 'DATA_JOB' }] };
const degrees = (...values: string[]) => [{ and: [{ field: 'degree', values }] }];

describe('lineage search: explored entities, hop bounds and the per-hop limit', () => {
  let server: TestServer;
  const ingest = (urn: string, aspect: string, value: unknown) =>
    server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) });
  const upstreams = (...of: string[]) => ({ upstreams: of.map((dataset) => ({ dataset, type: 'TRANSFORMED' })) }); // prettier-ignore
  const search = async (input: Record<string, unknown>): Promise<Result[]> =>
    (await server.graphql(QUERY, { input: { direction: 'DOWNSTREAM', count: 100, ...input } })).data
      .searchAcrossLineage.searchResults;
  const byUrn = (results: readonly Result[]) =>
    Object.fromEntries(results.map((r) => [r.entity.urn, [r.degree, r.explored, r.ignoredAsHop]]));

  beforeAll(async () => {
    server = await startTestServer();
    // start -> a -> b -(job)-> c, and b -> c directly; c -> d. A 22-long chain from long0, and a fan of three.
    await ingest(dataset('a'), 'upstreamLineage', upstreams(dataset('start')));
    await ingest(dataset('b'), 'upstreamLineage', upstreams(dataset('a')));
    await ingest(JOB, 'dataJobInputOutput', {
      inputDatasets: [dataset('b')],
      outputDatasets: [dataset('c')],
    });
    await ingest(dataset('c'), 'upstreamLineage', upstreams(dataset('b')));
    await ingest(dataset('d'), 'upstreamLineage', upstreams(dataset('c')));
    for (let i = 1; i <= 22; i++)
      await ingest(dataset(`long${i}`), 'upstreamLineage', upstreams(dataset(`long${i - 1}`)));
    for (const leaf of ['fan1', 'fan2', 'fan3'])
      await ingest(dataset(leaf), 'upstreamLineage', upstreams(dataset('fan')));
  });
  afterAll(() => server.close());

  it("marks every entity the graph's expand-all walked beyond as explored, the job ignored as a hop too", async () => {
    const results = await search({
      urn: dataset('start'),
      orFilters: degrees('1', '2', '3+'),
      lineageFlags: { ...GRAPH_FLAGS, entitiesExploredPerHopLimit: 2 },
    });
    expect(byUrn(results)).toEqual({
      [dataset('a')]: [1, true, false],
      [dataset('b')]: [2, true, false],
      [dataset('c')]: [3, true, false],
      [JOB]: [3, true, true],
      [dataset('d')]: [4, true, false],
    });
  });

  it('explores nothing in a one-hop search, where no hop remains', async () => {
    const results = await search({ urn: dataset('b'), orFilters: degrees('1'), lineageFlags: GRAPH_FLAGS });
    expect(byUrn(results)).toEqual({
      [dataset('c')]: [1, false, false],
      [JOB]: [1, false, true],
    });
  });

  it('explores the entities short of the hops the degree filter asks for in an impact search', async () => {
    const two = await search({ urn: dataset('start'), orFilters: degrees('1', '2') });
    expect(byUrn(two)).toEqual({ [dataset('a')]: [1, true, false], [dataset('b')]: [2, false, false] });
    const all = await search({ urn: dataset('start'), orFilters: degrees('1', '2', '3+') });
    expect(all.every((r) => r.explored)).toBe(true);
  });

  it('walks the lineage graph no further than 20 hops and impact analysis beyond them', async () => {
    const graph = await search({ urn: dataset('long0'), orFilters: degrees('1', '2', '3+'), lineageFlags: GRAPH_FLAGS }); // prettier-ignore
    expect(Math.max(...graph.map((r) => r.degree))).toBe(20);
    expect(graph.filter((r) => !r.explored).map((r) => r.entity.urn)).toEqual([dataset('long20')]);
    const impact = await search({ urn: dataset('long0'), orFilters: degrees('1', '2', '3+') });
    expect(impact).toHaveLength(22);
    expect(impact.every((r) => r.explored)).toBe(true);
  });

  it('takes no more neighbours of an entity per hop than the limit, and marks them truncated when it is met', async () => {
    const limited = async (limit: number) =>
      search({ urn: dataset('fan'), orFilters: degrees('1', '2', '3+'), lineageFlags: { entitiesExploredPerHopLimit: limit } }); // prettier-ignore
    const two = await limited(2);
    expect(two).toHaveLength(2);
    expect(two.every((r) => r.truncatedChildren && r.explored)).toBe(true);
    const three = await limited(3);
    expect(three).toHaveLength(3);
    expect(three.every((r) => r.truncatedChildren)).toBe(true);
    const four = await limited(4);
    expect(four).toHaveLength(3);
    expect(four.some((r) => r.truncatedChildren)).toBe(false);
  });
});
