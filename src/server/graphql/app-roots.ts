/**
 * The root fields DataHub's web app reads to start: the signed-in user (`me`, getGrantedPrivileges), the app's
 * configuration (appConfig), global settings, entity counts and the lists of users, groups and domains; and the
 * app's optional panels (posts, views, quick filters, recommendations) answered as a fresh DataHub answers them.
 *
 * What the signed-in user may do follows DataHub's default policies (src/server/auth/privileges.ts): the root user
 * `datahub` and Admins hold every privilege, Editors and Readers those of their role.
 */
import { graphqlEntityType } from '../../datahub/entity-types.js';
import { appConfig } from './app-config.js';
import { mePlatformPrivileges } from './me-privileges.js';
import { listRecommendations, type RecommendationsInput } from './recommendations.js';
import { hasPlatformPrivilege, platformPrivileges, resourcePrivileges } from '../auth/privileges.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { filterToView, type ViewScopedInput } from './view-scope.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { readGlobalSettings } from './saved-views.js';
import { object, text } from './views/json-readers.js';
import { SYSTEM_OWNERSHIP_TYPES } from './views/ownership-types.js';
import type { EntityView } from './views/view-types.js';

interface ListInput {
  readonly start?: number | null;
  readonly count?: number | null;
  readonly query?: string | null;
}

/** A page of the entities of a list (ListUsersResult and its siblings, under their own field name). */
interface EntityPage {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly entities: readonly EntityView[];
}

interface GrantedPrivilegesInput {
  readonly actorUrn: string;
  readonly resourceSpec?: { readonly resourceType: string; readonly resourceUrn: string } | null;
}

export const appRoots: RootResolverBuilder = ({ service, views, search, actor }) => {
  /** A page of one entity type matching a query, as ListUsersResolver and its siblings search. */
  const list = (entityType: string, input: ListInput): EntityPage => {
    const start = Math.max(0, input.start ?? 0);
    const count = Math.min(Math.max(0, input.count ?? 20), 1000);
    const page = search.searchAcrossEntities({
      types: [graphqlEntityType(entityType)],
      query: input.query === undefined || input.query === null || input.query === '' ? '*' : input.query,
      start,
      count,
      searchFlags: { skipAggregates: true },
    });
    const entities = page.searchResults.map((result) => result.entity);
    return { start, count: entities.length, total: page.total, entities };
  };
  return {
    me: () =>
      guard(() => ({
        corpUser: views.view(actor),
        platformPrivileges: mePlatformPrivileges(service, actor),
      })),
    appConfig: () => appConfig(),
    /** An admin is granted every privilege of the resource's type, or every platform privilege without one. */
    /**
     * GetGrantedPrivilegesResolver: the privileges the default policies grant the user, on the resource when one is
     * named (else the platform's); only for oneself, or with MANAGE_POLICIES.
     */
    getGrantedPrivileges: (args: { input: GrantedPrivilegesInput }) =>
      guard(() => {
        const { actorUrn, resourceSpec } = args.input;
        if (actorUrn !== actor && !hasPlatformPrivilege(service, actor, 'MANAGE_POLICIES'))
          throw new DataHubGraphQLError(403, 'Unauthorized to get privileges for the given author.');
        const granted =
          resourceSpec === undefined || resourceSpec === null
            ? platformPrivileges(service, actorUrn)
            : resourcePrivileges(service, actorUrn, resourceSpec.resourceUrn);
        return { privileges: [...granted].sort(), evaluationDetails: null };
      }),
    /** EntityCountsResolver: each type counted, within the view's filter when one is named (viewFilter). */
    getEntityCounts: (args: { input?: { types?: string[] | null; viewUrn?: string | null } | null }) =>
      guard(() => {
        const scope: ViewScopedInput = { viewUrn: args.input?.viewUrn ?? null };
        const { orFilters } = filterToView(scope, service);
        return {
          counts: (args.input?.types ?? []).map((type) => ({
            entityType: type,
            count: search.searchAcrossEntities({ types: [type], query: '*', count: 0, orFilters: orFilters ?? null, searchFlags: { skipAggregates: true } }).total, // prettier-ignore
          })),
        };
      }),
    listUsers: (args: { input: ListInput }) =>
      guard(() => {
        const { entities: users, ...page } = list('corpuser', args.input);
        return { ...page, users };
      }),
    listGroups: (args: { input: ListInput }) =>
      guard(() => {
        const { entities: groups, ...page } = list('corpGroup', args.input);
        return { ...page, groups };
      }),
    /** ListDomainsResolver: the domains under `parentDomain`, or the top-level ones without it. */
    listDomains: (args: { input: ListInput & { parentDomain?: string | null } }) =>
      guard(() => {
        const input = args.input;
        const parent = input.parentDomain ?? null;
        // Domains are few; their parent is read from domainProperties rather than kept in the index.
        const all = list('domain', { query: input.query ?? null, start: 0, count: 1000 }).entities;
        const children = all.filter((domain) => {
          const properties = service.latest(domain.urn, 'domainProperties');
          return (properties?.['parentDomain'] ?? null) === parent;
        });
        const start = Math.max(0, input.start ?? 0);
        const domains = children.slice(start, start + Math.min(Math.max(0, input.count ?? 20), 1000));
        return { start, count: domains.length, total: children.length, domains };
      }),
    /** ListOwnershipTypesResolver: the system types DataHub bootstraps, then any stored ones. */
    listOwnershipTypes: (args: { input: ListInput }) =>
      guard(() => {
        const stored = service.listUrns('ownershipType', 0, 10_000).urns;
        // Search leaves out the soft-deleted: a system type deleted in the app is only marked removed.
        const all = [...new Set([...Object.keys(SYSTEM_OWNERSHIP_TYPES), ...stored])].filter(
          (urn) => service.latest(urn, 'status')?.['removed'] !== true,
        );
        const start = Math.max(0, args.input.start ?? 0);
        const page = all.slice(start, start + Math.min(Math.max(0, args.input.count ?? 20), 1000));
        return {
          start,
          count: page.length,
          total: all.length,
          ownershipTypes: page.map((urn) => views.view(urn)),
        };
      }),
    // A fresh DataHub has no global settings: doc propagation off.
    docPropagationSettings: () => ({ docColumnPropagation: false }),
    // GlobalHomePageSettingsResolver: homePage.defaultTemplate of the global settings (boot/global_settings.json
    // names the bootstrapped home_default_1), loaded as PageTemplateType loads it.
    globalHomePageSettings: () =>
      guard(() => {
        const homePage = object(readGlobalSettings(service)['homePage']);
        return homePage === undefined
          ? { defaultTemplate: null }
          : { defaultTemplate: () => views.pageTemplate(text(homePage['defaultTemplate'])) };
      }),
    // The product-update feed is fetched from datahub.com; offline, DataHub answers null ("source unavailable").
    latestProductUpdate: () => null,
    getQuickFilters: () => ({ quickFilters: [] }),
    listRecommendations: (args: { input: RecommendationsInput }) =>
      guard(() => listRecommendations(service, views.view, args.input)),
  };
};
