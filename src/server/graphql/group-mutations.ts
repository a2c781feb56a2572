/**
 * Groups as DataHub v1.7.0 manages them (datahub-graphql-core resolvers/group: CreateGroupResolver,
 * RemoveGroupResolver, AddGroupMembersResolver, RemoveGroupMembersResolver; CorpGroupType.update for
 * updateCorpGroupProperties; metadata-service/auth-impl GroupService). A group made in the app is native: its
 * `origin` is NATIVE and its members hold it in their `nativeGroupMembership` (relationship IsMemberOfNativeGroup),
 * while an ingested group's members hold it in `groupMembership` (IsMemberOfGroup). Adding or removing members of
 * a group without an origin first moves its members to native membership, as GroupService does; an EXTERNAL
 * group's members are not edited.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../model/json.js';
import { hasPlatformPrivilege, isAuthorized } from '../auth/privileges.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { MutationWriter, badRequest, serverError, stringsIn } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const unauthorized = (): DataHubGraphQLError => new DataHubGraphQLError(403, UNAUTHORIZED);
const NATIVE = 'nativeGroupMembership';

interface CreateGroupInput {
  readonly id?: string | null;
  readonly name: string;
  readonly description?: string | null;
}

interface GroupMembersInput {
  readonly groupUrn: string;
  readonly userUrns: readonly string[];
}

interface CorpGroupUpdateInput {
  readonly description?: string | null;
  readonly slack?: string | null;
  readonly email?: string | null;
  readonly pictureLink?: string | null;
}

export class GroupMutations {
  constructor(private readonly writer: MutationWriter) {}

  /** AuthorizationUtils.canManageUsersAndGroups: MANAGE on corpuser and corpGroup, MANAGE_USERS_AND_GROUPS. */
  private canManage(): boolean {
    return hasPlatformPrivilege(this.writer.service, this.writer.actor, 'MANAGE_USERS_AND_GROUPS');
  }

  /** CreateGroupResolver → GroupService.createNativeGroup: corpGroupInfo, then origin NATIVE; answers the URN. */
  createGroup(input: CreateGroupInput): string {
    if (!this.canManage()) throw unauthorized();
    // The key's `name` is the group's stable id: the one given, or a random UUID.
    const urn = `urn:li:corpGroup:${input.id ?? randomUUID()}`;
    if (this.writer.exists(urn)) throw badRequest('This Group already exists!');
    const info: JsonObject = {
      displayName: input.name,
      description: input.description ?? '',
      groups: [],
      members: [],
      admins: [],
      created: this.writer.stamp(),
    };
    this.writer.persist(this.writer.proposal(urn, 'corpGroupInfo', info));
    this.writer.persistAspect(urn, 'origin', { type: 'NATIVE' });
    return urn;
  }

  /** RemoveGroupResolver: a hard delete of the group and the references to it (its members' memberships). */
  removeGroup(urn: string): boolean {
    if (!this.canManage()) throw unauthorized();
    deleteEntityAndReferences(this.writer, urn, `Failed to perform delete against group with urn ${urn}`);
    return true;
  }

  addGroupMembers(input: GroupMembersInput): boolean {
    const group = input.groupUrn;
    this.authorizeMembers(group);
    if (!this.writer.exists(group))
      throw new DataHubGraphQLError(404, `Failed to add members to group ${group}. Group does not exist.`);
    this.nativeOrMigrate(group, 'added to');
    // GroupService.addUserToNativeGroup fails on a user that does not exist; the resolver drops the cause.
    const failure = `Failed to add group members to group ${group}`;
    for (const user of input.userUrns) {
      if (!this.writer.exists(user)) throw serverError(failure);
      this.addNative(user, group);
    }
    return true;
  }

  removeGroupMembers(input: GroupMembersInput): boolean {
    const group = input.groupUrn;
    this.authorizeMembers(group);
    if (!this.writer.exists(group))
      throw new DataHubGraphQLError(404, `Failed to add remove members from group ${group}. Group does not exist.`); // prettier-ignore
    this.nativeOrMigrate(group, 'removed from');
    for (const user of new Set(input.userUrns)) {
      const groups = stringsIn(this.writer.latest(user, NATIVE), 'nativeGroups');
      if (groups.includes(group))
        this.writer.persistAspect(user, NATIVE, { nativeGroups: groups.filter((urn) => urn !== group) });
    }
    return true;
  }

  /**
   * CorpGroupType.update: the given fields merged into corpGroupEditableInfo. EDIT_ENTITY, or the specific
   * privilege of what changes: EDIT_ENTITY_DOCS for a description, else EDIT_CONTACT_INFO for slack or email.
   */
  updateProperties(urn: string, input: CorpGroupUpdateInput): void {
    const specific = isPresent(input.description)
      ? ['EDIT_ENTITY_DOCS']
      : isPresent(input.slack) || isPresent(input.email)
        ? ['EDIT_CONTACT_INFO']
        : [];
    // An empty privilege group is denied (AuthUtil.isAuthorized): with neither, only EDIT_ENTITY will do.
    const allowed = isAuthorized(this.writer.service, this.writer.actor, ['EDIT_ENTITY', ...specific], urn);
    if (!allowed) throw unauthorized();
    const existing = this.writer.latest(urn, 'corpGroupEditableInfo') ?? {};
    const given = Object.entries({
      description: input.description,
      slack: input.slack,
      email: input.email,
      pictureLink: input.pictureLink,
    }).filter((entry): entry is [string, string] => isPresent(entry[1]));
    const changed: JsonObject = { ...existing, ...Object.fromEntries(given) };
    this.writer.persistAspect(urn, 'corpGroupEditableInfo', changed);
  }

  /** AuthorizationUtils.canEditGroupMembers: EDIT_ENTITY or EDIT_GROUP_MEMBERS on the group. */
  private authorizeMembers(group: string): void {
    if (!isAuthorized(this.writer.service, this.writer.actor, ['EDIT_ENTITY', 'EDIT_GROUP_MEMBERS'], group))
      throw unauthorized();
  }

  /**
   * A group without an origin has its members moved to native membership and becomes NATIVE
   * (GroupService.migrateGroupMembershipToNativeGroupMembership); an EXTERNAL group is refused.
   */
  private nativeOrMigrate(group: string, verb: 'added to' | 'removed from'): void {
    const type = this.writer.latest(group, 'origin')?.['type'];
    if (type === 'EXTERNAL')
      throw serverError(`Group ${group} was ingested from an external provider and cannot have members manually ${verb} it`); // prettier-ignore
    if (typeof type === 'string') return;
    const members = this.writer.service
      .relationships({
        urn: group,
        types: ['IsMemberOfGroup'],
        direction: 'INCOMING',
        start: 0,
        count: 500,
        includeRemoved: true,
      }) // prettier-ignore
      .items.map((item) => item.urn);
    for (const user of new Set(members)) {
      const groups = stringsIn(this.writer.latest(user, 'groupMembership'), 'groups');
      if (groups.includes(group))
        this.writer.persistAspect(user, 'groupMembership', { groups: groups.filter((urn) => urn !== group) });
    }
    this.writer.persistAspect(group, 'origin', { type: 'NATIVE' });
    for (const user of new Set(members)) if (this.writer.exists(user)) this.addNative(user, group);
  }

  /** GroupService.addUserToNativeGroup: the group last in the user's nativeGroups, once. */
  private addNative(user: string, group: string): void {
    const groups = stringsIn(this.writer.latest(user, NATIVE), 'nativeGroups').filter((urn) => urn !== group);
    this.writer.persistAspect(user, NATIVE, { nativeGroups: [...groups, group] });
  }
}

function isPresent(value: string | null | undefined): value is string {
  return value !== undefined && value !== null;
}

export const groupRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const groups = () => new GroupMutations(new MutationWriter(service, actor));
  return {
    createGroup: (args: { input: CreateGroupInput }) => guard(() => groups().createGroup(args.input)),
    removeGroup: (args: { urn: string }) => guard(() => groups().removeGroup(args.urn)),
    addGroupMembers: (args: { input: GroupMembersInput }) =>
      guard(() => groups().addGroupMembers(args.input)),
    removeGroupMembers: (args: { input: GroupMembersInput }) =>
      guard(() => groups().removeGroupMembers(args.input)),
    /** MutableTypeResolver over CorpGroupType: the group as loaded after the write. */
    updateCorpGroupProperties: (args: { urn: string; input: CorpGroupUpdateInput }) =>
      guard(() => {
        groups().updateProperties(args.urn, args.input);
        return views.view(args.urn);
      }),
  };
};
