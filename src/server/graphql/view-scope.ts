/**
 * A search with `viewUrn`, as DataHub v1.7.0's search resolvers apply a saved view (SearchAcrossEntitiesResolver,
 * ScrollAcrossEntitiesResolver, AggregateAcrossEntitiesResolver, AutoCompleteForMultipleResolver, BrowseV2Resolver,
 * with SearchUtils.resolveView, intersectEntityTypes and combineFilters): the view's entity types intersected with
 * the request's, and its filter joined to the request's in conjunction. A view that does not exist is ignored
 * (resolveView logs and answers null); when the request's types and the view's have none in common, nothing is
 * searched.
 */
import type { JsonObject } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';
import {
  combineFilterGroups,
  intersectEntityTypes,
  viewEntityTypes,
  viewFilterGroups,
  type FilterGroups,
} from './saved-view-definition.js';
import { VIEW_INFO } from './saved-views.js';
import type {
  AggregateAcrossEntitiesInput,
  AutoCompleteInput,
  FilterInputs,
  ScrollAcrossEntitiesInput,
  SearchAcrossEntitiesInput,
} from './search-inputs.js';
import type { SearchResolvers } from './search-resolvers.js';
import { object } from './views/json-readers.js';
import type { FacetMetadataView, Scrolled, SearchResultsView } from './views/search-views.js';

/** SearchAcrossEntitiesResolver's and ScrollAcrossEntitiesResolver's count without one. */
const DEFAULT_SEARCH_COUNT = 10;

/** A request that may name a view. */
export interface ViewScopedInput extends FilterInputs {
  readonly viewUrn?: string | null;
  readonly types?: readonly string[] | null;
}

/** The request to run, or `none` when the view leaves no entity type to search. */
export type ScopedRequest<T> = { readonly input: T } | 'none';

/** The request with the view's types and filter applied (the request unchanged without a view). */
export function scopeToView<T extends ViewScopedInput>(input: T, service: CatalogService): ScopedRequest<T> {
  const definition = viewDefinition(input.viewUrn, service);
  if (definition === undefined) return { input };
  const requested = input.types ?? [];
  const scoped = viewEntityTypes(definition);
  const types = intersectEntityTypes(requested, scoped);
  if (types.length === 0 && (requested.length > 0 || scoped.length > 0)) return 'none';
  return {
    input: {
      ...input,
      types,
      filters: null,
      orFilters: combineFilterGroups(requestGroups(input), viewFilterGroups(definition)),
    },
  };
}

/** BrowseV2Resolver: the view's filter alone joins the request's; the browse keeps its own entity types. */
export function filterToView<T extends ViewScopedInput>(input: T, service: CatalogService): T {
  const definition = viewDefinition(input.viewUrn, service);
  if (definition === undefined) return input;
  return { ...input, orFilters: combineFilterGroups(requestGroups(input), viewFilterGroups(definition)) };
}

function viewDefinition(viewUrn: string | null | undefined, service: CatalogService): JsonObject | undefined {
  if (viewUrn === undefined || viewUrn === null) return undefined;
  const info = service.latest(viewUrn, VIEW_INFO);
  return info === undefined ? undefined : (object(info['definition']) ?? {});
}

/** ResolverUtils.buildFilter: orFilters, else the deprecated `filters` as one conjunction. */
function requestGroups(input: FilterInputs): FilterGroups {
  if (input.orFilters !== undefined && input.orFilters !== null && input.orFilters.length > 0)
    return input.orFilters.map((group) => ({ and: group.and ?? [] }));
  return input.filters === undefined || input.filters === null || input.filters.length === 0
    ? []
    : [{ and: input.filters }];
}

/** SearchAcrossEntitiesResolver with the view applied; SearchUtils.createEmptySearchResults when none is in scope. */
export function searchAcrossEntitiesInView(
  search: SearchResolvers,
  service: CatalogService,
  input: SearchAcrossEntitiesInput & ViewScopedInput,
): SearchResultsView {
  const scoped = scopeToView(input, service);
  if (scoped !== 'none') return search.searchAcrossEntities(scoped.input);
  const empty = { total: 0, searchResults: [], facets: [], suggestions: [] };
  return { start: input.start ?? 0, count: input.count ?? DEFAULT_SEARCH_COUNT, ...empty };
}

/** ScrollAcrossEntitiesResolver with the view applied; SearchUtils.createEmptyScrollResults when none is in scope. */
export function scrollAcrossEntitiesInView(
  search: SearchResolvers,
  service: CatalogService,
  input: ScrollAcrossEntitiesInput & ViewScopedInput,
): Scrolled<Omit<SearchResultsView, 'start'>> {
  const scoped = scopeToView(input, service);
  if (scoped !== 'none') return search.scrollAcrossEntities(scoped.input);
  const empty = { total: 0, searchResults: [], facets: [], suggestions: [], nextScrollId: null };
  return { count: input.count ?? DEFAULT_SEARCH_COUNT, ...empty };
}

/** AggregateAcrossEntitiesResolver with the view applied; no facets when no type is in scope. */
export function aggregateAcrossEntitiesInView(
  search: SearchResolvers,
  service: CatalogService,
  input: AggregateAcrossEntitiesInput & ViewScopedInput,
): { readonly facets: readonly FacetMetadataView[] } {
  const scoped = scopeToView(input, service);
  return scoped === 'none' ? { facets: [] } : search.aggregateAcrossEntities(scoped.input);
}

/**
 * AutoCompleteForMultipleResolver: the request's types intersected with the view's (none in common: the default
 * autocomplete types, as getEntityTypes answers an empty list), each type's filter joined to the view's.
 */
export function autoCompleteForMultipleInView(
  search: SearchResolvers,
  service: CatalogService,
  input: AutoCompleteInput & ViewScopedInput,
): ReturnType<SearchResolvers['autoCompleteForMultiple']> {
  const definition = viewDefinition(input.viewUrn, service);
  if (definition === undefined) return search.autoCompleteForMultiple(input);
  const requested = input.types ?? (input.type === undefined || input.type === null ? [] : [input.type]);
  return search.autoCompleteForMultiple({
    ...input,
    type: null,
    types: intersectEntityTypes(requested, viewEntityTypes(definition)),
    filters: null,
    orFilters: combineFilterGroups(requestGroups(input), viewFilterGroups(definition)),
  });
}
