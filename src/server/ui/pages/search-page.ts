/**
 * The search page: query and facet filters live in the URL (`/search?q=churn&type=MLMODEL&page=2`), so a
 * search can be shared, reloaded and stepped back to. Values of one facet are alternatives, facets combine.
 */
import { node, nodes, str, type CatalogReader } from '../catalog-reader.js';
import { LABEL_FRAGMENT, labelOf, typeName } from '../label.js';
import { entityPath, html, queryString, type Html } from '../html.js';
import { excerpt, layout } from './layout.js';
import { UI_SEARCH } from '../ui-paths.js';

export const PAGE_SIZE = 20;

/** The facets the page offers, by their search field and URL parameter. */
const FACETS = [
  { field: '_entityType', param: 'type', title: 'Type' },
  { field: 'platform', param: 'platform', title: 'Platform' },
  { field: 'glossaryTerms', param: 'term', title: 'Glossary term' },
  { field: 'tags', param: 'tag', title: 'Tag' },
  { field: 'owners', param: 'owner', title: 'Owner' },
  { field: 'domains', param: 'domain', title: 'Domain' },
] as const;

type FacetParam = (typeof FACETS)[number]['param'];

export interface SearchParams {
  readonly q: string;
  readonly filters: Readonly<Record<FacetParam, readonly string[]>>;
  readonly page: number;
}

