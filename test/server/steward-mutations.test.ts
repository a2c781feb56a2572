/**
 * The mutations glossary and tag stewards use in DataHub's web app (issue 17 item 3), sent as the app at the
 * reference release sends them (the operation documents of test/fixtures/datahub-web-react), against the embedded
 * catalog: what each stores (the aspect as GMS stores it), the errors with DataHub's messages, and missing entities.
 */
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebAppOperations } from '../helpers/datahub-web-app.js';
import { encode, proposal, startTestServer, type TestServer } from '../helpers/server.js';

const ME = 'urn:li:corpuser:datahub';
const JDOE = 'urn:li:corpuser:jdoe';
const STEWARDS = 'urn:li:corpGroup:stewards';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,steward.accounts,PROD)';
/** A dataset that carries the terms and tags the delete tests delete. */
const HOLDER = 'urn:li:dataset:(urn:li:dataPlatform:hive,steward.holder,PROD)';
const MISSING_DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,steward.missing,PROD)';
const FEATURE = 'urn:li:mlFeature:(accounts,balance)';
const TECHNICAL = 'urn:li:ownershipType:__system__technical_owner';
const BUSINESS = 'urn:li:ownershipType:__system__business_owner';
const UI_SOURCE = { runId: 'no-run-id-provided', properties: { appSource: 'ui' } };

const OPERATIONS = new Map(readWebAppOperations().map((op) => [op.name, print(op.document)]));
/** The web app's document for an operation (mutations.graphql, glossary*.graphql, tag.graphql). */
function webApp(name: string): string {
  const document = OPERATIONS.get(name);
  if (document === undefined) throw new Error(`the web app has no operation ${name}`);
  return document;
}

const stamp = { time: expect.any(Number), actor: ME };

