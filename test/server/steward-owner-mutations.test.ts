/**
 * The owner and link edits of DataHub's web app (issue 17 item 3), sent as the app at the reference release sends
 * them, against the embedded catalog: what each stores, and the errors with DataHub's messages. Glossary:
 * steward-glossary-mutations.test.ts; tags and descriptions: steward-tag-mutations.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import {
  JDOE,
  STEWARDS,
  DATASET,
  MISSING_DATASET,
  FEATURE,
  TECHNICAL,
  BUSINESS,
  stamp,
  useStewardServer,
} from '../helpers/steward-server.js';

describe('steward mutations', () => {
  const steward = useStewardServer();
  const { send, refuse } = steward;
  let server: TestServer;
  beforeAll(() => {
    server = steward.server;
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
      // Read back as InstitutionalMemoryMetadataMapper answers it: the app shows the link in the asset's header.
      const read = await server.graphql(
        `{ dataset(urn: "${DATASET}") { institutionalMemory { elements { url label settings { showInAssetPreview } updated { time } } } } }`,
      );
      expect(read.data.dataset.institutionalMemory.elements).toEqual([
        {
          url: `${URL}/v2`,
          label: 'Wiki v2',
          settings: { showInAssetPreview: true },
          updated: { time: stamp.time },
        },
      ]);
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
});