export function parseSearchParams(params: URLSearchParams): SearchParams {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const filters = Object.fromEntries(
    FACETS.map(({ param }) => [
      param,
      [...new Set(params.getAll(param).filter((value) => value !== ''))].slice(0, 50),
    ]),
  ) as Record<FacetParam, string[]>;
  return {
    q: (params.get('q') ?? '').slice(0, 500),
    filters,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

const SEARCH_QUERY = /* GraphQL */ `
  query SearchPage($input: SearchAcrossEntitiesInput!) {
    searchAcrossEntities(input: $input) {
      start
      count
      total
      searchResults {
        entity {
          ...Label
        }
      }
      facets {
        field
        aggregations {
          value
          count
          entity {
            ...Label
          }
        }
      }
    }
  }
  ${LABEL_FRAGMENT}
`;

export async function renderSearchPage(
  reader: CatalogReader,
  params: SearchParams,
  signedIn: boolean,
): Promise<Html> {
  const { types, and } = searchFilters(params);
  const data = await reader.query(SEARCH_QUERY, {
    input: {
      query: params.q.trim() === '' ? '*' : params.q,
      start: (params.page - 1) * PAGE_SIZE,
      count: PAGE_SIZE,
      ...(types.length === 0 ? {} : { types }),
      ...(and.length === 0 ? {} : { orFilters: [{ and }] }),
      searchFlags: { maxAggValues: 15 },
    },
  });
  const result = node(data['searchAcrossEntities']) ?? {};
  const total = typeof result['total'] === 'number' ? result['total'] : 0;
  const hits = nodes(result['searchResults']).flatMap((hit) => {
    const entity = node(hit['entity']);
    return entity === undefined ? [] : [labelOf(entity)];
  });
  const facets = nodes(result['facets']);
  const title = params.q.trim() === '' ? 'Browse the catalog' : `Search: ${params.q}`;

  const main = html` <h1 class="visually-hidden">${title}</h1>
    <div class="search-layout">
      <aside class="facets" aria-label="Filters">
        ${FACETS.map((facet) => renderFacet(facet, facets, params))}
      </aside>
      <section class="results" aria-labelledby="results-heading">
        <h2 id="results-heading" class="result-count" aria-live="polite">${resultCount(total, params)}</h2>
        ${activeFilters(params, facets)}
        ${
          hits.length === 0
            ? html`<p class="notice">
                Nothing matches${params.q.trim() === '' ? '' : html` <q>${params.q}</q>`}. Try fewer words or
                fewer filters.
              </p>`
            : html`<ol class="result-list" start="${(params.page - 1) * PAGE_SIZE + 1}">
                ${hits.map(
                  (hit) =>
                    html`<li class="result">
                      <a class="result-name" href="${entityPath(hit.urn)}">${hit.name}</a>
                      <div class="result-meta">
                        <span class="badge">${typeName(hit.type)}</span>${
                          hit.platform === undefined
                            ? ''
                            : html` <span class="platform">${hit.platform}</span>`
                        }
                      </div>
                      ${hit.description === '' ? '' : html`<p class="result-description">${excerpt(hit.description)}</p>`}
                    </li>`,
                )}
              </ol>`
        }
        ${pager(total, params)}
      </section>
    </div>`;
  return layout({ title, query: params.q, signedIn }, main);
}

function searchFilters(params: SearchParams): {
  types: string[];
  and: { field: string; values: string[] }[];
} {
  const and = FACETS.filter(({ param }) => param !== 'type' && params.filters[param].length > 0).map(
    ({ field, param }) => ({ field, values: [...params.filters[param]] }),
  );
  return { types: [...params.filters.type], and };
}

function resultCount(total: number, params: SearchParams): string {
  if (total === 0) return 'No results';
  const first = (params.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, params.page * PAGE_SIZE);
  return `${first}–${last} of ${total} ${total === 1 ? 'result' : 'results'}`;
}

/** One facet: its values with counts, each a link that adds or removes it from the URL. */
function renderFacet(
  facet: (typeof FACETS)[number],
  facets: readonly Record<string, unknown>[],
  params: SearchParams,
): Html {
  const values = nodes(facets.find((item) => item['field'] === facet.field)?.['aggregations']);
  const selected = params.filters[facet.param];
  if (values.length === 0 && selected.length === 0) return html``;
  const id = `facet-${facet.param}`;
  return html`<section class="facet" aria-labelledby="${id}">
    <h2 id="${id}">${facet.title}</h2>
    <ul>
      ${values.map((item) => {
        const value = str(item['value']) ?? '';
        const on = selected.includes(value);
        const next = on ? selected.filter((other) => other !== value) : [...selected, value];
        const href = `${UI_SEARCH}${queryString(toQuery({ ...params, page: 1, filters: { ...params.filters, [facet.param]: next } }))}`;
        return html`<li>
          <a
            href="${href}"
            class="facet-value${on ? ' selected' : ''}"
            aria-current="${on ? 'true' : 'false'}"
          >
            <span class="check" aria-hidden="true">${on ? '☑' : '☐'}</span>
            <span class="facet-label">${facetLabel(facet.field, value, node(item['entity']))}</span>
            <span class="count">${String(typeof item['count'] === 'number' ? item['count'] : 0)}</span></a
          >
        </li>`;
      })}
    </ul>
  </section>`;
}

function facetLabel(field: string, value: string, entity: Record<string, unknown> | undefined): string {
  if (field === '_entityType') return typeName(value);
  return entity === undefined ? value : labelOf(entity).name;
}

/** The filters in force, each removable. */
function activeFilters(params: SearchParams, facets: readonly Record<string, unknown>[]): Html {
  const chips = FACETS.flatMap((facet) =>
    params.filters[facet.param].map((value) => {
      const entity = node(
        nodes(facets.find((item) => item['field'] === facet.field)?.['aggregations']).find(
          (item) => item['value'] === value,
        )?.['entity'],
      );
      const rest = params.filters[facet.param].filter((other) => other !== value);
      const href = `${UI_SEARCH}${queryString(toQuery({ ...params, page: 1, filters: { ...params.filters, [facet.param]: rest } }))}`;
      return html`<li>
        <a
          class="chip"
          href="${href}"
          aria-label="Remove filter ${facet.title}: ${facetLabel(facet.field, value, entity)}"
          >${facet.title}: ${facetLabel(facet.field, value, entity)} <span aria-hidden="true">×</span></a
        >
      </li>`;
    }),
  );
  return chips.length === 0
    ? html``
    : html`<ul class="chips">
        ${chips}
      </ul>`;
}

function pager(total: number, params: SearchParams): Html {
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages <= 1) return html``;
  const link = (page: number, text: string, rel?: string) =>
    html`<a
      href="${UI_SEARCH}${queryString(toQuery({ ...params, page }))}"
      ${rel === undefined ? '' : html` rel="${rel}"`}
      >${text}</a
    >`;
  const window = [...new Set([1, params.page - 1, params.page, params.page + 1, pages])]
    .filter((page) => page >= 1 && page <= pages)
    .sort((a, b) => a - b);
  return html`<nav class="pager" aria-label="Pages">
    ${params.page > 1 ? link(params.page - 1, '← Previous', 'prev') : ''}
    ${window.map((page, index) => {
      const gap =
        index > 0 && page - (window[index - 1] ?? page) > 1
          ? html`<span class="gap" aria-hidden="true">…</span>`
          : '';
      return html`${gap}${
        page === params.page
          ? html`<span aria-current="page" class="current">${String(page)}</span>`
          : link(page, String(page))
      }`;
    })}
    ${params.page < pages ? link(params.page + 1, 'Next →', 'next') : ''}
  </nav>`;
}

function toQuery(params: SearchParams): Record<string, string | readonly string[]> {
  return { q: params.q, ...params.filters, ...(params.page > 1 ? { page: String(params.page) } : {}) };
}
