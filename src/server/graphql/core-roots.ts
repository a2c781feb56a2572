/**
 * Root fields for entities by URN, search and autocomplete, the glossary roots, aspect history and the term
 * mutations the tool and stewards use (createGlossaryTerm, addTerms, removeTerm, batch forms).
 */
import { aspectHistory, type AspectHistoryInput } from './history-resolver.js';
import { guard, present, type RootResolverBuilder } from './resolver-context.js';
import type { AutoCompleteInput, SearchAcrossEntitiesInput, SearchInput } from './search-inputs.js';
import { TermMutations, type ResourceRef } from './term-mutations.js';
import { isBootstrapped } from './views/bootstrapped.js';
import { autoCompleteForMultipleInView, searchAcrossEntitiesInView } from './view-scope.js';

export const coreRoots: RootResolverBuilder = ({ service, views, search, actor }) => {
  const mutations = new TermMutations(service, actor);
  const byType = (entityType: string) => (args: { urn: string }) =>
    guard(() => views.entity(args.urn, entityType));
  return {
    dataset: byType('dataset'),
    mlFeature: byType('mlFeature'),
    mlFeatureTable: byType('mlFeatureTable'),
    mlModel: byType('mlModel'),
    mlModelGroup: byType('mlModelGroup'),
    mlPrimaryKey: byType('mlPrimaryKey'),
    glossaryTerm: byType('glossaryTerm'),
    glossaryNode: byType('glossaryNode'),
    tag: byType('tag'),
    corpUser: byType('corpuser'),
    corpGroup: byType('corpGroup'),
    dataPlatform: byType('dataPlatform'),
    container: byType('container'),
    domain: byType('domain'),
    dataProduct: byType('dataProduct'),
    application: byType('application'),
    versionSet: byType('versionSet'),
    chart: byType('chart'),
    dashboard: byType('dashboard'),
    dataFlow: byType('dataFlow'),
    dataJob: byType('dataJob'),
    notebook: byType('notebook'),
    dataProcessInstance: byType('dataProcessInstance'),
    entity: (args: { urn: string }) => guard(() => views.entity(args.urn)),
    entities: (args: { urns: string[] }) => guard(() => args.urns.map((urn) => views.entity(urn))),
    entityExists: (args: { urn: string }) =>
      guard(() => service.exists(args.urn) || isBootstrapped(args.urn)),
    search: (args: { input: SearchInput }) => guard(() => search.search(args.input)),
    searchAcrossEntities: (args: { input: SearchAcrossEntitiesInput }) =>
      guard(() => searchAcrossEntitiesInView(search, service, args.input)),
    autoComplete: (args: { input: AutoCompleteInput }) => guard(() => search.autoComplete(args.input)),
    autoCompleteForMultiple: (args: { input: AutoCompleteInput }) =>
      guard(() => autoCompleteForMultipleInView(search, service, args.input)),
    getRootGlossaryTerms: (args: { input: { start: number; count: number } }) =>
      guard(() => search.rootGlossaryEntities('glossaryTerm', args.input)),
    getRootGlossaryNodes: (args: { input: { start: number; count: number } }) =>
      guard(() => search.rootGlossaryEntities('glossaryNode', args.input)),
    aspectHistory: (args: { input: AspectHistoryInput }) => guard(() => aspectHistory(service, args.input)),
    createGlossaryTerm: (args: { input: Parameters<TermMutations['createGlossaryTerm']>[0] }) =>
      guard(() => mutations.createGlossaryTerm(args.input)),
    addTerms: (args: { input: ResourceRef & { termUrns: string[] } }) =>
      guard(() => mutations.addTerms(args.input.termUrns, args.input)),
    addTerm: (args: { input: ResourceRef & { termUrn: string } }) =>
      guard(() => mutations.addTerms([args.input.termUrn], args.input)),
    removeTerm: (args: { input: ResourceRef & { termUrn: string } }) =>
      guard(() => mutations.removeTerms([args.input.termUrn], [args.input])),
    batchAddTerms: (args: { input: { termUrns: string[]; resources: (ResourceRef | null)[] } }) =>
      guard(() => mutations.batchAddTerms(args.input.termUrns, present(args.input.resources))),
    batchRemoveTerms: (args: { input: { termUrns: string[]; resources: (ResourceRef | null)[] } }) =>
      guard(() => mutations.removeTerms(args.input.termUrns, present(args.input.resources))),
  };
};
