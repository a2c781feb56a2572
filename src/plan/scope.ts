import type { DesiredState, ExternalReference } from '../model/desired-state.js';

/**
 * The part of the desired state declared in the given files (`--changed-since`): only those entities and
 * datasets are read and planned, so a plan of a small change to a large catalog stays small. Terms the kept
 * datasets refer to but that are declared elsewhere are not created by such a plan: they must already exist,
 * and the preflight checks that they do. The forms assigned to a kept entity are kept too.
 */
export function restrictToFiles(state: DesiredState, files: ReadonlySet<string>): DesiredState {
  const declaredHere = state.entities.filter((entity) => files.has(entity.source.file));
  const datasets = state.datasets.filter((dataset) => files.has(dataset.source.file));
  const kept = new Set([...declaredHere.map((entity) => entity.urn), ...datasets.map((d) => d.datasetUrn)]);
  // A form assigned to a planned entity is planned with it: the entity's forms aspect holds the form's assignment,
  // which a plan without the form would take back.
  const entities = state.entities.filter(
    (entity) =>
      files.has(entity.source.file) ||
      (entity.assignedTo?.some((assigned) => kept.has(assigned.urn)) ?? false),
  );
  const planned = new Set(entities.map((entity) => entity.urn));
  const required = new Map<string, ExternalReference>();
  for (const term of state.externalTerms) if (files.has(term.source.file)) required.set(term.urn, term);
  for (const dataset of datasets) {
    for (const edge of [...dataset.terms, ...dataset.columns.flatMap((column) => column.terms)]) {
      if (!planned.has(edge.termUrn) && !required.has(edge.termUrn))
        required.set(edge.termUrn, { urn: edge.termUrn, source: edge.source });
    }
  }
  return {
    settings: state.settings,
    entities,
    datasets,
    externalTerms: [...required.values()].sort((a, b) => a.urn.localeCompare(b.urn)),
    externalEntities: (state.externalEntities ?? []).filter((reference) => files.has(reference.source.file)),
  };
}
