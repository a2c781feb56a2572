/**
 * Browsing, as DataHub's BrowseV2Resolver (browsePathsV2: folders of containers and name parts), BrowseResolver and
 * BrowsePathsResolver (the legacy browsePaths: /origin/platform/name parts) answer. An entity's path is its
 * browsePathsV2 (or browsePaths) aspect; without one it is the path DataHub writes at ingest when the aspect is
 * missing (BrowsePathV2Utils.getDefaultBrowsePathV2, BrowsePathUtils.getDefaultBrowsePath): the container chain,
 * else the dataset name's parts before the last by the platform's delimiter, else `Default`.
 *
 * The folders under a path are counted over the entities the search matches (types, filters, query), read whole:
 * the index has no browse-path field, so this is linear in the matches (bounded by MAX_ENTITIES).
 */
import { parseRawUrn } from '../../model/urn.js';
import { entityTypeOfGraphqlType } from '../../datahub/entity-types.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import type { SearchFlags } from './search-inputs.js';
import type { FacetFilterInput } from './views/search-views.js';
import { browsePathV1, browsePathV2 } from './views/browse-paths.js';
import { filterToView } from './view-scope.js';

const MAX_ENTITIES = 10_000;

interface BrowseV2Input {
  readonly type?: string | null;
  readonly types?: readonly string[] | null;
  readonly path?: readonly string[] | null;
  readonly start?: number | null;
  readonly count?: number | null;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
  readonly query?: string | null;
  readonly searchFlags?: SearchFlags | null;
  readonly viewUrn?: string | null;
}

interface BrowseInput {
  readonly type: string;
  readonly path?: readonly string[] | null;
  readonly start?: number | null;
  readonly count?: number | null;
  readonly filters?: readonly FacetFilterInput[] | null;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
}

export const browseRoots: RootResolverBuilder = ({ service, views, search }) => {
  /** The URNs the search matches, in its order. */
  const matches = (
    types: readonly string[],
    query: string,
    filters: Omit<BrowseInput, 'type'>,
    flags?: SearchFlags | null,
  ): string[] =>
    search
      .searchAcrossEntities({
        types,
        query,
        start: 0,
        count: MAX_ENTITIES,
        filters: filters.filters ?? null,
        orFilters: filters.orFilters ?? null,
        searchFlags: { ...flags, skipAggregates: true },
      })
      .searchResults.map((result) => result.entity.urn);

  return {
    browseV2: (args: { input: BrowseV2Input }) =>
      guard(() => {
        // BrowseV2Resolver: a view's filter joins the request's (SearchUtils.combineFilters).
        const input = filterToView(args.input, service);
        const types = input.types ?? (input.type === undefined || input.type === null ? [] : [input.type]);
        const query =
          input.query === undefined || input.query === null || input.query === '' ? '*' : input.query;
        const path = input.path ?? [];
        const urns = matches(types, query, input, input.searchFlags);
        const folders = foldersUnder(
          urns.map((urn) => browsePathV2(service, urn)),
          path,
        );
        const start = Math.max(0, input.start ?? 0);
        const page = folders.groups.slice(start, start + Math.min(Math.max(0, input.count ?? 10), 1000));
        return {
          groups: page.map((group) => ({
            name: group.name,
            // ESBrowseDAO.mapBrowseResultGroupV2: a folder whose name is a URN is shown as that entity.
            entity: () => (group.name.startsWith('urn:li:') && parseRawUrn(group.name).ok ? views.view(group.name) : null), // prettier-ignore
            count: group.count,
            hasSubGroups: group.hasSubGroups,
          })),
          start,
          count: page.length,
          total: folders.groups.length,
          metadata: { path, totalNumEntities: folders.total },
        };
      }),
    browse: (args: { input: BrowseInput }) =>
      guard(() => {
        const input = args.input;
        const path = input.path ?? [];
        const urns = matches([input.type], '*', input);
        const paths = urns.map((urn) => ({ urn, path: browsePathV1(service, urn) }));
        const folders = foldersUnder(
          paths.map((entry) => entry.path),
          path,
        );
        const here = paths.filter((entry) => sameList(entry.path, path)).map((entry) => entry.urn);
        const start = Math.max(0, input.start ?? 0);
        const count = Math.min(Math.max(0, input.count ?? 10), 1000);
        // Folders first, then the entities at this level, as BrowseResolver pages them.
        const groups = folders.groups.slice(start, start + count);
        const entities = here.slice(Math.max(0, start - folders.groups.length), Math.max(0, start + count - folders.groups.length)); // prettier-ignore
        return {
          groups: groups.map((group) => ({ name: group.name, count: group.count })),
          entities: entities.map((urn) => views.view(urn)),
          start,
          count: groups.length + entities.length,
          total: folders.groups.length + here.length,
          metadata: { path, totalNumEntities: folders.total },
        };
      }),
    browsePaths: (args: { input: { type: string; urn: string } }) =>
      guard(() => {
        const raw = parseRawUrn(args.input.urn);
        const expected = entityTypeOfGraphqlType(args.input.type);
        if (!raw.ok || raw.value.entityType !== expected || !service.exists(args.input.urn)) return [];
        return [{ path: browsePathV1(service, args.input.urn) }];
      }),
  };
};

interface Folders {
  readonly groups: readonly { name: string; count: number; hasSubGroups: boolean }[];
  /** Entities at or under the path. */
  readonly total: number;
}

/** The folders one level under `path`, with how many entities each holds, largest first as DataHub sorts them. */
function foldersUnder(paths: readonly (readonly string[])[], path: readonly string[]): Folders {
  const groups = new Map<string, { name: string; count: number; hasSubGroups: boolean }>();
  let total = 0;
  for (const entityPath of paths) {
    if (!startsWith(entityPath, path)) continue;
    total++;
    const name = entityPath[path.length];
    if (name === undefined) continue;
    const group = groups.get(name) ?? { name, count: 0, hasSubGroups: false };
    group.count++;
    if (entityPath.length > path.length + 1) group.hasSubGroups = true;
    groups.set(name, group);
  }
  return {
    groups: [...groups.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    total,
  };
}

function startsWith(list: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((item, index) => list[index] === item);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && startsWith(a, b);
}
