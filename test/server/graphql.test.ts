import { readFileSync } from 'node:fs';
import { buildSchema, DangerousChangeType, findBreakingChanges, findDangerousChanges } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchema } from '../../src/server/graphql/graphql-endpoint.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';
import { EMAIL, PII, USERS as DATASET } from '../helpers/example-urns.js';

const GOLDEN = 'test/fixtures/datahub/feast_repository_mces_golden.json';
const NO_SCHEMA = 'urn:li:dataset:(urn:li:dataPlatform:hive,no_schema,PROD)';
const V2_ZIP = '[version=2.0].[type=struct].address.[type=string].zipcode';

describe('GraphQL schema', () => {
  it("contains DataHub's subset without a breaking change", () => {
    const subset = buildSchema(readFileSync('test/fixtures/datahub/schema-subset.graphql', 'utf8'));
    expect(findBreakingChanges(subset, catalogSchema())).toEqual([]);
    // The excerpt is older than the release served (v1.7.0) and cut down: the release adds enum values
    // (EntityType, FabricType) and interfaces (EntityWithRelationships, BrowsableEntity, SupportsVersions,
    // HasLogicalParent). Additions are all it may differ by.
    const dangerous = findDangerousChanges(subset, catalogSchema()).filter(
      (change) =>
        change.type !== DangerousChangeType.VALUE_ADDED_TO_ENUM &&
        change.type !== DangerousChangeType.IMPLEMENTED_INTERFACE_ADDED,
    );
    expect(dangerous).toEqual([]);
  });
});

