/**
 * DataHub's lineage search (SearchAcrossLineageResolver, ScrollAcrossLineageResolver) over the catalog's
 * relationship index: the entities upstream or downstream of one, hop by hop, each at the least number of hops it
 * is reached in (its `degree`), filtered by type, by the `degree` filter the app sends (`1`, `2`, `3+`) and by the
 * query, with facets counted over the whole result.
 *
 * Lineage edges are the relationships DataHub's registry marks `isLineage`: the source of DownstreamOf, Consumes,
 * DerivedFrom and TrainedBy is downstream of their destination, and the destination of Produces is downstream of
 * its source (a job produces a dataset).
 */
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { entityTypeOfGraphqlType, graphqlEntityType } from '../../datahub/entity-types.js';
import type { EntityViews } from './entity-views.js';
import { decodeScrollId, encodeScrollId, type FacetFilterInput } from './search-resolvers.js';
import type { View } from './views/aspect-views.js';

const SOURCE_IS_DOWNSTREAM = ['DownstreamOf', 'Consumes', 'DerivedFrom', 'TrainedBy'];
const DESTINATION_IS_DOWNSTREAM = ['Produces'];
/** DataHub's default maximum number of hops (lineageFlags without one), and a bound on what one search reads. */
const MAX_HOPS = 1000;
const MAX_ENTITIES = 10_000;

export interface LineageSearchInput {
  readonly urn?: string | null;
  readonly direction: 'UPSTREAM' | 'DOWNSTREAM';
  readonly types?: readonly string[] | null;
  readonly query?: string | null;
  readonly start?: number | null;
  readonly scrollId?: string | null;
  readonly count?: number | null;
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
  readonly searchFlags?: { readonly includeSoftDeleted?: boolean | null } | null;
}

interface Reached {
  readonly urn: string;
  readonly degree: number;
  readonly path: readonly string[];
}

export class LineageSearch {
  constructor(
    private readonly service: CatalogService,
    private readonly views: EntityViews,
  ) {}

  search(input: LineageSearchInput): View {
    const start = Math.max(0, input.start ?? 0);
    return this.page(input, start);
  }

  scroll(input: LineageSearchInput): View {
    const page = this.page(input, decodeScrollId(input.scrollId));
    const next = (page['start'] as number) + (page['count'] as number);
    return { ...page, nextScrollId: next < (page['total'] as number) ? encodeScrollId(next) : null };
  }

  private page(input: LineageSearchInput, start: number): View {
    const count = Math.min(Math.max(0, input.count ?? 10), MAX_ENTITIES);
    const matched = this.matching(input);
    const page = matched.slice(start, start + count);
    return {
      start,
      count: page.length,
      total: matched.length,
      searchResults: page.map((reached) => ({
        entity: this.views.view(reached.urn),
        insights: [],
        matchedFields: [],
        paths: [{ path: reached.path.map((urn) => this.views.view(urn)) }],
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
                count: MAX_ENTITIES,
                facetFields: [],
                maxFacetValues: 0,
              }) // prettier-ignore
              .hits.map((hit) => hit.urn),
          );
    return this.walk(input.urn, input.direction, includeRemoved).filter((reached) => {
      const raw = parseRawUrn(reached.urn);
      const entityType = raw.ok ? raw.value.entityType : '';
      if (types.size > 0 && !types.has(entityType)) return false;
      if (degrees !== undefined && !degrees(reached.degree)) return false;
      return named === undefined || named.has(reached.urn);
    });
  }

  /** Breadth-first, so each entity is reported at its least degree with one shortest path. */
  private walk(origin: string, direction: 'UPSTREAM' | 'DOWNSTREAM', includeRemoved: boolean): Reached[] {
    const seen = new Set([origin]);
    const reached: Reached[] = [];
    let frontier: Reached[] = [{ urn: origin, degree: 0, path: [origin] }];
    for (let hop = 1; frontier.length > 0 && hop <= MAX_HOPS && reached.length < MAX_ENTITIES; hop++) {
      const next: Reached[] = [];
      for (const from of frontier) {
        for (const urn of this.neighbours(from.urn, direction, includeRemoved)) {
          if (seen.has(urn)) continue;
          seen.add(urn);
          next.push({ urn, degree: hop, path: [...from.path, urn] });
        }
      }
      reached.push(...next);
      frontier = next;
    }
    return reached.slice(0, MAX_ENTITIES);
  }

  private neighbours(urn: string, direction: 'UPSTREAM' | 'DOWNSTREAM', includeRemoved: boolean): string[] {
    return lineageNeighbours(this.service, urn, direction, includeRemoved).map((edge) => edge.urn);
  }
}

/** The entities one lineage hop from `urn`, with the relationship that links them. */
export function lineageNeighbours(
  service: CatalogService,
  urn: string,
  direction: 'UPSTREAM' | 'DOWNSTREAM',
  includeRemoved: boolean,
): { type: string; urn: string }[] {
  const related = (types: readonly string[], way: 'INCOMING' | 'OUTGOING') =>
    service.relationships({ urn, types, direction: way, start: 0, count: MAX_ENTITIES, includeRemoved })
      .items;
  return direction === 'DOWNSTREAM'
    ? [...related(SOURCE_IS_DOWNSTREAM, 'INCOMING'), ...related(DESTINATION_IS_DOWNSTREAM, 'OUTGOING')]
    : [...related(SOURCE_IS_DOWNSTREAM, 'OUTGOING'), ...related(DESTINATION_IS_DOWNSTREAM, 'INCOMING')];
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
function facets(matched: readonly Reached[]): View[] {
  const count = (
    field: string,
    displayName: string,
    valueOf: (reached: Reached) => string | undefined,
  ): View => {
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
