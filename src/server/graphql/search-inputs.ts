/**
 * The inputs of DataHub's search API (search.graphql: SearchInput, SearchAcrossEntitiesInput, …) and how they
 * become a request to the catalog's index: GraphQL EntityType values become registry names, orFilters (or the
 * deprecated filters) become groups of criteria, and counts are clamped to what the index serves.
 */
import { entityTypeOfGraphqlType, graphqlEntityType } from '../../datahub/entity-types.js';
import type { FacetCriterion, FilterCondition } from '../store/entity-index.js';
import type { FacetFilterInput } from './views/search-views.js';

export interface FilterInputs {
  readonly filters?: readonly FacetFilterInput[] | null;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
}

export interface SearchFlags {
  readonly maxAggValues?: number | null;
  readonly skipAggregates?: boolean | null;
  readonly includeSoftDeleted?: boolean | null;
  /** The facets of the structured properties shown in search filters (settings.showInSearchFilters). */
  readonly includeStructuredPropertyFacets?: boolean | null;
}

export interface SearchInput extends FilterInputs {
  readonly type: string;
  readonly query: string;
  readonly start?: number | null;
  readonly count?: number | null;
  readonly searchFlags?: SearchFlags | null;
}

export interface SearchAcrossEntitiesInput extends FilterInputs {
  readonly types?: readonly string[] | null;
  readonly query: string;
  readonly start?: number | null;
  readonly count?: number | null;
  readonly searchFlags?: SearchFlags | null;
}

export interface ScrollAcrossEntitiesInput extends FilterInputs {
  readonly types?: readonly string[] | null;
  readonly query: string;
  readonly scrollId?: string | null;
  readonly count?: number | null;
  readonly searchFlags?: SearchFlags | null;
}

export interface AggregateAcrossEntitiesInput extends FilterInputs {
  readonly types?: readonly string[] | null;
  readonly query: string;
  readonly facets?: readonly (string | null)[] | null;
  readonly searchFlags?: SearchFlags | null;
}

export interface AutoCompleteInput extends FilterInputs {
  readonly type?: string | null;
  readonly types?: readonly string[] | null;
  readonly query: string;
  readonly limit?: number | null;
}

const CONDITIONS: ReadonlySet<string> = new Set<FilterCondition>([
  'EQUAL', 'IEQUAL', 'IN', 'CONTAIN', 'START_WITH', 'END_WITH', 'EXISTS',
  'GREATER_THAN', 'GREATER_THAN_OR_EQUAL_TO', 'LESS_THAN', 'LESS_THAN_OR_EQUAL_TO',
]); // prettier-ignore
/** A type list that matches nothing (every requested type was one the registry does not have). */
const NO_TYPE = ['\u0000none'];

/** GraphQL EntityType values to registry names; a list of only unknown types matches nothing. */
export function registryTypes(types: readonly string[]): string[] {
  if (types.length === 0) return [];
  // Each once: a request may repeat a type (40,000 times made a statement of more parameters than SQLite takes).
  const known = [...new Set(types.flatMap((type) => entityTypeOfGraphqlType(type) ?? []))];
  return known.length === 0 ? NO_TYPE : known;
}

/** orFilters (a disjunction of conjunctions), else the deprecated `filters` as one conjunction. */
export function filterGroups(input: FilterInputs): FacetCriterion[][] {
  const groups =
    input.orFilters !== undefined && input.orFilters !== null && input.orFilters.length > 0
      ? input.orFilters.map((group) => group.and ?? [])
      : input.filters === undefined || input.filters === null || input.filters.length === 0
        ? []
        : [input.filters];
  return groups.map((group) => group.map(toCriterion));
}

/** Every group of a disjunction with the criteria added (one group of them alone when there was none). */
export function withCriteria(
  groups: readonly FacetCriterion[][],
  criteria: readonly FacetCriterion[],
): FacetCriterion[][] {
  if (criteria.length === 0) return [...groups];
  return groups.length === 0 ? [[...criteria]] : groups.map((group) => [...group, ...criteria]);
}

export function toCriterion(filter: FacetFilterInput): FacetCriterion {
  const field = filter.field.replace(/\.keyword$/, '');
  let values = filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value]);
  // _entityType values are EntityType names (DATASET); registry names (dataset) are accepted too.
  if (field === '_entityType') values = values.map((value) => graphqlEntityTypeOf(value));
  const condition = filter.condition ?? 'EQUAL';
  return {
    field,
    values,
    negated: filter.negated === true,
    condition: isCondition(condition) ? condition : 'EQUAL',
  };
}

function isCondition(condition: string): condition is FilterCondition {
  return CONDITIONS.has(condition);
}

function graphqlEntityTypeOf(value: string): string {
  const mapped = graphqlEntityType(value);
  return mapped === 'OTHER' ? value.toUpperCase() : mapped;
}

/** A count the request names, as a whole number within bounds; the fallback without one. */
export function clamp(value: number | null | undefined, fallback: number, min: number, max: number): number {
  const number =
    value === undefined || value === null || !Number.isFinite(value) ? fallback : Math.trunc(value);
  return Math.min(Math.max(number, min), max);
}
