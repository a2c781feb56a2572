/**
 * Policies as DataHub v1.7.0 manages them (datahub-graphql-core resolvers/policy: ListPoliciesResolver,
 * UpsertPolicyResolver for createPolicy and updatePolicy, DeletePolicyResolver; PolicyUpdateInputInfoMapper and
 * PolicyInfoPolicyMapper): a policy is a dataHubPolicy entity with a dataHubPolicyInfo aspect, and every one of
 * these needs MANAGE_POLICIES. What a policy grants is read by the catalog's authorizer (auth/policy-rules.ts) as
 * soon as it is written, as GMS invalidates its policy cache on each write.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject, JsonValue } from '../../model/json.js';
import { hasPlatformPrivilege } from '../auth/privileges.js';
import { POLICY_INFO, policyInfos } from '../auth/policy-rules.js';
import { MutationWriter, wrapped } from './mutation-writes.js';
import { matchesAll, valuesOf, type FilterGroup } from './document-filters.js';
import { policyView } from './policy-view.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';

interface PolicyMatchFilterInput {
  readonly criteria: readonly { readonly field: string; readonly values: readonly string[]; readonly condition?: string | null }[]; // prettier-ignore
}

interface PolicyUpdateInput {
  readonly type: string;
  readonly name: string;
  readonly state: string;
  readonly description?: string | null;
  readonly resources?: {
    readonly type?: string | null;
    readonly resources?: readonly string[] | null;
    readonly allResources?: boolean | null;
    readonly filter?: PolicyMatchFilterInput | null;
    readonly privilegeConstraints?: PolicyMatchFilterInput | null;
  } | null;
  readonly privileges: readonly string[];
  readonly actors: {
    readonly users?: readonly string[] | null;
    readonly groups?: readonly string[] | null;
    readonly resourceOwners: boolean;
    readonly resourceOwnersTypes?: readonly string[] | null;
    readonly allUsers: boolean;
    readonly allGroups: boolean;
  };
}

interface ListPoliciesInput {
  readonly start?: number | null;
  readonly count?: number | null;
  readonly query?: string | null;
  readonly orFilters?: readonly FilterGroup[] | null;
}

/** PolicyMatchFilter: each criterion's condition EQUALS when not given (the input's default). */
function matchFilter(filter: PolicyMatchFilterInput): JsonObject {
  return {
    criteria: filter.criteria.map((criterion) => ({
      field: criterion.field,
      values: [...criterion.values],
      condition: criterion.condition ?? 'EQUALS',
    })),
  };
}

/** PolicyUpdateInputInfoMapper: the input as a DataHubPolicyInfo (actors' roles are not mapped, as GMS's mapper). */
function policyInfo(input: PolicyUpdateInput, now: number): JsonObject {
  const { actors, resources } = input;
  const optional = (name: string, value: JsonValue | null | undefined): JsonObject =>
    value === undefined || value === null ? {} : { [name]: value };
  return {
    ...optional('description', input.description),
    type: input.type,
    displayName: input.name,
    privileges: [...input.privileges],
    actors: {
      allGroups: actors.allGroups,
      allUsers: actors.allUsers,
      resourceOwners: actors.resourceOwners,
      ...optional('resourceOwnersTypes', actors.resourceOwnersTypes === undefined || actors.resourceOwnersTypes === null ? null : [...actors.resourceOwnersTypes]), // prettier-ignore
      ...optional(
        'groups',
        actors.groups === undefined || actors.groups === null ? null : [...actors.groups],
      ),
      ...optional('users', actors.users === undefined || actors.users === null ? null : [...actors.users]),
    },
    state: input.state,
    ...(resources === undefined || resources === null
      ? {}
      : {
          resources: {
            ...optional('allResources', resources.allResources),
            ...optional('type', resources.type),
            ...optional('resources', resources.resources === undefined || resources.resources === null ? null : [...resources.resources]), // prettier-ignore
            ...(resources.filter === undefined || resources.filter === null ? {} : { filter: matchFilter(resources.filter) }), // prettier-ignore
            ...(resources.privilegeConstraints === undefined || resources.privilegeConstraints === null ? {} : { privilegeConstraints: matchFilter(resources.privilegeConstraints) }), // prettier-ignore
          },
        }),
    lastUpdatedTimestamp: now,
  };
}

/** A searchable field of a policy (DataHubPolicyInfo.pdl): displayName, description, type, state, privileges, … */
function policyField(urn: string, info: JsonObject, field: string): readonly string[] {
  if (field === 'urn') return [urn];
  const searchable = ['displayName', 'description', 'type', 'state', 'privileges', 'editable', 'lastUpdatedTimestamp']; // prettier-ignore
  // `editable` defaults to true in the PDL, so a policy without it is indexed as editable.
  if (field === 'editable') return valuesOf(info['editable'] ?? true);
  return searchable.includes(field) ? valuesOf(info[field]) : [];
}

function text(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

export const policyRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const authorize = (): void => {
    if (!hasPlatformPrivilege(service, actor, 'MANAGE_POLICIES'))
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
  };
  const upsert = (urn: string | undefined, input: PolicyUpdateInput): string =>
    guard(() => {
      authorize();
      const writer = new MutationWriter(service, actor);
      const target = urn ?? `urn:li:dataHubPolicy:${randomUUID()}`;
      try {
        writer.persist(writer.proposal(target, POLICY_INFO, policyInfo(input, service.now())));
      } catch (error) {
        if (error instanceof Error) throw wrapped(`Failed to perform update against input ${JSON.stringify(input)}`, error.message); // prettier-ignore
        throw error;
      }
      return target;
    });
  return {
    createPolicy: (args: { input: PolicyUpdateInput }) => upsert(undefined, args.input),
    updatePolicy: (args: { urn: string; input: PolicyUpdateInput }) => upsert(args.urn, args.input),
    deletePolicy: (args: { urn: string }) =>
      guard(() => {
        authorize();
        try {
          service.deleteEntity(args.urn, { references: false });
        } catch (error) {
          if (error instanceof Error) throw wrapped(`Failed to perform delete against policy with urn ${args.urn}`, error.message); // prettier-ignore
          throw error;
        }
        return args.urn;
      }),
    /**
     * ListPoliciesResolver over PolicyFetcher: a search of the policies (the query against name and description;
     * every criterion of every orFilters group at once, as the resolver flattens them), the last updated first.
     */
    listPolicies: (args: { input: ListPoliciesInput }) =>
      guard(() => {
        authorize();
        const input = args.input;
        const start = Math.max(0, input.start ?? 0);
        const count = Math.max(0, input.count ?? 20);
        const criteria = (input.orFilters ?? []).flatMap((group) => group.and ?? []);
        const query = (input.query ?? '').trim().toLowerCase();
        const matching = policyInfos(service)
          .filter(({ urn, info }) => matchesAll((field) => policyField(urn, info, field), criteria))
          .filter(
            ({ info }) =>
              query === '' ||
              query === '*' ||
              text(info['displayName']).toLowerCase().includes(query) ||
              text(info['description']).toLowerCase().includes(query),
          )
          .sort((a, b) => updatedAt(b.info) - updatedAt(a.info));
        const page = matching.slice(start, start + count);
        return {
          start,
          count,
          total: matching.length,
          policies: page.map(({ urn, info }) => policyView(urn, info, views.view)),
        };
      }),
  };
};

function updatedAt(info: JsonObject): number {
  return typeof info['lastUpdatedTimestamp'] === 'number' ? info['lastUpdatedTimestamp'] : 0;
}
