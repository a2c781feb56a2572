/**
 * DataHub's search API over the embedded catalog's index (datahub-graphql-core search.graphql; resolvers
 * SearchResolver, SearchAcrossEntitiesResolver, AutoCompleteResolver, AutoCompleteForMultipleResolver):
 * `*` lists everything, every query word must match (as a prefix), an exact name match ranks first, soft-deleted
 * entities are hidden unless searchFlags.includeSoftDeleted (or a filter on `removed`), and facets count the
 * filtered result set.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { entityTypeOfGraphqlType, graphqlEntityType } from '../../datahub/entity-types.js';
import {
  queryTokens,
  type FacetCriterion,
  type FilterCondition,
  type SearchHit,
} from '../store/entity-index.js';
import type { EntitiesInput, EntityViews } from './entity-views.js';
import type { View } from './views/aspect-views.js';

export interface FacetFilterInput {
  readonly field: string;
  readonly value?: string | null;
  readonly values?: readonly string[] | null;
  readonly negated?: boolean | null;
  readonly condition?: string | null;
}

interface FilterInputs {
  readonly filters?: readonly FacetFilterInput[] | null;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
}

export interface SearchFlags {
  readonly maxAggValues?: number | null;
  readonly skipAggregates?: boolean | null;
  readonly includeSoftDeleted?: boolean | null;
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
const DEFAULT_COUNT = 10;
const MAX_COUNT = 10_000;
const DEFAULT_MAX_AGG_VALUES = 20;
const CONDITIONS: ReadonlySet<string> = new Set([
  'EQUAL', 'IEQUAL', 'IN', 'CONTAIN', 'START_WITH', 'END_WITH', 'EXISTS',
  'GREATER_THAN', 'GREATER_THAN_OR_EQUAL_TO', 'LESS_THAN', 'LESS_THAN_OR_EQUAL_TO',
]); // prettier-ignore
/** DataHub's separator of the fields of a nested facet (`_entityType␞typeNames`) and of their values. */
const NESTED = '\u241E';
/** A type list that matches nothing (every requested type was one the registry does not have). */
const NO_TYPE = ['\u0000none'];

export class SearchResolvers {
  constructor(
    private readonly service: CatalogService,
    private readonly views: EntityViews,
  ) {}

  search(input: SearchInput): View {
    return this.run({ ...input, types: [input.type] });
  }

  searchAcrossEntities(input: SearchAcrossEntitiesInput): View {
    return this.run(input);
  }

  /**
   * ScrollAcrossEntitiesResolver: a page and the id of the next one. The catalog's index is not a point-in-time
   * snapshot, so the scroll id is the next offset (opaque to the app, as DataHub's is); keepAlive has no use here.
   */
  scrollAcrossEntities(input: ScrollAcrossEntitiesInput): View {
    const start = decodeScrollId(input.scrollId);
    const page = this.run({ ...input, start });
    const next = start + (page['count'] as number);
    return {
      ...page,
      nextScrollId: next < (page['total'] as number) ? encodeScrollId(next) : null,
    };
  }

  /**
   * AggregateAcrossEntitiesResolver: the facets alone, of the fields asked for (the default facets without them).
   * A nested facet (`_entityType␞typeNames`) counts each combination of the two fields' values, as DataHub's
   * nested aggregation does, with values joined by the same separator.
   */
  aggregateAcrossEntities(input: AggregateAcrossEntitiesInput): View {
    const asked = (input.facets ?? []).filter((facet): facet is string => typeof facet === 'string');
    const fields = asked.length === 0 ? FACETS.map(([field]) => field) : asked;
    const maxValues = clamp(input.searchFlags?.maxAggValues, DEFAULT_MAX_AGG_VALUES, 0, 1000);
    const request = (extra: readonly FacetFilterInput[], facetFields: readonly string[]) =>
      this.service.search({
        query: input.query,
        entityTypes: registryTypes(input.types ?? []),
        filters: withCriteria(filterGroups(input), extra.map(toCriterion)),
        includeRemoved: input.searchFlags?.includeSoftDeleted === true,
        start: 0,
        count: 0,
        facetFields,
        maxFacetValues: maxValues,
      });
    const plain = fields.filter((field) => !field.includes(NESTED));
    const facets = plain.length === 0 ? [] : request([], plain).facets.map((facet) => ({ field: facet.field, values: facet.values })); // prettier-ignore
    for (const nested of fields.filter((field) => field.includes(NESTED))) {
      const [outer = '', inner = ''] = nested.split(NESTED);
      const values: { value: string; count: number }[] = [];
      for (const first of request([], [outer]).facets[0]?.values ?? []) {
        values.push(first);
        const sub = request([{ field: outer, values: [first.value] }], [inner]).facets[0]?.values ?? [];
        for (const second of sub)
          values.push({ value: `${first.value}${NESTED}${second.value}`, count: second.count });
      }
      facets.push({ field: nested, values });
    }
    return { facets: facets.map((facet) => this.facetView(facet.field, facet.values)) };
  }

