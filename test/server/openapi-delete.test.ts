/**
 * DELETE /openapi/v3/entity/{entityName}/{urn} and /{urn}/{aspectName} against the embedded catalog, answered as
 * GMS v1.7.0's GenericEntitiesController answers them: a hard delete of the entity (its timeseries events stay),
 * or of every version of the named aspects, or of a timeseries aspect's latest event; 200 with no body, and
 * `{"error": ...}` for a refusal. DataHub's Playwright suite clears a data job's dataJobInputOutput this way.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,openapi_delete.orders,PROD)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,openapi_delete_etl,prod),transaction_etl)';
const UPSTREAM = 'urn:li:dataset:(urn:li:dataPlatform:bigquery,openapi_delete.transactions,PROD)';

describe('DELETE /openapi/v3/entity', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const ingest = async (...proposals: unknown[]) => {
    const written = await server.post('/aspects?action=ingestProposalBatch', { proposals });
    expect(written.status).toBe(200);
  };
  const remove = async (target: string) => {
    const response = await fetch(`${server.url}/openapi/v3/entity/${target}`, { method: 'DELETE' });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  const stored = async (urn: string) =>
    Object.keys((await server.get(`/entitiesV2/${encode(urn)}`)).json.aspects).sort();
  const exists = async (urn: string) =>
    (await server.post('/entities?action=exists', { urn })).json.value as boolean;
  const profiles = async (urn: string) =>
    (
      await server.post('/aspects?action=getTimeseriesAspectValues', {
        urn,
        entity: 'dataset',
        aspect: 'datasetProfile',
      })
    ).json.value.values.map((value: any) => JSON.parse(value.aspect.value).timestampMillis);
  const searchTotal = async (query: string) =>
    (
      await server.graphql('query($q: String!) { searchAcrossEntities(input: {query: $q}) { total } }', {
        q: query,
      })
    ).data.searchAcrossEntities.total;
  const seedDataset = () =>
    ingest(
      proposal(DATASET, 'datasetProperties', { name: 'orders', description: 'first' }),
      proposal(DATASET, 'datasetProperties', { name: 'orders', description: 'openapi second' }),
      proposal(DATASET, 'status', { removed: false }),
      proposal(DATASET, 'datasetProfile', { timestampMillis: 1_000, rowCount: 1 }),
      proposal(DATASET, 'datasetProfile', { timestampMillis: 2_000, rowCount: 2 }),
    );

  it('hard-deletes the entity, answering 200 with no body; its timeseries events stay', async () => {
    await seedDataset();
    expect(await searchTotal('orders')).toBe(1);
    expect(await remove(`dataset/${encode(DATASET)}`)).toEqual({ status: 200, body: undefined });
    expect(await exists(DATASET)).toBe(false);
    expect(await stored(DATASET)).toEqual(['datasetKey']);
    expect(await searchTotal('orders')).toBe(0);
    // EntityService.deleteUrn leaves the timeseries index alone (Rest.li's delete action clears it).
    expect(await profiles(DATASET)).toEqual([2_000, 1_000]);
    // Deleting what is not there is no error.
    expect((await remove(`dataset/${encode(DATASET)}`)).status).toBe(200);
  });

  it('with aspects, removes every version of those aspects and keeps the entity', async () => {
    await seedDataset();
    expect(await remove(`dataset/${encode(DATASET)}?aspects=datasetProperties`)).toEqual({ status: 200, body: undefined }); // prettier-ignore
    expect(await stored(DATASET)).toEqual(['datasetKey', 'status']);
    expect((await server.get(`/aspects/${encode(DATASET)}?aspect=datasetProperties&version=1`)).status).toBe(
      404,
    );
    expect(await searchTotal('openapi second')).toBe(0);
    expect(await exists(DATASET)).toBe(true);
    // A repeated parameter and a comma-separated list both name several; naming the key aspect deletes the entity.
    await seedDataset();
    expect((await remove(`dataset/${encode(DATASET)}?aspects=datasetProperties&aspects=status`)).status).toBe(
      200,
    );
    expect(await stored(DATASET)).toEqual(['datasetKey']);
    expect(await exists(DATASET)).toBe(true);
    expect((await remove(`dataset/${encode(DATASET)}?aspects=status,datasetKey`)).status).toBe(200);
    expect(await exists(DATASET)).toBe(false);
  });

  it('with clear=true, empties the entity but keeps its key', async () => {
    await seedDataset();
    expect((await remove(`dataset/${encode(DATASET)}?clear=true`)).status).toBe(200);
    expect(await stored(DATASET)).toEqual(['datasetKey']);
    expect(await exists(DATASET)).toBe(true);
    expect((await server.post('/entities?action=listUrns', { entity: 'dataset', start: 0, count: 10 })).json.value.entities).toContain(DATASET); // prettier-ignore
  });

  it("clears a data job's inputs as DataHub's lineage seeder does (entity name in lower case), so edges go", async () => {
    const edge = { destinationUrn: UPSTREAM, created: { time: 1, actor: 'urn:li:corpuser:datahub' } };
    await ingest(
      proposal(JOB, 'dataJobInfo', { name: 'transaction_etl', type: { string: 'BATCH' } }),
      proposal(JOB, 'dataJobInputOutput', {
        inputDatasets: [],
        outputDatasets: [],
        inputDatasetEdges: [edge],
      }),
    );
    const upstreams = async () =>
      (
        await server.graphql(
          'query($urn: String!) { dataJob(urn: $urn) { relationships(input: {types: ["Consumes"], direction: OUTGOING}) { total } } }',
          { urn: JOB },
        )
      ).data.dataJob.relationships.total;
    expect(await upstreams()).toBe(1);
    const target = `datajob/${encodeURIComponent(JOB)}?aspects=dataJobInputOutput`;
    expect(await remove(target)).toEqual({ status: 200, body: undefined });
    expect(await stored(JOB)).toEqual(['dataJobInfo', 'dataJobKey']);
    expect(await upstreams()).toBe(0);
  });

  it('DELETE .../{aspectName} removes a versioned aspect, or the latest event of a timeseries one', async () => {
    await seedDataset();
    expect(await remove(`dataset/${encode(DATASET)}/datasetProfile`)).toEqual({
      status: 200,
      body: undefined,
    });
    expect(await profiles(DATASET)).toEqual([1_000]);
    expect((await remove(`dataset/${encode(DATASET)}/datasetproperties`)).status).toBe(200);
    expect(await stored(DATASET)).toEqual(['datasetKey', 'status']);
    // An aspect the entity type lacks is skipped, as GMS skips it.
    expect((await remove(`dataset/${encode(DATASET)}/noSuchAspect`)).status).toBe(200);
    expect(await stored(DATASET)).toEqual(['datasetKey', 'status']);
  });

  it('refuses a malformed URN, an unknown entity type and an unknown aspect (400 with an error)', async () => {
    expect(await remove(`dataset/${encodeURIComponent('urn:li:dataset:(a,,PROD)')}`)).toEqual({
      status: 400,
      body: { error: 'Invalid urn!: urn:li:dataset:(a,,PROD)' },
    });
    const unknownType = await remove(encodeURIComponent('urn:li:noSuchType:x'));
    expect(unknownType.status).toBe(404); // one segment: no route
    const typed = await remove(`noSuchType/${encodeURIComponent('urn:li:noSuchType:x')}`);
    expect(typed).toEqual({
      status: 400,
      body: { error: 'Failed to find entity with name noSuchType in EntityRegistry' },
    });
    const aspect = await remove(`dataset/${encode(DATASET)}?aspects=noSuchAspect`);
    expect(aspect).toEqual({
      status: 400,
      body: { error: 'Unknown aspect noSuchAspect for entity dataset' },
    });
    expect((await remove(`dataset/${encode(DATASET)}?clear=perhaps`)).status).toBe(400);
    // Not a URN where the mapping wants one: no route.
    expect((await remove('dataset/not-a-urn')).status).toBe(404);
  });
});

describe('DELETE /openapi/v3/entity with users', () => {
  const TOKEN = 'openapi-delete-server-token-0123456789';
  const USERS = ['datahub', 'reader'].map((username) => ({ username, password: `${username}-pw` }));
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  const sessions = new Map<string, string>();
  beforeAll(async () => {
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    server = await startTestServer({ users: USERS, token: TOKEN, datahubUi: bundle.dir });
    const seeded = await server.post(
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          proposal('urn:li:corpuser:reader', 'roleMembership', { roles: ['urn:li:dataHubRole:Reader'] }),
          proposal(DATASET, 'status', { removed: false }),
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
      expect(response.status).toBe(200);
      sessions.set(username, response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')); // prettier-ignore
    }
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });
  const status = async () =>
    (
      await server.get(`/entitiesV2/${encode(DATASET)}?aspects=List(status)`, {
        Authorization: `Bearer ${TOKEN}`,
      })
    ).json.aspects.status?.value;
  const removeAs = async (headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/openapi/v3/entity/dataset/${encode(DATASET)}`, {
      method: 'DELETE',
      headers,
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };

  it('needs the DELETE_ENTITY privilege on the entity (403 otherwise, nothing deleted) and a caller (401)', async () => {
    expect((await removeAs({})).status).toBe(401);
    expect(await removeAs({ Cookie: sessions.get('reader') ?? '' })).toEqual({
      status: 403,
      body: { error: 'urn:li:corpuser:reader is unauthorized to DELETE entities.' },
    });
    expect(await status()).toEqual({ removed: false });
    expect((await removeAs({ Cookie: sessions.get('datahub') ?? '' })).status).toBe(200);
    expect(await status()).toBeUndefined();
  });
});
