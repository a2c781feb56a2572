/**
 * DatasetTerms: glossary terms attached to a dataset and its columns. The dataset must exist already; the tool
 * owns each edge (dataset or column, term) it adds, not the dataset (architecture.md, section 3.2).
 */
import type { SourceLocation } from '../errors.js';
import type { DesiredDatasetTerms } from '../model/desired-state.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { declaredAt } from './adopt-fields.js';
import type { DeclaringKind } from './kind.js';
import { datasetUrn, termEdges } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import type { KindDocument } from './source.js';
import type { DatasetRefValue } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { fileName, nonEmpty, optional, termUrnsOf } from './export-helpers.js';
import { isJsonObject, stringOr } from '../model/json.js';

export interface DatasetTermsManifest {
  readonly kind: 'DatasetTerms';
  readonly dataset: DatasetRefValue;
  readonly terms?: readonly string[];
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

/** The aspects of a dataset the plan and export read: its term attachments, its schema, its tags, its status. */
export const DATASET_ASPECTS = [
  // globalTags: policies look at a dataset's tags as they are live (e.g. PII datasets, docs/policies.md).
  'globalTags',
  'schemaMetadata',
  'glossaryTerms',
  'editableSchemaMetadata',
  'status',
] as const;

export const datasetTermsKind: DeclaringKind<DatasetTermsManifest> = {
  kind: 'DatasetTerms',
  schemaFile: 'dataset-terms.schema.json',
  resolve: { after: ['GlossaryTerm'], run: resolveDatasetTerms },
  export: {
    entityType: 'dataset',
    aspects: DATASET_ASPECTS,
    start: exportDatasetTerms,
  },
  // Its term attachments others added are adopted as a whole (adopt/compute-adoption.ts, adoptDatasetTerms).
  adopt: { declarations: declaredAt('dataset') },
};

type Doc = KindDocument<DatasetTermsManifest>;

function resolveDatasetTerms(documents: readonly Doc[], context: ResolveContext): void {
  const seen = new Map<string, SourceLocation>();
  for (const doc of documents) {
    const urn = datasetUrn(context, doc, doc.manifest.dataset, ['dataset']);
    if (urn === undefined) continue;
    const source = doc.source.locate(['dataset']);
    const first = seen.get(urn);
    if (first !== undefined) {
      context.error('DUPLICATE_DECLARATION', `the terms of dataset ${urn} are declared twice`, source, {
        related: first,
        hint: 'keep one DatasetTerms document per dataset',
      });
      continue;
    }
    seen.set(urn, source);
    const terms = termEdges(context, doc, doc.manifest.terms ?? [], ['terms']);
    const columns = columnTerms(context, doc);
    context.addDatasetTerms({ datasetUrn: urn, terms, columns, source });
    context.declareEntity(urn, source, {
      dataset: urn,
      terms: terms.map((edge) => edge.termUrn),
      columns: Object.fromEntries(
        columns.map((column) => [column.fieldPath, column.terms.map((edge) => edge.termUrn)]),
      ),
    });
  }
}

function columnTerms(context: ResolveContext, doc: Doc): DesiredDatasetTerms['columns'] {
  const bySimplePath = new Map<string, SourceLocation>();
  return Object.entries(doc.manifest.columns ?? {}).flatMap(([fieldPath, terms]) => {
    const source = doc.source.locate(['columns', fieldPath], 'key');
    const simplePath = simplifyFieldPath(fieldPath);
    const first = bySimplePath.get(simplePath);
    if (first !== undefined) {
      context.error('DUPLICATE_DECLARATION', `column '${simplePath}' is listed twice`, source, {
        related: first,
        hint: 'a [version=2.0] path and its simple form name the same column',
      });
      return [];
    }
    bySimplePath.set(simplePath, source);
    return [{ fieldPath, simplePath, terms: termEdges(context, doc, terms, ['columns', fieldPath]), source }];
  });
}

/**
 * A dataset with term attachments goes to datasets/<platform>/<name>.yaml: every edge, whoever added it
 * (re-planning leaves the others' edges alone).
 */
function exportDatasetTerms(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      for (const dataset of entities) {
        const urn = context.typed(dataset.urn, 'dataset');
        if (urn === undefined) continue;
        const termRef = (term: string): string => context.nameIn('GlossaryTerm', term);
        const terms = termUrnsOf(dataset.aspects.get('glossaryTerms')).map(termRef);
        const columns: Record<string, string[]> = {};
        const pathOf = new Map<string, string>();
        const entries = dataset.aspects.get('editableSchemaMetadata')?.['editableSchemaFieldInfo'];
        for (const entry of Array.isArray(entries) ? entries.filter(isJsonObject) : []) {
          const edges = termUrnsOf(
            isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : undefined,
          ).map(termRef);
          const fieldPath = stringOr(entry['fieldPath']);
          if (edges.length === 0 || fieldPath === '') continue;
          // Entries whose paths name the same column (v2 and simple forms) become one column of the manifest.
          const key = pathOf.get(simplifyFieldPath(fieldPath)) ?? fieldPath;
          pathOf.set(simplifyFieldPath(fieldPath), key);
          columns[key] = [...new Set([...(columns[key] ?? []), ...edges])];
        }
        if (terms.length === 0 && Object.keys(columns).length === 0) continue;
        context.add(`datasets/${fileName(urn.platform)}/${fileName(urn.name)}.yaml`, {
          apiVersion: 'catalog/v1',
          kind: 'DatasetTerms',
          dataset: dataset.urn,
          ...optional('terms', nonEmpty(terms)),
          ...(Object.keys(columns).length === 0 ? {} : { columns }),
        });
        context.count('DatasetTerms');
      }
    },
  };
}
