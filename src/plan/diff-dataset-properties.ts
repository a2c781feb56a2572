/**
 * Structured property values of a dataset and of its columns (DatasetTerms `properties:` and `columnProperties:`).
 * A dataset's values are in its structuredProperties aspect; a column's in the structuredProperties of its
 * schemaField entity, urn:li:schemaField:(<dataset>,<fieldPath>) with the field path the dataset's schema gives the
 * column (a simple path written in the manifest names its [version=2.0] field), as DataHub's UI names it. Each value
 * is owned like a term edge (diff-associations.ts).
 */
import type { DesiredColumnTerms, DesiredDatasetTerms } from '../model/desired-state.js';
import { simplifyFieldPath } from '../model/field-path.js';
import type { LiveEntity, LiveState } from '../model/live-state.js';
import { encodeUrnPart } from '../model/urn.js';
import { diffPropertyValues, type AssociationsDiff } from './diff-associations.js';
import { schemaFieldPaths } from './diff-term-edges.js';

/** The URN of a column's schemaField entity (SchemaFieldUrn: the field path encoded as a URN part). */
export function schemaFieldUrn(datasetUrn: string, fieldPath: string): string {
  return `urn:li:schemaField:(${datasetUrn},${encodeUrnPart(fieldPath)})`;
}

/** The schemaField URN of a declared column: its field path in the live schema, else as the manifest writes it. */
export function columnFieldUrn(
  datasetUrn: string,
  column: Pick<DesiredColumnTerms, 'fieldPath' | 'simplePath'>,
  liveDataset: LiveEntity | undefined,
): string {
  const paths = schemaFieldPaths(liveDataset);
  const fieldPath = paths.includes(column.fieldPath)
    ? column.fieldPath
    : (paths.find((path) => simplifyFieldPath(path) === column.simplePath) ?? column.fieldPath);
  return schemaFieldUrn(datasetUrn, fieldPath);
}

/** The columns of a dataset whose values the plan compares: the declared ones that declare values. */
export function valuedColumns(dataset: DesiredDatasetTerms): DesiredColumnTerms[] {
  return dataset.columns.filter((column) => column.properties !== undefined);
}

/** Every property change of one declared dataset and its columns. */
export function diffDatasetProperties(
  dataset: DesiredDatasetTerms,
  live: LiveState,
  actor: string,
): AssociationsDiff {
  const liveDataset = live.entities.get(dataset.datasetUrn);
  const diffs = [
    diffPropertyValues(
      { urn: dataset.datasetUrn, entityType: 'dataset', source: dataset.source },
      dataset.properties,
      liveDataset,
      actor,
    ),
    ...valuedColumns(dataset).map((column) => {
      const urn = columnFieldUrn(dataset.datasetUrn, column, liveDataset);
      return diffPropertyValues(
        { urn, entityType: 'schemaField', source: column.source },
        column.properties,
        live.entities.get(urn),
        actor,
      );
    }),
  ];
  return {
    changes: diffs.flatMap((diff) => diff.changes),
    notes: diffs.flatMap((diff) => diff.notes),
  };
}
