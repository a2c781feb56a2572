/**
 * The shapes of DataHub's search answers (search.graphql: SearchResults, SearchResult, FacetMetadata), as the
 * search resolvers build them and as Container.entities and Domain.entities answer.
 */
import type { EntityView } from './view-types.js';

export interface FacetFilterInput {
  readonly field: string;
  readonly value?: string | null;
  readonly values?: readonly string[] | null;
  readonly negated?: boolean | null;
  readonly condition?: string | null;
}

/** The input of Container.entities and Domain.entities (ContainerEntitiesInput, DomainEntitiesInput). */
export interface EntitiesInput {
  readonly query?: string | null;
  readonly start?: number | null;
  readonly count?: number | null;
  readonly filters?: readonly FacetFilterInput[] | null;
}

/** A search restricted to what a container or domain holds: the facet that names it, and the request. */
export interface ChildSearchRequest {
  readonly facet: string;
  readonly urn: string;
  /** The facet's values to match (any of them); `urn` alone without them. */
  readonly values?: readonly string[];
  /** The GraphQL entity types to search (every type without them). */
  readonly types?: readonly string[] | null;
  readonly input: EntitiesInput;
  /**
   * VersionSet.versionsSearch: the versions by their versionProperties.sortId, the newest first; its input is a
   * SearchAcrossEntitiesInput, whose orFilters apply too (as they do to any child search given them).
   */
  readonly newestVersionFirst?: boolean;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
}

export type ChildSearch = (request: ChildSearchRequest) => SearchResultsView;

export interface MatchedFieldView {
  readonly name: string;
  readonly value: string;
  readonly entity: null;
}

export interface SearchResultView {
  readonly entity: EntityView;
  readonly insights: readonly never[];
  readonly matchedFields: readonly MatchedFieldView[];
  readonly extraProperties: readonly never[];
}

export interface AggregationView {
  readonly value: string;
  readonly count: number;
  /** The entity a value names, resolved on demand; null where no value is a URN. */
  readonly entity: (() => EntityView | null) | null;
}

export interface FacetMetadataView {
  readonly field: string;
  readonly displayName: string;
  /** The structured property a `structuredProperties.<name>` facet counts the values of. */
  readonly entity: (() => EntityView | null) | null;
  readonly aggregations: readonly AggregationView[];
}

export interface SearchResultsView {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly searchResults: readonly SearchResultView[];
  readonly facets: readonly FacetMetadataView[];
  readonly suggestions: readonly never[];
}

/** A page of a scroll, with the id of the next one (null after the last). */
export type Scrolled<T> = T & { readonly nextScrollId: string | null };
