/**
 * Policies made, edited, listed and deleted in DataHub's web app as DataHub v1.7.0's policy resolvers do it
 * (stored as dataHubPolicy entities with dataHubPolicyInfo; MANAGE_POLICIES needed), listed beside the policies
 * GMS bootstraps, and honoured by the catalog's authorizer as DataHub's policy engine honours them: a platform
 * policy grants its privileges to the users and groups it names, a metadata policy only on the resources its
 * filter matches, and an inactive or deleted policy grants nothing.
 */
import { describe, expect, it } from 'vitest';
import { proposal } from '../helpers/server.js';
import { JANE, useSettingsServer } from '../helpers/settings-server.js';

const ACTIVE = [{ and: [{ field: 'state', values: ['ACTIVE'], condition: 'EQUAL' }] }];
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,policies_test,PROD)';
const CHART = 'urn:li:chart:(looker,policies_test)';
const ME = '{ me { platformPrivileges { manageGlossaries manageTags managePolicies } } }';
const ADD_TAG = `mutation ($urn: String!) { addTag(input: {tagUrn: "urn:li:tag:pii", resourceUrn: $urn}) }`;

const noActors = { users: [], groups: [], allUsers: false, allGroups: false, resourceOwners: false };

describe('policies', () => {
  const { server, admin, aspect, graphql, send, refuse } = useSettingsServer();
  const list = async (input: Record<string, unknown>) =>
    send('datahub', 'listPolicies', { input: { start: 0, count: 100, ...input } });
  const janeMay = async () => (await graphql('jane', ME)).data.me.platformPrivileges;

  it('lists the policies GMS bootstraps, and creates, edits and deletes one', async () => {
    const defaults = await list({ orFilters: ACTIVE });
    expect(defaults.total).toBe(16);
    expect(defaults.policies.find((policy: any) => policy.urn === 'urn:li:dataHubPolicy:0')).toMatchObject({
      name: 'Root User - All Platform Privileges',
      type: 'PLATFORM',
      state: 'ACTIVE',
      editable: false,
      actors: { users: ['urn:li:corpuser:datahub'], resolvedUsers: [{ urn: 'urn:li:corpuser:datahub' }] },
    });

    const input = {
      type: 'PLATFORM',
      name: 'Glossary stewards',
      state: 'ACTIVE',
      description: 'Jane keeps the glossary',
      privileges: ['MANAGE_GLOSSARIES'],
      actors: { ...noActors, users: [JANE] },
    };
    const urn = await send('datahub', 'createPolicy', { input });
    expect(urn).toMatch(/^urn:li:dataHubPolicy:[0-9a-f-]{36}$/);
    expect(await aspect(urn, 'dataHubPolicyInfo')).toEqual({
      type: 'PLATFORM',
      displayName: 'Glossary stewards',
      state: 'ACTIVE',
      description: 'Jane keeps the glossary',
      privileges: ['MANAGE_GLOSSARIES'],
      actors: { users: [JANE], groups: [], allUsers: false, allGroups: false, resourceOwners: false },
      lastUpdatedTimestamp: expect.any(Number),
    });
    expect((await list({ query: 'keeps the glossary' })).policies.map((policy: any) => policy.urn)).toEqual([
      urn,
    ]);
    expect((await list({ query: 'nothing like it' })).policies).toHaveLength(0);
    const byName = await list({ query: 'Glossary stewards', orFilters: ACTIVE });
    expect(byName.policies).toEqual([
      expect.objectContaining({ urn, name: 'Glossary stewards', editable: true, resources: null, actors: expect.objectContaining({ resolvedUsers: [expect.objectContaining({ urn: JANE })] }) }), // prettier-ignore
    ]);

    const renamed = { ...input, name: 'Glossary keepers', state: 'INACTIVE' };
    expect(await send('datahub', 'updatePolicy', { urn, input: renamed })).toBe(urn);
    expect((await list({ orFilters: ACTIVE })).total).toBe(16);
    const inactive = await list({ orFilters: [{ and: [{ field: 'state', values: ['INACTIVE'], condition: 'EQUAL' }] }] }); // prettier-ignore
    expect(inactive.policies.map((policy: any) => policy.name)).toEqual(['Glossary keepers']);

    expect(await send('datahub', 'deletePolicy', { urn })).toBe(urn);
    expect((await list({})).total).toBe(16);
  });

  it('grants a platform policy to the users and members of the groups it names, while it is active', async () => {
    expect((await janeMay()).manageGlossaries).toBe(false);
    await send('datahub', 'createGroup', { input: { id: 'keepers', name: 'Keepers' } });
    await send('datahub', 'addGroupMembers', { groupUrn: 'urn:li:corpGroup:keepers', userUrns: [JANE] });
    const input = {
      type: 'PLATFORM',
      name: 'Keepers keep',
      state: 'ACTIVE',
      description: 'Keepers keep the glossary',
      privileges: ['MANAGE_GLOSSARIES', 'MANAGE_GLOBAL_ANNOUNCEMENTS'],
      actors: { ...noActors, groups: ['urn:li:corpGroup:keepers'] },
    };
    const post = {
      input: { postType: 'HOME_PAGE_ANNOUNCEMENT', content: { contentType: 'TEXT', title: 'Hi' } },
    };
    expect((await refuse('jane', 'createPost', post)).code).toBe(403);
    const urn = await send('datahub', 'createPolicy', { input });
    expect((await janeMay()).manageGlossaries).toBe(true);
    expect(await send('jane', 'createPost', post)).toBe(true);

    await send('datahub', 'updatePolicy', { urn, input: { ...input, state: 'INACTIVE' } });
    expect((await janeMay()).manageGlossaries).toBe(false);
    await send('datahub', 'updatePolicy', {
      urn,
      input: { ...input, actors: { ...noActors, allGroups: true } },
    });
    expect((await janeMay()).manageGlossaries).toBe(true);
    await send('datahub', 'deletePolicy', { urn });
    expect((await janeMay()).manageGlossaries).toBe(false);
  });

  it('grants a metadata policy only on the resources its filter matches', async () => {
    const seeded = await server().post(
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          proposal(DATASET, 'status', { removed: false }),
          proposal(CHART, 'status', { removed: false }),
          proposal('urn:li:tag:pii', 'tagProperties', { name: 'pii' }),
        ],
      },
      admin,
    );
    expect(seeded.status).toBe(200);
    expect((await graphql('jane', ADD_TAG, { urn: DATASET })).errors[0].extensions.code).toBe(403);
    const urn = await send('datahub', 'createPolicy', {
      input: {
        type: 'METADATA',
        name: 'Jane tags datasets',
        state: 'ACTIVE',
        description: '',
        privileges: ['EDIT_ENTITY_TAGS'],
        resources: { allResources: false, filter: { criteria: [{ field: 'TYPE', values: ['dataset'], condition: 'EQUALS' }] } }, // prettier-ignore
        actors: { ...noActors, users: [JANE] },
      },
    });
    expect((await graphql('jane', ADD_TAG, { urn: DATASET })).data.addTag).toBe(true);
    expect((await graphql('jane', ADD_TAG, { urn: CHART })).errors[0].extensions.code).toBe(403);
    // A metadata policy with a resource filter grants nothing on the platform.
    expect((await janeMay()).manageTags).toBe(false);
    const listed = await list({ query: 'Jane tags datasets' });
    expect(listed.policies[0].resources).toEqual({
      type: null,
      allResources: false,
      resources: null,
      filter: {
        criteria: [{ field: 'TYPE', condition: 'EQUALS', values: [{ value: 'dataset', entity: null }] }],
      },
    });
    await send('datahub', 'deletePolicy', { urn });
  });

  it('reads an edited default policy in place of the bootstrapped one', async () => {
    const urn = 'urn:li:dataHubPolicy:7';
    const before = (await list({ query: 'All Users - Base Platform Privileges' })).policies[0];
    expect(before.state).toBe('ACTIVE');
    const input = {
      type: before.type,
      name: before.name,
      state: 'ACTIVE',
      description: before.description,
      privileges: [...before.privileges, 'MANAGE_TAGS'],
      actors: { ...noActors, allUsers: true },
    };
    await send('datahub', 'updatePolicy', { urn, input });
    expect((await janeMay()).manageTags).toBe(true);
    expect((await list({ orFilters: ACTIVE })).total).toBe(16);
    await send('datahub', 'updatePolicy', { urn, input: { ...input, privileges: before.privileges } });
    expect((await janeMay()).manageTags).toBe(false);
  });

  it('refuses a user without MANAGE_POLICIES', async () => {
    const refused = { message: 'Unauthorized to perform this action. Please contact your DataHub administrator.', code: 403 }; // prettier-ignore
    expect(await refuse('jane', 'listPolicies', { input: { start: 0, count: 10 } })).toEqual(refused);
    const input = { type: 'PLATFORM', name: 'Mine', state: 'ACTIVE', description: '', privileges: ['MANAGE_POLICIES'], actors: { ...noActors, users: [JANE] } }; // prettier-ignore
    expect(await refuse('jane', 'createPolicy', { input })).toEqual(refused);
    expect(await refuse('jane', 'deletePolicy', { urn: 'urn:li:dataHubPolicy:0' })).toEqual(refused);
    expect((await janeMay()).managePolicies).toBe(false);
  });
});
