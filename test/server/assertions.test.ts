/**
 * Custom assertions as DataHub v1.7.0 serves them to its web app's Quality tab: upsertCustomAssertion,
 * reportAssertionResult and deleteAssertion as their resolvers write and check EDIT_ENTITY_ASSERTIONS, a dataset's
 * `assertions` with their latest run (EntityAssertionsResolver, AssertionMapper, AssertionRunEventResolver), and
 * assertions found by the `entity` they assert.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'assertions-test-server-token-0123456789';
const USERS = ['datahub', 'reader', 'owner'].map((username) => ({ username, password: `${username}-pw` }));
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,playwright_quality_assertion_list,PROD)';
const OWNED = 'urn:li:dataset:(urn:li:dataPlatform:hive,owned_by_owner,PROD)';
const UPSERT = `mutation ($urn: String, $input: UpsertCustomAssertionInput!) { upsertCustomAssertion(urn: $urn, input: $input) {
  urn type platform { urn } dataset { urn }
  info { type description externalUrl source { type } customAssertion { type entityUrn field { urn path } logic } } } }`;
const REPORT = 'mutation ($urn: String!, $result: AssertionResultInput!) { reportAssertionResult(urn: $urn, result: $result) }'; // prettier-ignore
const DELETE = 'mutation ($urn: String!) { deleteAssertion(urn: $urn) }';
/** The web app's assertionsQuery (datahub-web-react/src/graphql/dataset.graphql), trimmed to what is asserted. */
const ASSERTIONS = `query ($urn: String!) { dataset(urn: $urn) {
  assertions(start: 0, count: 1000, includeSoftDeleted: false) { start count total assertions {
    urn info { type description customAssertion { type } }
    runEvents(status: COMPLETE, limit: 1) { total failed succeeded runEvents { assertionUrn asserteeUrn status runId timestampMillis result { type nativeResults { key value } } } } } }
  health { type status message } } }`;
const SEARCH = `query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { searchResults { entity { urn } } } }`; // prettier-ignore

