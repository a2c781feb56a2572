/**
 * What the steward mutation tests share (test/server/steward-*-mutations.test.ts): the entities they edit, the web
 * app's operation documents at the reference release (test/fixtures/datahub-web-react), and a server started
 * with a dataset schema, a user and a group to edit, with helpers that send the app's operations and read back
 * what they stored.
 */
import { print } from 'graphql';
import { afterAll, beforeAll, expect } from 'vitest';
import { readWebAppOperations } from './datahub-web-app.js';
import { encode, proposal, startTestServer, type TestServer } from './server.js';

export const ME = 'urn:li:corpuser:datahub';
export const JDOE = 'urn:li:corpuser:jdoe';
export const STEWARDS = 'urn:li:corpGroup:stewards';
export const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,steward.accounts,PROD)';
/** A dataset that carries the terms and tags the delete tests delete. */
export const HOLDER = 'urn:li:dataset:(urn:li:dataPlatform:hive,steward.holder,PROD)';
export const MISSING_DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,steward.missing,PROD)';
export const FEATURE = 'urn:li:mlFeature:(accounts,balance)';
export const TECHNICAL = 'urn:li:ownershipType:__system__technical_owner';
export const BUSINESS = 'urn:li:ownershipType:__system__business_owner';
export const UI_SOURCE = { runId: 'no-run-id-provided', properties: { appSource: 'ui' } };

const OPERATIONS = new Map(readWebAppOperations().map((op) => [op.name, print(op.document)]));
/** The web app's document for an operation (mutations.graphql, glossary*.graphql, tag.graphql). */
function webApp(name: string): string {
  const document = OPERATIONS.get(name);
  if (document === undefined) throw new Error(`the web app has no operation ${name}`);
  return document;
}

/** The audit stamp of a write by the signed-in user. */
export const stamp = { time: expect.any(Number), actor: ME };

/** The server of one test file, and helpers that read and write through it. */
export interface StewardServer {
  /** The server (started before the file's tests). */
  readonly server: TestServer;
  /** Sends the web app's operation; answers `data[name]`, failing the test on any error. */
  readonly send: (name: string, variables: Record<string, unknown>) => Promise<any>;
  /** Sends the web app's operation expecting one error; answers its message and DataHub's code. */
  readonly refuse: (name: string, variables: Record<string, unknown>) => Promise<{ message: any; code: any }>;
  readonly version: (urn: string, aspect: string) => Promise<number | undefined>;
  /** systemMetadata.version: counts the aspect's changes. */
  readonly systemVersion: (urn: string, aspect: string) => Promise<string | undefined>;
  readonly searchTotal: (type: string, query: string) => Promise<number>;
  /** How many entities point at `urn` through the named relationship (the relationship index). */
  readonly relatedTotal: (entity: string, urn: string, type: string) => Promise<number>;
  readonly createTerm: (id: string) => Promise<string>;
}

/** Starts a steward server before the calling file's tests and closes it after them. */
export function useStewardServer(): StewardServer {
  let server: TestServer;
  /** Sends the web app's operation; answers `data[name]`, failing the test on any error. */
  const send = async (name: string, variables: Record<string, unknown>) => {
    const result = await server.graphql(webApp(name), variables);
    expect(result.errors).toBeUndefined();
    return result.data[name];
  };
  /** Sends the web app's operation expecting one error; answers its message and DataHub's code. */
  const refuse = async (name: string, variables: Record<string, unknown>) => {
    const result = await server.graphql(webApp(name), variables);
    expect(result.errors).toHaveLength(1);
    return { message: result.errors[0].message, code: result.errors[0].extensions?.code };
  };
  const version = async (urn: string, aspect: string): Promise<number | undefined> =>
    (await server.get(`/entitiesV2/${encode(urn)}?aspects=List(${aspect})`)).json.aspects?.[aspect]?.version;
  /** systemMetadata.version: counts the aspect's changes. */
  const systemVersion = async (urn: string, aspect: string): Promise<string | undefined> =>
    (await server.get(`/entitiesV2/${encode(urn)}?aspects=List(${aspect})`)).json.aspects?.[aspect]
      ?.systemMetadata?.version;
  const searchTotal = async (type: string, query: string): Promise<number> =>
    (
      await server.graphql('query($input: SearchInput!) { search(input: $input) { total } }', {
        input: { type, query, start: 0, count: 10 },
      })
    ).data.search.total;
  /** How many entities point at `urn` through the named relationship (the relationship index). */
  const relatedTotal = async (entity: string, urn: string, type: string): Promise<number> =>
    (
      await server.graphql(
        `{ ${entity}(urn: "${urn}") { relationships(input: {types: ["${type}"], direction: INCOMING}) { total } } }`,
      )
    ).data[entity].relationships.total;
  const createTerm = async (id: string) =>
    (
      await server.graphql(
        'mutation($input: CreateGlossaryEntityInput!) { createGlossaryTerm(input: $input) }',
        {
          input: { id, name: id },
        },
      )
    ).data.createGlossaryTerm as string;

  beforeAll(async () => {
    server = await startTestServer();
    const schema = {
      schemaName: 'steward.accounts',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: ['email', 'balance'].map((fieldPath) => ({
        fieldPath,
        nativeDataType: 'string',
        type: { type: { 'com.linkedin.schema.StringType': {} } },
      })),
    };
    const written = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(DATASET, 'schemaMetadata', schema),
        proposal(HOLDER, 'schemaMetadata', { ...schema, schemaName: 'steward.holder' }),
        proposal(DATASET, 'editableDatasetProperties', { description: 'old' }),
        proposal(JDOE, 'corpUserInfo', { active: true, displayName: 'J. Doe' }),
        proposal(STEWARDS, 'corpGroupInfo', { admins: [], members: [], groups: [] }),
        proposal(FEATURE, 'status', { removed: false }),
      ],
    });
    expect(written.status).toBe(200);
  });
  afterAll(() => server.close());
  return {
    get server() {
      return server;
    },
    send,
    refuse,
    version,
    systemVersion,
    searchTotal,
    relatedTotal,
    createTerm,
  };
}
