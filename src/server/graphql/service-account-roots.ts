/**
 * Service accounts as DataHub v1.7.0 manages them (datahub-graphql-core resolvers/auth: CreateServiceAccountResolver,
 * ListServiceAccountsResolver, GetServiceAccountResolver, DeleteServiceAccountResolver, ServiceAccountUtils): a
 * service account is a corpuser `service_<uuid>` whose subTypes hold SERVICE_ACCOUNT, its display name and
 * description (as the title) in corpUserInfo. Every one of these needs MANAGE_SERVICE_ACCOUNTS. Tokens for a
 * service account are minted by createAccessToken (access-token-roots.ts). updateServiceAccountDefaultView is not
 * performed (refused as a mutation the catalog does not have).
 */
import { randomUUID } from 'node:crypto';
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { hasPlatformPrivilege } from '../auth/privileges.js';
import { MutationWriter, badRequest, serverError } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';
import type { EntityViews } from './entity-views.js';

const SUB_TYPE = 'SERVICE_ACCOUNT';
const PREFIX = 'service_';
const USER_PREFIX = 'urn:li:corpuser:';

interface CreateServiceAccountInput {
  readonly displayName?: string | null;
  readonly description?: string | null;
}

interface ListServiceAccountsInput {
  readonly start?: number | null;
  readonly count?: number | null;
  readonly query?: string | null;
}

/** ServiceAccountUtils.isServiceAccount: subTypes' typeNames hold SERVICE_ACCOUNT. */
export function isServiceAccount(subTypes: JsonObject | undefined): boolean {
  const names = subTypes?.['typeNames'];
  return Array.isArray(names) && names.includes(SUB_TYPE);
}

/** ServiceAccountUtils.extractNameFromUrn: the username without the `service_` prefix. */
function nameOf(urn: string): string {
  const username = urn.replace(USER_PREFIX, '');
  return username.startsWith(PREFIX) ? username.slice(PREFIX.length) : username;
}

export const serviceAccountRoots: RootResolverBuilder = ({ service, views, search, actor }) => {
  const authorize = (verb: string): void => {
    if (!hasPlatformPrivilege(service, actor, 'MANAGE_SERVICE_ACCOUNTS'))
      throw new DataHubGraphQLError(403, `Unauthorized to ${verb} service accounts. Please contact your DataHub administrator.`); // prettier-ignore
  };
  /** ServiceAccountUtils.mapToServiceAccount: name from the URN, display name and title from corpUserInfo. */
  const serviceAccount = (urn: string) => {
    const info = service.latest(urn, 'corpUserInfo');
    const settings = service.latest(urn, 'corpUserSettings');
    return mapped(urn, info, settings, views);
  };
  return {
    createServiceAccount: (args: { input: CreateServiceAccountInput }) =>
      guard(() => {
        authorize('create');
        const id = `${PREFIX}${randomUUID()}`;
        const urn = `${USER_PREFIX}${id}`;
        const { displayName, description } = args.input;
        const writer = new MutationWriter(service, actor);
        const info: JsonObject = {
          active: true,
          displayName: displayName ?? id,
          ...(description === undefined || description === null ? {} : { title: description }),
        };
        try {
          writer.persist(
            writer.proposal(urn, 'corpUserKey', { username: id }),
            writer.proposal(urn, 'corpUserInfo', info),
            writer.proposal(urn, 'subTypes', { typeNames: [SUB_TYPE] }),
          );
        } catch {
          throw serverError('Failed to create service account');
        }
        return {
          ...mapped(urn, undefined, undefined, views),
          name: id,
          displayName: displayName ?? null,
          description: description ?? null,
          createdBy: actor,
          createdAt: service.now(),
        };
      }),
    /** A search of the users whose subTypes hold SERVICE_ACCOUNT, the query against them (`*` without one). */
    listServiceAccounts: (args: { input: ListServiceAccountsInput }) =>
      guard(() => {
        authorize('list');
        const start = Math.max(0, args.input.start ?? 0);
        const count = Math.max(0, args.input.count ?? 10);
        const query = args.input.query ?? '';
        const page = search.searchAcrossEntities({
          types: ['CORP_USER'],
          query: query === '' ? '*' : query,
          start,
          count,
          orFilters: [{ and: [{ field: 'typeNames', values: [SUB_TYPE], condition: 'EQUAL' }] }],
          searchFlags: { skipAggregates: true },
        });
        const accounts = page.searchResults.map((result) => serviceAccount(result.entity.urn));
        // SearchResult.pageSize: the page size asked for, as the resolver answers it.
        return { start, count, total: page.total, serviceAccounts: accounts };
      }),
    getServiceAccount: (args: { urn: string }) =>
      guard(() => {
        authorize('view');
        if (!service.exists(args.urn)) return null;
        if (!isServiceAccount(service.latest(args.urn, 'subTypes')))
          throw badRequest(`The specified URN is not a service account: ${args.urn}`);
        return serviceAccount(args.urn);
      }),
    /** DeleteServiceAccountResolver: only a service account, deleted as EntityClient.deleteEntity does. */
    deleteServiceAccount: (args: { urn: string }) =>
      guard(() => {
        authorize('delete');
        if (!service.exists(args.urn)) throw badRequest(`Service account not found: ${args.urn}`);
        if (!isServiceAccount(service.latest(args.urn, 'subTypes')))
          throw badRequest(`The specified URN is not a service account: ${args.urn}`);
        try {
          service.deleteEntity(args.urn, { references: false });
        } catch {
          throw serverError('Failed to delete service account');
        }
        return true;
      }),
  };
};

/** ServiceAccountUtils.mapToServiceAccount, with the relationships every entity has (its role: IsMemberOfRole). */
function mapped(
  urn: string,
  info: JsonObject | undefined,
  settings: JsonObject | undefined,
  views: EntityViews,
) {
  const text = (value: JsonValue | undefined): string | null => (typeof value === 'string' ? value : null);
  const viewSettings = settings?.['views'];
  const defaultView = isJsonObject(viewSettings) ? text(viewSettings['defaultView']) : null;
  return {
    __typename: 'ServiceAccount',
    urn,
    type: 'CORP_USER',
    name: nameOf(urn),
    displayName: text(info?.['displayName']),
    description: text(info?.['title']),
    createdBy: null,
    createdAt: null,
    updatedAt: null,
    defaultView: defaultView === null ? null : () => views.view(defaultView),
    relationships: views.common(urn, 'corpuser').relationships,
  };
}
