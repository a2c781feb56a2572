/**
 * The tag stewards' mutations and description edits in DataHub's web app (issue 17 item 3), sent as the app at the
 * reference release sends them, against the embedded catalog: what each stores, the errors with DataHub's
 * messages, and a request of several mutations of which one fails. Glossary: steward-glossary-mutations.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encode, proposal, type TestServer } from '../helpers/server.js';
import {
  ME,
  JDOE,
  STEWARDS,
  DATASET,
  HOLDER,
  MISSING_DATASET,
  FEATURE,
  TECHNICAL,
  stamp,
  useStewardServer,
} from '../helpers/steward-server.js';

describe('steward mutations', () => {
  const steward = useStewardServer();
  const { send, refuse, version, systemVersion, searchTotal, relatedTotal, createTerm } = steward;
  let server: TestServer;
  beforeAll(() => {
    server = steward.server;
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
    // The glossary node the first test describes; the glossary tests, which made it, run in a file of their own.
    beforeAll(async () => {
      await send('createGlossaryNode', { input: { id: 'Top', name: 'Top' } });
    });

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
