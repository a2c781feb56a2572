/**
 * Domains created, moved, deleted and set on assets in DataHub's web app, as DataHub v1.7.0's domain resolvers do
 * it, and the top-level domains listed as the app asks for them (no parentDomain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,domain_assets,PROD)';
const ROOTS = `{ scrollAcrossEntities(input: {query: "*", types: [DOMAIN], count: 50,
  orFilters: [{and: [{field: "parentDomain", condition: EXISTS, negated: true}]}]}) { searchResults { entity { urn } } } }`;

describe('domain mutations', () => {
  let server: TestServer;
  const gql = (query: string, variables?: Record<string, unknown>) => server.graphql(query, variables);
  const create = (input: Record<string, unknown>) =>
    gql('mutation ($input: CreateDomainInput!) { createDomain(input: $input) }', { input });

  beforeAll(async () => {
    server = await startTestServer();
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(DATASET, 'status', { removed: false }),
    });
  });
  afterAll(() => server.close());

  it('creates a domain with its creator as owner, and refuses a second of the same name among its siblings', async () => {
    const created = await create({
      id: 'marketing',
      name: 'Marketing',
      description: 'Campaigns',
      owners: [{ ownerUrn: 'urn:li:corpuser:datahub', ownerEntityType: 'CORP_USER', type: 'BUSINESS_OWNER' }],
    });
    expect(created).toEqual({ data: { createDomain: 'urn:li:domain:marketing' }, extensions: {} });
    const domain = await gql('{ domain(urn: "urn:li:domain:marketing") { properties { name description } ownership { owners { owner { ... on CorpUser { urn } } } } } }'); // prettier-ignore
    expect(domain.data.domain.properties).toEqual({ name: 'Marketing', description: 'Campaigns' });
    expect(domain.data.domain.ownership.owners[0].owner.urn).toBe('urn:li:corpuser:datahub');
    const again = await create({ name: 'Marketing' });
    expect(again.errors[0]).toMatchObject({
      message: '"Marketing" already exists in this domain. Please pick a unique name.',
      extensions: { code: 409 },
    });
    expect((await create({ id: 'marketing', name: 'Other' })).errors[0].message).toBe(
      'Failed to create Domain with id: marketing, name: Other. Root cause: This Domain already exists!',
    );
  });

  it('nests, lists the top level without the nested ones, moves, and refuses a move under a descendant', async () => {
    expect((await create({ id: 'campaigns', name: 'Campaigns', parentDomain: 'urn:li:domain:marketing' })).data.createDomain).toBe('urn:li:domain:campaigns'); // prettier-ignore
    const roots = (await gql(ROOTS)).data.scrollAcrossEntities.searchResults.map(
      (hit: any) => hit.entity.urn,
    );
    expect(roots).toContain('urn:li:domain:marketing');
    expect(roots).not.toContain('urn:li:domain:campaigns');

    const cycle = await gql('mutation { moveDomain(input: {resourceUrn: "urn:li:domain:marketing", parentDomain: "urn:li:domain:campaigns"}) }'); // prettier-ignore
    expect(cycle.errors[0]).toMatchObject({ message: 'Cannot move a domain under one of its own descendants.', extensions: { code: 400 } }); // prettier-ignore
    const moved = await gql('mutation { moveDomain(input: {resourceUrn: "urn:li:domain:campaigns"}) }');
    expect(moved.data.moveDomain).toBe(true);
    expect(await server.aspect('urn:li:domain:campaigns', 'domainProperties')).not.toHaveProperty(
      'parentDomain',
    );
  });

  it('renames a domain (updateName), refusing the name of a sibling', async () => {
    await create({ id: 'sales', name: 'Sales' });
    expect((await gql('mutation { updateName(input: {urn: "urn:li:domain:sales", name: "Revenue"}) }')).data.updateName).toBe(true); // prettier-ignore
    expect((await server.aspect('urn:li:domain:sales', 'domainProperties')).name).toBe('Revenue');
    const taken = await gql(
      'mutation { updateName(input: {urn: "urn:li:domain:sales", name: "Marketing"}) }',
    );
    expect(taken.errors[0]).toMatchObject({ message: '"Marketing" already exists in this domain. Please pick a unique name.', extensions: { code: 409 } }); // prettier-ignore
  });

  it('sets and unsets the domain of an asset, and deletes a domain only without child domains', async () => {
    expect((await gql(`mutation { setDomain(entityUrn: "${DATASET}", domainUrn: "urn:li:domain:marketing") }`)).data.setDomain).toBe(true); // prettier-ignore
    expect(await server.aspect(DATASET, 'domains')).toEqual({ domains: ['urn:li:domain:marketing'] });
    const missing = await gql(
      `mutation { setDomain(entityUrn: "${DATASET}", domainUrn: "urn:li:domain:nothing") }`,
    );
    expect(missing.errors[0].message).toBe(`Failed to add Entity ${DATASET} to Domain urn:li:domain:nothing. Domain does not exist.`); // prettier-ignore
    expect((await gql(`mutation { unsetDomain(entityUrn: "${DATASET}") }`)).data.unsetDomain).toBe(true);
    expect(await server.aspect(DATASET, 'domains')).toEqual({ domains: [] });
    expect((await gql(`mutation { batchSetDomain(input: {domainUrn: "urn:li:domain:campaigns", resources: [{resourceUrn: "${DATASET}"}]}) }`)).data.batchSetDomain).toBe(true); // prettier-ignore

    await create({ id: 'child', name: 'Child', parentDomain: 'urn:li:domain:marketing' });
    const refused = await gql('mutation { deleteDomain(urn: "urn:li:domain:marketing") }');
    expect(refused.errors[0].message).toBe(
      'Failed to perform delete against domain with urn urn:li:domain:marketing. Root cause: Cannot delete domain urn:li:domain:marketing which has child domains',
    );
    expect((await gql('mutation { deleteDomain(urn: "urn:li:domain:campaigns") }')).data.deleteDomain).toBe(
      true,
    );
    // The references to it go with it.
    expect(await server.aspect(DATASET, 'domains')).toEqual({ domains: [] });
  });
});
