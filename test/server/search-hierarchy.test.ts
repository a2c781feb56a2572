/**
 * The "within" operator of DataHub's search filters: DESCENDANTS_INCL (and ANCESTORS_INCL, RELATED_INCL) on
 * `domains` and `container` match the nested domains (containers) too, as DataHub's DomainExpansionRewriter and
 * ContainerExpansionRewriter expand them; EQUAL matches the URN given only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const PARENT = 'urn:li:domain:parent';
const CHILD = 'urn:li:domain:child';
const GRANDCHILD = 'urn:li:domain:grandchild';
const NESTED = 'urn:li:dataset:(urn:li:dataPlatform:hive,nested,PROD)';
const TOP = 'urn:li:dataset:(urn:li:dataPlatform:hive,top,PROD)';
const OUTER = 'urn:li:container:outer';
const INNER = 'urn:li:container:inner';

describe('hierarchy conditions in search filters', () => {
  let server: TestServer;
  const search = async (
    field: string,
    values: string[],
    condition: string,
    types = '[DATASET]',
  ): Promise<string[]> => {
    const result = await server.graphql(
      `query ($filters: [FacetFilterInput!]) { searchAcrossEntities(input: {query: "*", types: ${types}, orFilters: [{and: $filters}]}) { searchResults { entity { urn } } } }`,
      { filters: [{ field, values, condition }] },
    );
    expect(result.errors).toBeUndefined();
    return result.data.searchAcrossEntities.searchResults
      .map((hit: { entity: { urn: string } }) => hit.entity.urn)
      .sort();
  };

  beforeAll(async () => {
    server = await startTestServer();
    const ingest = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(PARENT, 'domainProperties', { name: 'Parent' }),
        proposal(CHILD, 'domainProperties', { name: 'Child', parentDomain: PARENT }),
        proposal(GRANDCHILD, 'domainProperties', { name: 'Grandchild', parentDomain: CHILD }),
        proposal(NESTED, 'domains', { domains: [GRANDCHILD] }),
        proposal(TOP, 'domains', { domains: [PARENT] }),
        proposal(OUTER, 'containerProperties', { name: 'outer' }),
        proposal(INNER, 'containerProperties', { name: 'inner' }),
        proposal(INNER, 'container', { container: OUTER }),
        proposal(NESTED, 'container', { container: INNER }),
      ],
    });
    expect(ingest.status).toBe(200);
  });
  afterAll(() => server.close());

  it('matches the entities of nested domains with DESCENDANTS_INCL, and only the domain given with EQUAL', async () => {
    expect(await search('domains', [PARENT], 'DESCENDANTS_INCL')).toEqual([NESTED, TOP].sort());
    expect(await search('domains', [PARENT], 'EQUAL')).toEqual([TOP]);
    expect(await search('domains', [CHILD], 'DESCENDANTS_INCL')).toEqual([NESTED]);
  });

  it('walks up with ANCESTORS_INCL, both ways with RELATED_INCL, and through nested containers', async () => {
    expect(await search('domains', [GRANDCHILD], 'ANCESTORS_INCL')).toEqual([NESTED, TOP].sort());
    expect(await search('domains', [CHILD], 'RELATED_INCL')).toEqual([NESTED, TOP].sort());
    expect(await search('container', [OUTER], 'DESCENDANTS_INCL')).toEqual([NESTED]);
    expect(await search('container', [OUTER], 'EQUAL')).toEqual([]);
  });
});
