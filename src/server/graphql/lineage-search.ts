/**
 * DataHub's lineage search (SearchAcrossLineageResolver, ScrollAcrossLineageResolver, LineageSearchService) over the
 * catalog's relationship index: the entities upstream or downstream of one, hop by hop, each at the least number of
 * hops it is reached in (its `degree`, lineage-walk.ts), within the time window of `lineageFlags` (or the input's
 * own `startTimeMillis` / `endTimeMillis`), no further than the highest degree the filter asks for, filtered by type,
 * by the `degree` filter the app sends (`1`, `2`, `3+`). From a column, the columns reached stand for their
 * datasets unless the search flags' grouping says otherwise (DEFAULT_SERVICE_SEARCH_FLAGS), a dataset reached
 * through several of its columns with every path. The query, the other filters and the facets are the entity
 * search's over what was reached (lineage-index.ts).
 */
import { entityTypeOfGraphqlType } from '../../datahub/entity-types.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { parentOfColumn } from './lineage-columns.js';
import { lineageWindow } from './lineage-edges.js';
import { boundedMaxHops, isExplored } from './lineage-hops.js';
import { DEGREE_FACET, searchReached } from './lineage-index.js';
import { MAX_LINEAGE_ENTITIES, walkLineage, type LineageDirection, type Reached } from './lineage-walk.js';
import type { SearchResolvers } from './search-resolvers.js';
import { decodeScrollId, nextScrollId } from './scroll-id.js';
import type { FacetFilterInput, FacetMetadataView, Scrolled } from './views/search-views.js';
import type { EntityView, ViewOf } from './views/view-types.js';

/** LineageFlags.ignoreAsHops: an entity type, and the platforms it is ignored on (every one without any). */
interface IgnoreAsHopInput {
  readonly entityType: string;
  readonly platforms?: readonly string[] | null;
}

interface GroupingCriterionInput {
  readonly baseEntityType?: string | null;
  readonly groupingEntityType?: string | null;
}

export interface LineageSearchInput {
  readonly urn?: string | null;
  readonly direction: LineageDirection;
  readonly types?: readonly string[] | null;
  readonly query?: string | null;
  readonly start?: number | null;
  readonly scrollId?: string | null;
  readonly count?: number | null;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
  readonly startTimeMillis?: number | null;
  readonly endTimeMillis?: number | null;
  readonly lineageFlags?: {
    readonly startTimeMillis?: number | null;
    readonly endTimeMillis?: number | null;
    readonly ignoreAsHops?: readonly IgnoreAsHopInput[] | null;
    readonly entitiesExploredPerHopLimit?: number | null;
  } | null;
  readonly searchFlags?: {
    readonly includeSoftDeleted?: boolean | null;
    readonly groupingSpec?: { readonly groupingCriteria?: readonly GroupingCriterionInput[] | null } | null;
  } | null;
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

/** One result: an entity at its least degree, with every path it was reached by. */
interface Match {
  readonly urn: string;
  readonly degree: number;
  readonly paths: (readonly string[])[];
  readonly ignoredAsHop: boolean;
  readonly explored: boolean;
  readonly truncatedChildren: boolean;
}

export class LineageSearch {
  constructor(
    private readonly service: CatalogService,
    private readonly viewOf: ViewOf,
    private readonly entitySearch: SearchResolvers,
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
    const { matched, facets } = this.matching(input);
    const page = matched.slice(start, start + count);
    return {
      start,
      count: page.length,
      total: matched.length,
      searchResults: page.map((match) => ({
        entity: this.viewOf(match.urn),
        insights: [],
        matchedFields: [],
        paths: match.paths.map((path) => ({ path: path.map((urn) => this.viewOf(urn)) })),
        degree: match.degree,
        degrees: [match.degree],
        explored: match.explored,
        truncatedChildren: match.truncatedChildren,
        ignoredAsHop: match.ignoredAsHop,
      })),
      facets: [DEGREE_FACET, ...facets],
      freshness: null,
      lineageSearchPath: null,
      isPartial: false,
    };
  }

