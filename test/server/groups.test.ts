/**
 * Groups made and managed in DataHub's web app, as DataHub v1.7.0's group resolvers and GroupService do it: a
 * native group (origin NATIVE) whose members hold it in nativeGroupMembership, an ingested group without an origin
 * migrated to native membership on its first edit, an external group's members left alone, editable properties
 * merged, and a deleted group gone from its members. Only a holder of MANAGE_USERS_AND_GROUPS creates or deletes.
 */
import { describe, expect, it } from 'vitest';
import { proposal } from '../helpers/server.js';
import { JANE, ROOT, useSettingsServer } from '../helpers/settings-server.js';

const members = (group: any): string[] =>
  group.relationships.relationships.map((relationship: any) => relationship.entity.urn);

describe('groups', () => {
  const { server, admin, aspect, send, refuse } = useSettingsServer();
  const getGroup = (urn: string) => send('datahub', 'getGroup', { urn, membersCount: 20 }, 'corpGroup');

  it('creates a native group with the id given, and refuses the same id again', async () => {
    const urn = await send('datahub', 'createGroup', { input: { id: 'analysts', name: 'Analysts', description: 'Ask us' } }); // prettier-ignore
    expect(urn).toBe('urn:li:corpGroup:analysts');
    expect(await aspect(urn, 'corpGroupInfo')).toMatchObject({
      displayName: 'Analysts',
      description: 'Ask us',
      admins: [],
      members: [],
      groups: [],
      created: { actor: ROOT, time: expect.any(Number) },
    });
    expect(await aspect(urn, 'origin')).toEqual({ type: 'NATIVE' });
    const group = await getGroup(urn);
    expect(group).toMatchObject({ name: 'analysts', origin: { type: 'NATIVE' }, properties: { displayName: 'Analysts' } }); // prettier-ignore
    const listed = await send('datahub', 'listGroups', { input: { start: 0, count: 20, query: 'Analysts' } });
    expect(listed.groups.map((item: any) => item.urn)).toContain(urn);
    expect(await refuse('datahub', 'createGroup', { input: { id: 'analysts', name: 'Again' } })).toEqual({
      message: 'This Group already exists!',
      code: 400,
    });
    const made = await send('datahub', 'createGroup', { input: { name: 'No id' } });
    expect(made).toMatch(/^urn:li:corpGroup:[0-9a-f-]{36}$/);
  });

  it('adds and removes members of a native group, who hold it in nativeGroupMembership', async () => {
    const urn = await send('datahub', 'createGroup', { input: { id: 'stewards', name: 'Stewards' } });
    expect(await send('datahub', 'addGroupMembers', { groupUrn: urn, userUrns: [ROOT, JANE] })).toBe(true);
    expect(await aspect(JANE, 'nativeGroupMembership')).toEqual({ nativeGroups: [urn] });
    expect(members(await getGroup(urn)).sort()).toEqual([ROOT, JANE].sort());
    // Adding again keeps one entry.
    await send('datahub', 'addGroupMembers', { groupUrn: urn, userUrns: [JANE] });
    expect(await aspect(JANE, 'nativeGroupMembership')).toEqual({ nativeGroups: [urn] });
    expect(await send('datahub', 'removeGroupMembers', { groupUrn: urn, userUrns: [JANE] })).toBe(true);
    expect(await aspect(JANE, 'nativeGroupMembership')).toEqual({ nativeGroups: [] });
    expect(members(await getGroup(urn))).toEqual([ROOT]);

    const missingUser = await refuse('datahub', 'addGroupMembers', { groupUrn: urn, userUrns: ['urn:li:corpuser:nobody'] }); // prettier-ignore
    expect(missingUser).toEqual({ message: `Failed to add group members to group ${urn}`, code: 500 });
    const missingGroup = await refuse('datahub', 'addGroupMembers', { groupUrn: 'urn:li:corpGroup:none', userUrns: [JANE] }); // prettier-ignore
    expect(missingGroup).toEqual({ message: 'Failed to add members to group urn:li:corpGroup:none. Group does not exist.', code: 404 }); // prettier-ignore
  });

  it('moves the members of an ingested group to native membership on its first edit, and leaves an external one alone', async () => {
    const ingested = 'urn:li:corpGroup:ingested';
    const external = 'urn:li:corpGroup:external';
    const seeded = await server().post(
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          proposal(ingested, 'corpGroupInfo', {
            displayName: 'Ingested',
            admins: [],
            members: [],
            groups: [],
          }),
          proposal(ROOT, 'groupMembership', { groups: [ingested] }),
          proposal(external, 'corpGroupInfo', {
            displayName: 'External',
            admins: [],
            members: [],
            groups: [],
          }),
          proposal(external, 'origin', { type: 'EXTERNAL', externalType: 'okta' }),
        ],
      },
      admin,
    );
    expect(seeded.status).toBe(200);
    await send('datahub', 'addGroupMembers', { groupUrn: ingested, userUrns: [JANE] });
    expect(await aspect(ingested, 'origin')).toEqual({ type: 'NATIVE' });
    expect(await aspect(ROOT, 'groupMembership')).toEqual({ groups: [] });
    expect((await aspect(ROOT, 'nativeGroupMembership')).nativeGroups).toContain(ingested);
    expect(members(await getGroup(ingested)).sort()).toEqual([ROOT, JANE].sort());

    expect(await refuse('datahub', 'addGroupMembers', { groupUrn: external, userUrns: [JANE] })).toEqual({
      message: `Group ${external} was ingested from an external provider and cannot have members manually added to it`,
      code: 500,
    });
  });

  it('merges editable properties, and deletes a group with the memberships that name it', async () => {
    const urn = await send('datahub', 'createGroup', { input: { id: 'gone', name: 'Gone' } });
    await send('datahub', 'updateCorpGroupProperties', {
      urn,
      input: { email: 'gone@example.com', slack: 'gone' },
    });
    await send('datahub', 'updateCorpGroupProperties', { urn, input: { description: 'About us' } });
    expect(await aspect(urn, 'corpGroupEditableInfo')).toEqual({
      email: 'gone@example.com',
      slack: 'gone',
      description: 'About us',
    });
    await send('datahub', 'addGroupMembers', { groupUrn: urn, userUrns: [JANE] });
    expect(await send('datahub', 'removeGroup', { urn })).toBe(true);
    expect(await getGroup(urn)).toBeNull();
    expect((await aspect(JANE, 'nativeGroupMembership')).nativeGroups).not.toContain(urn);
  });

  it('refuses a user without MANAGE_USERS_AND_GROUPS or rights on the group', async () => {
    const refused = { message: 'Unauthorized to perform this action. Please contact your DataHub administrator.', code: 403 }; // prettier-ignore
    expect(await refuse('jane', 'createGroup', { input: { id: 'mine', name: 'Mine' } })).toEqual(refused);
    expect(await refuse('jane', 'removeGroup', { urn: 'urn:li:corpGroup:analysts' })).toEqual(refused);
    expect(await refuse('jane', 'addGroupMembers', { groupUrn: 'urn:li:corpGroup:analysts', userUrns: [JANE] })).toEqual(refused); // prettier-ignore
    expect(await refuse('jane', 'updateCorpGroupProperties', { urn: 'urn:li:corpGroup:analysts', input: { email: 'x@example.com' } })).toEqual(refused); // prettier-ignore
  });
});
