/**
 * Users and roles as DataHub has them (its default policies, boot/policies.json at v1.7.0): the root user and
 * Admins may do everything, Editors edit data assets' metadata and glossaries but not the platform's settings,
 * Readers read only (the app shows them no edit controls, and GMS refuses their writes with 403), and a user
 * without a role edits only what they own.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'roles-test-server-token-0123456789';
const USERS = ['datahub', 'editor', 'reader', 'owner'].map((username) => ({
  username,
  password: `${username}-pw`,
}));
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,roles_test,PROD)';
const OWNED = 'urn:li:dataset:(urn:li:dataPlatform:hive,owned_by_owner,PROD)';
const ADD_TAG = `mutation ($urn: String!) { addTag(input: {tagUrn: "urn:li:tag:pii", resourceUrn: $urn}) }`;
const PRIVILEGES = `query ($urn: String!) { dataset(urn: $urn) { privileges { canEditTags canEditDescription canEditLineage canViewDatasetProfile canManageChildren } } }`; // prettier-ignore
const ME = '{ me { platformPrivileges { manageGlossaries manageTags createTags manageOwnershipTypes managePolicies generatePersonalAccessTokens } } }'; // prettier-ignore

describe('users and roles', () => {
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  const sessions = new Map<string, string>();
  const graphql = async (user: string, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions.get(user) ?? '' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as any;
  };
  const ingestAs = (user: string, ...proposals: unknown[]) =>
    fetch(`${server.url}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions.get(user) ?? '' },
      body: JSON.stringify({ proposals }),
    });

  beforeAll(async () => {
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    server = await startTestServer({ users: USERS, token: TOKEN, datahubUi: bundle.dir });
    const admin = { Authorization: `Bearer ${TOKEN}` };
    const seeded = await server.post(
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          proposal('urn:li:corpuser:editor', 'roleMembership', { roles: ['urn:li:dataHubRole:Editor'] }),
          proposal('urn:li:corpuser:reader', 'roleMembership', { roles: ['urn:li:dataHubRole:Reader'] }),
          proposal(DATASET, 'status', { removed: false }),
          proposal(OWNED, 'ownership', {
            owners: [{ owner: 'urn:li:corpuser:owner', type: 'TECHNICAL_OWNER' }],
            lastModified: { time: 0, actor: 'urn:li:corpuser:datahub' },
          }),
          proposal('urn:li:tag:pii', 'tagProperties', { name: 'pii' }),
        ],
      },
      admin,
    );
    expect(seeded.status).toBe(200);
    for (const { username, password } of USERS) {
      const response = await fetch(`${server.url}/logIn`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(response.status).toBe(200);
      sessions.set(
        username,
        response.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; '),
      );
    }
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  it('answers each user the platform privileges of their role', async () => {
    const privileges = async (user: string) => (await graphql(user, ME)).data.me.platformPrivileges;
    expect(await privileges('datahub')).toEqual({ manageGlossaries: true, manageTags: true, createTags: true, manageOwnershipTypes: true, managePolicies: true, generatePersonalAccessTokens: true }); // prettier-ignore
    expect(await privileges('editor')).toEqual({ manageGlossaries: true, manageTags: true, createTags: true, manageOwnershipTypes: false, managePolicies: false, generatePersonalAccessTokens: true }); // prettier-ignore
    expect(await privileges('reader')).toEqual({ manageGlossaries: false, manageTags: false, createTags: false, manageOwnershipTypes: false, managePolicies: false, generatePersonalAccessTokens: true }); // prettier-ignore
  });

  it("answers an entity's privileges for the signed-in user: a Reader gets no edit control", async () => {
    const of = async (user: string, urn: string) => (await graphql(user, PRIVILEGES, { urn })).data.dataset.privileges; // prettier-ignore
    expect(await of('editor', DATASET)).toEqual({ canEditTags: true, canEditDescription: true, canEditLineage: true, canViewDatasetProfile: true, canManageChildren: null }); // prettier-ignore
    expect(await of('reader', DATASET)).toEqual({ canEditTags: false, canEditDescription: false, canEditLineage: false, canViewDatasetProfile: true, canManageChildren: null }); // prettier-ignore
    expect((await of('owner', OWNED)).canEditTags).toBe(true);
    expect((await of('owner', DATASET)).canEditTags).toBe(false);
  });

  it('refuses the mutations of a user who may not make them (403), and writes nothing', async () => {
    const refused = await graphql('reader', ADD_TAG, { urn: DATASET });
    expect(refused.errors[0]).toMatchObject({
      message: 'Unauthorized to perform this action. Please contact your DataHub administrator.',
      extensions: { code: 403 },
    });
    const tags = await server.get(`/aspects/${encodeURIComponent(DATASET)}?aspect=globalTags&version=0`, { Authorization: `Bearer ${TOKEN}` }); // prettier-ignore
    expect(tags.status).toBe(404);
    expect((await graphql('owner', ADD_TAG, { urn: DATASET })).errors[0].extensions.code).toBe(403);
    expect((await graphql('owner', ADD_TAG, { urn: OWNED })).data.addTag).toBe(true);
    expect((await graphql('editor', ADD_TAG, { urn: DATASET })).data.addTag).toBe(true);
    const term = 'mutation { createGlossaryTerm(input: {id: "RolesTerm", name: "Roles term"}) }';
    expect((await graphql('reader', term)).errors[0].extensions.code).toBe(403);
    expect((await graphql('editor', term)).data.createGlossaryTerm).toBe('urn:li:glossaryTerm:RolesTerm');
    const ownershipType = 'mutation { createOwnershipType(input: {name: "x", description: "y"}) { urn } }';
    expect((await graphql('editor', ownershipType)).errors[0].extensions.code).toBe(403);
    // Every user may mint their own access token.
    const token = await graphql(
      'reader',
      'mutation { createAccessToken(input: {type: PERSONAL, actorUrn: "urn:li:corpuser:reader", duration: ONE_HOUR, name: "mine"}) { accessToken } }', // prettier-ignore
    );
    expect(token.data.createAccessToken.accessToken).toBeTruthy();
  });

  it('lists the roles DataHub bootstraps, and lets an admin (only) assign one, which takes effect at once', async () => {
    const roles = await graphql('reader', '{ listRoles(input: {start: 0, count: 10}) { total roles { urn type name description } } }'); // prettier-ignore
    expect(roles.data.listRoles.total).toBe(3);
    expect(roles.data.listRoles.roles[0]).toEqual({ urn: 'urn:li:dataHubRole:Admin', type: 'DATAHUB_ROLE', name: 'Admin', description: 'Can do everything on the platform.' }); // prettier-ignore
    const assign =
      'mutation ($role: String) { batchAssignRole(input: {roleUrn: $role, actors: ["urn:li:corpuser:owner"]}) }';
    expect(
      (await graphql('editor', assign, { role: 'urn:li:dataHubRole:Admin' })).errors[0].extensions.code,
    ).toBe(403);
    // The user is an entity once they exist: DataHub skips actors that do not.
    await server.post('/aspects?action=ingestProposal', { proposal: proposal('urn:li:corpuser:owner', 'corpUserInfo', { active: true }) }, { Authorization: `Bearer ${TOKEN}` }); // prettier-ignore
    expect(
      (await graphql('datahub', assign, { role: 'urn:li:dataHubRole:Editor' })).data.batchAssignRole,
    ).toBe(true);
    const stored = await server.get(`/aspects/${encodeURIComponent('urn:li:corpuser:owner')}?aspect=roleMembership&version=0`, { Authorization: `Bearer ${TOKEN}` }); // prettier-ignore
    expect(stored.json.aspect['com.linkedin.identity.RoleMembership']).toEqual({ roles: ['urn:li:dataHubRole:Editor'] }); // prettier-ignore
    expect((await graphql('owner', ADD_TAG, { urn: DATASET })).data.addTag).toBe(true);
    expect((await graphql('datahub', assign, { role: null })).data.batchAssignRole).toBe(true);
    expect((await graphql('owner', ADD_TAG, { urn: DATASET })).errors[0].extensions.code).toBe(403);
  });

  it("refuses a Rest.li write to what the user may not edit, with GMS's 403", async () => {
    const tags = proposal(DATASET, 'globalTags', { tags: [] });
    const refused = await ingestAs('reader', tags);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `User urn:li:corpuser:reader is unauthorized to modify entity: HttpStatus: 403 Urn: ${DATASET}`,
    );
    expect((await ingestAs('editor', tags)).status).toBe(200);
    // Editors edit data assets, not users.
    const user = proposal('urn:li:corpuser:someone', 'corpUserInfo', { active: true });
    expect((await ingestAs('editor', user)).status).toBe(403);
    const deleted = await fetch(`${server.url}/entities?action=delete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions.get('editor') ?? '' },
      body: JSON.stringify({ urn: DATASET }),
    });
    expect(deleted.status).toBe(403);
    expect(((await deleted.json()) as { message: string }).message).toBe(
      `User is unauthorized to delete entity: ${DATASET}`,
    );
  });
});
