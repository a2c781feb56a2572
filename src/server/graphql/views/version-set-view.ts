/**
 * Version sets, after DataHub v1.7.0's VersionSetMapper (types/versioning) and VersionsSearchResolver: the latest
 * version from versionSetProperties.latest, and the versions as a search of the entities whose versionProperties
 * name the set, the newest (highest sortId) first.
 */
import { commonView, type ViewContext } from './entity-base.js';
import { text } from './json-readers.js';
import type { EntitiesInput, FacetFilterInput, SearchResultsView } from './search-views.js';
import type { CommonEntityView, EntityView } from './view-types.js';

/** VersionSet.versionsSearch's SearchAcrossEntitiesInput, as far as the search reads it. */
export interface VersionsSearchInput extends EntitiesInput {
  readonly orFilters?: readonly { readonly and?: readonly FacetFilterInput[] | null }[] | null;
}

export interface VersionSetView extends CommonEntityView {
  readonly latestVersion: () => EntityView | null;
  readonly versionsSearch: (args: { readonly input?: VersionsSearchInput | null }) => SearchResultsView;
}

export function versionSetView(urn: string, context: ViewContext): VersionSetView {
  return {
    ...commonView(urn, 'versionSet', context),
    // VersionSet is not in EntityTypeMapper's table; VersionSetMapper names its type itself.
    __typename: 'VersionSet',
    type: 'VERSION_SET',
    latestVersion: () => {
      const latest = text(context.service.latest(urn, 'versionSetProperties')?.['latest']);
      return latest === null ? null : context.viewOf(latest);
    },
    versionsSearch: (args) =>
      context.childSearch({
        facet: 'versionSet',
        urn,
        input: args.input ?? {},
        newestVersionFirst: true,
        orFilters: args.input?.orFilters ?? null,
      }),
  };
}