describe('custom assertions', () => {
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  const sessions = new Map<string, string>();
  const gql = async (user: string, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions.get(user) ?? '' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as any;
  };
  const admin = (query: string, variables: Record<string, unknown> = {}) => gql('datahub', query, variables);
  const aspect = async (urn: string, name: string) =>
    (await server.get(`/entitiesV2/${encodeURIComponent(urn)}?aspects=List(${name})`, { Authorization: `Bearer ${TOKEN}` })) // prettier-ignore
    .json.aspects?.[name]?.value;
  const input = (extra: Record<string, unknown> = {}) => ({
    entityUrn: DATASET,
    type: 'Headless Check',
    description: 'Headless assertion 1',
    platform: { urn: 'urn:li:dataPlatform:hive', name: 'hive' },
    ...extra,
  });

  beforeAll(async () => {
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    server = await startTestServer({ users: USERS, token: TOKEN, datahubUi: bundle.dir });
    const seeded = await server.post(
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          proposal('urn:li:corpuser:reader', 'roleMembership', { roles: ['urn:li:dataHubRole:Reader'] }),
          proposal(DATASET, 'datasetProperties', { name: 'playwright_quality_assertion_list', customProperties: {} }), // prettier-ignore
          proposal(OWNED, 'ownership', {
            owners: [{ owner: 'urn:li:corpuser:owner', type: 'TECHNICAL_OWNER' }],
            lastModified: { time: 0, actor: 'urn:li:corpuser:datahub' },
          }),
        ],
      },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(seeded.status).toBe(200);
    for (const { username, password } of USERS) {
      const response = await fetch(`${server.url}/logIn`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      sessions.set(username, response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')); // prettier-ignore
    }
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  let created = '';
  it('creates a custom assertion on a dataset and answers it as AssertionMapper maps it', async () => {
    const result = await admin(UPSERT, { input: input({ logic: 'select 1', externalUrl: 'https://checks.example/1' }) }); // prettier-ignore
    expect(result.errors).toBeUndefined();
    created = result.data.upsertCustomAssertion.urn;
    expect(created).toMatch(/^urn:li:assertion:[0-9a-f-]{36}$/);
    expect(result.data.upsertCustomAssertion).toEqual({
      urn: created,
      type: 'ASSERTION',
      platform: { urn: 'urn:li:dataPlatform:hive' },
      dataset: { urn: DATASET },
      info: {
        type: 'CUSTOM',
        description: 'Headless assertion 1',
        externalUrl: 'https://checks.example/1',
        source: { type: 'EXTERNAL' },
        customAssertion: { type: 'Headless Check', entityUrn: DATASET, field: null, logic: 'select 1' },
      },
    });
    expect(await aspect(created, 'dataPlatformInstance')).toEqual({ platform: 'urn:li:dataPlatform:hive' });
    // Upserting the same URN again replaces its info; a column's assertion names the column.
    const column = await admin(UPSERT, { urn: created, input: input({ fieldPath: 'user id', platform: { name: 'great-expectations' } }) }); // prettier-ignore
    expect(column.data.upsertCustomAssertion.info.customAssertion.field).toEqual({
      urn: `urn:li:schemaField:(${DATASET},user id)`,
      path: 'user id',
    });
    expect(column.data.upsertCustomAssertion.platform).toEqual({
      urn: 'urn:li:dataPlatform:great-expectations',
    });
  });

  it('finds the assertion by the entity it asserts', async () => {
    const result = await admin(SEARCH, {
      input: { types: ['ASSERTION'], query: '*', start: 0, count: 10, orFilters: [{ and: [{ field: 'entity', values: [DATASET], condition: 'EQUAL' }] }] }, // prettier-ignore
    });
    expect(result.data.searchAcrossEntities.searchResults).toEqual([{ entity: { urn: created } }]);
  });

  it('reports a run of it, which the dataset’s assertions and health show', async () => {
    const reported = await admin(REPORT, { urn: created, result: { type: 'SUCCESS', timestampMillis: 1_000, properties: [{ key: 'rows', value: '10' }] } }); // prettier-ignore
    expect(reported).toEqual({ data: { reportAssertionResult: true }, extensions: {} });
    const result = await admin(ASSERTIONS, { urn: DATASET });
    expect(result.errors).toBeUndefined();
    expect(result.data.dataset.assertions).toEqual({
      start: 0,
      count: 1,
      total: 1,
      assertions: [
        {
          urn: created,
          info: {
            type: 'CUSTOM',
            description: 'Headless assertion 1',
            customAssertion: { type: 'Headless Check' },
          },
          runEvents: {
            total: 1,
            failed: 0,
            succeeded: 1,
            runEvents: [
              { assertionUrn: created, asserteeUrn: DATASET, status: 'COMPLETE', runId: '1000', timestampMillis: 1_000, result: { type: 'SUCCESS', nativeResults: [{ key: 'rows', value: '10' }] } }, // prettier-ignore
            ],
          },
        },
      ],
    });
    expect(result.data.dataset.health).toContainEqual({ type: 'ASSERTIONS', status: 'PASS', message: 'All assertions are passing' }); // prettier-ignore
    const missing = await admin(REPORT, { urn: 'urn:li:assertion:missing', result: { type: 'SUCCESS' } });
    expect(missing.errors[0].message).toBe(
      'Failed to report Assertion Run Event. Assertion with urn urn:li:assertion:missing does not exist or is not associated with any entity.',
    );
  });

  it('refuses what the resolvers refuse, and lets only those who may edit the dataset’s assertions write them', async () => {
    const noPlatform = await admin(UPSERT, { input: input({ platform: {} }) });
    expect(noPlatform.errors[0]).toMatchObject({
      message: 'Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.',
      extensions: { code: 400 },
    });
    const blankField = await admin(UPSERT, { input: input({ fieldPath: ' ' }) });
    expect(blankField.errors[0].extensions.code).toBe(400);
    const unauthorized = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
    const byReader = await gql('reader', UPSERT, { input: input() });
    expect(byReader.errors[0]).toMatchObject({ message: unauthorized, extensions: { code: 403 } });
    expect((await gql('reader', REPORT, { urn: created, result: { type: 'FAILURE' } })).errors[0].extensions.code).toBe(403); // prettier-ignore
    expect((await gql('reader', DELETE, { urn: created })).errors[0].extensions.code).toBe(403);
    // An owner holds EDIT_ENTITY_ASSERTIONS on what they own (the asset owners' default policy).
    const byOwner = await gql('owner', UPSERT, { input: input({ entityUrn: OWNED }) });
    expect(byOwner.errors).toBeUndefined();
    expect((await gql('owner', DELETE, { urn: byOwner.data.upsertCustomAssertion.urn })).data.deleteAssertion).toBe(true); // prettier-ignore
  });

  it('deletes an assertion, and answers true for one that does not exist', async () => {
    expect((await admin(DELETE, { urn: created })).data.deleteAssertion).toBe(true);
    const result = await admin(ASSERTIONS, { urn: DATASET });
    expect(result.data.dataset.assertions).toMatchObject({ total: 0, assertions: [] });
    expect(await aspect(created, 'assertionInfo')).toBeUndefined();
    expect((await admin(DELETE, { urn: created })).data.deleteAssertion).toBe(true);
  });
});
