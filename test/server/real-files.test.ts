/**
 * Real DataHub ingestion output (test/fixtures/datahub, see PROVENANCE.md): every file ingests into the
 * embedded catalog through `catalog ingest` and reads back equal through GET /aspects (versioned aspects),
 * getTimeseriesAspectValues (timeseries aspects) and GraphQL `entity(urn)`; and a catalog holding all of them
 * exports manifests that validate and re-plan with no changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASPECT_SCHEMAS } from '../../src/datahub/generated/aspect-schemas.js';
import { avroJsonToPegasus } from '../../src/datahub/pegasus/from-avro-json.js';
import type { JsonObject } from '../../src/model/json.js';
import { parseMetadataRecords } from '../../src/model/metadata-file.js';
import type { Proposal } from '../../src/model/proposal.js';
import { aspectNameOfFqn, fqnOfAspect, isTimeseriesAspect } from '../../src/model/registry.js';
import { graphqlEntityType } from '../../src/datahub/entity-types.js';
import { runCatalog } from '../helpers/run-cli.js';
import { encode, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const FIXTURES = 'test/fixtures/datahub';
const FILES = [
  'feast_repository_mces_golden.json',
  'mlflow_mcps_golden.json',
  'vertexai_mcps_golden.json',
  'glossary_events_golden.json',
  'csv_enricher_golden.json',
  'test_mlmodel_complex_golden.json',
  'bootstrap_mce.json',
];

/** GraphQL types whose `aspects` field lists an entity's stored aspects. */
const TYPES_WITH_ASPECTS = [
  'Dataset', 'Chart', 'Dashboard', 'DataFlow', 'DataJob', 'Notebook', 'GlossaryTerm', 'GlossaryNode', 'Tag',
  'CorpUser', 'CorpGroup', 'Container', 'Domain', 'MLFeature', 'MLPrimaryKey', 'MLFeatureTable', 'MLModel',
  'MLModelGroup', 'GenericEntity',
]; // prettier-ignore
const ENTITY_WITH_ASPECTS = `query ($urn: String!) {
  entity(urn: $urn) {
    urn
    type
    ${TYPES_WITH_ASPECTS.map((type) => `... on ${type} { aspects { aspectName payload } }`).join('\n    ')}
    ... on DataPlatform { properties { type displayName datasetNameDelimiter logoUrl } }
    ... on DataProcessInstance { properties { name } }
  }
}`;

/** Typed fields, the non-null ones included, of every kind of entity the files hold. */
const ENTITY_FIELDS = `query ($urns: [String!]!) {
  entities(urns: $urns) {
    urn
    type
    ... on Dataset {
      name platform { name } properties { name description customProperties { key value } }
      schemaMetadata { fields { fieldPath type nativeDataType } }
      editableSchemaMetadata { editableSchemaFieldInfo { fieldPath glossaryTerms { terms { term { urn name } } } } }
      ownership { owners { owner { ... on CorpUser { urn username } ... on CorpGroup { urn name } } } }
      glossaryTerms { terms { term { urn name } } } tags { tags { tag { urn name } } }
      institutionalMemory { elements { url description } } container { urn } domain { domain { urn } }
      subTypes { typeNames } status { removed }
    }
    ... on GlossaryTerm { name hierarchicalName properties { name definition termSource } parentNodes { nodes { urn } } }
    ... on GlossaryNode { properties { name } parentNodes { count } }
    ... on Tag { name properties { name colorHex } }
    ... on CorpUser { username properties { displayName email } }
    ... on CorpGroup { name properties { displayName email } }
    ... on DataPlatform { name properties { type datasetNameDelimiter } }
    ... on Container { platform { name } properties { name } subTypes { typeNames } }
    ... on MLFeature { name featureNamespace properties { dataType sources { urn } } }
    ... on MLPrimaryKey { name featureNamespace properties { dataType } }
    ... on MLFeatureTable { name platform { name } properties { mlFeatures { urn } mlPrimaryKeys { urn } } }
    ... on MLModel { name platform { name } origin properties { groups { urn } } tags { tags { tag { urn } } } }
    ... on MLModelGroup { name platform { name } origin properties { description } }
    ... on Chart { tool chartId platform { name } properties { name created { time } lastModified { time } } }
    ... on Dashboard { tool dashboardId platform { name } properties { name created { time } } }
    ... on DataFlow { orchestrator flowId cluster platform { name } properties { name } }
    ... on DataJob { jobId dataFlow { urn } properties { name } }
  }
}`;

