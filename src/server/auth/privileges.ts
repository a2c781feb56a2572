/**
 * Who may do what, as DataHub's policy engine decides it (metadata-service/auth-impl PolicyEngine at v1.7.0) under
 * the active policies: those GMS bootstraps (boot/policies.json, generated into
 * src/datahub/generated/default-policies.ts) and those made in the app (policy-rules.ts). A policy applies to the
 * users it names, the members of the groups it names (or of any group), the holders of the roles it names (a
 * user's `roleMembership`, or a group's they belong to), every user, or the owners of the resource asked about; it
 * grants its privileges on every resource, or on the resources its filter matches (resource-fields.ts). So the root
 * user `datahub` and the Admin role hold every privilege, Editors edit the metadata of data assets, Readers read,
 * owners edit what they own, and every user may view and mint their own access tokens.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';
import { activePolicyRules, type PolicyRule } from './policy-rules.js';
import { meetsCriterion } from './resource-fields.js';

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

/** The owners of a resource: each owner's URN and ownership type (typeUrn, when it has one). */
interface ResourceOwner {
  readonly owner: string;
  readonly typeUrn: string | undefined;
}

function ownersOf(service: CatalogService, urn: string): ResourceOwner[] {
  return objectsOf(service.latest(urn, 'ownership')?.['owners']).flatMap((entry) => {
    const owner = entry['owner'];
    const typeUrn = entry['typeUrn'];
    return typeof owner === 'string'
      ? [{ owner, typeUrn: typeof typeUrn === 'string' ? typeUrn : undefined }]
      : [];
  });
}

/**
 * PolicyEngine.isActorMatch: the user named, a group of theirs named (or any group of theirs with allGroups), a
 * role of theirs named, every user, or (for a resource) the user or a group of theirs among its owners of the
 * policy's ownership types.
 */
function appliesTo(policy: PolicyRule, actor: ActorFacts, owners: readonly ResourceOwner[]): boolean {
  if (policy.allUsers || policy.users.includes(actor.urn)) return true;
  if (policy.allGroups && actor.groups.size > 0) return true;
  if (policy.groups.some((group) => actor.groups.has(group))) return true;
  if (policy.roles.some((role) => actor.roles.has(role))) return true;
  if (!policy.resourceOwners) return false;
  const types = policy.ownerTypes;
  return owners.some(
    ({ owner, typeUrn }) =>
      (types === undefined || types.length === 0 || (typeUrn !== undefined && types.includes(typeUrn))) &&
      (owner === actor.urn || actor.groups.has(owner)),
  );
}

/**
 * The platform privileges of a user: those of the platform policies that apply to them, and of the metadata
 * policies without a resource filter (a privilege asked about with no resource).
 */
export function platformPrivileges(
  service: CatalogService,
  actor: string,
  rules: readonly PolicyRule[] = activePolicyRules(service),
): ReadonlySet<string> {
  const facts = actorFacts(service, actor);
  const granted = new Set<string>();
  for (const policy of rules) {
    const everywhere = policy.type === 'PLATFORM' || policy.resources === undefined;
    if (everywhere && appliesTo(policy, facts, [])) for (const privilege of policy.privileges) granted.add(privilege); // prettier-ignore
  }
  return granted;
}

/**
 * The privileges a user holds on one entity: the metadata policies that apply to them and whose resource filter
 * it meets (every criterion, PolicyEngine.checkFilter).
 */
export function resourcePrivileges(
  service: CatalogService,
  actor: string,
  urn: string,
  rules: readonly PolicyRule[] = activePolicyRules(service),
): ReadonlySet<string> {
  const facts = actorFacts(service, actor);
  let owners: ResourceOwner[] | undefined;
  const granted = new Set<string>();
  for (const policy of rules) {
    if (policy.type !== 'METADATA') continue;
    if (!(policy.resources ?? []).every((criterion) => meetsCriterion(service, urn, criterion))) continue;
    owners ??= ownersOf(service, urn);
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
  private readonly rules: readonly PolicyRule[];
  private readonly platform: ReadonlySet<string>;

  constructor(
    private readonly service: CatalogService,
    readonly actor: string,
  ) {
    // The policies are read once per request, as DataHub's authorizer reads them from its cache.
    this.rules = activePolicyRules(service);
    this.platform = platformPrivileges(service, actor, this.rules);
  }

  /** Whether the user holds any of the privileges on the entity (or, for a platform privilege, at all). */
  allows(anyOf: readonly string[], urn?: string): boolean {
    if (anyOf.some((privilege) => this.platform.has(privilege))) return true;
    if (urn === undefined) return false;
    const onResource = resourcePrivileges(this.service, this.actor, urn, this.rules);
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
