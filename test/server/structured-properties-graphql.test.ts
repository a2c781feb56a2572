/**
 * Structured properties and forms through the embedded catalog's GraphQL, asked with DataHub's web app's own
 * documents (v1.7.0, test/fixtures/datahub-web-react): a model's page, the sidebar's search for the properties to
 * show, a property's page, the steward's upsertStructuredProperties, and search by a property's value.
 */
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { readWebAppOperations } from '../helpers/datahub-web-app.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const ACTOR = 'urn:li:corpuser:catalog-bot';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-1,PROD)';
const TIER = 'urn:li:structuredProperty:io.example.riskTier';
const REVIEWER = 'urn:li:structuredProperty:io.example.reviewer';
const FORM = 'urn:li:form:model-card';

const CATALOG = `apiVersion: catalog/v1
kind: Settings
actor: ${ACTOR}
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.riskTier
displayName: Risk tier
type: string
allowedValues: [{ value: "1", description: Low }, { value: "2", description: High }]
entityTypes: [mlModel]
settings: { showInAssetSummary: true, showInSearchFilters: true }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.reviewer
displayName: Reviewer
type: urn
allowedTypes: [corpuser]
entityTypes: [mlModel]
---
apiVersion: catalog/v1
kind: MLModel
name: fraud-detector-1
properties:
  io.example.riskTier: "2"
  io.example.reviewer: urn:li:corpuser:ana
---
apiVersion: catalog/v1
kind: Form
id: model-card
name: Model card
prompts:
  - { id: model-card-tier, title: Risk tier, property: io.example.riskTier, required: true }
assignedTo: [fraud-detector-1]
`;