describe('steward mutations', () => {
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

  describe('glossary nodes and terms', () => {
    it('createGlossaryNode writes glossaryNodeInfo and the creator as technical owner, and refuses an existing id', async () => {
      const urn = await send('createGlossaryNode', {
        input: { id: 'Finance', name: 'Finance', description: 'Money matters' },
      });
      expect(urn).toBe('urn:li:glossaryNode:Finance');
      expect(await server.aspect(urn, 'glossaryNodeInfo')).toEqual({
        name: 'Finance',
        definition: 'Money matters',
      });
      expect(await server.aspect(urn, 'ownership')).toEqual({
        owners: [{ owner: ME, type: 'TECHNICAL_OWNER', typeUrn: TECHNICAL, source: { type: 'MANUAL' } }],
        ownerTypes: { [TECHNICAL]: [ME] },
        lastModified: stamp,
      });
      const child = await send('createGlossaryNode', { input: { name: 'Cards', parentNode: urn } });
      expect(child).toMatch(
        /^urn:li:glossaryNode:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(await server.aspect(child, 'glossaryNodeInfo')).toEqual({
        name: 'Cards',
        definition: '',
        parentNode: urn,
      });
      const envelope = await server.get(`/entitiesV2/${encode(child)}?aspects=List(glossaryNodeInfo)`);
      expect(envelope.json.aspects.glossaryNodeInfo.systemMetadata).toMatchObject(UI_SOURCE);

      expect(await refuse('createGlossaryNode', { input: { id: 'Finance', name: 'Again' } })).toEqual({
        message: 'This Glossary Node already exists!',
        code: 400,
      });
    });

    it('createGlossaryTerm stamps the creator as OwnerUtils does', async () => {
      const term = await createTerm('Revenue');
      expect(await server.aspect(term, 'ownership')).toEqual({
        owners: [{ owner: ME, type: 'TECHNICAL_OWNER', typeUrn: TECHNICAL, source: { type: 'MANUAL' } }],
        ownerTypes: { [TECHNICAL]: [ME] },
        lastModified: stamp,
      });
    });

    it('updateParentNode sets and clears the parent, and refuses cycles, missing entities and missing parents', async () => {
      await send('createGlossaryNode', { input: { id: 'Top', name: 'Top' } });
      await send('createGlossaryNode', {
        input: { id: 'Middle', name: 'Middle', parentNode: 'urn:li:glossaryNode:Top' },
      });
      const term = await createTerm('Balance');
      expect(
        await send('updateParentNode', {
          input: { resourceUrn: term, parentNode: 'urn:li:glossaryNode:Middle' },
        }),
      ).toBe(true);
      expect(await server.aspect(term, 'glossaryTermInfo')).toEqual({
        name: 'Balance',
        definition: '',
        termSource: 'INTERNAL',
        parentNode: 'urn:li:glossaryNode:Middle',
      });
      expect(await send('updateParentNode', { input: { resourceUrn: term, parentNode: null } })).toBe(true);
      expect(await server.aspect(term, 'glossaryTermInfo')).not.toHaveProperty('parentNode');

      expect(
        await refuse('updateParentNode', {
          input: { resourceUrn: 'urn:li:glossaryNode:Top', parentNode: 'urn:li:glossaryNode:Middle' },
        }),
      ).toEqual({ message: 'Cannot move a glossary node under one of its own descendants.', code: 400 });
      expect(await server.aspect('urn:li:glossaryNode:Top', 'glossaryNodeInfo')).toEqual({
        name: 'Top',
        definition: '',
      });

      const ghost = 'urn:li:glossaryTerm:Ghost';
      expect(await refuse('updateParentNode', { input: { resourceUrn: ghost, parentNode: null } })).toEqual({
        message: `Failed to update ${ghost}. ${ghost} does not exist.`,
        code: 400,
      });
      const nowhere = 'urn:li:glossaryNode:Nowhere';
      expect(await refuse('updateParentNode', { input: { resourceUrn: term, parentNode: nowhere } })).toEqual(
        {
          message: `Failed to update ${term}. ${nowhere} either does not exist or is not a glossaryNode.`,
          code: 400,
        },
      );
    });

    it('addRelatedTerms / removeRelatedTerms edit glossaryRelatedTerms by relationship type', async () => {
      const [card, asset, cash] = [
        await createTerm('Card'),
        await createTerm('Asset'),
        await createTerm('Cash'),
      ];
      expect(
        await send('addRelatedTerms', { input: { urn: card, termUrns: [asset], relationshipType: 'isA' } }),
      ).toBe(true);
      expect(
        await send('addRelatedTerms', { input: { urn: card, termUrns: [cash], relationshipType: 'hasA' } }),
      ).toBe(true);
      expect(await server.aspect(card, 'glossaryRelatedTerms')).toEqual({
        isRelatedTerms: [asset],
        hasRelatedTerms: [cash],
      });
      // Adding a term already related writes nothing.
      const before = await version(card, 'glossaryRelatedTerms');
      await send('addRelatedTerms', { input: { urn: card, termUrns: [asset], relationshipType: 'isA' } });
      expect(await version(card, 'glossaryRelatedTerms')).toBe(before);

      expect(
        await send('removeRelatedTerms', {
          input: { urn: card, termUrns: [asset], relationshipType: 'isA' },
        }),
      ).toBe(true);
      expect(await server.aspect(card, 'glossaryRelatedTerms')).toEqual({
        isRelatedTerms: [],
        hasRelatedTerms: [cash],
      });

      expect(
        await refuse('addRelatedTerms', { input: { urn: card, termUrns: [card], relationshipType: 'isA' } }),
      ).toEqual({
        message: `Failed to update ${card}. Tried to create related term with itself.`,
        code: 400,
      });
      const ghost = 'urn:li:glossaryTerm:Ghost';
      expect(
        await refuse('addRelatedTerms', { input: { urn: card, termUrns: [ghost], relationshipType: 'isA' } }),
      ).toEqual({
        message: `Failed to update ${card}. ${ghost} does not exist.`,
        code: 400,
      });
      expect(
        await refuse('addRelatedTerms', {
          input: { urn: card, termUrns: ['urn:li:tag:x'], relationshipType: 'isA' },
        }),
      ).toEqual({ message: `Failed to update ${card}. urn:li:tag:x is not a glossaryTerm.`, code: 400 });
      expect(
        await refuse('addRelatedTerms', { input: { urn: ghost, termUrns: [card], relationshipType: 'isA' } }),
      ).toEqual({
        message: `Failed to update ${ghost}. ${ghost} either does not exist or is not a glossaryTerm.`,
        code: 400,
      });
      expect(
        await refuse('removeRelatedTerms', {
          input: { urn: cash, termUrns: [card], relationshipType: 'isA' },
        }),
      ).toEqual({
        message: `Failed to removes related terms from ${cash}. Root cause: Related Terms for this Urn do not exist: ${cash}`,
        code: 500,
      });
    });

    it('updateName renames terms and nodes; a missing entity is refused', async () => {
      const term = await createTerm('Rename');
      expect(await send('updateName', { input: { urn: term, name: 'Renamed' } })).toBe(true);
      expect(await server.aspect(term, 'glossaryTermInfo')).toMatchObject({ name: 'Renamed' });
      expect(
        await send('updateName', { input: { urn: 'urn:li:glossaryNode:Finance', name: 'Finance & Co' } }),
      ).toBe(true);
      expect(await server.aspect('urn:li:glossaryNode:Finance', 'glossaryNodeInfo')).toMatchObject({
        name: 'Finance & Co',
      });
      const ghost = 'urn:li:glossaryNode:Ghost';
      expect(await refuse('updateName', { input: { urn: ghost, name: 'x' } })).toEqual({
        message: `Failed to update ${ghost}. ${ghost} does not exist.`,
        code: 400,
      });
    });

    it('deleteGlossaryEntity hard-deletes a term and removes it from the datasets, columns and terms that held it', async () => {
      const term = await createTerm('Doomed');
      const kept = await createTerm('Kept');
      const related = await createTerm('Related');
      expect(
        (
          await server.graphql(
            `mutation { addTerms(input: {termUrns: ["${term}", "${kept}"], resourceUrn: "${HOLDER}"}) }`,
          )
        ).data.addTerms,
      ).toBe(true);
      expect(
        (
          await server.graphql(
            `mutation { addTerms(input: {termUrns: ["${term}"], resourceUrn: "${HOLDER}", subResourceType: DATASET_FIELD, subResource: "email"}) }`,
          )
        ).data.addTerms,
      ).toBe(true);
      await send('addRelatedTerms', { input: { urn: related, termUrns: [term], relationshipType: 'isA' } });
      const termsVersion = await systemVersion(HOLDER, 'glossaryTerms');
      const columnsVersion = await systemVersion(HOLDER, 'editableSchemaMetadata');
      expect(await searchTotal('GLOSSARY_TERM', 'Doomed')).toBe(1);

      expect(await send('deleteGlossaryEntity', { urn: term })).toBe(true);

      // The term is gone: GraphQL, Rest.li, search.
      expect((await server.graphql(`{ glossaryTerm(urn: "${term}") { urn } }`)).data.glossaryTerm).toBeNull();
      expect((await server.graphql(`{ entityExists(urn: "${term}") }`)).data.entityExists).toBe(false);
      expect((await server.get(`/aspects/${encode(term)}?aspect=glossaryTermInfo`)).status).toBe(404);
      expect((await server.get(`/aspects/${encode(term)}?aspect=glossaryTermKey`)).status).toBe(404);
      expect(await searchTotal('GLOSSARY_TERM', 'Doomed')).toBe(0);
      // The dataset, its column and the related term no longer carry it, each in a new version by the system.
      expect((await server.aspect(HOLDER, 'glossaryTerms')).terms).toEqual([{ urn: kept }]);
      expect(await systemVersion(HOLDER, 'glossaryTerms')).toBe(String(Number(termsVersion) + 1));
      const envelope = await server.get(`/entitiesV2/${encode(HOLDER)}?aspects=List(glossaryTerms)`);
      expect(envelope.json.aspects.glossaryTerms.created.actor).toBe('urn:li:corpuser:__datahub_system');
      expect(
        (await server.aspect(HOLDER, 'editableSchemaMetadata')).editableSchemaFieldInfo[0].glossaryTerms
          .terms,
      ).toEqual([]);
      expect(await systemVersion(HOLDER, 'editableSchemaMetadata')).toBe(String(Number(columnsVersion) + 1));
      expect(await server.aspect(related, 'glossaryRelatedTerms')).toEqual({ isRelatedTerms: [] });
      expect(await relatedTotal('glossaryTerm', kept, 'TermedWith')).toBe(1);

      // The id can be created again, from scratch: no history, nothing pointing at it.
      expect(await createTerm('Doomed')).toBe(term);
      expect(await systemVersion(term, 'glossaryTermInfo')).toBe('1');
      expect((await server.get(`/aspects/${encode(term)}?aspect=glossaryTermInfo&version=1`)).status).toBe(
        404,
      );
      expect(await relatedTotal('glossaryTerm', term, 'TermedWith')).toBe(0);
      expect(await relatedTotal('glossaryTerm', term, 'IsA')).toBe(0);
      expect(await searchTotal('GLOSSARY_TERM', 'Doomed')).toBe(1);
    });

    it('deleteGlossaryEntity of a node removes the parentNode of its children; a missing one is refused', async () => {
      const node = await send('createGlossaryNode', { input: { id: 'DoomedNode', name: 'Doomed node' } });
      const child = (
        await server.graphql(
          'mutation($input: CreateGlossaryEntityInput!) { createGlossaryTerm(input: $input) }',
          { input: { id: 'Orphan', name: 'Orphan', parentNode: node } },
        )
      ).data.createGlossaryTerm as string;
      expect(await server.aspect(child, 'glossaryTermInfo')).toMatchObject({ parentNode: node });
      expect(await send('deleteGlossaryEntity', { urn: node })).toBe(true);
      expect(await server.aspect(child, 'glossaryTermInfo')).toEqual({
        name: 'Orphan',
        definition: '',
        termSource: 'INTERNAL',
      });
      expect((await server.graphql(`{ glossaryNode(urn: "${node}") { urn } }`)).data.glossaryNode).toBeNull();

      const ghost = 'urn:li:glossaryTerm:Ghost';
      expect(await refuse('deleteGlossaryEntity', { urn: ghost })).toEqual({
        message: `This urn does not exist: ${ghost}`,
        code: 500,
      });
    });
  });

  describe('tags', () => {
    const TAG = 'urn:li:tag:pii';

    it('createTag writes tagProperties and the creator as owner, and refuses an existing id', async () => {
      expect(
        await send('createTag', { input: { id: 'pii', name: 'PII', description: 'Personal data' } }),
      ).toBe(TAG);
      expect(await server.aspect(TAG, 'tagProperties')).toEqual({
        name: 'PII',
        description: 'Personal data',
      });
      expect(await server.aspect(TAG, 'ownership')).toMatchObject({
        owners: [{ owner: ME, type: 'TECHNICAL_OWNER', typeUrn: TECHNICAL, source: { type: 'MANUAL' } }],
      });
      expect(await refuse('createTag', { input: { id: 'pii', name: 'PII' } })).toEqual({
        message: 'This Tag already exists!',
        code: 400,
      });
    });

    it('setTagColor sets tagProperties.colorHex; a missing tag is refused', async () => {
      expect(await send('setTagColor', { urn: TAG, colorHex: '#ff0000' })).toBe(true);
      expect(await server.aspect(TAG, 'tagProperties')).toEqual({
        name: 'PII',
        description: 'Personal data',
        colorHex: '#ff0000',
      });
      expect(await refuse('setTagColor', { urn: 'urn:li:tag:ghost', colorHex: '#000000' })).toEqual({
        message: 'Failed to set Tag urn:li:tag:ghost color. Tag does not exist.',
        code: 400,
      });
    });

    it('updateTag replaces tagProperties and ownership as TagType.update does', async () => {
      await send('createTag', { input: { id: 'temp', name: 'Temp' } });
      await send('setTagColor', { urn: 'urn:li:tag:temp', colorHex: '#00ff00' });
      const answer = await send('updateTag', {
        urn: 'urn:li:tag:temp',
        input: { urn: 'urn:li:tag:temp', name: 'Temporary', description: 'Short-lived' },
      });
      expect(answer.urn).toBe('urn:li:tag:temp');
      expect(await server.aspect('urn:li:tag:temp', 'tagProperties')).toEqual({
        name: 'Temporary',
        description: 'Short-lived',
      });
      expect(await server.aspect('urn:li:tag:temp', 'ownership')).toEqual({
        owners: [
          {
            owner: ME,
            type: 'NONE',
            typeUrn: 'urn:li:ownershipType:__system__none',
            source: { type: 'SERVICE' },
          },
        ],
        ownerTypes: { 'urn:li:ownershipType:__system__none': [ME] },
        lastModified: stamp,
      });
    });

    it('deleteTag hard-deletes the tag and removes it from the datasets and columns that carried it', async () => {
      const TEMP = 'urn:li:tag:temp';
      await send('addTags', { input: { tagUrns: [TEMP], resourceUrn: HOLDER } });
      await send('batchAddTags', {
        input: {
          tagUrns: [TEMP],
          resources: [{ resourceUrn: HOLDER, subResourceType: 'DATASET_FIELD', subResource: 'balance' }],
        },
      });
      const tagsVersion = await systemVersion(HOLDER, 'globalTags');
      expect(await searchTotal('TAG', 'Temporary')).toBe(1);

      expect(await send('deleteTag', { urn: TEMP })).toBe(true);

      expect((await server.graphql(`{ tag(urn: "${TEMP}") { urn } }`)).data.tag).toBeNull();
      expect((await server.get(`/aspects/${encode(TEMP)}?aspect=tagProperties`)).status).toBe(404);
      expect(await searchTotal('TAG', 'Temporary')).toBe(0);
      expect(await server.aspect(HOLDER, 'globalTags')).toEqual({ tags: [] });
      expect(await systemVersion(HOLDER, 'globalTags')).toBe(String(Number(tagsVersion) + 1));
      const balance = (await server.aspect(HOLDER, 'editableSchemaMetadata')).editableSchemaFieldInfo.find(
        (field: { fieldPath: string }) => field.fieldPath === 'balance',
      );
      expect(balance.globalTags).toEqual({ tags: [] });
      expect(await send('createTag', { input: { id: 'temp', name: 'Temp' } })).toBe(TEMP);
      expect(await systemVersion(TEMP, 'tagProperties')).toBe('1');
      expect(await relatedTotal('tag', TEMP, 'TaggedWith')).toBe(0);

      // DataHub deletes without checking: a tag never stored is not created, but references to it still go.
      const NEVER = 'urn:li:tag:never';
      const written = await server.post('/aspects?action=ingestProposal', {
        proposal: proposal(FEATURE, 'globalTags', { tags: [{ tag: NEVER }] }),
      });
      expect(written.status).toBe(200);
      expect(await send('deleteTag', { urn: NEVER })).toBe(true);
      expect((await server.graphql(`{ entityExists(urn: "${NEVER}") }`)).data.entityExists).toBe(false);
      expect(await server.aspect(FEATURE, 'globalTags')).toEqual({ tags: [] });
    });

    it('addTags / addTag / batchAddTags add associations once; removeTag / batchRemoveTags remove them', async () => {
      await send('createTag', { input: { id: 'gold', name: 'Gold' } });
      const GOLD = 'urn:li:tag:gold';
      expect(await send('addTags', { input: { tagUrns: [TAG], resourceUrn: DATASET } })).toBe(true);
      expect(await server.aspect(DATASET, 'globalTags')).toEqual({ tags: [{ tag: TAG }] });
      const before = await version(DATASET, 'globalTags');
      expect(await send('addTag', { input: { tagUrn: TAG, resourceUrn: DATASET } })).toBe(true);
      expect(await version(DATASET, 'globalTags')).toBe(before);

      expect(
        await send('batchAddTags', {
          input: {
            tagUrns: [GOLD],
            resources: [
              { resourceUrn: DATASET },
              { resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'email' },
              { resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'balance' },
            ],
          },
        }),
      ).toBe(true);
      expect(await server.aspect(DATASET, 'globalTags')).toEqual({ tags: [{ tag: TAG }, { tag: GOLD }] });
      expect(await server.aspect(DATASET, 'editableSchemaMetadata')).toEqual({
        editableSchemaFieldInfo: [
          { fieldPath: 'email', globalTags: { tags: [{ tag: GOLD }] } },
          { fieldPath: 'balance', globalTags: { tags: [{ tag: GOLD }] } },
        ],
      });

      expect(await send('removeTag', { input: { tagUrn: TAG, resourceUrn: DATASET } })).toBe(true);
      expect(await server.aspect(DATASET, 'globalTags')).toEqual({ tags: [{ tag: GOLD }] });
      expect(
        await send('batchRemoveTags', {
          input: {
            tagUrns: [GOLD],
            resources: [{ resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'email' }],
          },
        }),
      ).toBe(true);
      expect(await server.aspect(DATASET, 'editableSchemaMetadata')).toEqual({
        editableSchemaFieldInfo: [
          { fieldPath: 'email', globalTags: { tags: [] } },
          { fieldPath: 'balance', globalTags: { tags: [{ tag: GOLD }] } },
        ],
      });
    });

    it('tag mutations refuse missing tags, missing resources and unknown columns with DataHub messages', async () => {
      expect(
        await refuse('addTags', { input: { tagUrns: ['urn:li:tag:ghost'], resourceUrn: DATASET } }),
      ).toEqual({
        message: 'Failed to validate label with urn urn:li:tag:ghost. Urn does not exist.',
        code: 400,
      });
      expect(await refuse('addTag', { input: { tagUrn: TAG, resourceUrn: MISSING_DATASET } })).toEqual({
        message: `Failed to update resource with urn ${MISSING_DATASET}. Entity does not exist.`,
        code: 400,
      });
      expect(
        await refuse('batchAddTags', {
          input: {
            tagUrns: [TAG],
            resources: [{ resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'nope' }],
          },
        }),
      ).toEqual({
        message: `Failed to update ${DATASET} & field nope. Field nope does not exist in the datasets schema.`,
        code: 400,
      });
      expect(await refuse('removeTag', { input: { tagUrn: TAG, resourceUrn: MISSING_DATASET } })).toEqual({
        message: `Failed to update resource with urn ${MISSING_DATASET}. Entity does not exist.`,
        code: 400,
      });
      expect(await server.aspect(MISSING_DATASET, 'globalTags')).toBeUndefined();
    });
  });

  describe('descriptions', () => {
    it('updateDescription writes the aspect DescriptionUtils writes for each entity type', async () => {
      const describe = (resourceUrn: string, description: string, extra: Record<string, unknown> = {}) =>
        send('updateDescription', { input: { resourceUrn, description, ...extra } });
      expect(await describe(DATASET, 'Accounts')).toBe(true);
      expect(await server.aspect(DATASET, 'editableDatasetProperties')).toEqual({ description: 'Accounts' });

      expect(
        await describe(DATASET, 'Where to write', { subResourceType: 'DATASET_FIELD', subResource: 'email' }),
      ).toBe(true);
      const fields = (await server.aspect(DATASET, 'editableSchemaMetadata')).editableSchemaFieldInfo;
      expect(fields[0]).toEqual({
        fieldPath: 'email',
        globalTags: { tags: [] },
        description: 'Where to write',
      });

      const term = await createTerm('Described');
      await describe(term, 'A definition');
      expect(await server.aspect(term, 'glossaryTermInfo')).toMatchObject({ definition: 'A definition' });
      await describe('urn:li:glossaryNode:Top', 'Top node');
      expect(await server.aspect('urn:li:glossaryNode:Top', 'glossaryNodeInfo')).toMatchObject({
        definition: 'Top node',
      });
      await describe('urn:li:tag:pii', 'Personally identifiable');
      expect(await server.aspect('urn:li:tag:pii', 'tagProperties')).toMatchObject({
        name: 'PII',
        description: 'Personally identifiable',
      });
      await describe(FEATURE, 'Account balance');
      expect(await server.aspect(FEATURE, 'editableMlFeatureProperties')).toEqual({
        description: 'Account balance',
      });
      await describe(STEWARDS, 'The stewards');
      expect(await server.aspect(STEWARDS, 'corpGroupEditableInfo')).toEqual({ description: 'The stewards' });
    });

    it('updateDescription refuses missing entities, unknown columns and unsupported types', async () => {
      const input = (resourceUrn: string, extra: Record<string, unknown> = {}) => ({
        input: { resourceUrn, description: 'x', ...extra },
      });
      expect(await refuse('updateDescription', input(MISSING_DATASET))).toEqual({
        message: `Failed to update ${MISSING_DATASET}. ${MISSING_DATASET} does not exist.`,
        code: 400,
      });
      const ghost = 'urn:li:glossaryTerm:Ghost';
      expect(await refuse('updateDescription', input(ghost))).toEqual({
        message: `Failed to update ${ghost}. ${ghost} does not exist.`,
        code: 400,
      });
      expect(
        await refuse(
          'updateDescription',
          input(DATASET, { subResourceType: 'DATASET_FIELD', subResource: 'nope' }),
        ),
      ).toEqual({
        message: `Failed to update ${DATASET} & field nope. Field nope does not exist in the datasets schema.`,
        code: 400,
      });
      expect(await refuse('updateDescription', input(JDOE))).toEqual({
        message: `Failed to update description. Unsupported resource type ${JDOE} provided.`,
        code: 500,
      });
    });
  });

  describe('owners', () => {
    it('addOwners / addOwner write owners with their ownership type as OwnerUtils does', async () => {
      expect(
        await send('addOwners', {
          input: {
            resourceUrn: DATASET,
            owners: [{ ownerUrn: JDOE, ownerEntityType: 'CORP_USER', ownershipTypeUrn: BUSINESS }],
          },
        }),
      ).toBe(true);
      expect(await server.aspect(DATASET, 'ownership')).toEqual({
        owners: [{ owner: JDOE, type: 'NONE', typeUrn: BUSINESS, source: { type: 'MANUAL' } }],
        ownerTypes: { [BUSINESS]: [JDOE] },
        lastModified: stamp,
      });
      expect(
        await send('addOwner', {
          input: {
            ownerUrn: STEWARDS,
            ownerEntityType: 'CORP_GROUP',
            type: 'TECHNICAL_OWNER',
            resourceUrn: DATASET,
          },
        }),
      ).toBe(true);
      // Adding an existing owner with the same type replaces it rather than duplicating it.
      await send('addOwners', {
        input: {
          resourceUrn: DATASET,
          owners: [{ ownerUrn: JDOE, ownerEntityType: 'CORP_USER', ownershipTypeUrn: BUSINESS }],
        },
      });
      expect(await server.aspect(DATASET, 'ownership')).toEqual({
        owners: [
          { owner: STEWARDS, type: 'TECHNICAL_OWNER', typeUrn: TECHNICAL, source: { type: 'MANUAL' } },
          { owner: JDOE, type: 'NONE', typeUrn: BUSINESS, source: { type: 'MANUAL' } },
        ],
        ownerTypes: { [TECHNICAL]: [STEWARDS], [BUSINESS]: [JDOE] },
        lastModified: stamp,
      });
    });

    it('removeOwner and batchRemoveOwners remove owners (of a type, or of any type)', async () => {
      expect(
        await send('removeOwner', {
          input: { ownerUrn: JDOE, ownershipTypeUrn: TECHNICAL, resourceUrn: DATASET },
        }),
      ).toBe(true);
      expect((await server.aspect(DATASET, 'ownership')).owners).toHaveLength(2);
      expect(await send('removeOwner', { input: { ownerUrn: JDOE, resourceUrn: DATASET } })).toBe(true);
      expect((await server.aspect(DATASET, 'ownership')).owners).toEqual([
        { owner: STEWARDS, type: 'TECHNICAL_OWNER', typeUrn: TECHNICAL, source: { type: 'MANUAL' } },
      ]);
      expect(
        await send('batchAddOwners', {
          input: {
            owners: [{ ownerUrn: JDOE, ownerEntityType: 'CORP_USER', type: 'DATA_STEWARD' }],
            resources: [{ resourceUrn: DATASET }, { resourceUrn: FEATURE }],
          },
        }),
      ).toBe(true);
      expect((await server.aspect(FEATURE, 'ownership')).owners).toEqual([
        {
          owner: JDOE,
          type: 'DATA_STEWARD',
          typeUrn: 'urn:li:ownershipType:__system__data_steward',
          source: { type: 'MANUAL' },
        },
      ]);
      expect(
        await send('batchRemoveOwners', {
          input: {
            ownerUrns: [JDOE, STEWARDS],
            resources: [{ resourceUrn: DATASET }, { resourceUrn: FEATURE }],
          },
        }),
      ).toBe(true);
      expect((await server.aspect(DATASET, 'ownership')).owners).toEqual([]);
      expect((await server.aspect(FEATURE, 'ownership')).owners).toEqual([]);
    });

    it('owner mutations refuse unknown owners, owner types and resources with DataHub messages', async () => {
      const add = (owner: Record<string, unknown>, resourceUrn = DATASET) =>
        refuse('addOwners', { input: { resourceUrn, owners: [{ ownerEntityType: 'CORP_USER', ...owner }] } });
      expect(await add({ ownerUrn: JDOE, ownershipTypeUrn: 'urn:li:ownershipType:architect' })).toEqual({
        message:
          'Failed to change ownership for resource(s). Custom Ownership type with urn urn:li:ownershipType:architect does not exist.',
        code: 400,
      });
      expect(await add({ ownerUrn: 'urn:li:corpuser:ghost', type: 'NONE' })).toEqual({
        message:
          'Failed to change ownership for resource(s). Owner with urn urn:li:corpuser:ghost does not exist.',
        code: 400,
      });
      expect(await add({ ownerUrn: STEWARDS, type: 'NONE' })).toEqual({
        message: `Failed to change ownership for resource(s). Expected a corp user urn, found ${STEWARDS}.`,
        code: 400,
      });
      expect(await add({ ownerUrn: JDOE })).toEqual({
        message:
          'Failed to change ownership for resource(s). Expected either type or ownershipTypeUrn to be specified.',
        code: 400,
      });
      expect(await add({ ownerUrn: JDOE, type: 'NONE' }, MISSING_DATASET)).toEqual({
        message: `Failed to change ownership for resource ${MISSING_DATASET}. Resource does not exist.`,
        code: 400,
      });
      expect(
        await refuse('removeOwner', { input: { ownerUrn: JDOE, resourceUrn: MISSING_DATASET } }),
      ).toEqual({
        message: `Failed to change ownership for resource ${MISSING_DATASET}. Resource does not exist.`,
        code: 400,
      });
      expect(
        await refuse('batchAddOwners', {
          input: {
            owners: [{ ownerUrn: JDOE, ownerEntityType: 'CORP_USER', type: 'NONE' }],
            resources: [{ resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'email' }],
          },
        }),
      ).toEqual({
        message: 'Malformed input provided: owners cannot be applied to subresources.',
        code: 400,
      });
      expect(await server.aspect(MISSING_DATASET, 'ownership')).toBeUndefined();
      // AddOwnerResolver validates the owner's URN where the resource belongs: DataHub's message names the owner.
      expect(
        await refuse('addOwner', {
          input: {
            ownerUrn: 'urn:li:corpuser:ghost',
            ownerEntityType: 'CORP_USER',
            type: 'NONE',
            resourceUrn: DATASET,
          },
        }),
      ).toEqual({
        message: 'Failed to change ownership for resource urn:li:corpuser:ghost. Resource does not exist.',
        code: 400,
      });
    });
  });

  describe('links', () => {
    const URL = 'https://wiki.example.com/accounts';

    it('addLink / updateLink / removeLink edit institutionalMemory elements', async () => {
      expect(await send('addLink', { input: { linkUrl: URL, label: 'Wiki', resourceUrn: DATASET } })).toBe(
        true,
      );
      expect(await server.aspect(DATASET, 'institutionalMemory')).toEqual({
        elements: [{ url: URL, description: 'Wiki', createStamp: stamp }],
      });
      expect(
        await send('updateLink', {
          input: {
            currentUrl: URL,
            currentLabel: 'Wiki',
            linkUrl: `${URL}/v2`,
            label: 'Wiki v2',
            resourceUrn: DATASET,
            settings: { showInAssetPreview: true },
          },
        }),
      ).toBe(true);
      expect(await server.aspect(DATASET, 'institutionalMemory')).toEqual({
        elements: [
          {
            url: `${URL}/v2`,
            description: 'Wiki v2',
            createStamp: stamp,
            updateStamp: stamp,
            settings: { showInAssetPreview: true },
          },
        ],
      });
      expect(await send('removeLink', { input: { linkUrl: `${URL}/v2`, resourceUrn: DATASET } })).toBe(true);
      expect(await server.aspect(DATASET, 'institutionalMemory')).toEqual({ elements: [] });
    });

    it('link mutations refuse duplicates, disallowed schemes and missing resources', async () => {
      await send('addLink', { input: { linkUrl: URL, label: 'Wiki', resourceUrn: DATASET } });
      expect(
        await refuse('addLink', { input: { linkUrl: URL, label: 'Wiki', resourceUrn: DATASET } }),
      ).toEqual({
        message: `The link '${URL}' with label 'Wiki' already exists`,
        code: 400,
      });
      expect(
        await refuse('addLink', {
          input: { linkUrl: 'javascript:alert(1)', label: 'x', resourceUrn: DATASET },
        }),
      ).toEqual({
        message: `Failed to change institutional memory for resource ${DATASET}. URL scheme 'javascript' is not allowed.`,
        code: 400,
      });
      expect(
        await refuse('addLink', { input: { linkUrl: URL, label: 'x', resourceUrn: MISSING_DATASET } }),
      ).toEqual({
        message: `Failed to change institutional memory for resource ${MISSING_DATASET}. Resource does not exist.`,
        code: 400,
      });
      expect(
        await refuse('updateLink', {
          input: { currentUrl: URL, currentLabel: 'Nope', linkUrl: URL, label: 'x', resourceUrn: DATASET },
        }),
      ).toEqual({
        message: `Failed to update the link '${URL}' with label 'Nope'. The link does not exist`,
        code: 400,
      });
    });
  });

  it('a failing mutation of a request undoes only its own writes', async () => {
    const result = await server.graphql(
      `mutation {
        ok: createTag(input: { id: "batch-ok", name: "Ok" })
        bad: createTag(input: { id: "pii", name: "Duplicate" })
      }`,
    );
    expect(result.data).toEqual({ ok: 'urn:li:tag:batch-ok', bad: null });
    expect(result.errors[0].message).toBe('This Tag already exists!');
    expect(await server.aspect('urn:li:tag:batch-ok', 'tagProperties')).toEqual({ name: 'Ok' });
    expect(await server.aspect('urn:li:tag:pii', 'tagProperties')).toMatchObject({ name: 'PII' });
  });
});
