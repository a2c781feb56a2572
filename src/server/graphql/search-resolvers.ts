/**
 * DataHub's search API over the embedded catalog's index (datahub-graphql-core search.graphql; resolvers
 * SearchResolver, SearchAcrossEntitiesResolver, AutoCompleteResolver, AutoCompleteForMultipleResolver):
 * `*` lists everything, every query word must match (as a prefix), an exact name match ranks first, soft-deleted
 * entities are hidden unless searchFlags.includeSoftDeleted (or a filter on `removed`), and facets count the
 * filtered result set.
 */
import { graphqlEntityType } from '../../datahub/entity-types.js';
import { isJsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { queryTokens, type FacetCriterion, type SearchHit } from '../store/entity-index.js';
import { expandHierarchyFilters } from './hierarchy-filters.js';
import { decodeScrollId, nextScrollId } from './scroll-id.js';
import {
  clamp,
  filterGroups,
  registryTypes,
  toCriterion,
  withCriteria,
  type AggregateAcrossEntitiesInput,
  type AutoCompleteInput,
  type FilterInputs,
  type ScrollAcrossEntitiesInput,
  type SearchAcrossEntitiesInput,
  type SearchInput,
} from './search-inputs.js';
import type {
  ChildSearchRequest,
  EntitiesInput,
  FacetFilterInput,
  FacetMetadataView,
  MatchedFieldView,
  Scrolled,
  SearchResultView,
  SearchResultsView,
} from './views/search-views.js';
import type { EntityView, ViewOf } from './views/view-types.js';

/** AutoCompleteResults. */
export interface AutoCompleteView {
  readonly query: string;
  readonly suggestions: readonly string[];
  readonly entities: readonly EntityView[];
}

/** AutoCompleteMultipleResults: the suggestions of each entity type. */
export interface AutoCompleteMultipleView {
  readonly query: string;
  readonly suggestions: readonly {
    readonly type: string;
    readonly suggestions: readonly string[];
    readonly entities: readonly EntityView[];
  }[];
}

/** GetRootGlossaryTermsResult and GetRootGlossaryNodesResult. */
export type RootGlossaryView = {
  readonly start: number;
  readonly count: number;
  readonly total: number;
} & ({ readonly terms: readonly EntityView[] } | { readonly nodes: readonly EntityView[] });

/** The facets search results carry, with DataHub's display names (the filterNameOverride of each field). */
const FACETS: readonly (readonly [string, string])[] = [
  ['_entityType', 'Type'],
  ['platform', 'Platform'],
  ['origin', 'Environment'],
  ['glossaryTerms', 'Glossary Term'],
  ['tags', 'Tag'],
  ['owners', 'Owned By'],
  ['domains', 'Domain'],
  ['container', 'Container'],
  ['typeNames', 'Sub Type'],
];
/** DataHub's filter and facet name of a structured property's values: the prefix, then its qualified name. */
const PROPERTY_FACET = 'structuredProperties.';
const DEFAULT_COUNT = 10;
const MAX_COUNT = 10_000;
const DEFAULT_MAX_AGG_VALUES = 20;
/** DataHub's separator of the fields of a nested facet (`_entityType␞typeNames`) and of their values. */
const NESTED = '\u241E';
/** The nested facet of entity types and their sub-types (the web app's ENTITY_SUB_TYPE_FILTER_NAME). */
const ENTITY_SUB_TYPE_FACET = `_entityType${NESTED}typeNames`;

export class SearchResolvers {
  constructor(
    private readonly service: CatalogService,
    private readonly viewOf: ViewOf,
  ) {}

  search(input: SearchInput): SearchResultsView {
    return this.run({ ...input, types: [input.type] });
  }

  searchAcrossEntities(input: SearchAcrossEntitiesInput): SearchResultsView {
    return this.run(input);
  }

  /** The criteria of a request, its hierarchy conditions (DESCENDANTS_INCL, …) expanded (hierarchy-filters.ts). */
  private groups(input: FilterInputs): FacetCriterion[][] {
    return filterGroups(expandHierarchyFilters(input, this.service));
  }

  /**
   * ScrollAcrossEntitiesResolver: a page and the id of the next one. The catalog's index is not a point-in-time
   * snapshot, so the scroll id is the next offset (opaque to the app, as DataHub's is); keepAlive has no use here.
   */
  scrollAcrossEntities(input: ScrollAcrossEntitiesInput): Scrolled<SearchResultsView> {
    const page = this.run({ ...input, start: decodeScrollId(input.scrollId) });
    return { ...page, nextScrollId: nextScrollId(page) };
  }

  /**
   * AggregateAcrossEntitiesResolver: the facets alone, of the fields asked for (the default facets without them).
   * A nested facet (`_entityType␞typeNames`) counts each combination of the two fields' values, as DataHub's
   * nested aggregation does, with values joined by the same separator.
   */
  aggregateAcrossEntities(input: AggregateAcrossEntitiesInput): { readonly facets: FacetMetadataView[] } {
    const asked = (input.facets ?? []).filter((facet): facet is string => typeof facet === 'string');
    const fields = asked.length === 0 ? FACETS.map(([field]) => field) : asked;
    const maxValues = clamp(input.searchFlags?.maxAggValues, DEFAULT_MAX_AGG_VALUES, 0, 1000);
    const request = (extra: readonly FacetFilterInput[], facetFields: readonly string[]) =>
      this.service.search({
        query: input.query,
        entityTypes: registryTypes(input.types ?? []),
        filters: withCriteria(this.groups(input), extra.map(toCriterion)),
        includeRemoved: input.searchFlags?.includeSoftDeleted === true,
        start: 0,
        count: 0,
        facetFields,
        maxFacetValues: maxValues,
      });
    const plain = fields.filter((field) => !field.includes(NESTED));
    const facets = plain.length === 0 ? [] : request([], plain).facets.map((facet) => ({ field: facet.field, values: facet.values })); // prettier-ignore
    for (const nested of fields.filter((field) => field.includes(NESTED)))
      facets.push({ field: nested, values: nestedFacetValues(nested, request) });
    return { facets: facets.map((facet) => this.facetView(facet.field, facet.values)) };
  }

  /**
   * ListDataProductAssetsResolver: the search restricted to the assets the data product's properties list. The
   * index has no filter by URN, so the matches are read whole and kept when they are assets (data products hold
   * tens of assets, not the whole catalog).
   */
  dataProductAssets(urn: string, input: SearchAcrossEntitiesInput): SearchResultsView {
    const listed = this.service.latest(urn, 'dataProductProperties')?.['assets'];
    const assets = new Set(
      (Array.isArray(listed) ? listed : [])
        .filter(isJsonObject)
        .map((asset) => asset['destinationUrn'])
        .filter((asset): asset is string => typeof asset === 'string'),
    );
    const start = Math.max(0, input.start ?? 0);
    const count = clamp(input.count, DEFAULT_COUNT, 0, MAX_COUNT);
    const hits = this.service
      .search({
        query: input.query,
        entityTypes: registryTypes(input.types ?? []),
        filters: this.groups(input),
        includeRemoved: input.searchFlags?.includeSoftDeleted === true,
        start: 0,
        count: MAX_COUNT,
        facetFields: [],
        maxFacetValues: 0,
      })
      .hits.filter((hit) => assets.has(hit.urn));
    const tokens = queryTokens(input.query);
    const page = hits.slice(start, start + count);
    return {
      start,
      count: page.length,
      total: hits.length,
      searchResults: page.map((hit) => this.result(hit, tokens)),
      facets: [],
      suggestions: [],
    };
  }

  /** Container.entities / Domain.entities: the search restricted to what the container or domain holds. */
  childSearch(request: ChildSearchRequest): SearchResultsView {
    const { facet, urn, values, types, input, newestVersionFirst, orFilters } = request;
    if (newestVersionFirst === true)
      return this.versionsSearch(urn, { ...input, orFilters: orFilters ?? null });
    const named: FacetFilterInput = { field: facet, values: values ?? [urn] };
    return this.run({
      query: input.query ?? '*',
      ...(types === undefined || types === null ? {} : { types }),
      ...(input.start === undefined ? {} : { start: input.start }),
      ...(input.count === undefined ? {} : { count: input.count }),
      // Each group of orFilters with the facet added (SearchUtils.combineFilters), else the filters and the facet.
      orFilters:
        orFilters !== undefined && orFilters !== null && orFilters.length > 0
          ? orFilters.map((group) => ({ and: [...(group.and ?? []), named] }))
          : [{ and: [...(input.filters ?? []), named] }],
    });
  }

  /**
   * VersionsSearchResolver: the entities of a version set (`versionSet` EQUAL its URN), sorted by
   * versionProperties.sortId descending (VERSION_SORT_ID_FIELD_NAME). The index has no sort by a field, so the
   * matches are read whole and sorted here (a version set holds tens of versions, not the whole catalog).
   */
  private versionsSearch(urn: string, input: EntitiesInput & FilterInputs): SearchResultsView {
    const start = Math.max(0, input.start ?? 0);
    const count = clamp(input.count, DEFAULT_COUNT, 0, MAX_COUNT);
    const sortId = (hitUrn: string): string => {
      const value = this.service.latest(hitUrn, 'versionProperties')?.['sortId'];
      return typeof value === 'string' ? value : '';
    };
    const hits = [
      ...this.service.search({
        query: input.query ?? '*',
        entityTypes: [],
        filters: withCriteria(this.groups(input), [toCriterion({ field: 'versionSet', values: [urn] })]),
        includeRemoved: false,
        start: 0,
        count: MAX_COUNT,
        facetFields: [],
        maxFacetValues: 0,
      }).hits,
    ].sort((a, b) => {
      const [left, right] = [sortId(a.urn), sortId(b.urn)];
      return left === right ? 0 : left < right ? 1 : -1;
    });
    const tokens = queryTokens(input.query ?? '*');
    const page = hits.slice(start, start + count);
    return {
      start,
      count: page.length,
      total: hits.length,
      searchResults: page.map((hit) => this.result(hit, tokens)),
      facets: [],
      suggestions: [],
    };
  }

  autoComplete(input: AutoCompleteInput): AutoCompleteView {
    const hits = this.autocompleteHits(input, clamp(input.limit, DEFAULT_COUNT, 1, 100));
    return {
      query: input.query,
      suggestions: unique(hits.map((hit) => hit.name)),
      entities: hits.map((hit) => this.viewOf(hit.urn)),
    };
  }

  autoCompleteForMultiple(input: AutoCompleteInput): AutoCompleteMultipleView {
    const limit = clamp(input.limit, DEFAULT_COUNT, 1, 100);
    const byType = new Map<string, SearchHit[]>();
    for (const hit of this.autocompleteHits(input, Math.min(limit * 20, 1000))) {
      const group = byType.get(hit.entityType) ?? [];
      if (group.length < limit) byType.set(hit.entityType, [...group, hit]);
    }
    return {
      query: input.query,
      suggestions: [...byType.entries()].map(([entityType, hits]) => ({
        type: graphqlEntityType(entityType),
        suggestions: unique(hits.map((hit) => hit.name)),
        entities: hits.map((hit) => this.viewOf(hit.urn)),
      })),
    };
  }

  /** Terms (or nodes) without a parent node: the top of the glossary tree. */
  rootGlossaryEntities(
    entityType: 'glossaryTerm' | 'glossaryNode',
    input: { start: number; count: number },
  ): RootGlossaryView {
    const start = Math.max(0, input.start);
    const response = this.service.search({
      query: '*',
      entityTypes: [entityType],
      filters: [[{ field: 'parentNode', values: [], negated: true, condition: 'EXISTS' }]],
      includeRemoved: false,
      start,
      count: clamp(input.count, DEFAULT_COUNT, 0, MAX_COUNT),
      facetFields: [],
      maxFacetValues: 0,
    });
    const entities = response.hits.map((hit) => this.viewOf(hit.urn));
    return {
      ...(entityType === 'glossaryTerm' ? { terms: entities } : { nodes: entities }),
      start,
      count: entities.length,
      total: response.total,
    };
  }

  private autocompleteHits(input: AutoCompleteInput, count: number): SearchHit[] {
    const types = input.types ?? (input.type === undefined || input.type === null ? [] : [input.type]);
    return this.service.autocomplete({
      query: input.query,
      entityTypes: registryTypes(types),
      filters: this.groups(input),
      includeRemoved: false,
      count,
    });
  }

  /**
   * The shared search: a page of hits with the default facets (none with skipAggregates). DataHub's default facets
   * (AggregationQueryBuilder.getDefaultFacetFields) include the nested `_entityType␞typeNames`, which the search
   * page's Type filter is built from.
   */
  run(input: SearchAcrossEntitiesInput): SearchResultsView {
    const start = Math.max(0, input.start ?? 0);
    const flags = input.searchFlags ?? {};
    const base = {
      query: input.query,
      entityTypes: registryTypes(input.types ?? []),
      filters: this.groups(input),
      includeRemoved: flags.includeSoftDeleted === true,
    };
    const maxFacetValues = clamp(flags.maxAggValues, DEFAULT_MAX_AGG_VALUES, 0, 1000);
    const skipAggregates = flags.skipAggregates === true;
    const response = this.service.search({
      ...base,
      start,
      count: clamp(input.count, DEFAULT_COUNT, 0, MAX_COUNT),
      facetFields: skipAggregates
        ? []
        : [
            ...FACETS.map(([field]) => field),
            ...(flags.includeStructuredPropertyFacets === true ? this.propertyFacets() : []),
          ],
      maxFacetValues,
    });
    const facets = response.facets.map((facet) => this.facetView(facet.field, facet.values));
    if (!skipAggregates) {
      const request = (extra: readonly FacetFilterInput[], facetFields: readonly string[]) =>
        this.service.search({ ...base, filters: withCriteria(base.filters, extra.map(toCriterion)), start: 0, count: 0, facetFields, maxFacetValues }); // prettier-ignore
      const values = nestedFacetValues(ENTITY_SUB_TYPE_FACET, request);
      if (values.length > 0) facets.push(this.facetView(ENTITY_SUB_TYPE_FACET, values));
    }
    const tokens = queryTokens(input.query);
    return {
      start,
      count: response.hits.length,
      total: response.total,
      searchResults: response.hits.map((hit) => this.result(hit, tokens)),
      facets,
      suggestions: [],
    };
  }

  private result(hit: SearchHit, tokens: readonly string[]): SearchResultView {
    return {
      entity: this.viewOf(hit.urn),
      insights: [],
      matchedFields: matchedFields(hit, tokens),
      extraProperties: [],
    };
  }

  /**
   * The facets of the structured properties shown in search filters (searchFlags.includeStructuredPropertyFacets):
   * `structuredProperties.<qualified name>` of each property whose settings say showInSearchFilters.
   */
  private propertyFacets(): string[] {
    const shown = this.service.search({
      query: '*',
      entityTypes: ['structuredProperty'],
      filters: [[{ field: 'showInSearchFilters', values: ['true'], negated: false, condition: 'EQUAL' }]],
      includeRemoved: false,
      start: 0,
      count: 100,
      facetFields: [],
      maxFacetValues: 0,
    });
    return shown.hits.map((hit) => `${PROPERTY_FACET}${hit.urn.slice('urn:li:structuredProperty:'.length)}`);
  }

  /**
   * FacetMetadata: display name as DataHub's (a structured property's facet: the property's display name, and the
   * property as its entity; a nested facet's: the names of its fields joined, as
   * AggregationQueryBuilder.computeDisplayName does), and the entity of each value that is a URN.
   */
  private facetView(field: string, values: readonly { value: string; count: number }[]): FacetMetadataView {
    const property = field.startsWith(PROPERTY_FACET)
      ? `urn:li:structuredProperty:${field.slice(PROPERTY_FACET.length).replace(/\.keyword$/, '')}`
      : undefined;
    const definition =
      property === undefined ? undefined : this.service.latest(property, 'propertyDefinition');
    const named = definition?.['displayName'];
    const displayName = (name: string) => FACETS.find(([facet]) => facet === name)?.[1] ?? name;
    return {
      field,
      displayName: typeof named === 'string' ? named : field.split(NESTED).map(displayName).join(NESTED),
      entity: property === undefined ? null : () => this.viewOf(property),
      aggregations: values.map((item) => ({
        value: item.value,
        count: item.count,
        entity: () => (parseRawUrn(item.value).ok ? this.viewOf(item.value) : null),
      })),
    };
  }
}

/** A search's facet counts over the search with more criteria. */
type FacetRequest = (
  extra: readonly FacetFilterInput[],
  facetFields: readonly string[],
) => { readonly facets: readonly { readonly values: readonly { value: string; count: number }[] }[] };

/**
 * The values of a nested facet (`_entityType␞typeNames`), as DataHub's nested terms aggregation gives them: each
 * value of the outer field with its count, followed by each value of the inner field within it, the two joined by
 * the separator.
 */
function nestedFacetValues(nested: string, request: FacetRequest): { value: string; count: number }[] {
  const [outer = '', inner = ''] = nested.split(NESTED);
  const values: { value: string; count: number }[] = [];
  for (const first of request([], [outer]).facets[0]?.values ?? []) {
    values.push(first);
    const sub = request([{ field: outer, values: [first.value] }], [inner]).facets[0]?.values ?? [];
    for (const second of sub)
      values.push({ value: `${first.value}${NESTED}${second.value}`, count: second.count });
  }
  return values;
}

/** Which indexed fields hold the query's words, for SearchResult.matchedFields. */
function matchedFields(hit: SearchHit, tokens: readonly string[]): MatchedFieldView[] {
  if (tokens.length === 0) return [];
  const contains = (text: string): boolean => {
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    return tokens.some((token) => words.some((word) => word.startsWith(token)));
  };
  const fields: MatchedFieldView[] = [];
  if (contains(hit.name)) fields.push({ name: 'name', value: hit.name, entity: null });
  if (hit.description !== '' && contains(hit.description)) {
    fields.push({ name: 'description', value: hit.description, entity: null });
  }
  return fields;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
