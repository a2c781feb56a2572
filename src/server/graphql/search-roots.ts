/**
 * Search root fields beyond search and searchAcrossEntities (core-roots.ts): scrolling, facets alone, the assets of
 * a data product, the user search of the app's pickers, and lineage search.
 */
import { LineageSearch, type LineageSearchInput } from './lineage-search.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import type {
  AggregateAcrossEntitiesInput,
  ScrollAcrossEntitiesInput,
  SearchAcrossEntitiesInput,
} from './search-inputs.js';
import { aggregateAcrossEntitiesInView, scrollAcrossEntitiesInView } from './view-scope.js';

export const searchRoots: RootResolverBuilder = ({ service, views, search }) => {
  const lineage = new LineageSearch(service, views.view, search);
  return {
    scrollAcrossEntities: (args: { input: ScrollAcrossEntitiesInput }) =>
      guard(() => scrollAcrossEntitiesInView(search, service, args.input)),
    aggregateAcrossEntities: (args: { input: AggregateAcrossEntitiesInput }) =>
      guard(() => aggregateAcrossEntitiesInView(search, service, args.input)),
    listDataProductAssets: (args: { urn: string; input: SearchAcrossEntitiesInput }) =>
      guard(() => search.dataProductAssets(args.urn, args.input)),
    // SearchUsersResolver: searchAcrossEntities restricted to users, whatever types the input names.
    searchUsers: (args: { input: SearchAcrossEntitiesInput }) =>
      guard(() => search.searchAcrossEntities({ ...args.input, types: ['CORP_USER'] })),
    searchAcrossLineage: (args: { input: LineageSearchInput }) => guard(() => lineage.search(args.input)),
    scrollAcrossLineage: (args: { input: LineageSearchInput }) => guard(() => lineage.scroll(args.input)),
  };
};
