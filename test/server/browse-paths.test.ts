/**
 * Browse V2 over entities whose browsePathsV2 entries have an id and a URN: DataHub indexes (and browses by) the
 * id, and shows the entity the URN names, a container that was never written included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const DATASET =
  'urn:li:dataset:(urn:li:dataPlatform:bigquery,PlaywrightBrowseEntity.test_schema.customers,PROD)';
const PROJECT = 'urn:li:container:playwright_browse_entity_project_container';
const SCHEMA = 'urn:li:container:playwright_browse_entity_schema_container';
const BROWSE = `query ($path: [String!]) { browseV2(input: {type: DATASET, path: $path, start: 0, count: 10, query: "*"}) {
  groups { name count hasSubGroups entity { urn } } total } }`;

describe('browse paths', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(DATASET, 'browsePathsV2', {
        path: [
          { id: 'PlaywrightBrowseEntity', urn: PROJECT },
          { id: 'test_schema', urn: SCHEMA },
        ],
      }),
    });
  });
  afterAll(() => server.close());

  it("browses by each entry's id", async () => {
    const top = await server.graphql(BROWSE, { path: [] });
    expect(top.data.browseV2.groups).toEqual([{ name: 'PlaywrightBrowseEntity', count: 1, hasSubGroups: true, entity: null }]); // prettier-ignore
    const inner = await server.graphql(BROWSE, { path: ['PlaywrightBrowseEntity'] });
    expect(inner.data.browseV2.groups.map((group: { name: string }) => group.name)).toEqual(['test_schema']);
  });

  it('filters a search by a browse path at any of its levels, as the browse sidebar does', async () => {
    const find = async (path: string) =>
      (
        await server.graphql(
          'query ($path: String!) { searchAcrossEntities(input: {query: "*", orFilters: [{and: [{field: "browsePathV2", condition: EQUAL, values: [$path]}]}]}) { searchResults { entity { urn } } } }', // prettier-ignore
          { path },
        )
      ).data.searchAcrossEntities.searchResults.map((hit: { entity: { urn: string } }) => hit.entity.urn);
    expect(await find('\u241fPlaywrightBrowseEntity\u241ftest_schema')).toEqual([DATASET]);
    expect(await find('\u241fPlaywrightBrowseEntity')).toEqual([DATASET]);
    expect(await find('\u241ftest_schema')).toEqual([]);
  });

  it("answers the entity's path with each entry's id as its name and the entity its URN names", async () => {
    const result = await server.graphql(
      `{ dataset(urn: "${DATASET}") { browsePathV2 { path { name entity { urn type } } } } }`,
    );
    expect(result.data.dataset.browsePathV2.path).toEqual([
      { name: 'PlaywrightBrowseEntity', entity: { urn: PROJECT, type: 'CONTAINER' } },
      { name: 'test_schema', entity: { urn: SCHEMA, type: 'CONTAINER' } },
    ]);
  });
});
