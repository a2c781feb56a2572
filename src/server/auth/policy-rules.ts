/**
 * The policies in force, as DataHub v1.7.0's authorizer reads them (metadata-service/auth-impl PolicyFetcher and
 * PolicyEngine): every dataHubPolicy entity whose dataHubPolicyInfo is ACTIVE. GMS bootstraps its default policies
 * (boot/policies.json) as entities; the catalog keeps them as data (src/datahub/generated/default-policies.ts) and
 * answers a stored dataHubPolicyInfo of the same URN in their place, so a default policy edited or deactivated in
 * the app is read as edited. Policies made in the app (upsertPolicy) are stored entities like any other.
 */
import { DEFAULT_POLICY_INFOS } from '../../datahub/generated/default-policies.js';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';

export const POLICY_ENTITY = 'dataHubPolicy';
export const POLICY_INFO = 'dataHubPolicyInfo';

/** One criterion of a policy's resource filter (PolicyMatchCriterion): a field of the resource and its values. */
export interface ResourceCriterion {
  readonly field: string;
  readonly values: readonly string[];
  readonly condition: string;
}

/** A policy as the authorizer evaluates it. */
export interface PolicyRule {
  readonly urn: string;
  readonly type: 'PLATFORM' | 'METADATA';
  readonly users: readonly string[];
  readonly groups: readonly string[];
  readonly roles: readonly string[];
  readonly allUsers: boolean;
  readonly allGroups: boolean;
  readonly resourceOwners: boolean;
  /** Only owners of these ownership types count (resourceOwnersTypes); any owner when absent. */
  readonly ownerTypes?: readonly string[];
  /**
   * The criteria a resource must all meet (PolicyEngine.getFilter); absent when the policy has no resource filter,
   * so it covers every resource and a request about none.
   */
  readonly resources?: readonly ResourceCriterion[];
  readonly privileges: readonly string[];
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * PolicyEngine.getFilter: the filter's criteria when it has one, else the legacy `type` and (unless allResources)
 * `resources` as TYPE and URN criteria.
 */
function resourceCriteria(resources: unknown): ResourceCriterion[] | undefined {
  if (!isJsonObject(resources)) return undefined;
  const filter = resources['filter'];
  if (isJsonObject(filter))
    return (Array.isArray(filter['criteria']) ? filter['criteria'] : [])
      .filter(isJsonObject)
      .map((criterion) => ({
        field: typeof criterion['field'] === 'string' ? criterion['field'] : '',
        values: stringsOf(criterion['values']),
        condition: typeof criterion['condition'] === 'string' ? criterion['condition'] : 'EQUALS',
      }));
  const criteria: ResourceCriterion[] = [];
  if (typeof resources['type'] === 'string')
    criteria.push({ field: 'TYPE', values: [resources['type']], condition: 'EQUALS' });
  if (Array.isArray(resources['resources']) && resources['allResources'] !== true)
    criteria.push({ field: 'URN', values: stringsOf(resources['resources']), condition: 'EQUALS' });
  return criteria;
}

/** The rule of an ACTIVE policy's info; undefined for an inactive one (PolicyFetcher skips them for the engine). */
export function policyRule(urn: string, info: JsonObject): PolicyRule | undefined {
  if (info['state'] !== 'ACTIVE') return undefined;
  const actors = isJsonObject(info['actors']) ? info['actors'] : {};
  const resources = resourceCriteria(info['resources']);
  const ownerTypes = actors['resourceOwnersTypes'];
  return {
    urn,
    type: info['type'] === 'PLATFORM' ? 'PLATFORM' : 'METADATA',
    users: stringsOf(actors['users']),
    groups: stringsOf(actors['groups']),
    roles: stringsOf(actors['roles']),
    allUsers: actors['allUsers'] === true,
    allGroups: actors['allGroups'] === true,
    resourceOwners: actors['resourceOwners'] === true,
    ...(Array.isArray(ownerTypes) ? { ownerTypes: stringsOf(ownerTypes) } : {}),
    ...(resources === undefined ? {} : { resources }),
    privileges: stringsOf(info['privileges']),
  };
}

/** The policies stored in the catalog (created in the app, or a bootstrapped one edited there). */
function storedPolicyInfos(service: CatalogService): { readonly urn: string; readonly info: JsonObject }[] {
  return service.listUrns(POLICY_ENTITY, 0, 100_000).urns.flatMap((urn) => {
    const info = service.latest(urn, POLICY_INFO);
    return info === undefined ? [] : [{ urn, info }];
  });
}

/** Every policy's URN and info: the bootstrapped ones (a stored info of the same URN in their place), then the stored. */
export function policyInfos(service: CatalogService): { readonly urn: string; readonly info: JsonObject }[] {
  const stored = storedPolicyInfos(service);
  const storedUrns = new Set(stored.map(({ urn }) => urn));
  return [...DEFAULT_POLICY_INFOS.filter(({ urn }) => !storedUrns.has(urn)), ...stored];
}

/** DataHub's bootstrapped policies as rules, parsed once: every privilege check reads them. */
const DEFAULT_RULES: readonly { readonly urn: string; readonly rule: PolicyRule | undefined }[] =
  DEFAULT_POLICY_INFOS.map(({ urn, info }) => ({ urn, rule: policyRule(urn, info) }));

/** The rules of the active policies, as policyInfos lists them, the bootstrapped ones parsed once. */
export function activePolicyRules(service: CatalogService): PolicyRule[] {
  const stored = storedPolicyInfos(service).map(({ urn, info }) => ({ urn, rule: policyRule(urn, info) }));
  const storedUrns = new Set(stored.map(({ urn }) => urn));
  return [...DEFAULT_RULES.filter(({ urn }) => !storedUrns.has(urn)), ...stored].flatMap(
    ({ rule }) => rule ?? [],
  );
}
