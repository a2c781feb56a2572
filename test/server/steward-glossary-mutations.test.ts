/**
 * The glossary stewards' mutations in DataHub's web app (issue 17 item 3), sent as the app at the reference release
 * sends them, against the embedded catalog: what each stores (the aspect as GMS stores it), the errors with
 * DataHub's messages, and missing entities. Tags and descriptions: steward-tag-mutations.test.ts; owners and links:
 * steward-owner-mutations.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encode, type TestServer } from '../helpers/server.js';
import { ME, HOLDER, TECHNICAL, UI_SOURCE, stamp, useStewardServer } from '../helpers/steward-server.js';

describe('steward mutations', () => {
  const steward = useStewardServer();
  const { send, refuse, version, systemVersion, searchTotal, relatedTotal, createTerm } = steward;
  let server: TestServer;
  beforeAll(() => {
    server = steward.server;
  });

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
});
