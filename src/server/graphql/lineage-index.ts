/**
 * The entity search's part in a lineage search (LineageSearchService.getSearchResultInBatches at v1.7.0): the
 * entities the walk reached are searched with the request's query and filters, the degree filter taken out
 * (SearchUtils.removeCriteria), restricted to the reached URNs (QueryUtils.buildFilterWithUrns); what the search
 * finds is what the lineage search answers, and the search's default facets (each URN value with its entity, so
 * the app shows a platform's name and logo) are the lineage search's, after DataHub's fixed degree group.
 *
 * An entity the catalog's index holds no document of (a column, an entity only named by an edge) cannot match a
 * query or a filter; while the request names neither, it is answered as the walk reached it, as DataHub's
 * relationship-only path (getLightningSearchResult) answers them.
 */
import type { SearchResolvers } from './search-resolvers.js';
import type { FacetFilterInput, FacetMetadataView } from './views/search-views.js';

type OrFilters = readonly { readonly and?: readonly FacetFilterInput[] | null }[];

/** LineageSearchService.DEGREE_FILTER_GROUP: the values `1`, `2` and `3+`, each counted 0, whatever the results. */
export const DEGREE_FACET: FacetMetadataView = {
  field: 'degree',
  displayName: 'Degree of Dependencies',
  entity: null,
  aggregations: ['1', '2', '3+'].map((value) => ({ value, count: 0, entity: null })),
};

export interface ReachedSearch {
  readonly query: string;
  readonly orFilters: OrFilters;
  readonly includeSoftDeleted: boolean;
}

/** Which of the reached URNs the search keeps, and the search's facets of them. */
export function searchReached(
  search: SearchResolvers,
  urns: readonly string[],
  request: ReachedSearch,
): { kept: ReadonlySet<string>; facets: readonly FacetMetadataView[] } {
  if (urns.length === 0) return { kept: new Set(), facets: [] };
  const groups = withoutDegree(request.orFilters);
  const byUrn: FacetFilterInput = { field: 'urn', values: urns, condition: 'IN' };
  const query = request.query.trim() === '' ? '*' : request.query;
  const found = search.run({
    query,
    orFilters: groups.length === 0 ? [{ and: [byUrn] }] : groups.map((and) => ({ and: [...and, byUrn] })),
    start: 0,
    count: urns.length,
    searchFlags: { includeSoftDeleted: request.includeSoftDeleted },
  });
  const unfiltered = query === '*' && groups.length === 0;
  return {
    kept: unfiltered ? new Set(urns) : new Set(found.searchResults.map((result) => result.entity.urn)),
    facets: found.facets,
  };
}

/**
 * The request's filter groups without their degree criteria (the walk applies those); none when a group is left
 * empty, as a group of no criteria matches everything.
 */
function withoutDegree(orFilters: OrFilters): FacetFilterInput[][] {
  const groups = orFilters.map((group) => (group.and ?? []).filter((filter) => filter.field !== 'degree'));
  return groups.some((and) => and.length === 0) ? [] : groups;
}
