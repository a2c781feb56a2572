/**
 * DataHub's lineage search (SearchAcrossLineageResolver, ScrollAcrossLineageResolver) over the catalog's
 * relationship index: the entities upstream or downstream of one, hop by hop, each at the least number of hops it
 * is reached in (its `degree`, lineage-walk.ts), filtered by type, by the `degree` filter the app sends (`1`, `2`,
 * `3+`) and by the query, with facets counted over the whole result.
 */
import { entityTypeOfGraphqlType, graphqlEntityType } from '../../datahub/entity-types.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { MAX_LINEAGE_ENTITIES, walkLineage, type LineageDirection, type Reached } from './lineage-walk.js';
import { decodeScrollId, nextScrollId } from './scroll-id.js';
import type { FacetFilterInput, FacetMetadataView, Scrolled } from './views/search-views.js';
import type { EntityView, ViewOf } from './views/view-types.js';

export interface LineageSearchInput {
  readonly urn?: string | null;
  readonly direction: LineageDirection;
  readonly types?: readonly string[] | null;
  readonly query?: string | null;
  readonly start?: number | null;
  readonly scrollId?: string | null;
  readonly count?: number | null;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
  readonly searchFlags?: { readonly includeSoftDeleted?: boolean | null } | null;
}

/** SearchAcrossLineageResult (and, with a next scroll id, ScrollAcrossLineageResults). */
export interface LineageSearchResultsView {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly searchResults: readonly {
    readonly entity: EntityView;
    readonly insights: readonly never[];
    readonly matchedFields: readonly never[];
    readonly paths: readonly { readonly path: readonly EntityView[] }[];
    readonly degree: number;
    readonly degrees: readonly number[];
    readonly explored: boolean;
    readonly truncatedChildren: boolean;
    readonly ignoredAsHop: boolean;
  }[];
  readonly facets: readonly FacetMetadataView[];
  readonly freshness: null;
  readonly lineageSearchPath: null;
  readonly isPartial: boolean;
}

export class LineageSearch {
  constructor(
    private readonly service: CatalogService,
    private readonly viewOf: ViewOf,
  ) {}

  search(input: LineageSearchInput): LineageSearchResultsView {
    const start = Math.max(0, input.start ?? 0);
    return this.page(input, start);
  }

  scroll(input: LineageSearchInput): Scrolled<LineageSearchResultsView> {
    const page = this.page(input, decodeScrollId(input.scrollId));
    return { ...page, nextScrollId: nextScrollId(page) };
  }

  private page(input: LineageSearchInput, start: number): LineageSearchResultsView {
    const count = Math.min(Math.max(0, input.count ?? 10), MAX_LINEAGE_ENTITIES);
    const matched = this.matching(input);
    const page = matched.slice(start, start + count);
    return {
      start,
      count: page.length,
      total: matched.length,
      searchResults: page.map((reached) => ({
        entity: this.viewOf(reached.urn),
        insights: [],
        matchedFields: [],
        paths: [{ path: reached.path.map((urn) => this.viewOf(urn)) }],
        degree: reached.degree,
        degrees: [reached.degree],
        explored: false,
        truncatedChildren: false,
        ignoredAsHop: false,
      })),
      facets: facets(matched),
      freshness: null,
      lineageSearchPath: null,
      isPartial: false,
    };
  }

  /** What the walk reaches that the types, degree filter and query keep, nearest first. */
  private matching(input: LineageSearchInput): Reached[] {
    if (input.urn === undefined || input.urn === null) return [];
    const includeRemoved = input.searchFlags?.includeSoftDeleted === true;
    const types = new Set((input.types ?? []).map((type) => entityTypeOfGraphqlType(type) ?? type));
    const degrees = degreeFilter(input.orFilters ?? []);
    const query = input.query ?? '*';
    const named =
      query === '*' || query.trim() === ''
        ? undefined
        : new Set(
            this.service
              .search({
                query,
                entityTypes: [],
                filters: [],
                includeRemoved,
                start: 0,
                count: MAX_LINEAGE_ENTITIES,
                facetFields: [],
                maxFacetValues: 0,
              }) // prettier-ignore
              .hits.map((hit) => hit.urn),
          );
    return walkLineage(this.service, input.urn, input.direction, includeRemoved).filter((reached) => {
      const raw = parseRawUrn(reached.urn);
      const entityType = raw.ok ? raw.value.entityType : '';
      if (types.size > 0 && !types.has(entityType)) return false;
      if (degrees !== undefined && !degrees(reached.degree)) return false;
      return named === undefined || named.has(reached.urn);
    });
  }
}

/** The app's `degree` filter (values `1`, `2`, `3+`), as a test of a degree; undefined when there is none. */
function degreeFilter(
  orFilters: readonly { readonly and?: readonly FacetFilterInput[] | null }[],
): ((degree: number) => boolean) | undefined {
  const values = orFilters.flatMap(
    (group) =>
    (group.and ?? []).filter((filter) => filter.field === 'degree').flatMap((filter) => filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value])), // prettier-ignore
  );
  if (values.length === 0) return undefined;
  return (degree) => values.some((value) => (value.endsWith('+') ? degree >= Number.parseInt(value, 10) : degree === Number(value))); // prettier-ignore
}

/** The facets the lineage page shows, counted over every match: type, platform and degree. */
function facets(matched: readonly Reached[]): FacetMetadataView[] {
  const count = (
    field: string,
    displayName: string,
    valueOf: (reached: Reached) => string | undefined,
  ): FacetMetadataView => {
    const counts = new Map<string, number>();
    for (const reached of matched) {
      const value = valueOf(reached);
      if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return {
      field,
      displayName,
      entity: null,
      aggregations: [...counts.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([value, total]) => ({ value, count: total, entity: null })),
    };
  };
  const entityType = (reached: Reached): string | undefined => {
    const raw = parseRawUrn(reached.urn);
    return raw.ok ? raw.value.entityType : undefined;
  };
  return [
    count('_entityType', 'Type', (reached) => {
      const type = entityType(reached);
      return type === undefined ? undefined : graphqlEntityType(type);
    }),
    count('platform', 'Platform', (reached) => reached.urn.match(/urn:li:dataPlatform:[^,)]+/)?.[0]),
    count('degree', 'Degree', (reached) => (reached.degree >= 3 ? '3+' : String(reached.degree))),
  ];
}
