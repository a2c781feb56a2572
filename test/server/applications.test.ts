/**
 * Applications as DataHub v1.7.0 serves them to its web app: the Application entity (ApplicationMapper), the
 * applications of an asset (ApplicationAssociationMapper), applications found by type and assets by the
 * `applications` filter, and createApplication, deleteApplication, batchSetApplication and batchUnsetApplication
 * as their resolvers do them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const APP = 'urn:li:application:d63587c6-cacc-4590-851c-4f51ca429b51';
const WITH_APP = 'urn:li:dataset:(urn:li:dataPlatform:hive,logging_events,PROD)';
const WITHOUT_APP = 'urn:li:dataset:(urn:li:dataPlatform:bigquery,project.shop.customers,PROD)';

const APPLICATION = `query ($urn: String!) { application(urn: $urn) { urn type
  properties { name description externalUrl customProperties { key value } }
  ownership { owners { owner { ... on CorpUser { urn } } type } } } }`;
const DATASET_APPLICATIONS = `query ($urn: String!) { dataset(urn: $urn) {
  applications { associatedUrn application { urn type properties { name } } }
  application { application { urn } } } }`;
const SEARCH = `query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) {
  total searchResults { entity { urn type } } } }`;

describe('applications', () => {
  let server: TestServer;
  const gql = (query: string, variables?: Record<string, unknown>) => server.graphql(query, variables);
  const urnsOf = (result: any): string[] =>
    result.data.searchAcrossEntities.searchResults.map((hit: any) => hit.entity.urn);

  beforeAll(async () => {
    server = await startTestServer();
    for (const [urn, aspect, value] of [
      [APP, 'applicationProperties', { name: 'Accounts Application', description: 'Banking accounts' }],
      [WITH_APP, 'applications', { applications: [APP] }],
      [WITHOUT_APP, 'status', { removed: false }],
    ] as const)
      await server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) });
  });
  afterAll(() => server.close());

  it('answers an application, and an asset its applications', async () => {
    const application = await gql(APPLICATION, { urn: APP });
    expect(application.data.application).toEqual({
      urn: APP,
      type: 'APPLICATION',
      properties: { name: 'Accounts Application', description: 'Banking accounts', externalUrl: null, customProperties: [] }, // prettier-ignore
      ownership: null,
    });
    const dataset = await gql(DATASET_APPLICATIONS, { urn: WITH_APP });
    expect(dataset.data.dataset).toEqual({
      applications: [
        { associatedUrn: WITH_APP, application: { urn: APP, type: 'APPLICATION', properties: { name: 'Accounts Application' } } }, // prettier-ignore
      ],
      application: { application: { urn: APP } },
    });
    const without = await gql(DATASET_APPLICATIONS, { urn: WITHOUT_APP });
    expect(without.data.dataset).toEqual({ applications: null, application: null });
  });

  it('finds applications by type and an application’s assets by the applications filter', async () => {
    const byType = await gql(SEARCH, { input: { types: ['APPLICATION'], query: '*', start: 0, count: 10 } });
    expect(byType.data.searchAcrossEntities.searchResults).toEqual([
      { entity: { urn: APP, type: 'APPLICATION' } },
    ]);
    const byName = await gql(SEARCH, { input: { types: ['APPLICATION'], query: 'Accounts', start: 0, count: 10 } }); // prettier-ignore
    expect(urnsOf(byName)).toEqual([APP]);
    const assets = await gql(SEARCH, {
      input: {
        query: '*',
        start: 0,
        count: 10,
        orFilters: [{ and: [{ field: 'applications', values: [APP] }] }],
      },
    });
    expect(urnsOf(assets)).toEqual([WITH_APP]);
  });

  it('creates an application with its creator as owner, refuses a second of the same id, and deletes it', async () => {
    const create = (input: Record<string, unknown>) =>
      gql(
        'mutation ($input: CreateApplicationInput!) { createApplication(input: $input) { urn type properties { name description } ownership { owners { owner { ... on CorpUser { urn } } type } } domain { domain { urn } } } }', // prettier-ignore
        { input },
      );
    const created = await create({ id: 'pricing', properties: { name: 'Pricing', description: 'Prices' } });
    expect(created.data.createApplication).toEqual({
      urn: 'urn:li:application:pricing',
      type: 'APPLICATION',
      properties: { name: 'Pricing', description: 'Prices' },
      ownership: { owners: [{ owner: { urn: 'urn:li:corpuser:datahub' }, type: 'TECHNICAL_OWNER' }] },
      domain: null,
    });
    const again = await create({ id: 'pricing', properties: { name: 'Other' } });
    expect(again.errors[0].message).toMatch(/^Failed to create a new Application from input .*Root cause: This Application already exists!$/); // prettier-ignore

    const unowned = await create({ properties: { name: 'Unowned' }, shouldAddCreatorAsOwner: false, domainUrn: 'urn:li:domain:finance' }); // prettier-ignore
    expect(unowned.data.createApplication.urn).toMatch(/^urn:li:application:[0-9a-f-]{36}$/);
    expect(unowned.data.createApplication.ownership).toBeNull();
    expect(unowned.data.createApplication.domain).toEqual({ domain: { urn: 'urn:li:domain:finance' } });
    const listed = await gql(SEARCH, { input: { types: ['APPLICATION'], query: '', start: 0, count: 10 } });
    expect(urnsOf(listed)).toEqual(expect.arrayContaining(['urn:li:application:pricing', unowned.data.createApplication.urn])); // prettier-ignore

    const deleted = await gql('mutation { deleteApplication(urn: "urn:li:application:pricing") }');
    expect(deleted.data.deleteApplication).toBe(true);
    expect((await gql(APPLICATION, { urn: 'urn:li:application:pricing' })).data.application).toBeNull();
    const missing = await gql('mutation { deleteApplication(urn: "urn:li:application:pricing") }');
    expect(missing.errors[0]).toMatchObject({ message: 'The Application provided does not exist', extensions: { code: 400 } }); // prettier-ignore
  });

  it('sets an application on assets, unsets it, and refuses a missing application or asset', async () => {
    const set = (input: Record<string, unknown>) =>
      gql('mutation ($input: BatchSetApplicationInput!) { batchSetApplication(input: $input) }', { input });
    const unset = (input: Record<string, unknown>) =>
      gql('mutation ($input: BatchUnsetApplicationInput!) { batchUnsetApplication(input: $input) }', { input }); // prettier-ignore
    expect((await set({ applicationUrn: APP, resourceUrns: [WITHOUT_APP, WITH_APP] })).data.batchSetApplication).toBe(true); // prettier-ignore
    // Added once: the asset that had it keeps one.
    expect(await server.aspect(WITH_APP, 'applications')).toEqual({ applications: [APP] });
    expect(await server.aspect(WITHOUT_APP, 'applications')).toEqual({ applications: [APP] });
    expect((await gql(DATASET_APPLICATIONS, { urn: WITHOUT_APP })).data.dataset.application).toEqual({ application: { urn: APP } }); // prettier-ignore

    expect((await unset({ applicationUrn: APP, resourceUrns: [WITHOUT_APP] })).data.batchUnsetApplication).toBe(true); // prettier-ignore
    expect(await server.aspect(WITHOUT_APP, 'applications')).toEqual({ applications: [] });
    expect((await gql(DATASET_APPLICATIONS, { urn: WITHOUT_APP })).data.dataset).toEqual({ applications: [], application: null }); // prettier-ignore

    const noApp = await set({ applicationUrn: 'urn:li:application:none', resourceUrns: [WITH_APP] });
    expect(noApp.errors[0].message).toBe('Failed to batch set Application, Application urn urn:li:application:none does not exist'); // prettier-ignore
    const noAsset = await set({ applicationUrn: APP, resourceUrns: ['urn:li:dataset:(urn:li:dataPlatform:hive,none,PROD)'] }); // prettier-ignore
    expect(noAsset.errors[0].message).toBe('Failed to set_application, urn:li:dataset:(urn:li:dataPlatform:hive,none,PROD) in resources does not exist'); // prettier-ignore
    // Without an application, batchSetApplication empties each asset's list.
    expect((await set({ applicationUrn: null, resourceUrns: [WITH_APP] })).data.batchSetApplication).toBe(
      true,
    );
    expect(await server.aspect(WITH_APP, 'applications')).toEqual({ applications: [] });
  });
});