function proposalsOf(file: string): Proposal[] {
  const parsed = parseMetadataRecords(JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')));
  if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.errors)}`);
  return [...parsed.proposals];
}

/** What the file leaves behind: the last value of each versioned aspect, and every timeseries event. */
function expectedState(proposals: readonly Proposal[]) {
  const versioned = new Map<string, Map<string, JsonObject>>();
  const timeseries: Proposal[] = [];
  for (const proposal of proposals) {
    if (isTimeseriesAspect(proposal.aspectName)) {
      timeseries.push(proposal);
      continue;
    }
    const aspects = versioned.get(proposal.entityUrn) ?? new Map<string, JsonObject>();
    aspects.set(proposal.aspectName, proposal.aspect);
    versioned.set(proposal.entityUrn, aspects);
  }
  return { versioned, timeseries };
}

describe.each(FILES)('real DataHub file %s', (file) => {
  let server: TestServer;
  const proposals = proposalsOf(file);
  const { versioned, timeseries } = expectedState(proposals);

  beforeAll(async () => {
    server = await startTestServer();
    const ingest = await runCatalog(['ingest', path.join(FIXTURES, file), '--server', server.url]);
    expect(ingest.stderr).toBe('');
    expect(ingest.code).toBe(0);
  });
  afterAll(() => server.close());

  it('reads every aspect back equal: versioned through GET /aspects, timeseries by getTimeseriesAspectValues', async () => {
    expect(versioned.size).toBeGreaterThan(0);
    for (const [urn, aspects] of versioned) {
      for (const [aspect, value] of aspects) {
        const response = await server.get(`/aspects/${encode(urn)}?aspect=${aspect}&version=0`);
        expect(response.status, `${urn} ${aspect}`).toBe(200);
        expect(response.json.aspect[fqnOfAspect(aspect) as string], `${urn} ${aspect}`).toEqual(value);
      }
    }
    for (const event of timeseries) {
      const response = await server.post('/aspects?action=getTimeseriesAspectValues', {
        urn: event.entityUrn,
        entity: event.entityType,
        aspect: event.aspectName,
        limit: 100,
      });
      expect(response.status).toBe(200);
      const values = response.json.value.values.map((item: { aspect: { value: string } }) =>
        JSON.parse(item.aspect.value),
      );
      expect(values).toContainEqual(event.aspect);
    }
  });

  it('answers entity(urn) for every entity with its type and the same aspects', async () => {
    for (const [urn, aspects] of versioned) {
      const { data, errors } = await server.graphql(ENTITY_WITH_ASPECTS, { urn });
      expect(errors, urn).toBeUndefined();
      const entityType = urn.split(':')[2] as string;
      expect(data.entity, urn).toMatchObject({ urn, type: graphqlEntityType(entityType) });
      if (entityType === 'dataPlatform') {
        // DataHub's DataPlatform has no `aspects` field; its properties are the dataPlatformInfo aspect.
        const { name, ...info } = aspects.get('dataPlatformInfo') ?? {};
        expect(name, urn).toBe(urn.split(':')[3]);
        expect(data.entity.properties, urn).toEqual({ logoUrl: null, ...info });
        continue;
      }
      if (entityType === 'dataProcessInstance') {
        // Nor has DataProcessInstance: its name is dataProcessInstanceProperties' (DataProcessInstanceMapper).
        const name = aspects.get('dataProcessInstanceProperties')?.['name'];
        expect(data.entity.properties, urn).toEqual(name === undefined ? null : { name });
        continue;
      }
      const served = new Map<string, unknown>(
        (data.entity.aspects as { aspectName: string; payload: string }[]).map((aspect) => [
          aspect.aspectName,
          JSON.parse(aspect.payload),
        ]),
      );
      for (const [aspect, value] of aspects) expect(served.get(aspect), `${urn} ${aspect}`).toEqual(value);
    }
  });

  it('answers entities(urns) for all of them at once, typed fields included, without a non-null error', async () => {
    const urns = [...versioned.keys()];
    const { data, errors } = await server.graphql(ENTITY_FIELDS, { urns });
    expect(errors).toBeUndefined();
    expect(data.entities.map((entity: { urn: string }) => entity.urn)).toEqual(urns);
  });
});

describe('the Avro-shaped values of DataHub sample data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const ingest = await runCatalog(['ingest', `${FIXTURES}/bootstrap_mce.json`, '--server', server.url]);
    expect(ingest.code).toBe(0);
  });
  afterAll(() => server.close());
  const aspect = async (urn: string, name: string) =>
    (await server.get(`/aspects/${encode(urn)}?aspect=${name}`)).json.aspect[fqnOfAspect(name) as string];

  it('are stored as Pegasus values: union wrappers removed, nulls left out, member names renamed', async () => {
    expect(await aspect('urn:li:corpuser:datahub', 'corpUserInfo')).toEqual({
      active: true,
      displayName: 'Data Hub',
      email: 'datahub@linkedin.com',
      title: 'CEO',
      fullName: 'Data Hub',
    });
    const chart = await aspect('urn:li:chart:(looker,baz2)', 'chartInfo');
    // inputs is a list of unions: its items are Pegasus union members, only the optional field's wrapper goes.
    expect(chart.inputs).toEqual([
      { string: 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)' },
    ]);
    const schema = await aspect(
      'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)',
      'schemaMetadata',
    );
    expect(schema.fields[0]).toEqual({
      fieldPath: 'field_foo',
      nullable: false,
      description: 'Foo field description',
      type: { type: { 'com.linkedin.schema.BooleanType': {} } },
      nativeDataType: 'varchar(100)',
      recursive: false,
      isPartOfKey: true,
    });
    expect(schema.platformSchema['com.linkedin.schema.KafkaSchema'].documentSchema).toContain(
      'SampleHiveSchema',
    );
  });

  it('GET /aspects refuses a timeseries aspect and points to getTimeseriesAspectValues', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
    const response = await server.get(`/aspects/${encode(urn)}?aspect=datasetProfile`);
    expect(response.status).toBe(400);
    expect(response.json.message).toContain('getTimeseriesAspectValues');
  });

  it('answers a time window, newest first, with a limit and an EQUAL filter', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
    const request = (extra: Record<string, unknown>) =>
      server.post('/aspects?action=getTimeseriesAspectValues', {
        urn,
        entity: 'dataset',
        aspect: 'datasetProfile',
        ...extra,
      });
    const rowCounts = (response: { json: any }) =>
      response.json.value.values.map((item: any) => JSON.parse(item.aspect.value).rowCount);
    expect(rowCounts(await request({ limit: 10 }))).toEqual([4500, 3500]);
    expect(rowCounts(await request({ limit: 1 }))).toEqual([4500]);
    expect(rowCounts(await request({ latestValue: true }))).toEqual([4500]);
    expect(rowCounts(await request({ endTimeMillis: 1629010800000, limit: 10 }))).toEqual([3500]);
    expect(
      rowCounts(await request({ limit: 10, filter: { criteria: [{ field: 'rowCount', value: '3500' }] } })),
    ).toEqual([3500]);
    expect((await request({ aspect: 'datasetProperties' })).status).toBe(400);
    expect((await request({ limit: -1 })).status).toBe(400);
  });

  it('ingests the same snapshots in Pegasus form through the Rest.li ingest action', async () => {
    const records = JSON.parse(readFileSync(`${FIXTURES}/bootstrap_mce.json`, 'utf8')) as any[];
    const entities = records
      .filter((record) => record.proposedSnapshot !== undefined)
      .map((record) => ({ value: pegasusSnapshot(record.proposedSnapshot) }));
    const fresh = await startTestServer();
    try {
      const response = await fresh.post('/entities?action=batchIngest', { entities });
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      const dashboard = await fresh.get(
        `/aspects/${encode('urn:li:dashboard:(looker,baz)')}?aspect=dashboardInfo`,
      );
      expect(dashboard.json.aspect['com.linkedin.dashboard.DashboardInfo'].charts).toHaveLength(2);
      // The wire is Pegasus: an Avro null is refused there, by rest.li's validation of the action's parameters
      // (a 400, CoercionMode.NORMAL's words), before GMS's own.
      const withNull = await fresh.post('/entities?action=ingest', {
        entity: { value: records[4].proposedSnapshot },
      });
      expect(withNull.status).toBe(400);
      expect(withNull.json.message).toContain('/description :: null cannot be coerced to String');
    } finally {
      await fresh.close();
    }
  });
});

describe('export, validate and re-plan a catalog holding all the real files', () => {
  let server: TestServer;
  const { dir, cleanup } = tempDir();
  beforeAll(async () => {
    server = await startTestServer();
    for (const file of FILES) {
      const ingest = await runCatalog(['ingest', path.join(FIXTURES, file), '--server', server.url]);
      expect(ingest.code, ingest.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it('changes no value, though terms without glossaryTermInfo are attached, and takes over what the files wrote', async () => {
    const exported = await runCatalog(['export', '--out', 'exported', '--server', server.url], { cwd: dir });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/\d+ DatasetTerms/);
    const validate = await runCatalog(['validate', 'exported'], { cwd: dir });
    expect(validate.code, validate.stderr + validate.stdout).toBe(0);
    // The owners and links the real files hold are declared by the export: the first plan only takes them over.
    const plan = await runCatalog(['reconcile', 'exported', '--dry-run', '--server', server.url], {
      cwd: dir,
    });
    expect(plan.code, plan.stderr + plan.stdout).toBe(0);
    expect(plan.stdout).toMatch(
      /Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; \d+ added by others to take over\./,
    );
    const applied = await runCatalog(['reconcile', 'exported', '--server', server.url], { cwd: dir });
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const again = await runCatalog(
      ['reconcile', 'exported', '--dry-run', '--detailed-exitcode', '--server', server.url],
      { cwd: dir },
    );
    expect(again.stdout).toContain('No changes.');
    expect(again.code, again.stderr + again.stdout).toBe(0);
  });
});

/**
 * An MCE snapshot of a file (Avro JSON) in the Pegasus JSON DataHub's Python emitter sends over Rest.li: each
 * aspect converted with its schema (unions need it), class names renamed.
 */
function pegasusSnapshot(snapshot: Record<string, { urn: string; aspects: Record<string, unknown>[] }>) {
  const [snapshotClass, body] = Object.entries(snapshot)[0]!;
  const aspects = body.aspects.map((item) => {
    const [avroClass, value] = Object.entries(item)[0]!;
    const fqn = avroClass.replace('com.linkedin.pegasus2avro.', 'com.linkedin.');
    return { [fqn]: avroJsonToPegasus(ASPECT_SCHEMAS, aspectNameOfFqn(fqn) ?? '', value) };
  });
  return {
    [snapshotClass.replace('com.linkedin.pegasus2avro.', 'com.linkedin.')]: { urn: body.urn, aspects },
  };
}
