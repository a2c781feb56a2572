/**
 * DatasetTerms: glossary terms attached to a dataset and its columns. The dataset must exist already; the tool
 * owns each edge (dataset or column, term) it adds, not the dataset (architecture.md, section 3.2).
 */
import type { DeclaringKind } from './kind.js';
import type { DatasetRefValue } from './values.js';

export interface DatasetTermsManifest {
  readonly kind: 'DatasetTerms';
  readonly dataset: DatasetRefValue;
  readonly terms?: readonly string[];
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

export const datasetTermsKind: DeclaringKind<DatasetTermsManifest> = {
  kind: 'DatasetTerms',
  schemaFile: 'dataset-terms.schema.json',
  declares: true,
};
