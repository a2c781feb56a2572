/**
 * POST /entities?action=delete against the embedded catalog, answered as GMS v1.7.0's EntityResource.deleteEntity
 * answers it: a hard delete ({value: {urn, rows, timeseriesRows}}) after which the entity reads as missing
 * everywhere and its URN can be written again from scratch; references from other entities stay (GMS removes them
 * only on deleteReferences).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, proposal, startTestServer, type TestServer } from '../helpers/server.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,delete.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,delete.customers,PROD)';
const TAG = 'urn:li:tag:ephemeral';

describe('POST /entities?action=delete', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const ingest = async (...proposals: unknown[]) => {
    const written = await server.post('/aspects?action=ingestProposalBatch', { proposals });
    expect(written.status).toBe(200);
  };
  const remove = (body: Record<string, unknown>) => server.post('/entities?action=delete', body);
  const profile = (timestampMillis: number) =>
    proposal(DATASET, 'datasetProfile', { timestampMillis, rowCount: timestampMillis });
  const profiles = async (urn: string) =>
    (
      await server.post('/aspects?action=getTimeseriesAspectValues', {
        urn,
        entity: 'dataset',
        aspect: 'datasetProfile',
      })
    ).json.value.values.length;
  const searchTotal = async (query: string) =>
    (
      await server.graphql('query($q: String!) { searchAcrossEntities(input: {query: $q}) { total } }', {
        q: query,
      })
    ).data.searchAcrossEntities.total;
  const systemVersion = async (urn: string, aspect: string) =>
    (await server.get(`/entitiesV2/${encode(urn)}?aspects=List(${aspect})`)).json.aspects[aspect]
      ?.systemMetadata?.version;

  it('removes every version of every aspect and the timeseries events, answering the counts', async () => {
    await ingest(
      proposal(DATASET, 'datasetProperties', { name: 'orders', description: 'first' }),
      proposal(DATASET, 'datasetProperties', { name: 'orders', description: 'second' }),
      proposal(DATASET, 'status', { removed: false }),
      profile(1_000),
      profile(2_000),
    );
    expect(await searchTotal('orders')).toBe(1);

    // datasetKey, datasetProperties (latest and one older version) and status.
    expect(await remove({ urn: DATASET })).toEqual({
      status: 200,
      json: { value: { urn: DATASET, rows: 4, timeseriesRows: 2 } },
    });
    for (const version of [0, 1]) {
      const read = await server.get(
        `/aspects/${encode(DATASET)}?aspect=datasetProperties&version=${version}`,
      );
      expect(read.status).toBe(404);
    }
    expect((await server.get(`/aspects/${encode(DATASET)}?aspect=datasetKey`)).status).toBe(404);
    expect((await server.post('/entities?action=exists', { urn: DATASET })).json).toEqual({ value: false });
    expect(await profiles(DATASET)).toBe(0);
    expect(await searchTotal('orders')).toBe(0);
    expect((await server.graphql(`{ dataset(urn: "${DATASET}") { urn } }`)).data.dataset).toBeNull();
    const listed = await server.post('/entities?action=listUrns', {
      entity: 'dataset',
      start: 0,
      count: 100,
    });
    expect(listed.json.value.entities).not.toContain(DATASET);

    // The URN starts again from version 1, with no history.
    await ingest(proposal(DATASET, 'datasetProperties', { name: 'orders', description: 'again' }));
    expect(await systemVersion(DATASET, 'datasetProperties')).toBe('1');
    expect((await server.get(`/aspects/${encode(DATASET)}?aspect=datasetProperties&version=1`)).status).toBe(
      404,
    );
    expect(await searchTotal('orders')).toBe(1);
  });

  it('answers 0 rows for an entity that is not stored', async () => {
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,delete.never,PROD)';
    expect(await remove({ urn: missing })).toEqual({
      status: 200,
      json: { value: { urn: missing, rows: 0, timeseriesRows: 0 } },
    });
    expect((await server.post('/entities?action=exists', { urn: missing })).json).toEqual({ value: false });
  });

  it('with a timeseries aspectName deletes only its events in the window, and keeps the entity', async () => {
    await ingest(profile(10_000), profile(20_000), profile(30_000));
    expect(
      await remove({
        urn: DATASET,
        aspectName: 'datasetProfile',
        startTimeMillis: 15_000,
        endTimeMillis: 30_000,
      }),
    ).toEqual({ status: 200, json: { value: { urn: DATASET, timeseriesRows: 2 } } });
    expect(await profiles(DATASET)).toBe(1);
    expect((await server.post('/entities?action=exists', { urn: DATASET })).json).toEqual({ value: true });

    const refused = await remove({ urn: DATASET, aspectName: 'datasetProperties' });
    expect(refused.status).toBe(500);
    expect(refused.json.message).toBe('Not supported for non-timeseries aspect datasetProperties.');
    expect((await remove({})).status).toBe(400);
  });

  it('leaves references from other entities in their aspects, and drops the relationships to the entity', async () => {
    await ingest(
      proposal(TAG, 'tagProperties', { name: 'Ephemeral' }),
      proposal(OTHER, 'globalTags', { tags: [{ tag: TAG }] }),
    );
    const incoming = `{ tag(urn: "${TAG}") { relationships(input: {types: ["TaggedWith"], direction: INCOMING}) { total } } }`;
    expect((await server.graphql(incoming)).data.tag.relationships.total).toBe(1);
    const before = await systemVersion(OTHER, 'globalTags');

    expect((await remove({ urn: TAG })).json).toEqual({ value: { urn: TAG, rows: 2, timeseriesRows: 0 } });
    expect(await server.aspect(OTHER, 'globalTags')).toEqual({ tags: [{ tag: TAG }] });
    expect(await systemVersion(OTHER, 'globalTags')).toBe(before);
    // GMS's graph index drops a deleted node's edges both ways (GraphService.removeNode).
    await ingest(proposal(TAG, 'tagProperties', { name: 'Ephemeral again' }));
    expect((await server.graphql(incoming)).data.tag.relationships.total).toBe(0);
  });
});