  /**
   * ListDataProductAssetsResolver: the search restricted to the assets the data product's properties list. The
   * index has no filter by URN, so the matches are read whole and kept when they are assets (data products hold
   * tens of assets, not the whole catalog).
   */
  dataProductAssets(urn: string, input: SearchAcrossEntitiesInput): View {
    const assets = new Set(
      objectsOf(this.service.latest(urn, 'dataProductProperties')?.['assets'])
        .map((asset) => asset['destinationUrn'])
        .filter((asset): asset is string => typeof asset === 'string'),
    );
    const start = Math.max(0, input.start ?? 0);
    const count = clamp(input.count, DEFAULT_COUNT, 0, MAX_COUNT);
    const hits = this.service
      .search({
        query: input.query,
        entityTypes: registryTypes(input.types ?? []),
        filters: filterGroups(input),
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
  childSearch({ facet, urn, input }: { facet: string; urn: string; input: EntitiesInput }): View {
    const filters = (input.filters ?? []) as FacetFilterInput[];
    return this.run({
      query: input.query ?? '*',
      ...(input.start === undefined ? {} : { start: input.start }),
      ...(input.count === undefined ? {} : { count: input.count }),
      filters: [...filters, { field: facet, values: [urn] }],
    });
  }

  autoComplete(input: AutoCompleteInput): View {
    const hits = this.autocompleteHits(input, clamp(input.limit, DEFAULT_COUNT, 1, 100));
    return {
      query: input.query,
      suggestions: unique(hits.map((hit) => hit.name)),
      entities: hits.map((hit) => this.views.view(hit.urn)),
    };
  }

  autoCompleteForMultiple(input: AutoCompleteInput): View {
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
        entities: hits.map((hit) => this.views.view(hit.urn)),
      })),
    };
  }

  /** Terms (or nodes) without a parent node: the top of the glossary tree. */
  rootGlossaryEntities(
    entityType: 'glossaryTerm' | 'glossaryNode',
    input: { start: number; count: number },
  ): View {
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
    const entities = response.hits.map((hit) => this.views.view(hit.urn));
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
      filters: filterGroups(input),
      includeRemoved: false,
      count,
    });
  }

  /** The shared search: a page of hits with the default facets (none with skipAggregates). */
  run(input: SearchAcrossEntitiesInput): View {
    const start = Math.max(0, input.start ?? 0);
    const flags = input.searchFlags ?? {};
    const response = this.service.search({
      query: input.query,
      entityTypes: registryTypes(input.types ?? []),
      filters: filterGroups(input),
      includeRemoved: flags.includeSoftDeleted === true,
      start,
      count: clamp(input.count, DEFAULT_COUNT, 0, MAX_COUNT),
      facetFields: flags.skipAggregates === true ? [] : FACETS.map(([field]) => field),
      maxFacetValues: clamp(flags.maxAggValues, DEFAULT_MAX_AGG_VALUES, 0, 1000),
    });
    const tokens = queryTokens(input.query);
    return {
      start,
      count: response.hits.length,
      total: response.total,
      searchResults: response.hits.map((hit) => this.result(hit, tokens)),
      facets: response.facets.map((facet) => this.facetView(facet.field, facet.values)),
      suggestions: [],
    };
  }

  private result(hit: SearchHit, tokens: readonly string[]): View {
    return {
      entity: this.views.view(hit.urn),
      insights: [],
      matchedFields: matchedFields(hit, tokens),
      extraProperties: [],
    };
  }

  /** FacetMetadata: display name as DataHub's, and the entity of each value that is a URN. */
  private facetView(field: string, values: readonly { value: string; count: number }[]): View {
    return {
      field,
      displayName: FACETS.find(([name]) => name === field)?.[1] ?? field,
      entity: null,
      aggregations: values.map((item) => ({
        value: item.value,
        count: item.count,
        entity: () => (parseRawUrn(item.value).ok ? this.views.view(item.value) : null),
      })),
    };
  }
}

