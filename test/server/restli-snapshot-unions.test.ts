/**
 * Union-typed aspect fields through the Rest.li ingest action and ingestProposal, as GMS v1.7.0 takes them: Pegasus
 * JSON keys a union member by its name (`{"string": "SQL"}` for DataJobInfo.type, a union[AzkabanJobType, string];
 * `{"string": urn}` for each ChartInfo.inputs item, a union[DatasetUrn]; `{"com.linkedin.schema.OtherSchema": ...}`
 * for SchemaMetadata.platformSchema). A snapshot with a bare value there, or a member the union lacks (SqlSchema),
 * is refused by rest.li's validation of the action's parameters with 400, before GMS's own checks (422). DataHub's
 * Playwright suite posts such snapshots, then the same aspects in union form through ingestProposal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, proposal, startTestServer, type TestServer } from '../helpers/server.js';

const FLOW = 'urn:li:dataFlow:(airflow,unions_dag,PROD)';
const JOB = `urn:li:dataJob:(${FLOW},unions_task)`;
const CHART = 'urn:li:chart:(looker,unions_chart)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:postgres,unions.raw_orders,PROD)';
const INPUT = 'urn:li:dataset:(urn:li:dataPlatform:kafka,unions.events,PROD)';
const OWNERSHIP = {
  'com.linkedin.common.Ownership': {
    owners: [{ owner: 'urn:li:corpuser:datahub', type: 'DATAOWNER' }],
    lastModified: { time: 0, actor: 'urn:li:corpuser:datahub' },
  },
};
const jobInfo = (type: unknown) => ({ name: 'Union Job', description: 'unions', type, flowUrn: FLOW });
const chartInfo = (inputs: unknown) => ({
  title: 'Union Chart',
  description: 'unions',
  lastModified: {
    created: { time: 0, actor: 'urn:li:corpuser:jdoe' },
    lastModified: { time: 0, actor: 'urn:li:corpuser:datahub' },
  },
  inputs,
});
const schema = (platformSchema: unknown) => ({
  schemaName: 'raw_orders',
  platform: 'urn:li:dataPlatform:postgres',
  version: 0,
  created: { time: 0, actor: 'urn:li:corpuser:jdoe' },
  lastModified: { time: 0, actor: 'urn:li:corpuser:jdoe' },
  hash: '',
  platformSchema,
  fields: [
    {
      fieldPath: 'record_id',
      nativeDataType: 'integer',
      type: { type: { 'com.linkedin.schema.NumberType': {} } },
    },
  ],
});
const snapshot = (kind: string, urn: string, aspects: unknown[]) => ({
  [`com.linkedin.metadata.snapshot.${kind}Snapshot`]: { urn, aspects },
});
const refusal = (action: string, path: string, message: string) =>
  `Parameters of method '${action}' failed validation with error 'ERROR :: ${path} :: ${message}\n'`;

describe('union members in ingested aspects', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const ingestSnapshot = (value: unknown) => server.post('/entities?action=ingest', { entity: { value } });
  const ingestProposal = (urn: string, aspectName: string, value: unknown) =>
    server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspectName, value) });
  const exists = async (urn: string) => (await server.post('/entities?action=exists', { urn })).json.value;

  it('refuses a data job snapshot whose DataJobInfo.type is a bare string, as rest.li does (400), writing nothing', async () => {
    const reply = await ingestSnapshot(
      snapshot('DataJob', JOB, [OWNERSHIP, { 'com.linkedin.datajob.DataJobInfo': jobInfo('SQL') }]),
    );
    expect(reply).toMatchObject({
      status: 400,
      json: {
        status: 400,
        message: refusal(
          'ingest',
          '/entity/value/com.linkedin.metadata.snapshot.DataJobSnapshot/aspects/1/com.linkedin.datajob.DataJobInfo/type',
          'union type is not backed by a DataMap or null',
        ),
      },
    });
    expect(await exists(JOB)).toBe(false);
  });

  it('takes DataJobInfo.type as the union member {"string": ...} and serves it back so', async () => {
    expect((await ingestProposal(JOB, 'dataJobInfo', jobInfo({ string: 'SQL' }))).status).toBe(200);
    const read = await server.get(`/aspects/${encode(JOB)}?aspect=dataJobInfo`);
    expect(read.json.aspect['com.linkedin.datajob.DataJobInfo'].type).toEqual({ string: 'SQL' });
    expect(await server.aspect(JOB, 'dataJobInfo')).toEqual(jobInfo({ string: 'SQL' }));
    // The Azkaban member is keyed by its fully qualified name; a snapshot in union form is taken whole.
    const azkaban = jobInfo({ 'com.linkedin.datajob.azkaban.AzkabanJobType': 'SQL' });
    const whole = await ingestSnapshot(
      snapshot('DataJob', JOB, [OWNERSHIP, { 'com.linkedin.datajob.DataJobInfo': azkaban }]),
    );
    expect(whole.status).toBe(200);
    expect(await server.aspect(JOB, 'dataJobInfo')).toEqual(azkaban);
    expect((await server.aspect(JOB, 'ownership')).owners[0].owner).toBe('urn:li:corpuser:datahub');
    const view = await server.graphql(
      'query($urn: String!) { dataJob(urn: $urn) { jobId properties { name description } info { name description } dataFlow { urn } } }',
      { urn: JOB },
    );
    // The deprecated `info` is mapped from dataJobInfo as `properties` is (DataJobMapper).
    expect(view.data.dataJob).toEqual({
      jobId: 'unions_task',
      properties: { name: 'Union Job', description: 'unions' },
      info: { name: 'Union Job', description: 'unions' },
      dataFlow: { urn: FLOW },
    });
  });

  it('takes ChartInfo.inputs as [{"string": urn}] only, and shows the inputs', async () => {
    const bare = await ingestSnapshot(
      snapshot('Chart', CHART, [{ 'com.linkedin.chart.ChartInfo': chartInfo([INPUT]) }]),
    );
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe(
      refusal(
        'ingest',
        '/entity/value/com.linkedin.metadata.snapshot.ChartSnapshot/aspects/0/com.linkedin.chart.ChartInfo/inputs/0',
        'union type is not backed by a DataMap or null',
      ),
    );
    // ingestProposal's aspect is a string to rest.li: GMS's own validation refuses it there, with 422.
    expect((await ingestProposal(CHART, 'chartInfo', chartInfo([INPUT]))).status).toBe(422);
    expect(await exists(CHART)).toBe(false);
    expect((await ingestProposal(CHART, 'chartInfo', chartInfo([{ string: INPUT }]))).status).toBe(200);
    expect((await server.aspect(CHART, 'chartInfo')).inputs).toEqual([{ string: INPUT }]);
    const view = await server.graphql(
      'query($urn: String!) { chart(urn: $urn) { properties { name } info { inputs { urn } } } }',
      { urn: CHART },
    );
    expect(view.data.chart).toEqual({
      properties: { name: 'Union Chart' },
      info: { inputs: [{ urn: INPUT }] },
    });
  });

  it('takes SchemaMetadata.platformSchema members the union has (OtherSchema), not SqlSchema', async () => {
    const sql = await ingestSnapshot(
      snapshot('Dataset', DATASET, [
        {
          'com.linkedin.schema.SchemaMetadata': schema({
            'com.linkedin.schema.SqlSchema': { rawSchema: '{}' },
          }),
        },
      ]),
    );
    expect(sql.status).toBe(400);
    expect(sql.json.message).toContain(
      '/platformSchema :: "com.linkedin.schema.SqlSchema" is not a member type of union [ "com.linkedin.schema.EspressoSchema"',
    );
    const other = schema({ 'com.linkedin.schema.OtherSchema': { rawSchema: 'schema' } });
    const ok = await ingestSnapshot(
      snapshot('Dataset', DATASET, [{ 'com.linkedin.schema.SchemaMetadata': other }]),
    );
    expect(ok.status).toBe(200);
    expect(await server.aspect(DATASET, 'schemaMetadata')).toEqual(other);
    const view = await server.graphql(
      'query($urn: String!) { dataset(urn: $urn) { schemaMetadata { fields { fieldPath type } } } }',
      { urn: DATASET },
    );
    expect(view.data.dataset.schemaMetadata.fields).toEqual([{ fieldPath: 'record_id', type: 'NUMBER' }]);
  });

  it('names the entity of a batchIngest in the path, and leaves a missing required field to GMS (422)', async () => {
    const good = snapshot('DataJob', JOB, [
      { 'com.linkedin.datajob.DataJobInfo': jobInfo({ string: 'SQL' }) },
    ]);
    const bad = snapshot('DataJob', JOB, [{ 'com.linkedin.datajob.DataJobInfo': jobInfo('BATCH') }]);
    const batch = await server.post('/entities?action=batchIngest', {
      entities: [{ value: good }, { value: bad }],
    });
    expect(batch.json.message).toBe(
      refusal(
        'batchIngest',
        '/entities/1/value/com.linkedin.metadata.snapshot.DataJobSnapshot/aspects/0/com.linkedin.datajob.DataJobInfo/type',
        'union type is not backed by a DataMap or null',
      ),
    );
    expect(batch.status).toBe(400);
    // Rest.li ignores required fields (RequiredMode.IGNORE); GMS's validateTrimOrThrow does not.
    const { type: _type, ...withoutType } = jobInfo({ string: 'SQL' });
    const missing = await ingestSnapshot(
      snapshot('DataJob', JOB, [{ 'com.linkedin.datajob.DataJobInfo': withoutType }]),
    );
    expect(missing.status).toBe(422);
    expect(missing.json.message).toContain(
      '/type :: field is required but not found and has no default value',
    );
  });
});
