/**
 * A dataset's siblings (the same table seen by two sources, e.g. a dbt model and the warehouse table it builds), as
 * DataHub v1.7.0 answers them; DataHub's web app merges a sibling's metadata into the page of the other from these
 * two answers (combineEntityDataWithSiblings), unless it is asked to show them separately:
 *
 * - `siblings`: the dataset's own `siblings` aspect (SiblingsMapper): whether it is the primary one, and its
 *   siblings;
 * - `siblingsSearch`: SiblingsSearchResolver, a scroll over the entities whose `siblings` search field (the
 *   siblings aspect's list) names this dataset, with the input's query, types, filters and count. That field
 *   indexes the same path as the aspect's SiblingOf relationship, so the catalog finds them in its relationship
 *   index and searches among them.
 */
import { decodeScrollId, nextScrollId } from '../scroll-id.js';
import type { ScrollAcrossEntitiesInput } from '../search-inputs.js';
import { latestOf, type ViewContext } from './entity-base.js';
import { strings } from './json-readers.js';
import type { Scrolled, SearchResultsView } from './search-views.js';
import type { EntityView } from './view-types.js';

export interface SiblingPropertiesView {
  readonly isPrimary: boolean | null;
  readonly siblings: readonly EntityView[];
}

/** The most siblings read: a dataset has one or two (dbt and its warehouse); DataHub's search stops at 10,000. */
const MAX_SIBLINGS = 10_000;

/** SiblingsMapper: the `siblings` aspect, or null without one. */
export function siblingsView(urn: string, context: ViewContext): SiblingPropertiesView | null {
  const aspect = latestOf(urn, context)('siblings');
  if (aspect === undefined) return null;
  const primary = aspect['primary'];
  return {
    isPrimary: typeof primary === 'boolean' ? primary : null,
    siblings: (strings(aspect['siblings']) ?? []).map((sibling) => context.viewOf(sibling)),
  };
}

/** SiblingsSearchResolver: a page of the entities that name this one as their sibling. */
export function siblingsSearch(
  urn: string,
  input: ScrollAcrossEntitiesInput,
  { service, childSearch }: ViewContext,
): Scrolled<SearchResultsView> {
  const start = decodeScrollId(input.scrollId);
  const naming = service
    .relationships({
      urn,
      types: ['SiblingOf'],
      direction: 'INCOMING',
      start: 0,
      count: MAX_SIBLINGS,
      includeRemoved: true,
    }) // prettier-ignore
    .items.map((item) => item.urn);
  if (naming.length === 0)
    return { start, count: 0, total: 0, searchResults: [], facets: [], suggestions: [], nextScrollId: null };
  const page = childSearch({
    facet: 'urn',
    urn,
    values: naming,
    types: input.types ?? null,
    input: { query: input.query, start, ...(input.count === undefined ? {} : { count: input.count }) },
    orFilters: input.orFilters ?? null,
  });
  return { ...page, nextScrollId: nextScrollId(page) };
}
