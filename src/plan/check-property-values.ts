/**
 * Structured property values checked when the plan has read the catalog, before any write (preflight.ts): those of
 * a property the manifests do not declare, against its definition in the catalog (the manifests' own are checked
 * when resolving, kinds/property-values.ts); for every property, the data platforms it is restricted to (GMS reads
 * an entity's platform from its dataPlatformInstance), and whether it is soft-deleted (GMS refuses its values); and
 * the column of a column's values. A value already in the catalog needs no check: nothing is written for it.
 */
import { readDefinition, type PrimitiveValue } from '../datahub/structured-properties.js';
import type { Diagnostic } from '../errors.js';
import { propertyValueProblems } from '../kinds/property-value-checks.js';
import type { DesiredEntity, DesiredPropertyValue, DesiredState } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { isJsonObject, stringOr, type JsonObject } from '../model/json.js';
import type { LiveEntity, LiveState } from '../model/live-state.js';
import { parseRawUrn } from '../model/urn.js';
import { columnFieldUrn, valuedColumns } from './diff-dataset-properties.js';
import { schemaFieldPaths } from './diff-term-edges.js';

interface Valued {
  readonly urn: string;
  readonly entityType: string;
  readonly values: readonly DesiredPropertyValue[];
  /** The platform the entity will have: undefined when none, null when it cannot be known here. */
  readonly platform: string | null | undefined;
}

export function checkPropertyValues(desired: DesiredState, live: LiveState): Diagnostic[] {
  const declared = new Map(desired.entities.map((entity) => [entity.urn, entity]));
  const diagnostics: Diagnostic[] = [];
  for (const target of valuedTargets(desired, live)) {
    const current = liveValues(live.entities.get(target.urn));
    for (const value of target.values) {
      if (current.get(value.propertyUrn) === valuesKey(value.values)) continue;
      const property = live.entities.get(value.propertyUrn);
      const own = declared.get(value.propertyUrn);
      const definition = readDefinition(own?.fields ?? property?.aspects.get('propertyDefinition')?.value);
      const name = value.propertyUrn.replace(/^urn:li:structuredProperty:/, '');
      if (own === undefined && property?.aspects.get('status')?.value['removed'] === true) {
        diagnostics.push({
          code: 'INVALID_VALUE',
          severity: 'error',
          message: `property ${value.propertyUrn} is soft-deleted in the catalog: DataHub refuses its values`,
          location: value.source,
          hint: 'remove the value, or declare the property in the manifests to restore it',
        });
        continue;
      }
      // A missing definition is reported with the entities the manifests require (preflight.ts).
      if (definition === undefined) continue;
      const problems = propertyValueProblems(
        name,
        definition,
        value.values as PrimitiveValue[],
        target.entityType,
        target.platform,
      ).filter((problem) => own === undefined || problem.rule === 'platform');
      for (const problem of problems)
        diagnostics.push({
          code: 'INVALID_VALUE',
          severity: 'error',
          message: problem.message,
          location:
            problem.index === undefined ? value.source : (value.valueSources[problem.index] ?? value.source),
          hint: problem.hint,
        });
    }
  }
  diagnostics.push(...missingColumns(desired, live));
  return diagnostics;
}

/** Every entity given values, with the platform GMS will read for it. */
function valuedTargets(desired: DesiredState, live: LiveState): Valued[] {
  const targets: Valued[] = [];
  for (const entity of desired.entities) {
    const values = entity.associations?.properties ?? [];
    if (values.length > 0)
      targets.push({
        urn: entity.urn,
        entityType: entity.entityType,
        values,
        platform: plannedPlatform(entity, live),
      });
  }
  for (const dataset of desired.datasets) {
    const liveDataset = live.entities.get(dataset.datasetUrn);
    if ((dataset.properties ?? []).length > 0)
      targets.push({
        urn: dataset.datasetUrn,
        entityType: 'dataset',
        values: dataset.properties ?? [],
        platform: instancePlatform(liveDataset),
      });
    // A schema field's platform is its dataset's, named in the dataset's URN.
    const raw = parseRawUrn(dataset.datasetUrn);
    for (const column of valuedColumns(dataset))
      targets.push({
        urn: columnFieldUrn(dataset.datasetUrn, column, liveDataset),
        entityType: 'schemaField',
        values: column.properties ?? [],
        platform: raw.ok ? raw.value.parts[0] : undefined,
      });
  }
  return targets;
}

/** The platform of a declared entity once the plan is applied: the dataPlatformInstance it writes, else the live one. */
function plannedPlatform(entity: DesiredEntity, live: LiveState): string | undefined {
  const planned = entity.aspects?.find((aspect) => aspect.aspectName === 'dataPlatformInstance')?.value;
  const platform = planned?.['platform'];
  return typeof platform === 'string' ? platform : instancePlatform(live.entities.get(entity.urn));
}

function instancePlatform(entity: LiveEntity | undefined): string | undefined {
  const platform = entity?.aspects.get('dataPlatformInstance')?.value['platform'];
  return typeof platform === 'string' ? platform : undefined;
}

/** The live values of an entity by property URN, each as a comparable key. */
function liveValues(entity: LiveEntity | undefined): Map<string, string> {
  const properties = entity?.aspects.get('structuredProperties')?.value['properties'];
  const lines = Array.isArray(properties) ? properties.filter(isJsonObject) : [];
  return new Map(
    lines.map((line) => [
      stringOr(line['propertyUrn']),
      valuesKey(Array.isArray(line['values']) ? line['values'].filter(isJsonObject) : []),
    ]),
  );
}

function valuesKey(values: readonly JsonObject[]): string {
  return JSON.stringify(values.map((value) => JSON.stringify(value)).sort());
}

/** A column given values must be in its dataset's schema, where the dataset has one. */
function missingColumns(desired: DesiredState, live: LiveState): Diagnostic[] {
  return desired.datasets.flatMap((dataset) => {
    const paths = schemaFieldPaths(live.entities.get(dataset.datasetUrn));
    if (paths.length === 0) return [];
    const simple = new Set(paths.map(simplifyFieldPath));
    return valuedColumns(dataset)
      .filter((column) => !paths.includes(column.fieldPath) && !simple.has(column.simplePath))
      .map((column): Diagnostic => ({
        code: 'MISSING_COLUMN',
        severity: 'error',
        message: `column '${column.fieldPath}' is not in the schema of ${dataset.datasetUrn}`,
        location: column.source,
        hint: didYouMean(column.simplePath, simple) ?? `its columns are: ${[...simple].sort().join(', ')}`,
      }));
  });
}
