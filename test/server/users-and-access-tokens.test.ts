/**
 * `catalog serve --users <user.props>`: DataHub's users sign in to its web app with their passwords, every other
 * caller is refused until it proves who it is, and personal access tokens (createAccessToken, listAccessTokens,
 * revokeAccessToken) work as GMS's: a bearer token on Rest.li and GraphQL, stored hashed, expiring, revocable.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCatalog } from '../../src/engine/serve-catalog.js';
import { DiagnosticsError } from '../../src/errors.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const USERS = [
  { username: 'datahub', password: 'datahub' },
  { username: 'alice', password: 'alice-password' },
];
const CREATE = `mutation createAccessToken($input: CreateAccessTokenInput!) {
  createAccessToken(input: $input) { accessToken metadata { id urn type name actorUrn ownerUrn expiresAt } }
}`;
const LIST = `query listAccessTokens($input: ListAccessTokenInput!) {
  listAccessTokens(input: $input) { start count total tokens { id name actorUrn ownerUrn createdAt expiresAt owner { urn } } }
}`;
const REVOKE = 'mutation revokeAccessToken($tokenId: String!) { revokeAccessToken(tokenId: $tokenId) }';
const ME = '{ me { corpUser { urn } } }';
const DAY = 24 * 60 * 60 * 1000;

describe('serve --users: sign-in with DataHub users and personal access tokens', () => {
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  let now = Date.UTC(2026, 10, 27);
  /** A GraphQL request with these headers; the answer's status and JSON. */
  const graphql = async (
    query: string,
    variables: Record<string, unknown>,
    headers: Record<string, string>,
  ): Promise<{ status: number; json: any }> => {
    const response = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
  };
  /** Signs in through /logIn; the Cookie header of the session. */
  const signIn = async (username: string, password: string): Promise<string> => {
    const response = await fetch(`${server.url}/logIn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  };
  const mint = async (cookie: string, actorUrn: string, duration = 'ONE_MONTH') =>
    graphql(CREATE, { input: { type: 'PERSONAL', actorUrn, duration, name: `token of ${actorUrn}` } }, { Cookie: cookie }); // prettier-ignore

  beforeAll(async () => {
    // A stand-in for DataHub's web app build: sign-in is served with the app.
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    server = await startTestServer({ users: USERS, datahubUi: bundle.dir, clock: () => now });
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  it('sends a visitor without a session to the login page, as DataHub with JAAS users does', async () => {
    const response = await fetch(`${server.url}/authenticate?redirect_uri=%2Fsearch`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirect_uri=%2Fsearch');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses every API caller that has not proved who it is (401), on loopback too', async () => {
    expect((await graphql(ME, {}, {})).status).toBe(401);
    expect((await server.get('/entitiesV2/urn%3Ali%3Atag%3Apii')).status).toBe(401);
    expect((await graphql(ME, {}, { Authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await server.get('/config')).status).toBe(200);
  });

  it("signs in a listed user with their own password only, as datahub-frontend's JAAS login module", async () => {
    for (const [username, password] of [
      ['datahub', 'wrong'],
      ['alice', 'datahub'],
      ['mallory', 'datahub'],
      ['datahub', ''],
    ] as const) {
      const response = await fetch(`${server.url}/logIn`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(response.status, `${username}/${password}`).toBe(400);
      expect(await response.json()).toEqual({ message: 'Invalid Credentials' });
    }
    const cookie = await signIn('datahub', 'datahub');
    expect(cookie).toMatch(/actor=urn:li:corpuser:datahub/);
    const me = await graphql(ME, {}, { Cookie: cookie });
    expect(me.json.data.me.corpUser.urn).toBe('urn:li:corpuser:datahub');
    const alice = await signIn('alice', 'alice-password');
    expect((await graphql(ME, {}, { Cookie: alice })).json.data.me.corpUser.urn).toBe(
      'urn:li:corpuser:alice',
    );
  });

  it('mints a personal access token that works as a bearer token on Rest.li and GraphQL, as its user', async () => {
    const cookie = await signIn('datahub', 'datahub');
    const created = await mint(cookie, 'urn:li:corpuser:datahub');
    const token: string = created.json.data.createAccessToken.accessToken;
    const metadata = created.json.data.createAccessToken.metadata;
    expect(token.split('.')).toHaveLength(3);
    expect(metadata).toMatchObject({
      urn: `urn:li:dataHubAccessToken:${metadata.id}`,
      type: 'ACCESS_TOKEN',
      name: 'token of urn:li:corpuser:datahub',
      actorUrn: 'urn:li:corpuser:datahub',
      ownerUrn: 'urn:li:corpuser:datahub',
      expiresAt: now + 30 * DAY,
    });
    const bearer = { Authorization: `Bearer ${token}` };
    expect((await graphql(ME, {}, bearer)).json.data.me.corpUser.urn).toBe('urn:li:corpuser:datahub');
    const ingest = await server.post(
      '/aspects?action=ingestProposal',
      {
        proposal: {
          entityType: 'tag',
          entityUrn: 'urn:li:tag:seeded',
          changeType: 'UPSERT',
          aspectName: 'tagProperties',
          aspect: { contentType: 'application/json', value: JSON.stringify({ name: 'seeded' }) },
        },
      },
      bearer,
    );
    expect(ingest.status).toBe(200);
    expect((await server.get('/entitiesV2/urn%3Ali%3Atag%3Aseeded', bearer)).status).toBe(200);
  });

  it('stores only the hash: the token appears nowhere in the data file, nor in search', async () => {
    const cookie = await signIn('datahub', 'datahub');
    const token: string = (await mint(cookie, 'urn:li:corpuser:datahub')).json.data.createAccessToken
      .accessToken;
    const file = readFileSync(server.dbPath);
    expect(file.includes(Buffer.from(token))).toBe(false);
    expect(file.includes(Buffer.from(token.split('.')[2]!))).toBe(false);
    const search = await graphql(
      '{ searchAcrossEntities(input: {query: "*", count: 100}) { searchResults { entity { urn type } } } }',
      {},
      { Cookie: cookie },
    );
    const types = search.json.data.searchAcrossEntities.searchResults.map(
      (result: any) => result.entity.type,
    );
    expect(types).not.toContain('ACCESS_TOKEN');
  });

  it('lists tokens (an admin every one, a user their own only) and revokes them: the bearer is refused after', async () => {
    const admin = await signIn('datahub', 'datahub');
    const alice = await signIn('alice', 'alice-password');
    const aliceToken = (await mint(alice, 'urn:li:corpuser:alice')).json.data.createAccessToken;
    expect(aliceToken.metadata.ownerUrn).toBe('urn:li:corpuser:alice');

    const own = await graphql(
      LIST,
      { input: { filters: [{ field: 'ownerUrn', values: ['urn:li:corpuser:alice'] }] } },
      { Cookie: alice },
    );
    expect(own.json.data.listAccessTokens.tokens.map((t: any) => t.id)).toEqual([aliceToken.metadata.id]);
    expect(own.json.data.listAccessTokens.tokens[0].owner.urn).toBe('urn:li:corpuser:alice');
    const everyone = await graphql(LIST, { input: {} }, { Cookie: alice });
    expect(everyone.json.errors[0]).toMatchObject({
      message: 'Unauthorized to perform this action. Please contact your DataHub administrator.',
      extensions: { code: 403 },
    });
    const all = await graphql(LIST, { input: { start: 0, count: 100 } }, { Cookie: admin });
    expect(all.json.data.listAccessTokens.total).toBeGreaterThanOrEqual(3);

    // Alice may not mint for, nor revoke the tokens of, another user.
    const forOther = await mint(alice, 'urn:li:corpuser:datahub');
    expect(forOther.json.errors[0].extensions.code).toBe(403);
    const adminToken = all.json.data.listAccessTokens.tokens.find(
      (t: any) => t.ownerUrn === 'urn:li:corpuser:datahub',
    );
    const revokeOther = await graphql(REVOKE, { tokenId: adminToken.id }, { Cookie: alice });
    expect(revokeOther.json.errors[0].extensions.code).toBe(403);

    const bearer = { Authorization: `Bearer ${aliceToken.accessToken}` };
    expect((await graphql(ME, {}, bearer)).json.data.me.corpUser.urn).toBe('urn:li:corpuser:alice');
    const revoked = await graphql(REVOKE, { tokenId: aliceToken.metadata.id }, { Cookie: alice });
    expect(revoked.json.data.revokeAccessToken).toBe(true);
    expect((await graphql(ME, {}, bearer)).status).toBe(401);
    const again = await graphql(REVOKE, { tokenId: aliceToken.metadata.id }, { Cookie: admin });
    expect(again.json.errors[0]).toMatchObject({
      message: 'Failed to revoke access token. Root cause: Access token no longer exists',
      extensions: { code: 500 },
    });
  });

  it('refuses an expired token, and deletes it as GMS does', async () => {
    const cookie = await signIn('datahub', 'datahub');
    const created = (await mint(cookie, 'urn:li:corpuser:datahub', 'ONE_HOUR')).json.data.createAccessToken;
    const bearer = { Authorization: `Bearer ${created.accessToken}` };
    expect((await graphql(ME, {}, bearer)).status).toBe(200);
    now += 60 * 60 * 1000;
    expect((await graphql(ME, {}, bearer)).status).toBe(401);
    const fresh = await signIn('datahub', 'datahub');
    const list = await graphql(LIST, { input: { count: 100 } }, { Cookie: fresh });
    expect(list.json.data.listAccessTokens.tokens.map((t: any) => t.id)).not.toContain(created.metadata.id);
  });

  it("refuses a platform action to a user without its privilege (403), as DataHub's default policies do", async () => {
    const alice = await signIn('alice', 'alice-password');
    const create = 'mutation { createOwnershipType(input: {name: "Mine", description: "d"}) { urn } }';
    const refused = await graphql(create, {}, { Cookie: alice });
    expect(refused.json.errors[0]).toMatchObject({ extensions: { code: 403 } });
    const admin = await signIn('datahub', 'datahub');
    expect((await graphql(create, {}, { Cookie: admin })).json.data.createOwnershipType.urn).toMatch(
      /^urn:li:ownershipType:/,
    );
  });

  it('refuses the token of a suspended user', async () => {
    const alice = await signIn('alice', 'alice-password');
    const token = (await mint(alice, 'urn:li:corpuser:alice')).json.data.createAccessToken.accessToken;
    const admin = await signIn('datahub', 'datahub');
    const adminToken = (await mint(admin, 'urn:li:corpuser:datahub')).json.data.createAccessToken.accessToken;
    const suspend = await server.post(
      '/aspects?action=ingestProposal',
      {
        proposal: {
          entityType: 'corpuser',
          entityUrn: 'urn:li:corpuser:alice',
          changeType: 'UPSERT',
          aspectName: 'corpUserStatus',
          aspect: {
            contentType: 'application/json',
            value: JSON.stringify({ status: 'SUSPENDED', lastModified: { time: now, actor: 'urn:li:corpuser:datahub' } }), // prettier-ignore
          },
        },
      },
      { Authorization: `Bearer ${adminToken}` },
    );
    expect(suspend.status).toBe(200);
    expect((await graphql(ME, {}, { Authorization: `Bearer ${token}` })).status).toBe(401);
  });
});

describe('serveCatalog with a users file', () => {
  it('reports the mistakes of the file at file:line:column, without its passwords, and starts nothing', async () => {
    const folder = tempDir();
    const file = path.join(folder.dir, 'user.props');
    writeFileSync(file, 'datahub:first-secret\nalice:\ndatahub:second-secret\n');
    try {
      const failure = await serveCatalog({
        db: ':memory:',
        port: 0,
        host: '127.0.0.1',
        usersFile: file,
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DiagnosticsError);
      const diagnostics = (failure as DiagnosticsError).diagnostics;
      expect(diagnostics.map((d) => [d.location?.line, d.location?.column, d.message])).toEqual([
        [2, 1, 'user alice has an empty password'],
        [3, 1, 'user datahub is listed twice (first on line 1)'],
      ]);
      expect(JSON.stringify(failure) + (failure as Error).message).not.toMatch(/secret/);
      expect((failure as DiagnosticsError).files).toEqual([]);
    } finally {
      folder.cleanup();
    }
  });

  it('starts a server that asks every caller to authenticate, on loopback', async () => {
    const folder = tempDir();
    const file = path.join(folder.dir, 'user.props');
    writeFileSync(file, '# DataHub root user\ndatahub:datahub\n');
    const served = await serveCatalog({ db: ':memory:', port: 0, host: '127.0.0.1', usersFile: file });
    try {
      expect((await fetch(`${served.url}/api/graphql`, { method: 'POST', body: '{"query":"{ me { corpUser { urn } } }"}' })).status).toBe(401); // prettier-ignore
      expect((await fetch(`${served.url}/config`)).status).toBe(200);
    } finally {
      await served.close();
      folder.cleanup();
    }
  });
});
