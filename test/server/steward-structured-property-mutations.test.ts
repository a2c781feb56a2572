/**
 * Structured properties themselves, created, edited and deleted as DataHub's web app at the reference release does
 * it on its Structured Properties page (createStructuredProperty, updateStructuredProperty,
 * deleteStructuredProperty), against the embedded catalog: what each stores, what each answers, GMS's checks with
 * its messages, the privilege they need, and what a delete does to the values entities carry.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebAppOperations } from '../helpers/datahub-web-app.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { DATASET, HOLDER, ME, UI_SOURCE, stamp, useStewardServer } from '../helpers/steward-server.js';

const STRING = 'urn:li:dataType:datahub.string';
const DATASET_TYPE = 'urn:li:entityType:datahub.dataset';
const FIELD_TYPE = 'urn:li:entityType:datahub.schemaField';

describe('structured property mutations', () => {
  const steward = useStewardServer();
  const { send, refuse } = steward;
  let server: TestServer;
  beforeAll(() => {
    server = steward.server;
  });
  const operations = readWebAppOperations();
  /** A web-app query, answering its data (the test fails on any error). */
  const ask = async (name: string, variables: Record<string, unknown>) => {
    const operation = operations.find((op) => op.name === name);
    if (operation === undefined) throw new Error(`no web-app operation ${name}`);
    const answer = await server.graphql(print(operation.document), variables);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data;
  };
  const entries = async (urn: string) =>
    (await server.get(`/entitiesV2/${encodeURIComponent(urn)}?aspects=List(propertyDefinition)`)).json;

  it('createStructuredProperty writes the definition and settings and answers the property as read back', async () => {
    const created = await send('createStructuredProperty', {
      input: {
        qualifiedName: 'io.example.retention',
        displayName: 'Retention',
        description: 'How long data is kept',
        valueType: STRING,
        entityTypes: [DATASET_TYPE, DATASET_TYPE],
        allowedValues: [{ stringValue: '30d', description: 'a month' }, { stringValue: '1y' }],
        cardinality: 'SINGLE',
        settings: { isHidden: false, showInAssetSummary: false, hideInAssetSummaryWhenEmpty: true, showInColumnsTable: true }, // prettier-ignore
      },
    });
    const urn = 'urn:li:structuredProperty:io.example.retention';
    expect(created).toMatchObject({
      urn,
      type: 'STRUCTURED_PROPERTY',
      definition: {
        qualifiedName: 'io.example.retention',
        displayName: 'Retention',
        description: 'How long data is kept',
        cardinality: 'SINGLE',
        entityTypes: [{ urn: DATASET_TYPE, type: 'ENTITY_TYPE' }],
        valueType: { urn: STRING },
        allowedValues: [
          { value: { stringValue: '30d' }, description: 'a month' },
          { value: { stringValue: '1y' }, description: null },
        ],
      },
      settings: { isHidden: false, showInColumnsTable: true, hideInAssetSummaryWhenEmpty: false },
    });
    expect(await server.aspect(urn, 'propertyDefinition')).toEqual({
      qualifiedName: 'io.example.retention',
      valueType: STRING,
      entityTypes: [DATASET_TYPE],
      displayName: 'Retention',
      description: 'How long data is kept',
      allowedValues: [{ value: { string: '30d' }, description: 'a month' }, { value: { string: '1y' } }],
      cardinality: 'SINGLE',
      created: stamp,
      lastModified: stamp,
    });
    // showInAssetSummary false turns hideInAssetSummaryWhenEmpty off, whatever the input says.
    expect(await server.aspect(urn, 'structuredPropertySettings')).toEqual({
      isHidden: false,
      showInAssetSummary: false,
      hideInAssetSummaryWhenEmpty: false,
      showInColumnsTable: true,
      lastModified: stamp,
    });
    const written = await entries(urn);
    expect(written.aspects.propertyDefinition.systemMetadata).toMatchObject(UI_SOURCE);
  });

  it('createStructuredProperty without an id or qualified name names the property with a UUID', async () => {
    const created = await send('createStructuredProperty', {
      input: { displayName: 'Unnamed', valueType: STRING, entityTypes: [DATASET_TYPE] },
    });
    expect(created.urn).toMatch(/^urn:li:structuredProperty:[0-9a-f-]{36}$/);
    expect(created.definition.qualifiedName).toBe(created.urn.slice('urn:li:structuredProperty:'.length));
    expect(created.settings).toBeNull();
    expect(await server.aspect(created.urn, 'structuredPropertySettings')).toBeUndefined();
  });

  it('createStructuredProperty refuses what GMS refuses, with its messages', async () => {
    const input = { valueType: STRING, entityTypes: [DATASET_TYPE] };
    expect(await refuse('createStructuredProperty', { input: { ...input, qualifiedName: 'io.example.retention' } })).toEqual({ message: 'A structured property already exists with this urn', code: 400 }); // prettier-ignore
    expect(await refuse('createStructuredProperty', { input: { ...input, id: 'a.b', qualifiedName: 'a.c' } })).toEqual({ message: 'Qualified name and the ID of a structured property must match', code: 400 }); // prettier-ignore
    expect(await refuse('createStructuredProperty', { input: { ...input, qualifiedName: 'has.no.hidden', settings: { isHidden: true, showInSearchFilters: true } } })).toEqual({ message: 'Cannot have property isHidden = true while other display location settings are also true.', code: 400 }); // prettier-ignore
    // PropertyDefinitionValidator, run by the catalog's ingest.
    const spaces = await refuse('createStructuredProperty', {
      input: { ...input, qualifiedName: 'has spaces' },
    });
    expect(spaces.code).toBe(400);
    expect(spaces.message).toContain('Qualified names cannot have spaces');
    expect(
      await server.aspect('urn:li:structuredProperty:has.no.hidden', 'propertyDefinition'),
    ).toBeUndefined();
  });

  it('updateStructuredProperty patches the definition: names set, entity types and allowed values added', async () => {
    const urn = 'urn:li:structuredProperty:io.example.retention';
    const updated = await send('updateStructuredProperty', {
      input: {
        urn,
        displayName: 'Retention period',
        description: 'Kept for',
        typeQualifier: { newAllowedTypes: null },
        newEntityTypes: [DATASET_TYPE, FIELD_TYPE],
        newAllowedValues: [{ stringValue: '10y' }],
        newAllowedPlatforms: [],
        setCardinalityAsMultiple: false,
        settings: { isHidden: true, showInSearchFilters: false, showAsAssetBadge: false, showInAssetSummary: false, hideInAssetSummaryWhenEmpty: false, showInColumnsTable: false }, // prettier-ignore
      },
    });
    expect(updated.definition).toMatchObject({
      displayName: 'Retention period',
      description: 'Kept for',
      entityTypes: [{ urn: DATASET_TYPE }, { urn: FIELD_TYPE }],
    });
    expect(updated.settings).toMatchObject({ isHidden: true, showInColumnsTable: false });
    const definition = await server.aspect(urn, 'propertyDefinition');
    expect(definition).toMatchObject({
      qualifiedName: 'io.example.retention',
      entityTypes: [DATASET_TYPE, FIELD_TYPE],
      allowedValues: [
        { value: { string: '30d' }, description: 'a month' },
        { value: { string: '1y' } },
        { value: { string: '10y' } },
      ],
      allowedPlatforms: [],
      cardinality: 'SINGLE',
    });
    expect(definition.lastModified.time).toBeGreaterThanOrEqual(definition.created.time);
    expect(await server.aspect(urn, 'structuredPropertySettings')).toMatchObject({
      isHidden: true,
      showInColumnsTable: false,
      lastModified: stamp,
    });
  });

  it('updateStructuredProperty refuses a missing property, hidden-and-shown settings, and a narrowing', async () => {
    expect(await refuse('updateStructuredProperty', { input: { urn: 'urn:li:structuredProperty:ghost', displayName: 'x' } })).toEqual({ message: 'Attempting to update a structured property with no definition aspect.', code: 400 }); // prettier-ignore
    const urn = 'urn:li:structuredProperty:io.example.retention';
    expect(await refuse('updateStructuredProperty', { input: { urn, settings: { showInColumnsTable: true } } })).toEqual({ message: 'Cannot have property isHidden = true while other display location settings are also true.', code: 400 }); // prettier-ignore
    // Cardinality never goes back from MULTIPLE to SINGLE: the input can only raise it.
    await send('updateStructuredProperty', { input: { urn, setCardinalityAsMultiple: true } });
    expect(await server.aspect(urn, 'propertyDefinition')).toMatchObject({ cardinality: 'MULTIPLE' });
  });

  it('deleteStructuredProperty hard-deletes the property and takes its values off the entities carrying them', async () => {
    const property = (
      await send('createStructuredProperty', {
        input: {
          qualifiedName: 'io.example.doomed',
          valueType: STRING,
          entityTypes: [DATASET_TYPE, FIELD_TYPE],
        },
      })
    ).urn;
    const kept = (
      await send('createStructuredProperty', {
        input: { qualifiedName: 'io.example.kept', valueType: STRING, entityTypes: [DATASET_TYPE] },
      })
    ).urn;
    const field = `urn:li:schemaField:(${DATASET},email)`;
    for (const [assetUrn, properties] of [
      [DATASET, [property, kept]],
      [HOLDER, [property]],
      [field, [property]],
    ] as const) {
      await send('upsertStructuredProperties', {
        input: {
          assetUrn,
          structuredPropertyInputParams: properties.map((structuredPropertyUrn) => ({
            structuredPropertyUrn,
            values: [{ stringValue: 'v' }],
          })),
        },
      });
    }
    expect(await send('deleteStructuredProperty', { input: { urn: property } })).toBe(true);
    expect(await server.aspect(property, 'propertyDefinition')).toBeUndefined();
    expect((await server.aspect(DATASET, 'structuredProperties')).properties).toEqual([
      expect.objectContaining({ propertyUrn: kept, values: [{ string: 'v' }] }),
    ]);
    expect(await server.aspect(HOLDER, 'structuredProperties')).toEqual({ properties: [] });
    expect(await server.aspect(field, 'structuredProperties')).toEqual({ properties: [] });
    const search = await server.graphql(
      'query { searchAcrossEntities(input: {types: [STRUCTURED_PROPERTY], query: "*", start: 0, count: 50}) { searchResults { entity { urn } } } }',
    );
    expect(
      search.data.searchAcrossEntities.searchResults.map((result: any) => result.entity.urn),
    ).not.toContain(property);
    // A property never stored deletes nothing, as GMS's deleteEntity does.
    expect(
      await send('deleteStructuredProperty', { input: { urn: 'urn:li:structuredProperty:ghost' } }),
    ).toBe(true);
  });

  it("the entity page's property picker finds a property by its display name, for its entity type, unless hidden", async () => {
    await send('createStructuredProperty', {
      input: { displayName: 'prop-add_picker', valueType: STRING, entityTypes: [DATASET_TYPE] },
    });
    await send('createStructuredProperty', {
      input: { displayName: 'prop-hidden_picker', valueType: STRING, entityTypes: [DATASET_TYPE], settings: { isHidden: true } }, // prettier-ignore
    });
    // getStructuredPropertiesSearchInputs (structuredProperties/utils.ts) as AddPropertyButton sends it.
    const picker = async (name: string, entityType = DATASET_TYPE) =>
      (
        await ask('getSearchResultsForMultiple', {
          input: {
            types: ['STRUCTURED_PROPERTY'],
            query: '*',
            start: 0,
            count: 100,
            searchFlags: { skipCache: true },
            orFilters: [
              {
                and: [
                  { field: 'entityTypes', values: [entityType] },
                  { field: 'isHidden', values: ['true'], negated: true },
                  { field: 'displayName', condition: 'CONTAIN', values: [name] },
                ],
              },
            ],
          },
        })
      ).searchAcrossEntities.searchResults.map((result: any) => result.entity.definition.displayName);
    expect(await picker('add_pick')).toEqual(['prop-add_picker']);
    expect(await picker('prop-add_picker', FIELD_TYPE)).toEqual([]);
    expect(await picker('hidden_picker')).toEqual([]);
  });

  it("a column's entity carries the values set on the column, in the dataset's schema", async () => {
    const property = (
      await send('createStructuredProperty', {
        input: { qualifiedName: 'io.example.columnNote', valueType: STRING, entityTypes: [FIELD_TYPE] },
      })
    ).urn;
    const field = `urn:li:schemaField:(${DATASET},balance)`;
    await send('upsertStructuredProperties', {
      input: { assetUrn: field, structuredPropertyInputParams: [{ structuredPropertyUrn: property, values: [{ stringValue: 'testValue' }] }] }, // prettier-ignore
    });
    const { schemaMetadata } = (await ask('getDatasetSchema', { urn: DATASET })).dataset;
    const entities = schemaMetadata.fields.map((column: any) => column.schemaFieldEntity);
    expect(entities.map((entity: any) => entity.urn)).toEqual([
      `urn:li:schemaField:(${DATASET},email)`,
      field,
    ]);
    expect(entities[1].structuredProperties.properties).toMatchObject([
      { structuredProperty: { urn: property }, values: [{ stringValue: 'testValue' }] },
    ]);
  });

  it('the signed-in user is stamped on what they create', async () => {
    const created = await send('createStructuredProperty', {
      input: { qualifiedName: 'io.example.stamped', valueType: STRING, entityTypes: [DATASET_TYPE] },
    });
    expect(created.definition.created).toMatchObject({ actor: { urn: ME } });
    expect((await server.aspect(created.urn, 'propertyDefinition')).created.actor).toBe(ME);
  });
});

