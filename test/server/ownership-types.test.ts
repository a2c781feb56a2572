/**
 * Custom ownership types managed in DataHub's web app (Settings → Manage Ownership): created, edited and deleted
 * as DataHub v1.7.0's OwnershipTypeService does, listed without the deleted ones, and refused to a user without
 * MANAGE_GLOBAL_OWNERSHIP_TYPES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const LIST =
  '{ listOwnershipTypes(input: {start: 0, count: 100}) { total ownershipTypes { urn info { name description } } } }';

describe('ownership type mutations', () => {
  let server: TestServer;
  const listed = async () =>
    (await server.graphql(LIST)).data.listOwnershipTypes.ownershipTypes as { urn: string; info: { name: string; description: string | null } }[]; // prettier-ignore

  beforeAll(async () => {
    server = await startTestServer({ clock: () => 1_700_000_000_000 });
  });
  afterAll(() => server.close());

  it('creates a type with a new id, stamped by the signed-in user, and lists it', async () => {
    const created = await server.graphql(
      'mutation { createOwnershipType(input: {name: "Steward", description: "Looks after it"}) { urn type info { name description created { time actor } } } }',
    );
    expect(created.errors).toBeUndefined();
    const type = created.data.createOwnershipType;
    expect(type.urn).toMatch(/^urn:li:ownershipType:[0-9a-f-]{36}$/);
    expect(type).toMatchObject({
      type: 'CUSTOM_OWNERSHIP_TYPE',
      info: { name: 'Steward', description: 'Looks after it', created: { time: 1_700_000_000_000, actor: "urn:li:corpuser:datahub" } }, // prettier-ignore
    });
    expect((await listed()).find((item) => item.urn === type.urn)?.info.name).toBe('Steward');

    const updated = await server.graphql(
      `mutation { updateOwnershipType(urn: "${type.urn}", input: {description: "Edited"}) { info { name description } } }`,
    );
    expect(updated.data.updateOwnershipType.info).toEqual({ name: 'Steward', description: 'Edited' });

    const deleted = await server.graphql(`mutation { deleteOwnershipType(urn: "${type.urn}") }`);
    expect(deleted.data.deleteOwnershipType).toBe(true);
    expect((await listed()).map((item) => item.urn)).not.toContain(type.urn);
    expect(await server.aspect(type.urn, 'ownershipTypeInfo')).toBeUndefined();
  });

  it('soft-deletes a system type (it leaves the list), and refuses to update a type that does not exist', async () => {
    const system = 'urn:li:ownershipType:__system__data_steward';
    expect((await listed()).map((item) => item.urn)).toContain(system);
    expect((await server.graphql(`mutation { deleteOwnershipType(urn: "${system}") }`)).data.deleteOwnershipType).toBe(true); // prettier-ignore
    expect(await server.aspect(system, 'status')).toEqual({ removed: true });
    expect((await listed()).map((item) => item.urn)).not.toContain(system);

    const missing = await server.graphql(
      'mutation { updateOwnershipType(urn: "urn:li:ownershipType:nothing", input: {name: "x"}) { urn } }',
    );
    expect(missing.errors[0]).toMatchObject({
      message:
        'Failed to perform update against View with urn urn:li:ownershipType:nothing. Root cause: Failed to update Ownership Type. Ownership Type with urn urn:li:ownershipType:nothing does not exist.',
      extensions: { code: 500 },
    });
  });
});
