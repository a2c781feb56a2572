/**
 * DataHub's access token API (datahub-graphql-core resolvers/auth at v1.7.0: CreateAccessTokenResolver,
 * ListAccessTokensResolver, RevokeAccessTokenResolver, GetAccessTokenMetadataResolver; the AccessTokenMetadata
 * type loaded as AccessTokenMetadataMapper maps it). Who may do what is GMS's rule: anyone may mint, list and
 * revoke their own personal tokens (every user's GENERATE_PERSONAL_ACCESS_TOKENS, policy 7), and only a holder
 * of MANAGE_ACCESS_TOKENS another user's; service-account tokens need MANAGE_SERVICE_ACCOUNTS.
 */
import { type JsonObject } from '../../model/json.js';
import { ACCESS_TOKEN_ENTITY, AccessTokens, hashToken, tokenUrn } from '../auth/access-tokens.js';
import { hasPlatformPrivilege } from '../auth/privileges.js';
import { badRequest, serverError, wrapped } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { isServiceAccount } from './service-account-roots.js';
import { DataHubGraphQLError } from './term-mutations.js';
import type { EntityView, ViewOf } from './views/view-types.js';

/** AuthorizationException in DataHub's exception handler. */
const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const unauthorized = (): DataHubGraphQLError => new DataHubGraphQLError(403, UNAUTHORIZED);

interface CreateAccessTokenInput {
  readonly type: 'PERSONAL' | 'SERVICE_ACCOUNT';
  readonly actorUrn: string;
  readonly duration: string;
  readonly name: string;
  readonly description?: string | null;
}

interface FacetFilterInput {
  readonly field: string;
  readonly value?: string | null;
  readonly values?: readonly string[] | null;
  readonly negated?: boolean | null;
}

interface ListAccessTokenInput {
  readonly start?: number | null;
  readonly count?: number | null;
  readonly filters?: readonly FacetFilterInput[] | null;
}

/** AccessTokenMetadata as AccessTokenMetadataMapper fills it. */
export interface AccessTokenMetadataView extends EntityView {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly actorUrn: string;
  readonly ownerUrn: string;
  readonly createdAt: number;
  readonly expiresAt: number | null;
  readonly owner: () => EntityView;
}

export const accessTokenRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const tokens = new AccessTokens(service);
  const canManage = () => hasPlatformPrivilege(service, actor, 'MANAGE_ACCESS_TOKENS');
  const canGenerate = () => hasPlatformPrivilege(service, actor, 'GENERATE_PERSONAL_ACCESS_TOKENS');
  return {
    createAccessToken: (args: { input: CreateAccessTokenInput }) =>
      guard(() => {
        const input = args.input;
        if (input.type === 'SERVICE_ACCOUNT') {
          if (!isServiceAccount(service.latest(input.actorUrn, 'subTypes')))
            throw wrapped('Failed to validate service account', `The specified URN is not a service account: ${input.actorUrn}`); // prettier-ignore
        }
        const allowed =
          input.type === 'PERSONAL'
            ? canManage() || (input.actorUrn === actor && canGenerate())
            : hasPlatformPrivilege(service, actor, 'MANAGE_SERVICE_ACCOUNTS');
        if (!allowed) throw unauthorized();
        const minted = tokens.create(input, actor);
        return { accessToken: minted.accessToken, metadata: metadataView(minted.urn, tokens, views.view) };
      }),
    listAccessTokens: (args: { input: ListAccessTokenInput }) =>
      guard(() => {
        const filters = args.input.filters ?? [];
        const listingOwn = canGenerate() && filters.some((filter) => isOnly(filter, 'ownerUrn', actor));
        if (!canManage() && !listingOwn) throw unauthorized();
        const start = Math.max(0, args.input.start ?? 0);
        const count = Math.max(0, args.input.count ?? 20);
        const matching = tokens.list().filter(({ info }) => filters.every((filter) => matches(info, filter)));
        const page = matching.slice(start, start + count);
        return {
          start,
          count: page.length,
          total: matching.length,
          tokens: page.map(({ urn }) => metadataView(urn, tokens, views.view)),
        };
      }),
    revokeAccessToken: (args: { tokenId: string }) =>
      guard(() => {
        const owner = tokens.info(args.tokenId)?.['ownerUrn'];
        if (!canManage() && owner !== actor) throw unauthorized();
        if (!tokens.revoke(args.tokenId))
          throw wrapped('Failed to revoke access token', 'Access token no longer exists');
        return true;
      }),
    getAccessTokenMetadata: (args: { token: string }) =>
      guard(() => {
        if (!canManage()) throw unauthorized();
        const id = hashToken(args.token);
        return tokens.info(id) === undefined ? null : metadataView(tokenUrn(id), tokens, views.view);
      }),
  };
};

/** AccessTokenMetadataType.batchLoad: the token's entity as AccessTokenMetadataMapper maps it. */
function metadataView(urn: string, tokens: AccessTokens, viewOf: ViewOf): AccessTokenMetadataView {
  const id = urn.slice(`urn:li:${ACCESS_TOKEN_ENTITY}:`.length);
  const info: JsonObject = tokens.info(id) ?? {};
  const text = (field: string): string | null => {
    const value = info[field];
    return typeof value === 'string' ? value : null;
  };
  const ownerUrn = text('ownerUrn') ?? '';
  const expiresAt = info['expiresAt'];
  const createdAt = info['createdAt'];
  if (text('name') === null) throw serverError(`Failed to load access token ${id}`);
  return {
    __typename: 'AccessTokenMetadata',
    urn,
    type: 'ACCESS_TOKEN',
    id,
    name: text('name') ?? '',
    description: text('description'),
    actorUrn: text('actorUrn') ?? '',
    ownerUrn,
    createdAt: typeof createdAt === 'number' ? createdAt : 0,
    expiresAt: typeof expiresAt === 'number' ? expiresAt : null,
    owner: () => viewOf(ownerUrn),
  };
}

/** Whether a filter asks for exactly one value of a field (isListingSelfTokens). */
function isOnly(filter: FacetFilterInput, field: string, value: string): boolean {
  const values = filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value]);
  return filter.field === field && filter.negated !== true && values.length === 1 && values[0] === value;
}

/** A token's info against one equality filter on its fields (name, actorUrn, ownerUrn). */
function matches(info: JsonObject, filter: FacetFilterInput): boolean {
  const values = filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value]);
  if (values.length === 0) throw badRequest(`Filter on ${filter.field} has no value`);
  const field = info[filter.field];
  const text = typeof field === 'string' || typeof field === 'number' ? String(field) : undefined;
  const hit = values.some((value) => text === value);
  return filter.negated === true ? !hit : hit;
}
