/**
 * The hierarchy conditions of DataHub's filters (Condition DESCENDANTS_INCL, ANCESTORS_INCL, RELATED_INCL), as its
 * query rewriters apply them at v1.7.0 (metadata-io search/elasticsearch/query/filter/DomainExpansionRewriter,
 * ContainerExpansionRewriter): a filter on `domains` or `container` with one of them matches the URNs given and
 * the domains (containers) nested under them (DESCENDANTS_INCL: IsPartOf edges walked backwards), above them
 * (ANCESTORS_INCL: forwards), or both (RELATED_INCL). The search page's "within" operator on Domain sends
 * DESCENDANTS_INCL. The walk stops at EXPANSION_LIMIT URNs, as the rewriters' `limit` does.
 */
import type { CatalogService } from '../catalog-service.js';
import type { FilterInputs } from './search-inputs.js';
import type { FacetFilterInput } from './views/search-views.js';

/** The fields the rewriters expand, each over its IsPartOf edges. */
const HIERARCHY_FIELDS = new Set(['domains', 'container']);
const HIERARCHY_CONDITIONS = new Set(['DESCENDANTS_INCL', 'ANCESTORS_INCL', 'RELATED_INCL']);
/** QueryFilterRewriterConfiguration's default expansion limit. */
const EXPANSION_LIMIT = 100;

/** The filters of a request with every hierarchy condition turned into an equality on the expanded URNs. */
export function expandHierarchyFilters<T extends FilterInputs>(input: T, service: CatalogService): T {
  const expand = (filters: readonly FacetFilterInput[]): FacetFilterInput[] =>
    filters.map((filter) => expandFilter(filter, service));
  return {
    ...input,
    ...(input.filters === undefined || input.filters === null ? {} : { filters: expand(input.filters) }),
    ...(input.orFilters === undefined || input.orFilters === null
      ? {}
      : { orFilters: input.orFilters.map((group) => ({ and: expand(group.and ?? []) })) }),
  };
}

function expandFilter(filter: FacetFilterInput, service: CatalogService): FacetFilterInput {
  const field = filter.field.replace(/\.keyword$/, '');
  const condition = filter.condition ?? '';
  if (!HIERARCHY_FIELDS.has(field) || !HIERARCHY_CONDITIONS.has(condition)) return filter;
  const given = filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value]);
  const prefix = field === 'domains' ? 'urn:li:domain:' : 'urn:li:container:';
  const values =
    condition === 'DESCENDANTS_INCL'
      ? walk(given, 'INCOMING', prefix, service)
      : condition === 'ANCESTORS_INCL'
        ? walk(given, 'OUTGOING', prefix, service)
        : walk(walk(given, 'INCOMING', prefix, service), 'OUTGOING', prefix, service);
  return { field: filter.field, values, negated: filter.negated ?? false, condition: 'EQUAL' };
}

/**
 * The URNs given and the domains (containers: `prefix`) IsPartOf edges reach from them in one direction, breadth
 * first, up to the limit; the assets that are part of a container are not containers and are not followed.
 */
function walk(
  start: readonly string[],
  direction: 'INCOMING' | 'OUTGOING',
  prefix: string,
  service: CatalogService,
): string[] {
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length > 0 && seen.size < EXPANSION_LIMIT) {
    const urn = queue.shift() as string;
    const related = service.relationships({
      urn,
      types: ['IsPartOf'],
      direction,
      start: 0,
      count: EXPANSION_LIMIT,
      includeRemoved: false,
    }).items;
    for (const item of related) {
      if (seen.size >= EXPANSION_LIMIT || seen.has(item.urn) || !item.urn.startsWith(prefix)) continue;
      seen.add(item.urn);
      queue.push(item.urn);
    }
  }
  return [...seen];
}
