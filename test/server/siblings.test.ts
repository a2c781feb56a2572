/**
 * A dataset's siblings as DataHub answers them: `siblings` (the dataset's own siblings aspect, SiblingsMapper) and
 * `siblingsSearch` (SiblingsSearchResolver: the entities whose siblings aspect names it), on the entity page's
 * query and on each search result, from which DataHub's web app merges a dbt model and its warehouse table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const dataset = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},project.shop.${name},PROD)`;
const [DBT_CUSTOMERS, BQ_CUSTOMERS] = [dataset('dbt', 'customers'), dataset('bigquery', 'customers')];
const [DBT_ORDERS, BQ_ORDERS] = [dataset('dbt', 'orders'), dataset('bigquery', 'orders')];
const LONE = dataset('bigquery', 'lone');

const SIBLINGS_SEARCH = `siblingsSearch(input: { query: "*", count: 5 }) {
  count total nextScrollId searchResults { entity { urn type ... on Dataset { platform { name } } } }
}`;

describe('siblings', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const ingest = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        ...[DBT_CUSTOMERS, BQ_CUSTOMERS, DBT_ORDERS, BQ_ORDERS, LONE].map((urn) =>
          proposal(urn, 'datasetProperties', {
            name: urn.split('.')[2]?.split(',')[0],
            customProperties: {},
          }),
        ),
        proposal(DBT_CUSTOMERS, 'siblings', { siblings: [BQ_CUSTOMERS], primary: true }),
        proposal(BQ_CUSTOMERS, 'siblings', { siblings: [DBT_CUSTOMERS], primary: false }),
        proposal(DBT_ORDERS, 'siblings', { siblings: [BQ_ORDERS], primary: true }),
        proposal(BQ_ORDERS, 'siblings', { siblings: [DBT_ORDERS], primary: false }),
      ],
    });
    expect(ingest.status).toBe(200);
  });
  afterAll(() => server.close());

  it("answers a dataset's siblings aspect and the datasets that name it as their sibling", async () => {
    const result = await server.graphql(`query($urn: String!) {
      dataset(urn: $urn) {
        siblings { isPrimary siblings { urn type ... on Dataset { platform { name } properties { name } } } }
        ${SIBLINGS_SEARCH}
      }
    }`, { urn: BQ_CUSTOMERS }); // prettier-ignore
    expect(result.errors).toBeUndefined();
    expect(result.data.dataset).toEqual({
      siblings: {
        isPrimary: false,
        siblings: [
          {
            urn: DBT_CUSTOMERS,
            type: 'DATASET',
            platform: { name: 'dbt' },
            properties: { name: 'customers' },
          },
        ],
      },
      siblingsSearch: {
        count: 1,
        total: 1,
        nextScrollId: null,
        searchResults: [{ entity: { urn: DBT_CUSTOMERS, type: 'DATASET', platform: { name: 'dbt' } } }],
      },
    });
    const primary = await server.graphql(`{ dataset(urn: "${DBT_CUSTOMERS}") { siblings { isPrimary } ${SIBLINGS_SEARCH} } }`); // prettier-ignore
    expect(primary.data.dataset.siblings).toEqual({ isPrimary: true });
    expect(primary.data.dataset.siblingsSearch.searchResults).toEqual([
      { entity: { urn: BQ_CUSTOMERS, type: 'DATASET', platform: { name: 'bigquery' } } },
    ]);
  });

  it('answers no siblings for a dataset without any', async () => {
    const result = await server.graphql(
      `{ dataset(urn: "${LONE}") { siblings { isPrimary } ${SIBLINGS_SEARCH} } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.dataset).toEqual({
      siblings: null,
      siblingsSearch: { count: 0, total: 0, nextScrollId: null, searchResults: [] },
    });
  });

  it("applies the sibling search's query, types and filters", async () => {
    const search = (input: string) =>
      server.graphql(`{ dataset(urn: "${BQ_ORDERS}") { siblingsSearch(input: ${input}) { total } } }`);
    expect((await search('{ query: "orders" }')).data.dataset.siblingsSearch.total).toBe(1);
    expect((await search('{ query: "customers" }')).data.dataset.siblingsSearch.total).toBe(0);
    expect((await search('{ query: "*", types: [CHART] }')).data.dataset.siblingsSearch.total).toBe(0);
    const filtered = await search(
      '{ query: "*", orFilters: [{ and: [{ field: "platform", values: ["urn:li:dataPlatform:bigquery"] }] }] }',
    );
    expect(filtered.data.dataset.siblingsSearch.total).toBe(0);
  });

  it('gives each search result its siblings, so the web app can show a dbt model and its table as one', async () => {
    const result = await server.graphql(`{
      searchAcrossEntities(input: { types: [DATASET], query: "orders", start: 0, count: 10 }) {
        total searchResults { entity { urn ... on Dataset { ${SIBLINGS_SEARCH.replace('count: 5', 'count: 1')} } } }
      }
    }`);
    expect(result.errors).toBeUndefined();
    const results = result.data.searchAcrossEntities.searchResults.map(
      (item: {
        entity: { urn: string; siblingsSearch: { searchResults: { entity: { urn: string } }[] } };
      }) => [item.entity.urn, item.entity.siblingsSearch.searchResults.map((sibling) => sibling.entity.urn)],
    );
    expect(new Map(results)).toEqual(
      new Map([
        [DBT_ORDERS, [BQ_ORDERS]],
        [BQ_ORDERS, [DBT_ORDERS]],
      ]),
    );
  });

  it("merges a sibling's lineage into the lineage of each (SiblingGraphService), unless asked to separate them", async () => {
    const stg = (platform: string) => dataset(platform, 'stg');
    const [DBT_RAW, BQ_RAW, BQ_SRC] = [
      dataset('dbt', 'raw'),
      dataset('bigquery', 'raw'),
      dataset('bigquery', 'src'),
    ];
    const upstreams = (...urns: string[]) => ({ upstreams: urns.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } })) }); // prettier-ignore
    const ingest = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        ...[stg('dbt'), stg('bigquery'), DBT_RAW, BQ_RAW, BQ_SRC].map((urn) => proposal(urn, 'status', { removed: false })),
        proposal(stg('dbt'), 'siblings', { siblings: [stg('bigquery')], primary: true }),
        proposal(stg('bigquery'), 'siblings', { siblings: [stg('dbt')], primary: false }),
        proposal(DBT_RAW, 'siblings', { siblings: [BQ_RAW], primary: true }),
        proposal(BQ_RAW, 'siblings', { siblings: [DBT_RAW], primary: false }),
        proposal(stg('dbt'), 'upstreamLineage', upstreams(DBT_RAW)),
        proposal(stg('bigquery'), 'upstreamLineage', upstreams(DBT_RAW, BQ_SRC)),
      ],
    }); // prettier-ignore
    expect(ingest.status).toBe(200);
    const lineage = async (urn: string, direction: string, separate = '') => {
      const query = `{ dataset(urn: "${urn}") { lineage(input: { direction: ${direction}, start: 0, count: 100${separate} }) { total filtered relationships { entity { urn } } } } }`; // prettier-ignore
      const result = await server.graphql(query);
      expect(result.errors).toBeUndefined();
      const { total, filtered, relationships } = result.data.dataset.lineage;
      return {
        total,
        filtered,
        urns: relationships.map((item: { entity: { urn: string } }) => item.entity.urn),
      };
    };
    // The sibling's upstreams the entity lacks first, then the entity's (each in the index's order); the one both have once.
    expect(await lineage(stg('dbt'), 'UPSTREAM')).toEqual({ total: 3, filtered: 1, urns: [BQ_SRC, DBT_RAW] });
    expect(await lineage(stg('bigquery'), 'UPSTREAM')).toEqual({
      total: 3,
      filtered: 1,
      urns: [BQ_SRC, DBT_RAW],
    });
    // The warehouse table is not the primary of its siblings: the dbt model stands for both.
    expect(await lineage(DBT_RAW, 'DOWNSTREAM')).toEqual({ total: 2, filtered: 1, urns: [stg('dbt')] });
    expect(await lineage(BQ_RAW, 'DOWNSTREAM')).toEqual({ total: 2, filtered: 1, urns: [stg('dbt')] });
    const separate = await lineage(DBT_RAW, 'DOWNSTREAM', ', separateSiblings: true');
    expect(separate).toEqual({
      total: 2,
      filtered: 0,
      urns: expect.arrayContaining([stg('dbt'), stg('bigquery')]),
    });
    expect(await lineage(BQ_RAW, 'DOWNSTREAM', ', separateSiblings: true')).toEqual({
      total: 0,
      filtered: 0,
      urns: [],
    });
  });

  it('follows a change of siblings', async () => {
    const ingest = await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(DBT_ORDERS, 'siblings', { siblings: [LONE], primary: true }),
    });
    expect(ingest.status).toBe(200);
    const result = await server.graphql(`{
      orders: dataset(urn: "${BQ_ORDERS}") { siblingsSearch(input: { query: "*" }) { total } }
      lone: dataset(urn: "${LONE}") { siblingsSearch(input: { query: "*" }) { searchResults { entity { urn } } } }
    }`);
    expect(result.data.orders.siblingsSearch.total).toBe(0);
    expect(result.data.lone.siblingsSearch.searchResults).toEqual([{ entity: { urn: DBT_ORDERS } }]);
  });
});
