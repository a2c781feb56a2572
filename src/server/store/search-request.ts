/** What the entity index is asked (searches, autocompletion, related entities) and what it answers. */

export type FilterCondition =
  | 'EQUAL'
  | 'IEQUAL'
  | 'IN'
  | 'CONTAIN'
  | 'START_WITH'
  | 'END_WITH'
  | 'EXISTS'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL_TO'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL_TO';

export interface FacetCriterion {
  readonly field: string;
  readonly values: readonly string[];
  readonly negated: boolean;
  readonly condition: FilterCondition;
}

export interface SearchRequest {
  readonly query: string;
  /** Registry entity names; empty means every type. */
  readonly entityTypes: readonly string[];
  /** Disjunction of conjunctions (DataHub's orFilters). */
  readonly filters: readonly (readonly FacetCriterion[])[];
  readonly includeRemoved: boolean;
  readonly start: number;
  readonly count: number;
  readonly facetFields: readonly string[];
  readonly maxFacetValues: number;
}

/** An autocompletion: a search's first names, without facets. */
export type AutocompleteRequest = Omit<SearchRequest, 'facetFields' | 'maxFacetValues' | 'start'>;

export interface SearchHit {
  readonly urn: string;
  readonly entityType: string;
  readonly name: string;
  readonly description: string;
}

export interface FacetCount {
  readonly field: string;
  readonly values: readonly { readonly value: string; readonly count: number }[];
}

export interface SearchResponse {
  readonly total: number;
  readonly hits: readonly SearchHit[];
  readonly facets: readonly FacetCount[];
}

/** What a search counts over its whole match: the total and the facets. */
export interface SearchSummary {
  readonly total: number;
  readonly facets: readonly FacetCount[];
}

/** Related entities through the named relationships, in one direction, a page at a time. */
export interface RelationshipsRequest {
  readonly urn: string;
  readonly types: readonly string[];
  readonly direction: 'INCOMING' | 'OUTGOING';
  readonly start: number;
  readonly count: number;
  readonly includeRemoved: boolean;
}

export interface RelatedEntity {
  readonly type: string;
  readonly urn: string;
}