describe('structured property mutations need MANAGE_STRUCTURED_PROPERTIES', () => {
  const TOKEN = 'structured-property-test-token-0123456789';
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  const cookies = new Map<string, string>();
  const graphql = async (user: string, query: string, variables: Record<string, unknown>) =>
    (await (
      await fetch(`${server.url}/api/v2/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookies.get(user) ?? '' },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as any;

  beforeAll(async () => {
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    const users = ['datahub', 'reader'].map((username) => ({ username, password: `${username}-pw` }));
    server = await startTestServer({ users, token: TOKEN, datahubUi: bundle.dir });
    const seeded = await server.post(
      '/aspects?action=ingestProposalBatch',
      { proposals: [proposal('urn:li:corpuser:reader', 'roleMembership', { roles: ['urn:li:dataHubRole:Reader'] })] }, // prettier-ignore
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(seeded.status).toBe(200);
    for (const { username, password } of users) {
      const response = await fetch(`${server.url}/logIn`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      cookies.set(username, response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')); // prettier-ignore
    }
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  it('a reader is refused each mutation with its own message; the root user is not', async () => {
    const create = 'mutation ($input: CreateStructuredPropertyInput!) { createStructuredProperty(input: $input) { urn } }'; // prettier-ignore
    const input = { qualifiedName: 'io.example.guarded', valueType: STRING, entityTypes: [DATASET_TYPE] };
    const refused = await graphql('reader', create, { input });
    expect(refused.errors).toMatchObject([
      {
        message: 'Unable to create structured property. Please contact your admin.',
        extensions: { code: 403 },
      },
    ]);
    expect((await graphql('datahub', create, { input })).data.createStructuredProperty.urn).toBe(
      'urn:li:structuredProperty:io.example.guarded',
    );
    const urn = 'urn:li:structuredProperty:io.example.guarded';
    const update = await graphql(
      'reader',
      'mutation ($input: UpdateStructuredPropertyInput!) { updateStructuredProperty(input: $input) { urn } }',
      { input: { urn, displayName: 'x' } },
    );
    expect(update.errors[0].message).toBe('Unable to update structured property. Please contact your admin.');
    const remove = await graphql(
      'reader',
      'mutation ($input: DeleteStructuredPropertyInput!) { deleteStructuredProperty(input: $input) }',
      { input: { urn } },
    );
    expect(remove.errors[0].message).toBe('Unable to delete structured property. Please contact your admin.');
    const stored = await server.get(
      `/entitiesV2/${encodeURIComponent(urn)}?aspects=List(propertyDefinition)`,
      {
        Authorization: `Bearer ${TOKEN}`,
      },
    );
    expect(stored.json.aspects.propertyDefinition.value).toMatchObject({
      qualifiedName: 'io.example.guarded',
    });
  });
});
