import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogServer } from '../../src/server/create-server.js';
import { encode, proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const FEATURE = 'urn:li:mlFeature:(driver_stats,conv_rate)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)';

describe('Rest.li endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const ingest = (...proposals: unknown[]) =>
    server.post('/aspects?action=ingestProposalBatch', { proposals, async: 'false' });

  it('GET /config answers noCode "true", as DataHub clients require', async () => {
    const { status, json } = await server.get('/config');
    expect(status).toBe(200);
    expect(json.noCode).toBe('true');
  });

  it('ingestProposal writes an aspect, creates the key aspect and reads back FQN-keyed', async () => {
    const write = await server.post('/aspects?action=ingestProposal', {
      proposal: {
        ...proposal(FEATURE, 'mlFeatureProperties', { description: 'Conv rate', dataType: 'CONTINUOUS' }),
        entityType: 'mlFeature',
      },
      async: 'false',
    });
    expect(write).toEqual({ status: 200, json: { value: 'success' } });
    const read = await server.get(`/aspects/${encode(FEATURE)}?aspect=mlFeatureProperties&version=0`);
    expect(read).toEqual({
      status: 200,
      json: {
        aspect: {
          'com.linkedin.ml.metadata.MLFeatureProperties': {
            description: 'Conv rate',
            dataType: 'CONTINUOUS',
          },
        },
        version: 0,
      },
    });
    const key = await server.get(`/aspects/${encode(FEATURE)}?aspect=mlFeatureKey&version=0`);
    expect(key.json.aspect['com.linkedin.metadata.key.MLFeatureKey']).toEqual({
      featureNamespace: 'driver_stats',
      name: 'conv_rate',
    });
  });

  it('keeps older versions (1 = oldest) and bumps systemMetadata.version only on change', async () => {
    const urn = 'urn:li:mlFeature:(versions,a)';
    for (const description of ['one', 'two', 'two', 'three']) {
      expect((await ingest(proposal(urn, 'mlFeatureProperties', { description }))).status).toBe(200);
    }
    const at = async (version: number) =>
      (await server.get(`/aspects/${encode(urn)}?aspect=mlFeatureProperties&version=${version}`)).json
        ?.aspect?.['com.linkedin.ml.metadata.MLFeatureProperties']?.description;
    expect([await at(0), await at(1), await at(2)]).toEqual(['three', 'one', 'two']);
    expect((await server.get(`/aspects/${encode(urn)}?aspect=mlFeatureProperties&version=3`)).status).toBe(
      404,
    );
    const entity = await server.get(`/entitiesV2/${encode(urn)}?aspects=List(mlFeatureProperties)`);
    expect(entity.json.aspects.mlFeatureProperties.systemMetadata.version).toBe('3');
  });

  it('answers 404 in the Rest.li error shape for a missing aspect or entity', async () => {
    const missing = await server.get(
      `/aspects/${encode('urn:li:mlFeature:(no,such)')}?aspect=mlFeatureProperties&version=0`,
    );
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({
      status: 404,
      exceptionClass: 'com.linkedin.restli.server.RestLiServiceException',
    });
    expect(typeof missing.json.message).toBe('string');
    expect(typeof missing.json.stackTrace).toBe('string');
  });

  it("honours If-Version-Match in the proposal headers, with DataHub's message and a 422", async () => {
    const urn = 'urn:li:mlFeature:(conditional,a)';
    expect(
      (
        await ingest(
          proposal(
            urn,
            'mlFeatureProperties',
            { description: 'x' },
            { headers: { 'If-Version-Match': '-1' } },
          ),
        )
      ).status,
    ).toBe(200);
    const createAgain = await ingest(
      proposal(urn, 'mlFeatureProperties', { description: 'y' }, { headers: { 'If-Version-Match': '-1' } }),
    );
    expect(createAgain.status).toBe(422);
    expect(createAgain.json.message).toBe('Expected version -1, actual version 1');
    expect(
      (
        await ingest(
          proposal(
            urn,
            'mlFeatureProperties',
            { description: 'y' },
            { headers: { 'If-Version-Match': '1' } },
          ),
        )
      ).status,
    ).toBe(200);
    const stale = await ingest(
      proposal(urn, 'mlFeatureProperties', { description: 'z' }, { headers: { 'If-Version-Match': '1' } }),
    );
    expect(stale).toMatchObject({ status: 422, json: { message: 'Expected version 1, actual version 2' } });
  });

  it('supports CREATE semantics', async () => {
    const urn = 'urn:li:mlFeature:(create,a)';
    expect(
      (await ingest(proposal(urn, 'mlFeatureProperties', { description: 'x' }, { changeType: 'CREATE' })))
        .status,
    ).toBe(200);
    const again = await ingest(
      proposal(urn, 'mlFeatureProperties', { description: 'x' }, { changeType: 'CREATE' }),
    );
    expect(again).toMatchObject({
      status: 422,
      json: { message: 'Cannot perform CREATE since the aspect already exists.' },
    });
  });

  it('writes a batch all or nothing', async () => {
    const good = proposal('urn:li:mlFeature:(atomic,good)', 'mlFeatureProperties', { description: 'fine' });
    const bad = proposal('urn:li:mlFeature:(atomic,bad)', 'mlFeatureProperties', { dataType: 'FLOAT' });
    const result = await ingest(good, bad);
    expect(result.status).toBe(422);
    expect(result.json.message).toContain(
      // GMS's words: ValidationApiUtils.validateTrimOrThrow over rest.li's MessageList (one line per problem).
      'Failed to validate record with class com.linkedin.ml.metadata.MLFeatureProperties: ERROR :: /dataType :: "FLOAT" is not an enum symbol\n',
    );
    const read = await server.get(
      `/aspects/${encode('urn:li:mlFeature:(atomic,good)')}?aspect=mlFeatureProperties&version=0`,
    );
    expect(read.status).toBe(404);
  });

  it('also rolls back a batch that fails its precondition half way', async () => {
    const first = proposal('urn:li:mlFeature:(atomic2,a)', 'mlFeatureProperties', { description: 'a' });
    const second = proposal(
      'urn:li:mlFeature:(atomic2,b)',
      'mlFeatureProperties',
      { description: 'b' },
      { headers: { 'If-Version-Match': '7' } },
    );
    expect((await ingest(first, second)).status).toBe(422);
    expect(
      (await server.post('/entities?action=exists', { urn: 'urn:li:mlFeature:(atomic2,a)' })).json,
    ).toEqual({ value: false });
  });

  it.each([
    ['malformed JSON', '{"proposals": [', 400, 'Malformed JSON'],
    [
      'an unknown aspect',
      { proposals: [proposal(FEATURE, 'mlModelProperties', {})] },
      422,
      'Unknown aspect mlModelProperties for entity mlFeature',
    ],
    [
      'a wrong type',
      { proposals: [proposal(FEATURE, 'mlFeatureProperties', { sources: 'x' })] },
      422,
      '/sources :: array type is not backed by a DataList',
    ],
    [
      'a malformed URN',
      { proposals: [proposal('urn:li:dataset:(urn:li:dataPlatform:hive,x)', 'status', { removed: false })] },
      400,
      'a dataset URN has 3 parts',
    ],
    [
      'an aspect that is not a JSON string',
      {
        proposals: [
          {
            entityUrn: FEATURE,
            aspectName: 'status',
            changeType: 'UPSERT',
            aspect: { value: { removed: true } },
          },
        ],
      },
      422,
      'serialized as a JSON string',
    ],
    [
      'a missing aspect name',
      { proposals: [{ entityUrn: FEATURE, changeType: 'UPSERT', aspect: { value: '{}' } }] },
      422,
      'Aspect and aspect name is required',
    ],
    [
      'an unsupported change type',
      { proposals: [{ ...proposal(FEATURE, 'status', {}), changeType: 'PATCH' }] },
      422,
      'Unsupported changeType',
    ],
    [
      'a missing required field',
      { proposals: [proposal('urn:li:glossaryTerm:T', 'glossaryTermInfo', { name: 'T' })] },
      422,
      '/definition :: field is required but not found',
    ],
  ])('refuses %s with a clear 4xx', async (_what, body, status, message) => {
    const result = await server.post('/aspects?action=ingestProposalBatch', body);
    expect(result.status).toBe(status);
    expect(result.json.message).toContain(message);
  });

  it('accepts an unknown field and drops it, as GMS does (UnrecognizedFieldMode.TRIM)', async () => {
    const urn = 'urn:li:mlFeature:(trim,f)';
    const written = await ingest(
      proposal(urn, 'mlFeatureProperties', { description: 'kept', descripton: 'x' }),
    );
    expect(written.status).toBe(200);
    const read = await server.get(`/aspects/${encode(urn)}?aspect=mlFeatureProperties&version=0`);
    expect(JSON.stringify(read.json)).toContain('kept');
    expect(JSON.stringify(read.json)).not.toContain('descripton');
  });

  it('takes a missing entityType from the URN', async () => {
    const write = await ingest(proposal(DATASET, 'status', { removed: false }));
    expect(write.status).toBe(200);
    expect((await server.post('/entities?action=exists', { urn: DATASET })).json).toEqual({ value: true });
  });

  it("refuses bodies over DataHub's 16,000,000-byte limit", async () => {
    const huge = JSON.stringify({
      proposals: [proposal(FEATURE, 'mlFeatureProperties', { description: 'x'.repeat(16_000_000) })],
    });
    const result = await server.post('/aspects?action=ingestProposalBatch', huge);
    expect(result.status).toBe(413);
    expect(result.json.message).toContain('16000000');
  });

  it('GET /entitiesV2/<urn> returns enveloped aspects with system metadata; an unknown entity only its key', async () => {
    const known = await server.get(`/entitiesV2/${encode(DATASET)}?aspects=List(status,datasetKey)`);
    expect(known.json.entityName).toBe('dataset');
    expect(known.json.aspects.status).toMatchObject({
      name: 'status',
      type: 'VERSIONED',
      version: 0,
      value: { removed: false },
    });
    expect(known.json.aspects.status.systemMetadata.version).toBe('1');
    expect(known.json.aspects.datasetKey.value).toEqual({
      platform: 'urn:li:dataPlatform:hive',
      name: 'users.profile',
      origin: 'PROD',
    });
    const unknown = await server.get(
      `/entitiesV2/${encode('urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)')}?aspects=List(status)`,
    );
    expect(Object.keys(unknown.json.aspects)).toEqual(['datasetKey']);
    expect(unknown.json.aspects.datasetKey.systemMetadata).toBeUndefined();
  });

  it('batch_get reads many entities in one request, also tunnelled through POST when long', async () => {
    const urns = Array.from({ length: 120 }, (_, i) => `urn:li:mlFeature:(batch,feature_${i})`);
    expect(
      (await ingest(...urns.map((urn, i) => proposal(urn, 'mlFeatureProperties', { description: `f${i}` }))))
        .status,
    ).toBe(200);
    const query = `ids=List(${urns.map(encode).join(',')})&aspects=List(mlFeatureProperties)`;
    const viaGet = await server.get(`/entitiesV2?${query}`, { 'X-RestLi-Method': 'batch_get' });
    expect(Object.keys(viaGet.json.results)).toHaveLength(120);
    expect(viaGet.json.results[urns[7]!].aspects.mlFeatureProperties.value).toEqual({ description: 'f7' });
    const response = await fetch(`${server.url}/entitiesV2`, {
      method: 'POST',
      headers: {
        'X-HTTP-Method-Override': 'GET',
        'X-RestLi-Method': 'batch_get',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: query,
    });
    expect(((await response.json()) as any).results[urns[119]!].aspects.mlFeatureProperties.value).toEqual({
      description: 'f119',
    });
    const mixed = await server.get(`/entitiesV2?ids=List(${encode(urns[0]!)},${encode(DATASET)})`);
    expect(mixed.status).toBe(400);
  });

  it('lists URNs of an entity type in pages, sorted', async () => {
    const page = await server.post('/entities?action=listUrns', { entity: 'mlFeature', start: 0, count: 3 });
    expect(page.json.value.entities).toEqual([...page.json.value.entities].sort());
    expect(page.json.value.count).toBe(3);
    expect(page.json.value.total).toBeGreaterThan(120);
  });

  it('ingests MCE snapshots through /entities?action=ingest', async () => {
    const result = await server.post('/entities?action=ingest', {
      entity: {
        value: {
          'com.linkedin.metadata.snapshot.MLModelGroupSnapshot': {
            urn: 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,g,PROD)',
            aspects: [{ 'com.linkedin.ml.metadata.MLModelGroupProperties': { description: 'group' } }],
          },
        },
      },
    });
    expect(result.status).toBe(200);
    const read = await server.get(
      `/aspects/${encode('urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,g,PROD)')}?aspect=mlModelGroupProperties`,
    );
    expect(read.json.aspect['com.linkedin.ml.metadata.MLModelGroupProperties']).toEqual({
      description: 'group',
    });
  });

  it('answers an unknown resource with 404', async () => {
    expect((await server.get('/nowhere')).status).toBe(404);
  });
});

