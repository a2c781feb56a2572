/**
 * Policy as DataHub v1.7.0's PolicyInfoPolicyMapper maps a dataHubPolicyInfo (a type or state outside the enums
 * becomes METADATA or INACTIVE; `editable` is the PDL's default, true, when unset), with ActorFilter's resolved
 * users, groups, roles and ownership types loaded as the entities they name (GmsGraphQLEngine's ActorFilter
 * wiring), and each filter value that is a URN with its entity (UrnToEntityMapper).
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import { strings, text } from './views/json-readers.js';
import type { EntityView, ViewOf } from './views/view-types.js';

function filterView(filter: JsonObject, viewOf: ViewOf): object {
  const criteria = Array.isArray(filter['criteria']) ? filter['criteria'].filter(isJsonObject) : [];
  return {
    criteria: criteria.map((criterion) => ({
      field: text(criterion['field']) ?? '',
      condition: text(criterion['condition']) ?? 'EQUALS',
      values: (strings(criterion['values']) ?? []).map((value) => ({
        value,
        entity: parseRawUrn(value).ok ? () => viewOf(value) : null,
      })),
    })),
  };
}

export interface PolicyView {
  readonly urn: string;
  readonly type: 'PLATFORM' | 'METADATA';
  readonly name: string | null;
  readonly state: 'ACTIVE' | 'INACTIVE';
  readonly description: string | null;
  readonly privileges: readonly string[];
  readonly editable: boolean;
  readonly actors: object;
  readonly resources: object | null;
}

export function policyView(urn: string, info: JsonObject, viewOf: ViewOf): PolicyView {
  const actors = isJsonObject(info['actors']) ? info['actors'] : {};
  const resources = isJsonObject(info['resources']) ? info['resources'] : undefined;
  const resolved = (field: string) => (): EntityView[] | null => strings(actors[field])?.map(viewOf) ?? null;
  return {
    urn,
    type: info['type'] === 'PLATFORM' ? 'PLATFORM' : 'METADATA',
    name: text(info['displayName']),
    state: info['state'] === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    description: text(info['description']),
    privileges: strings(info['privileges']) ?? [],
    editable: info['editable'] !== false,
    actors: {
      users: strings(actors['users']),
      groups: strings(actors['groups']),
      roles: strings(actors['roles']),
      allUsers: actors['allUsers'] === true,
      allGroups: actors['allGroups'] === true,
      resourceOwners: actors['resourceOwners'] === true,
      resourceOwnersTypes: strings(actors['resourceOwnersTypes']),
      resolvedUsers: resolved('users'),
      resolvedGroups: resolved('groups'),
      resolvedRoles: resolved('roles'),
      resolvedOwnershipTypes: resolved('resourceOwnersTypes'),
    },
    resources:
      resources === undefined
        ? null
        : {
            allResources: resources['allResources'] === true,
            type: text(resources['type']),
            resources: strings(resources['resources']),
            filter: isJsonObject(resources['filter']) ? filterView(resources['filter'], viewOf) : null,
          },
  };
}