describe("structured properties and forms in DataHub's GraphQL", () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const operations = readWebAppOperations();
  const ask = async (name: string, variables: Record<string, unknown>) => {
    const operation = operations.find((op) => op.name === name);
    if (operation === undefined) throw new Error(`no web-app operation ${name}`);
    const answer = await server.graphql(print(operation.document), variables);
    expect(answer.errors, `${name}: ${JSON.stringify(answer.errors)}`).toBeUndefined();
    return answer.data;
  };

  beforeAll(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    writeManifests(dir, { 'catalog/catalog.yaml': CATALOG });
    const applied = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir });
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it("answers a model's page with its property values, their definitions and its forms", async () => {
    const { mlModel } = await ask('getMLModel', { urn: MODEL });
    const byProperty = new Map(
      mlModel.structuredProperties.properties.map((entry: any) => [entry.structuredProperty.urn, entry]),
    );
    const tier: any = byProperty.get(TIER);
    expect(tier.values).toEqual([{ stringValue: '2' }]);
    expect(tier.associatedUrn).toBe(MODEL);
    expect(tier.attribution.sourceDetail).toEqual([{ key: 'managedBy', value: 'catalog' }]);
    expect(tier.structuredProperty.definition).toMatchObject({
      displayName: 'Risk tier',
      qualifiedName: 'io.example.riskTier',
      cardinality: 'SINGLE',
      immutable: false,
      valueType: { urn: 'urn:li:dataType:datahub.string', type: 'DATA_TYPE', info: { type: 'STRING' } },
      entityTypes: [
        { urn: 'urn:li:entityType:datahub.mlModel', type: 'ENTITY_TYPE', info: { type: 'MLMODEL' } },
      ],
      allowedValues: [
        { value: { stringValue: '1' }, description: 'Low' },
        { value: { stringValue: '2' }, description: 'High' },
      ],
    });
    expect(tier.structuredProperty.settings).toMatchObject({
      showInAssetSummary: true,
      showInSearchFilters: true,
      isHidden: false,
    });
    const reviewer: any = byProperty.get(REVIEWER);
    expect(reviewer.valueEntities.map((entity: any) => entity.urn)).toEqual(['urn:li:corpuser:ana']);
    expect(reviewer.structuredProperty.definition.typeQualifier.allowedTypes[0].info.type).toBe('CORP_USER');
  });

  it("finds the properties the model's sidebar shows, as the app searches for them", async () => {
    const data = await ask('getSearchResultsForMultiple', {
      input: {
        types: ['STRUCTURED_PROPERTY'],
        query: '',
        start: 0,
        count: 100,
        searchFlags: { skipCache: true },
        orFilters: [
          {
            and: [
              { field: 'entityTypes', values: ['urn:li:entityType:datahub.mlModel'] },
              { field: 'isHidden', values: ['true'], negated: true },
              { field: 'showInAssetSummary', values: ['true'] },
            ],
          },
        ],
      },
    });
    expect(data.searchAcrossEntities.searchResults.map((result: any) => result.entity.urn)).toEqual([TIER]);
  });

  it("answers a property's page and the forms assigned to an entity", async () => {
    const { entity } = await ask('getStructuredProperty', { urn: TIER });
    expect(entity.definition.qualifiedName).toBe('io.example.riskTier');
    const answer = await server.graphql(
      `{ mlModel(urn: "${MODEL}") { forms { incompleteForms { associatedUrn form { urn info { name type prompts { id formUrn required structuredPropertyParams { structuredProperty { urn } } } actors { owners } } } incompletePrompts { id lastModified { time actor { urn } } } } completedForms { form { urn } } } } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.mlModel.forms.incompleteForms).toEqual([
      {
        associatedUrn: MODEL,
        form: {
          urn: FORM,
          info: {
            name: 'Model card',
            type: 'COMPLETION',
            prompts: [
              {
                id: 'model-card-tier',
                formUrn: FORM,
                required: true,
                structuredPropertyParams: { structuredProperty: { urn: TIER } },
              },
            ],
            actors: { owners: true },
          },
        },
        incompletePrompts: [
          { id: 'model-card-tier', lastModified: { time: expect.any(Number), actor: { urn: ACTOR } } },
        ],
      },
    ]);
  });

  it("searches entities by a property's value, and counts them by value", async () => {
    const data = await ask('getSearchResultsForMultiple', {
      input: {
        types: [],
        query: '*',
        start: 0,
        count: 10,
        orFilters: [{ and: [{ field: 'structuredProperties.io.example.riskTier', values: ['2'] }] }],
      },
    });
    expect(data.searchAcrossEntities.searchResults.map((result: any) => result.entity.urn)).toEqual([MODEL]);
    const none = await server.graphql(
      `{ searchAcrossEntities(input: {query: "*", start: 0, count: 10, orFilters: [{and: [{field: "structuredProperties.io.example.riskTier.keyword", values: ["1"]}]}]}) { total } }`,
    );
    expect(none.errors).toBeUndefined();
    expect(none.data.searchAcrossEntities.total).toBe(0);
    // With includeStructuredPropertyFacets, a property shown in search filters is a facet, named as the app names it.
    const shown = await server.graphql(
      `{ searchAcrossEntities(input: {query: "*", start: 0, count: 0, searchFlags: {includeStructuredPropertyFacets: true}}) { facets { field displayName entity { urn } aggregations { value count } } } }`,
    );
    expect(shown.errors).toBeUndefined();
    expect(
      shown.data.searchAcrossEntities.facets.find(
        (facet: any) => facet.field === 'structuredProperties.io.example.riskTier',
      ),
    ).toEqual({
      field: 'structuredProperties.io.example.riskTier',
      displayName: 'Risk tier',
      entity: { urn: TIER },
      aggregations: [{ value: '2', count: 1 }],
    });
    expect(shown.data.searchAcrossEntities.facets.map((facet: any) => facet.field)).not.toContain(
      'structuredProperties.io.example.reviewer',
    );
  });

  it('sets a value as a steward does (upsertStructuredProperties), and refuses one GMS refuses', async () => {
    const { upsertStructuredProperties } = await ask('upsertStructuredProperties', {
      input: {
        assetUrn: MODEL,
        structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: '1' }] }],
      },
    });
    const tier = upsertStructuredProperties.properties.find(
      (entry: any) => entry.structuredProperty.urn === TIER,
    );
    expect(tier.values).toEqual([{ stringValue: '1' }]);
    // The steward's value is no longer the tool's: its attribution is gone, as DataHub's resolver drops it.
    expect(tier.attribution).toBeNull();
    const stored = await server.aspect(MODEL, 'structuredProperties');
    expect(stored.properties.find((entry: any) => entry.propertyUrn === TIER)).toEqual({
      propertyUrn: TIER,
      values: [{ string: '1' }],
      created: expect.objectContaining({ actor: ACTOR }),
      lastModified: { time: expect.any(Number), actor: 'urn:li:corpuser:datahub' },
    });
    const refused = await server.graphql(
      'mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }',
      {
        input: {
          assetUrn: MODEL,
          structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: '9' }] }],
        },
      },
    );
    expect(refused.errors[0].message).toContain(
      `Property: ${TIER}, value: {string=9} should be one of [{string=1}, {string=2}]`,
    );
    expect((await server.aspect(MODEL, 'structuredProperties')).properties).toContainEqual(
      expect.objectContaining({ propertyUrn: TIER, values: [{ string: '1' }] }),
    );
    // The plan sees the steward's value and puts the manifest's back.
    const plan = await runCatalog(['reconcile', 'catalog', '--server', server.url, '--dry-run'], {
      cwd: dir,
    });
    expect(plan.stdout).toContain('- io.example.riskTier = "1"');
    expect(plan.stdout).toContain('+ io.example.riskTier = "2"');
  });
});
