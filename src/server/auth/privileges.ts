/**
 * Who may do what, as DataHub's policy engine decides it under the policies GMS bootstraps (boot/policies.json
 * at v1.7.0, generated into src/datahub/generated/default-policies.ts): a policy applies to the users it names,
 * the members of the groups it names, the holders of the roles it names (a user's `roleMembership`, or a group's
 * they belong to), every user, or the owners of the resource asked about; it grants its privileges on every
 * resource, or on the resources of some entity types. So the root user `datahub` and the Admin role hold every
 * privilege, Editors edit the metadata of data assets, Readers read, owners edit what they own, and every user
 * may view and mint their own access tokens.
 */
import { DEFAULT_POLICIES, type DataHubPolicy } from '../../datahub/generated/default-policies.js';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';

export const ROOT_USER_URN = 'urn:li:corpuser:datahub';
export const ROLE_URNS = {
  Admin: 'urn:li:dataHubRole:Admin',
  Editor: 'urn:li:dataHubRole:Editor',
  Reader: 'urn:li:dataHubRole:Reader',
} as const;

/** The groups, roles and URN a policy's actors are matched against. */
interface ActorFacts {
  readonly urn: string;
  readonly groups: ReadonlySet<string>;
  readonly roles: ReadonlySet<string>;
}

function objectsOf(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A user's groups (groupMembership, nativeGroupMembership) and roles (theirs and their groups'). */
function actorFacts(service: CatalogService, actor: string): ActorFacts {
  const groups = new Set([
    ...stringsOf(service.latest(actor, 'groupMembership')?.['groups']),
    ...stringsOf(service.latest(actor, 'nativeGroupMembership')?.['nativeGroups']),
  ]);
  const roles = new Set(stringsOf(service.latest(actor, 'roleMembership')?.['roles']));
  for (const group of groups)
    for (const role of stringsOf(service.latest(group, 'roleMembership')?.['roles'])) roles.add(role);
  return { urn: actor, groups, roles };
}

/** The roles a user holds, directly or through a group (DataHubRole URNs). */
export function rolesOf(service: CatalogService, actor: string): string[] {
  return [...actorFacts(service, actor).roles];
}

function appliesTo(policy: DataHubPolicy, actor: ActorFacts, owners: ReadonlySet<string>): boolean {
  return (
    policy.allUsers ||
    policy.users.includes(actor.urn) ||
    policy.groups.some((group) => actor.groups.has(group)) ||
    policy.roles.some((role) => actor.roles.has(role)) ||
    (policy.resourceOwners && (owners.has(actor.urn) || [...actor.groups].some((group) => owners.has(group))))
  );
}

/**
 * The platform privileges of a user: those of the platform policies that apply to them, and of the metadata
 * policies that cover every resource (a privilege asked about with no resource).
 */
export function platformPrivileges(service: CatalogService, actor: string): ReadonlySet<string> {
  const facts = actorFacts(service, actor);
  const granted = new Set<string>();
  for (const policy of DEFAULT_POLICIES) {
    const everywhere = policy.type === 'PLATFORM' || policy.resourceTypes === undefined;
    if (everywhere && appliesTo(policy, facts, new Set())) for (const privilege of policy.privileges) granted.add(privilege); // prettier-ignore
  }
  return granted;
}

/** The privileges a user holds on one entity: the metadata policies that apply to them and cover it. */
export function resourcePrivileges(service: CatalogService, actor: string, urn: string): ReadonlySet<string> {
  const facts = actorFacts(service, actor);
  const raw = parseRawUrn(urn);
  const entityType = raw.ok ? raw.value.entityType : '';
  const owners = new Set(
    objectsOf(service.latest(urn, 'ownership')?.['owners']).flatMap((owner) => stringsOf([owner['owner']])),
  );
  const granted = new Set<string>();
  for (const policy of DEFAULT_POLICIES) {
    if (policy.type !== 'METADATA') continue;
    if (policy.resourceTypes !== undefined && !policy.resourceTypes.includes(entityType)) continue;
    if (appliesTo(policy, facts, owners)) for (const privilege of policy.privileges) granted.add(privilege);
  }
  return granted;
}

export function hasPlatformPrivilege(service: CatalogService, actor: string, privilege: string): boolean {
  return platformPrivileges(service, actor).has(privilege);
}

/**
 * What one user may do, their platform privileges read once: for the checks of a request that writes many
 * entities. Privileges that cover every resource (the root user's and Admins' EDIT_ENTITY) answer without reading
 * the entity.
 */
export class Authorizer {
  private readonly platform: ReadonlySet<string>;

  constructor(
    private readonly service: CatalogService,
    readonly actor: string,
  ) {
    this.platform = platformPrivileges(service, actor);
  }

  /** Whether the user holds any of the privileges on the entity (or, for a platform privilege, at all). */
  allows(anyOf: readonly string[], urn?: string): boolean {
    if (anyOf.some((privilege) => this.platform.has(privilege))) return true;
    if (urn === undefined) return false;
    const onResource = resourcePrivileges(this.service, this.actor, urn);
    return anyOf.some((privilege) => onResource.has(privilege));
  }
}

/** Whether the user holds any of the privileges on the entity (or, for a platform privilege, at all). */
export function isAuthorized(
  service: CatalogService,
  actor: string,
  anyOf: readonly string[],
  urn?: string,
): boolean {
  return new Authorizer(service, actor).allows(anyOf, urn);
}