  /**
   * What the walk reaches that the types, degree filter, query and other filters keep, nearest first, with the
   * entity search's facets of them.
   */
  private matching(input: LineageSearchInput): { matched: Match[]; facets: readonly FacetMetadataView[] } {
    if (input.urn === undefined || input.urn === null) return { matched: [], facets: [] };
    const includeRemoved = input.searchFlags?.includeSoftDeleted === true;
    const types = new Set((input.types ?? []).map((type) => entityTypeOfGraphqlType(type) ?? type));
    const degreeValues = degreeFilterValues(input.orFilters ?? []);
    const degrees = degreeTest(degreeValues);
    const window = lineageWindow(
      input.lineageFlags?.startTimeMillis ?? input.startTimeMillis,
      input.lineageFlags?.endTimeMillis ?? input.endTimeMillis,
      () => this.service.now(),
    );
    const hops = boundedMaxHops(maxHops(degreeValues), input.lineageFlags);
    const reached = walkLineage(this.service, input.urn, input.direction, {
      includeRemoved,
      window,
      maxHops: hops,
      ignoreAsHop: ignoredAsHop(input.lineageFlags?.ignoreAsHops ?? []),
      perHopLimit: input.lineageFlags?.entitiesExploredPerHopLimit ?? undefined,
    });
    const matches = groupColumns(reached, columnsAsDatasets(input), hops).filter((match) => {
      const raw = parseRawUrn(match.urn);
      const entityType = raw.ok ? raw.value.entityType : '';
      if (types.size > 0 && !types.has(entityType)) return false;
      return degrees === undefined || degrees(match.degree);
    });
    const found = searchReached(
      this.entitySearch,
      matches.map((match) => match.urn),
      {
        query: input.query ?? '*',
        orFilters: input.orFilters ?? [],
        includeSoftDeleted: includeRemoved,
      },
    );
    return { matched: matches.filter((match) => found.kept.has(match.urn)), facets: found.facets };
  }
}

/**
 * SearchUtils.convertSchemaFieldToDataset: the service's default flags group columns into datasets, so a search
 * whose flags name no grouping gets datasets; one that names a grouping gets them only if it groups columns so.
 */
function columnsAsDatasets(input: LineageSearchInput): boolean {
  const criteria = input.searchFlags?.groupingSpec?.groupingCriteria;
  if (criteria === undefined || criteria === null) return true;
  return criteria.some(
    (criterion) => criterion.baseEntityType === 'SCHEMA_FIELD' && criterion.groupingEntityType === 'DATASET',
  );
}

/**
 * LineageSearchService.generateUrnToRelationshipMap: one match per entity, at its first degree, with every path;
 * explored when it was reached in fewer hops than the walk's bound (lineage-hops.ts).
 */
function groupColumns(reached: readonly Reached[], asDatasets: boolean, maxHops: number): Match[] {
  const matches = new Map<string, Match>();
  for (const one of reached) {
    const urn = (asDatasets ? parentOfColumn(one.urn) : undefined) ?? one.urn;
    const known = matches.get(urn);
    if (known !== undefined) {
      known.paths.push(one.path);
      continue;
    }
    matches.set(urn, {
      urn,
      degree: one.degree,
      paths: [one.path],
      ignoredAsHop: one.ignoredAsHop,
      explored: isExplored(one.degree, maxHops),
      truncatedChildren: one.truncatedChildren,
    });
  }
  return [...matches.values()];
}

/** The values of the app's `degree` filter (`1`, `2`, `3+`). */
function degreeFilterValues(
  orFilters: readonly { readonly and?: readonly FacetFilterInput[] | null }[],
): string[] {
  return orFilters.flatMap((group) =>
    (group.and ?? [])
      .filter((filter) => filter.field === 'degree')
      .flatMap(
        (filter) =>
          filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value]),
      ),
  );
}

/** The degree filter as a test of a degree; undefined when there is none. */
function degreeTest(values: readonly string[]): ((degree: number) => boolean) | undefined {
  if (values.length === 0) return undefined;
  return (degree) => values.some((value) => (value.endsWith('+') ? degree >= Number.parseInt(value, 10) : degree === Number(value))); // prettier-ignore
}

/** SearchUtils.getMaxHops: no further than the highest degree asked for, unless `3+` is (then the bound). */
function maxHops(values: readonly string[]): number | undefined {
  if (values.includes('3+')) return undefined;
  if (values.includes('2')) return 2;
  if (values.includes('1')) return 1;
  return undefined;
}

/**
 * Whether an entity is ignored as a hop (GraphQueryBaseDAO at v1.7.0): its type is listed, with no platforms or
 * with its platform (DataPlatformInstanceUtils.getDataPlatform; here the platform its URN names).
 */
function ignoredAsHop(ignored: readonly IgnoreAsHopInput[]): ((urn: string) => boolean) | undefined {
  if (ignored.length === 0) return undefined;
  const byType = new Map(ignored.map((item) => [entityTypeOfGraphqlType(item.entityType) ?? item.entityType, item.platforms ?? []])); // prettier-ignore
  return (urn) => {
    const raw = parseRawUrn(urn);
    const platforms = raw.ok ? byType.get(raw.value.entityType) : undefined;
    if (platforms === undefined) return false;
    const platform = urn.match(/urn:li:dataPlatform:[^,)]+/)?.[0];
    return platforms.length === 0 || (platform !== undefined && platforms.includes(platform));
  };
}