/** GraphQL EntityType values to registry names; a list of only unknown types matches nothing. */
function registryTypes(types: readonly string[]): string[] {
  if (types.length === 0) return [];
  // Each once: a request may repeat a type (40,000 times made a statement of more parameters than SQLite takes).
  const known = [...new Set(types.flatMap((type) => entityTypeOfGraphqlType(type) ?? []))];
  return known.length === 0 ? NO_TYPE : known;
}

/** orFilters (a disjunction of conjunctions), else the deprecated `filters` as one conjunction. */
function filterGroups(input: FilterInputs): FacetCriterion[][] {
  const groups =
    input.orFilters !== undefined && input.orFilters !== null && input.orFilters.length > 0
      ? input.orFilters.map((group) => group.and ?? [])
      : input.filters === undefined || input.filters === null || input.filters.length === 0
        ? []
        : [input.filters];
  return groups.map((group) => group.map(toCriterion));
}

/** Every group of a disjunction with the criteria added (one group of them alone when there was none). */
function withCriteria(
  groups: readonly FacetCriterion[][],
  criteria: readonly FacetCriterion[],
): FacetCriterion[][] {
  if (criteria.length === 0) return [...groups];
  return groups.length === 0 ? [[...criteria]] : groups.map((group) => [...group, ...criteria]);
}

/** Scroll ids are the offset of the next page, base64url-encoded so the app treats them as opaque. */
export function encodeScrollId(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

export function decodeScrollId(scrollId: string | null | undefined): number {
  if (scrollId === undefined || scrollId === null || scrollId === '') return 0;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8'));
    const offset = isJsonObject(decoded) ? decoded['offset'] : undefined;
    return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : 0;
  } catch {
    return 0;
  }
}

function objectsOf(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter((item): item is JsonObject => isJsonObject(item)) : [];
}

function toCriterion(filter: FacetFilterInput): FacetCriterion {
  const field = filter.field.replace(/\.keyword$/, '');
  let values = filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value]);
  // _entityType values are EntityType names (DATASET); registry names (dataset) are accepted too.
  if (field === '_entityType') values = values.map((value) => graphqlEntityTypeOf(value));
  const condition = filter.condition ?? 'EQUAL';
  return {
    field,
    values,
    negated: filter.negated === true,
    condition: (CONDITIONS.has(condition) ? condition : 'EQUAL') as FilterCondition,
  };
}

function graphqlEntityTypeOf(value: string): string {
  const mapped = graphqlEntityType(value);
  return mapped === 'OTHER' ? value.toUpperCase() : mapped;
}

/** Which indexed fields hold the query's words, for SearchResult.matchedFields. */
function matchedFields(hit: SearchHit, tokens: readonly string[]): View[] {
  if (tokens.length === 0) return [];
  const contains = (text: string): boolean => {
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    return tokens.some((token) => words.some((word) => word.startsWith(token)));
  };
  const fields: View[] = [];
  if (contains(hit.name)) fields.push({ name: 'name', value: hit.name, entity: null });
  if (hit.description !== '' && contains(hit.description)) {
    fields.push({ name: 'description', value: hit.description, entity: null });
  }
  return fields;
}

function clamp(value: number | null | undefined, fallback: number, min: number, max: number): number {
  const number =
    value === undefined || value === null || !Number.isFinite(value) ? fallback : Math.trunc(value);
  return Math.min(Math.max(number, min), max);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
