/**
 * listRecommendations as GMS answers it from the catalog's own data. Of DataHub's candidate sources, the one the
 * app's home page draws from the catalog itself is DomainsCandidateSource (module "Domains": the domains holding
 * the most entities, with their counts); the others need usage, views or recent activity this catalog does not
 * record, and answer nothing, as they do on a DataHub without that history.
 */
import type { CatalogService } from '../catalog-service.js';
import type { EntityView, ViewOf } from './views/view-types.js';

/** EntitySearchAggregationSource.getMaxContent of DomainsCandidateSource. */
const MAX_DOMAINS = 10;

export interface RecommendationsInput {
  readonly requestContext?: { readonly scenario?: string | null } | null;
  readonly limit?: number | null;
}

/** A RecommendationContent: an entity, with the search that lists what it holds. */
interface RecommendationContentView {
  readonly value: string;
  readonly entity: EntityView;
  readonly params: {
    readonly searchParams: {
      readonly types: null;
      readonly query: string;
      readonly filters: readonly {
        readonly field: string;
        readonly condition: string;
        readonly values: readonly string[];
        readonly negated: boolean;
      }[];
    };
    readonly entityProfileParams: null;
    readonly contentParams: { readonly count: number };
  };
}

interface RecommendationModuleView {
  readonly title: string;
  readonly moduleId: string;
  readonly renderType: string;
  readonly content: readonly RecommendationContentView[];
}

export function listRecommendations(
  service: CatalogService,
  view: ViewOf,
  input: RecommendationsInput,
): { readonly modules: readonly RecommendationModuleView[] } {
  const modules: RecommendationModuleView[] = [];
  // DomainsCandidateSource.isEligible: the home page only.
  if (input.requestContext?.scenario === 'HOME') {
    const domains = topDomains(service, view);
    if (domains.length > 0) {
      modules.push({
        title: 'Domains',
        moduleId: 'Domains',
        renderType: 'DOMAIN_SEARCH_LIST',
        content: domains,
      });
    }
  }
  const limit = input.limit ?? modules.length;
  return { modules: modules.slice(0, Math.max(0, limit)) };
}

/**
 * EntitySearchAggregationSource: the `domains` values of every entity, counted; only domains that exist
 * (getValidCandidateUrns); the largest first; each with the search that lists its entities.
 */
function topDomains(service: CatalogService, view: ViewOf): RecommendationContentView[] {
  const counted =
    service.search({
      query: '*',
      entityTypes: [],
      filters: [],
      includeRemoved: false,
      start: 0,
      count: 0,
      facetFields: ['domains'],
      maxFacetValues: MAX_DOMAINS * 2,
    }).facets[0]?.values ?? [];
  return counted
    .filter(({ value }) => service.exists(value, false))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, MAX_DOMAINS)
    .map(({ value, count }) => ({
      value,
      entity: view(value),
      params: {
        searchParams: {
          types: null,
          query: '',
          filters: [{ field: 'domains', condition: 'EQUAL', values: [value], negated: false }],
        },
        entityProfileParams: null,
        contentParams: { count },
      },
    }));
}