describe('authentication', () => {
  const token = 'test-token-0123456789';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ token });
  });
  afterAll(() => server.close());

  it('leaves /config open and requires the bearer token everywhere else', async () => {
    expect((await server.get('/config')).status).toBe(200);
    expect((await server.get(`/aspects/${encode(FEATURE)}?aspect=status`)).status).toBe(401);
    expect(
      (await server.get(`/aspects/${encode(FEATURE)}?aspect=status`, { Authorization: 'Bearer wrong-token' }))
        .status,
    ).toBe(401);
    expect(
      (await server.post('/api/graphql', { query: '{ entityExists(urn: "urn:li:corpuser:x") }' })).status,
    ).toBe(401);
    const ok = await server.post(
      '/api/graphql',
      { query: '{ entityExists(urn: "urn:li:corpuser:x") }' },
      { Authorization: `Bearer ${token}` },
    );
    expect(ok).toEqual({ status: 200, json: { data: { entityExists: false }, extensions: {} } });
  });

  it('refuses to listen beyond loopback without a token', async () => {
    await expect(startCatalogServer({ db: ':memory:', host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /without a token/,
    );
  });
});

describe('durability', () => {
  it('a restarted server on the same file serves the same data', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const first = await startTestServer({ dbPath: `${dir}/catalog.db` });
      await first.post('/aspects?action=ingestProposal', {
        proposal: proposal(FEATURE, 'mlFeatureProperties', { description: 'kept' }),
      });
      await first.close();
      const second = await startTestServer({ dbPath: `${dir}/catalog.db` });
      const read = await second.get(`/aspects/${encode(FEATURE)}?aspect=mlFeatureProperties`);
      expect(read.json.aspect['com.linkedin.ml.metadata.MLFeatureProperties']).toEqual({
        description: 'kept',
      });
      await second.close();
    } finally {
      cleanup();
    }
  });
});