describe('GraphQL endpoint', () => {
  let server: TestServer;
  const gql = (query: string, variables?: Record<string, unknown>) => server.graphql(query, variables);
  const ingest = (...proposals: unknown[]) =>
    server.post('/aspects?action=ingestProposalBatch', { proposals });

  beforeAll(async () => {
    server = await startTestServer();
    const schema = {
      schemaName: 'users.profile',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: [
        {
          fieldPath: 'email',
          nativeDataType: 'string',
          type: { type: { 'com.linkedin.schema.StringType': {} } },
        },
        {
          fieldPath: V2_ZIP,
          nativeDataType: 'string',
          type: { type: { 'com.linkedin.schema.StringType': {} } },
        },
      ],
    };
    await ingest(
      proposal(DATASET, 'schemaMetadata', schema),
      proposal(NO_SCHEMA, 'status', { removed: false }),
    );
  });
  afterAll(() => server.close());

  it('answers a query text sent again with new variables, and a wrong one with the same errors each time', async () => {
    // Each text is parsed and validated once and kept (graphql-endpoint.ts): what is kept must not leak between
    // requests.
    const create =
      'mutation create($input: CreateGlossaryEntityInput!) { createGlossaryTerm(input: $input) }';
    const read = 'query term($urn: String!) { glossaryTerm(urn: $urn) { properties { name } } }';
    for (const id of ['Kept.First', 'Kept.Second']) {
      expect((await gql(create, { input: { id, name: `${id} name` } })).data.createGlossaryTerm).toBe(
        `urn:li:glossaryTerm:${id}`,
      );
    }
    const names = [];
    for (const id of ['Kept.First', 'Kept.Second'])
      names.push((await gql(read, { urn: `urn:li:glossaryTerm:${id}` })).data.glossaryTerm.properties.name);
    expect(names).toEqual(['Kept.First name', 'Kept.Second name']);
    const wrong = '{ glossaryTerm(urn: "urn:li:glossaryTerm:A") { noSuchField } }';
    const errors = (await gql(wrong)).errors;
    expect(errors[0].message).toContain('noSuchField');
    expect((await gql(wrong)).errors).toEqual(errors);
  });

  it('serves what catalog ingest loaded from the feast golden file', async () => {
    const run = await runCatalog(['ingest', GOLDEN, '--server', server.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ingested 11 records (22 aspects of 9 entities)');
    const result = await gql(`{
      mlFeature(urn: "urn:li:mlFeature:(feature_store.driver_hourly_stats,conv_rate)") {
        urn type name featureNamespace description dataType
        properties { description dataType version { versionTag } sources { urn name platform { name } } }
        status { removed }
      }
      mlFeatureTable(urn: "urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,feature_store.driver_hourly_stats)") {
        name description platform { urn name }
        properties { description mlFeatures { name featureNamespace } customProperties { key value } }
      }
    }`);
    expect(result).toEqual({
      data: {
        mlFeature: {
          urn: 'urn:li:mlFeature:(feature_store.driver_hourly_stats,conv_rate)',
          type: 'MLFEATURE',
          name: 'conv_rate',
          featureNamespace: 'feature_store.driver_hourly_stats',
          description: 'Conv rate',
          dataType: 'CONTINUOUS',
          properties: {
            description: 'Conv rate',
            dataType: 'CONTINUOUS',
            version: null,
            sources: [
              {
                urn: 'urn:li:dataset:(urn:li:dataPlatform:file,data.driver_stats_with_string.parquet,PROD)',
                name: 'data.driver_stats_with_string.parquet',
                platform: { name: 'file' },
              },
            ],
          },
          status: { removed: false },
        },
        mlFeatureTable: {
          name: 'feature_store.driver_hourly_stats',
          description: null,
          platform: { urn: 'urn:li:dataPlatform:feast', name: 'feast' },
          properties: {
            description: null,
            mlFeatures: [
              { name: 'conv_rate', featureNamespace: 'feature_store.driver_hourly_stats' },
              { name: 'acc_rate', featureNamespace: 'feature_store.driver_hourly_stats' },
              { name: 'avg_daily_trips', featureNamespace: 'feature_store.driver_hourly_stats' },
              { name: 'string_feature', featureNamespace: 'feature_store.driver_hourly_stats' },
            ],
            customProperties: [],
          },
        },
      },
      extensions: {},
    });
  });

  it('creates glossary terms, maps definition to description, and refuses a second create', async () => {
    const created = await gql(
      'mutation { createGlossaryTerm(input: {id: "Classification.PII", name: "PII", description: "Personal data"}) }',
    );
    expect(created).toEqual({ data: { createGlossaryTerm: PII }, extensions: {} });
    await gql('mutation { createGlossaryTerm(input: {id: "Classification.Email", name: "Email"}) }');
    const term = await gql(
      `{ glossaryTerm(urn: "${PII}") { urn type hierarchicalName exists glossaryTermInfo { name description termSource sourceRef } } }`,
    );
    expect(term.data.glossaryTerm).toEqual({
      urn: PII,
      type: 'GLOSSARY_TERM',
      hierarchicalName: 'Classification.PII',
      exists: true,
      glossaryTermInfo: {
        name: 'PII',
        description: 'Personal data',
        termSource: 'INTERNAL',
        sourceRef: null,
      },
    });
    const again = await gql(
      'mutation { createGlossaryTerm(input: {id: "Classification.PII", name: "PII"}) }',
    );
    expect(again.data).toEqual({ createGlossaryTerm: null });
    expect(again.errors[0]).toMatchObject({
      message: 'This Glossary Term already exists!',
      path: ['createGlossaryTerm'],
      extensions: { code: 400, type: 'BAD_REQUEST' },
    });
  });

  it('runs the mutations of one request each on its own: a failing one undoes only itself', async () => {
    await gql('mutation { createGlossaryTerm(input: {id: "Batch.Existing", name: "Existing"}) }');
    const batch = await gql(`mutation {
      a: createGlossaryTerm(input: {id: "Batch.First", name: "First"})
      b: createGlossaryTerm(input: {id: "Batch.Existing", name: "Again"})
      c: createGlossaryTerm(input: {id: "Batch.Third", name: "Third"})
    }`);
    expect(batch.data).toEqual({
      a: 'urn:li:glossaryTerm:Batch.First',
      b: null,
      c: 'urn:li:glossaryTerm:Batch.Third',
    });
    expect(batch.errors).toEqual([
      expect.objectContaining({ path: ['b'], message: 'This Glossary Term already exists!' }),
    ]);
    const read = await gql(`{
      first: glossaryTerm(urn: "urn:li:glossaryTerm:Batch.First") { properties { name } }
      existing: glossaryTerm(urn: "urn:li:glossaryTerm:Batch.Existing") { properties { name } }
      third: glossaryTerm(urn: "urn:li:glossaryTerm:Batch.Third") { properties { name } }
    }`);
    expect(read.data).toEqual({
      first: { properties: { name: 'First' } },
      existing: { properties: { name: 'Existing' } },
      third: { properties: { name: 'Third' } },
    });
  });

  it('reads a term written by aspect with an empty termSource as INTERNAL', async () => {
    await ingest(
      proposal('urn:li:glossaryTerm:Blank', 'glossaryTermInfo', {
        name: 'Blank',
        definition: 'd',
        termSource: '',
      }),
    );
    const term = await gql(
      '{ glossaryTerm(urn: "urn:li:glossaryTerm:Blank") { glossaryTermInfo { termSource description } } }',
    );
    expect(term.data.glossaryTerm.glossaryTermInfo).toEqual({ termSource: 'INTERNAL', description: 'd' });
  });

  it('fails a term operation on a dataset that does not exist', async () => {
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,missing,PROD)';
    const result = await gql(
      `mutation { addTerms(input: {termUrns: ["${PII}"], resourceUrn: "${missing}"}) }`,
    );
    expect(result.data).toEqual({ addTerms: null });
    expect(result.errors[0]).toMatchObject({
      message: `Failed to update resource with urn ${missing}. Entity does not exist.`,
      extensions: { code: 400, type: 'BAD_REQUEST' },
    });
  });

  it('refuses unknown terms and non-term URNs as labels', async () => {
    const unknown = await gql(
      `mutation { addTerms(input: {termUrns: ["urn:li:glossaryTerm:Nope"], resourceUrn: "${DATASET}"}) }`,
    );
    expect(unknown.errors[0].message).toBe(
      'Failed to validate label with urn urn:li:glossaryTerm:Nope. Urn does not exist.',
    );
    const wrongType = await gql(
      `mutation { addTerms(input: {termUrns: ["urn:li:corpuser:x"], resourceUrn: "${DATASET}"}) }`,
    );
    expect(wrongType.errors[0].message).toBe(
      'Failed to validate label with urn urn:li:corpuser:x. Urn type does not match entity type glossaryTerm..',
    );
  });

  it('adds and removes dataset-level terms; removing the last leaves an empty list', async () => {
    const added = await gql(
      `mutation { addTerms(input: {termUrns: ["${PII}", "${EMAIL}", "${PII}"], resourceUrn: "${DATASET}"}) }`,
    );
    expect(added).toEqual({ data: { addTerms: true }, extensions: {} });
    const read = () =>
      gql(
        `{ dataset(urn: "${DATASET}") { urn type name platform { name } exists glossaryTerms { terms { associatedUrn term { urn glossaryTermInfo { name description } } } } } }`,
      );
    const before = await read();
    expect(before.data.dataset).toMatchObject({
      type: 'DATASET',
      name: 'users.profile',
      platform: { name: 'hive' },
      exists: true,
    });
    expect(before.data.dataset.glossaryTerms.terms).toEqual([
      {
        associatedUrn: DATASET,
        term: { urn: PII, glossaryTermInfo: { name: 'PII', description: 'Personal data' } },
      },
      { associatedUrn: DATASET, term: { urn: EMAIL, glossaryTermInfo: { name: 'Email', description: '' } } },
    ]);
    await gql(`mutation { removeTerm(input: {termUrn: "${PII}", resourceUrn: "${DATASET}"}) }`);
    const removed = await gql(
      `mutation { batchRemoveTerms(input: {termUrns: ["${EMAIL}"], resources: [{resourceUrn: "${DATASET}"}]}) }`,
    );
    expect(removed.data).toEqual({ batchRemoveTerms: true });
    expect((await read()).data.dataset.glossaryTerms).toEqual({ terms: [] });
  });

  it('attaches column terms by exact field path, and needs the column in schemaMetadata', async () => {
    const noSchema = await gql(
      `mutation { addTerms(input: {termUrns: ["${PII}"], resourceUrn: "${NO_SCHEMA}", subResourceType: DATASET_FIELD, subResource: "email"}) }`,
    );
    expect(noSchema.errors[0].message).toBe(
      `Failed to update ${NO_SCHEMA} & field email. ${NO_SCHEMA} has no schema.`,
    );
    const noField = await gql(
      `mutation { addTerms(input: {termUrns: ["${PII}"], resourceUrn: "${DATASET}", subResourceType: DATASET_FIELD, subResource: "address.zipcode"}) }`,
    );
    expect(noField.errors[0].message).toBe(
      `Failed to update ${DATASET} & field address.zipcode. Field address.zipcode does not exist in the datasets schema.`,
    );
    const noType = await gql(
      `mutation { addTerm(input: {termUrn: "${PII}", resourceUrn: "${DATASET}", subResource: "email"}) }`,
    );
    expect(noType.errors[0].message).toBe(
      `Failed to updates resource with urn ${DATASET}. SubResource (email) provided without a subResourceType.`,
    );
    const noSub = await gql(
      `mutation { addTerm(input: {termUrn: "${PII}", resourceUrn: "${DATASET}", subResourceType: DATASET_FIELD}) }`,
    );
    expect(noSub.errors[0].message).toBe(
      `Failed to update resource with urn ${DATASET}. SubResourceType (DATASET_FIELD) provided without a subResource.`,
    );

    const batch = await gql(`mutation($input: BatchAddTermsInput!) { batchAddTerms(input: $input) }`, {
      input: {
        termUrns: [PII],
        resources: [
          { resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'email' },
          { resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: V2_ZIP },
        ],
      },
    });
    expect(batch).toEqual({ data: { batchAddTerms: true }, extensions: {} });
    const read = await gql(
      `{ dataset(urn: "${DATASET}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath glossaryTerms { terms { term { urn } } } } } } }`,
    );
    expect(read.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo).toEqual([
      { fieldPath: 'email', glossaryTerms: { terms: [{ term: { urn: PII } }] } },
      { fieldPath: V2_ZIP, glossaryTerms: { terms: [{ term: { urn: PII } }] } },
    ]);
    await gql(
      `mutation { removeTerm(input: {termUrn: "${PII}", resourceUrn: "${DATASET}", subResourceType: DATASET_FIELD, subResource: "email"}) }`,
    );
    const after = await gql(
      `{ dataset(urn: "${DATASET}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath glossaryTerms { terms { term { urn } } } } } } }`,
    );
    expect(after.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo[0]).toEqual({
      fieldPath: 'email',
      glossaryTerms: { terms: [] },
    });
  });

  it('answers models and groups as DataHub does', async () => {
    const model = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,solo,PROD)';
    await ingest(
      proposal(model, 'mlModelProperties', {
        description: 'no groups',
        version: { versionTag: '3' },
        customProperties: { team: 'risk' },
      }),
    );
    const result = await gql(`{
      mlModel(urn: "${model}") { name origin platform { name } description properties { description version type mlFeatures groups { urn } customProperties { key value associatedUrn } } }
      mlModelGroup(urn: "urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,never,PROD)") { name }
    }`);
    expect(result).toEqual({
      data: {
        mlModel: {
          name: 'solo',
          origin: 'PROD',
          platform: { name: 'sagemaker' },
          description: 'no groups',
          properties: {
            description: 'no groups',
            version: '3',
            type: null,
            mlFeatures: null,
            groups: [],
            customProperties: [{ key: 'team', value: 'risk', associatedUrn: model }],
          },
        },
        mlModelGroup: null,
      },
      extensions: {},
    });
  });

  it('resolves entityExists and corpUser', async () => {
    const result = await gql(
      `{ a: entityExists(urn: "${DATASET}") b: entityExists(urn: "urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)") corpUser(urn: "urn:li:corpuser:nobody") { username } }`,
    );
    expect(result.data).toEqual({ a: true, b: false, corpUser: null });
  });

  it('answers the root user GMS bootstraps (root-user.yaml) as an entity, as the app expects of the signed-in user', async () => {
    const result = await gql(`{
      entityExists(urn: "urn:li:corpuser:datahub")
      entities(urns: ["urn:li:corpuser:datahub"]) {
        urn type ... on CorpUser { username exists properties { displayName title active } editableProperties { pictureLink } }
      }
    }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.entityExists).toBe(true);
    expect(result.data.entities).toEqual([
      {
        urn: 'urn:li:corpuser:datahub',
        type: 'CORP_USER',
        username: 'datahub',
        exists: true,
        properties: { displayName: 'DataHub', title: 'DataHub', active: true },
        editableProperties: {
          pictureLink:
            'https://raw.githubusercontent.com/datahub-project/datahub/master/datahub-web-react/src/images/default_avatar.png',
        },
      },
    ]);
  });

  it('is also served on /api/v2/graphql, refuses GET and answers unparsable requests with a bare 400', async () => {
    expect(
      (await server.post('/api/v2/graphql', { query: '{ entityExists(urn: "urn:li:corpuser:x") }' })).json
        .data,
    ).toEqual({ entityExists: false });
    expect((await server.get('/api/graphql')).status).toBe(405);
    expect(await server.post('/api/graphql', '{not json')).toEqual({ status: 400, json: undefined });
    expect((await server.post('/api/graphql', { variables: {} })).status).toBe(400);
  });

  it('answers the data platforms GMS bootstraps (data-platforms.yaml) with their info, and a stored info over it', async () => {
    const bootstrapped = await gql(
      `{ dataPlatform(urn: "urn:li:dataPlatform:hive") { urn name properties { displayName type datasetNameDelimiter logoUrl } }
         dataset(urn: "${DATASET}") { platform { properties { displayName } } } }`,
    );
    expect(bootstrapped.data.dataPlatform).toEqual({
      urn: 'urn:li:dataPlatform:hive',
      name: 'hive',
      properties: { displayName: 'Hive', type: 'FILE_SYSTEM', datasetNameDelimiter: '.', logoUrl: 'assets/platforms/hivelogo.png' }, // prettier-ignore
    });
    expect(bootstrapped.data.dataset.platform.properties.displayName).toBe('Hive');
    await ingest(
      proposal('urn:li:dataPlatform:custom', 'dataPlatformInfo', {
        name: 'custom',
        displayName: 'Custom Lake',
        type: 'OTHERS',
        datasetNameDelimiter: '/',
      }),
    );
    const stored = await gql(
      '{ dataPlatform(urn: "urn:li:dataPlatform:custom") { properties { displayName } } }',
    );
    expect(stored.data.dataPlatform.properties.displayName).toBe('Custom Lake');
    expect(
      (await gql('{ dataPlatform(urn: "urn:li:dataPlatform:nowhere") { urn } }')).data.dataPlatform,
    ).toBeNull();
  });

  it('answers the root fields of charts, dashboards, flows, jobs and data products by URN, as entity(urn) does', async () => {
    const urns = {
      chart: 'urn:li:chart:(looker,root_chart)',
      dashboard: 'urn:li:dashboard:(looker,root_dashboard)',
      dataFlow: 'urn:li:dataFlow:(airflow,root_dag,PROD)',
      dataJob: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,root_dag,PROD),root_task)',
      dataProduct: 'urn:li:dataProduct:root_product',
    };
    await ingest(...Object.values(urns).map((urn) => proposal(urn, 'status', { removed: false })));
    const fields = Object.entries(urns).map(([field, urn]) => `${field}(urn: "${urn}") { urn type }`);
    const result = await gql(
      `{ ${fields.join(' ')} missing: chart(urn: "urn:li:chart:(looker,none)") { urn } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      chart: { urn: urns.chart, type: 'CHART' },
      dashboard: { urn: urns.dashboard, type: 'DASHBOARD' },
      dataFlow: { urn: urns.dataFlow, type: 'DATA_FLOW' },
      dataJob: { urn: urns.dataJob, type: 'DATA_JOB' },
      dataProduct: { urn: urns.dataProduct, type: 'DATA_PRODUCT' },
      missing: null,
    });
  });

  it('reports schema validation errors without executing', async () => {
    const result = await gql('{ mlFeature(urn: "x") { nope } }');
    expect(result.errors[0].message).toContain('Cannot query field "nope"');
  });

  it('refuses a mutation of the schema it does not perform, as GMS refuses a field it lacks, and runs none of the request', async () => {
    const result = await gql(
      `mutation { createGlossaryTerm(input: {id: "never", name: "Never"}) ...rest }
       fragment rest on Mutation { createSecret(input: {name: "s", value: "v"}) }`,
    );
    expect(result.errors).toEqual([
      {
        message:
          "Validation error (FieldUndefined@[createSecret]) : Field 'createSecret' in type 'Mutation' is undefined",
        locations: [{ line: 2, column: 36 }],
        extensions: { classification: 'ValidationError' },
      },
    ]);
    expect(result.data).toBeNull();
    expect(
      (await gql('{ glossaryTerm(urn: "urn:li:glossaryTerm:never") { urn } }')).data.glossaryTerm,
    ).toBeNull();
  });
});
