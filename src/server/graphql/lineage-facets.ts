/**
 * The facets of a lineage search. The degree facet is DataHub's fixed group (LineageSearchService's
 * DEGREE_FILTER_GROUP at v1.7.0): the values `1`, `2` and `3+`, each with a count of 0, first, whatever the results,
 * so the app can always offer every degree; the type and platform facets count the matches.
 */
import { graphqlEntityType } from '../../datahub/entity-types.js';
import { parseRawUrn } from '../../model/urn.js';
import type { FacetMetadataView } from './views/search-views.js';

const DEGREE_FACET: FacetMetadataView = {
  field: 'degree',
  displayName: 'Degree of Dependencies',
  entity: null,
  aggregations: ['1', '2', '3+'].map((value) => ({ value, count: 0, entity: null })),
};

/** The facets of the matches (their URNs), after the degree group. */
export function lineageFacets(matched: readonly string[]): FacetMetadataView[] {
  const count = (
    field: string,
    displayName: string,
    valueOf: (urn: string) => string | undefined,
  ): FacetMetadataView => {
    const counts = new Map<string, number>();
    for (const urn of matched) {
      const value = valueOf(urn);
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
  return [
    DEGREE_FACET,
    count('_entityType', 'Type', (urn) => {
      const raw = parseRawUrn(urn);
      return raw.ok ? graphqlEntityType(raw.value.entityType) : undefined;
    }),
    count('platform', 'Platform', (urn) => urn.match(/urn:li:dataPlatform:[^,)]+/)?.[0]),
  ];
}
