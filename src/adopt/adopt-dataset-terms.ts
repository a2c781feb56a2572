/** Term attachments others added to a declared dataset and its columns, brought into its DatasetTerms document. */
import { reference } from '../kinds/adopt-fields.js';
import type { DesiredDatasetTerms } from '../model/desired-state.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { isJsonObject, stringOr, type JsonValue } from '../model/json.js';
import { isMarkedByAnotherCatalog, isOwnedAssociation } from '../plan/ownership.js';
import type { AdoptionInput } from './adoption.js';
import type { AdoptionRecorder } from './adoption-recorder.js';
import { locationKey, valueAt, type DeclarationSite } from './declaration-sites.js';
import { adoptPropertyValues } from './adopt-properties.js';
import { columnFieldUrn, valuedColumns } from '../plan/diff-dataset-properties.js';

/** Term attachments others added to a declared dataset and its columns. */
export function adoptDatasetTerms(
  recorder: AdoptionRecorder,
  input: AdoptionInput,
  sites: ReadonlyMap<string, DeclarationSite>,
  dataset: DesiredDatasetTerms,
): void {
  const live = input.live.entities.get(dataset.datasetUrn);
  const declaration = sites.get(locationKey(dataset.source));
  if (live === undefined || declaration === undefined) return;
  const actor = input.desired.settings.actor;
  const unowned = (terms: JsonValue | undefined): string[] =>
    (isJsonObject(terms) && Array.isArray(terms['terms']) ? terms['terms'].filter(isJsonObject) : [])
      .filter((term) => !isOwnedAssociation(term, actor) && !isMarkedByAnotherCatalog(term, actor))
      .map((term) => stringOr(term['urn']))
      .filter((urn) => urn !== '');
  const context = recorder.writeContext(dataset.datasetUrn);
  const declaredTerms = new Set(dataset.terms.map((edge) => edge.termUrn));
  const datasetTerms = unique(
    unowned(live.aspects.get('glossaryTerms')?.value).filter((urn) => !declaredTerms.has(urn)),
  );
  if (datasetTerms.length > 0) {
    const items = datasetTerms.map((urn) => reference(urn, context));
    recorder.record(
      dataset.datasetUrn,
      declaration,
      { kind: 'append', path: [...declaration.at, 'terms'], items },
      {
        reason: 'unmanaged',
        field: 'terms',
        source: recorder.fieldSource(declaration, 'terms'),
        live: items,
      },
    );
  }

  const entries = live.aspects.get('editableSchemaMetadata')?.value['editableSchemaFieldInfo'];
  const byColumn = new Map<string, string[]>();
  for (const entry of Array.isArray(entries) ? entries.filter(isJsonObject) : []) {
    const simple = simplifyFieldPath(stringOr(entry['fieldPath']));
    const column = dataset.columns.find((item) => item.simplePath === simple);
    const known = new Set(column?.terms.map((edge) => edge.termUrn) ?? []);
    const found = unowned(entry['glossaryTerms']).filter((urn) => !known.has(urn));
    if (found.length > 0) byColumn.set(simple, unique([...(byColumn.get(simple) ?? []), ...found]));
  }
  const columnsWritten = valueAt(declaration.doc.source.value, [...declaration.at, 'columns']);
  const newColumns: Record<string, JsonValue> = {};
  for (const [simple, urns] of [...byColumn].sort(([a], [b]) => a.localeCompare(b))) {
    const items = urns.map((urn) => reference(urn, context));
    const column = dataset.columns.find((item) => item.simplePath === simple);
    const key = column?.fieldPath ?? simple;
    if (column === undefined && !isJsonObject(columnsWritten)) {
      newColumns[key] = items;
      continue;
    }
    recorder.record(
      dataset.datasetUrn,
      declaration,
      column === undefined
        ? { kind: 'set', path: [...declaration.at, 'columns', key], value: items }
        : { kind: 'append', path: [...declaration.at, 'columns', key], items },
      {
        reason: 'unmanaged',
        field: `columns.${key}`,
        source: recorder.fieldSource(declaration, 'columns'),
        live: items,
      },
    );
  }
  if (Object.keys(newColumns).length > 0) {
    recorder.record(
      dataset.datasetUrn,
      declaration,
      { kind: 'set', path: [...declaration.at, 'columns'], value: newColumns },
      {
        reason: 'unmanaged',
        field: 'columns',
        source: recorder.fieldSource(declaration, 'columns'),
        live: newColumns,
      },
    );
  }
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/** Property values someone else set on a declared dataset and on its columns given values (adopt-properties.ts). */
export function adoptDatasetProperties(
  recorder: AdoptionRecorder,
  input: AdoptionInput,
  sites: ReadonlyMap<string, DeclarationSite>,
  dataset: DesiredDatasetTerms,
): void {
  const declaration = sites.get(locationKey(dataset.source));
  const liveDataset = input.live.entities.get(dataset.datasetUrn);
  if (declaration === undefined || liveDataset?.exists !== true) return;
  const base = input.base?.datasets.find((item) => item.datasetUrn === dataset.datasetUrn);
  const actor = input.desired.settings.actor;
  adoptPropertyValues(recorder, actor, input.unmanaged, {
    urn: dataset.datasetUrn,
    live: liveDataset,
    declaration,
    path: [...declaration.at, 'properties'],
    label: 'properties',
    declared: dataset.properties,
    ...(input.base === undefined ? {} : { base: { values: base?.properties ?? [] } }),
  });
  for (const column of valuedColumns(dataset)) {
    const urn = columnFieldUrn(dataset.datasetUrn, column, liveDataset);
    const written = Object.keys(
      valueAt(declaration.doc.source.value, [...declaration.at, 'columnProperties']) ?? {},
    );
    const key = written.find((path) => simplifyFieldPath(path) === column.simplePath) ?? column.fieldPath;
    const baseColumn = base?.columns.find((item) => item.simplePath === column.simplePath);
    adoptPropertyValues(recorder, actor, input.unmanaged, {
      urn,
      live: input.live.entities.get(urn),
      declaration,
      path: [...declaration.at, 'columnProperties', key],
      label: `columnProperties.${key}`,
      declared: column.properties,
      ...(input.base === undefined ? {} : { base: { values: baseColumn?.properties ?? [] } }),
    });
  }
}
