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
import { resolvePropertyValues } from './property-values.js';
import { propertyMap } from './resolve-helpers.js';
import type { DatasetRefValue, PropertyValues } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { fileName, nonEmpty, optional, propertyValuesOf, termUrnsOf } from './export-helpers.js';
import { isJsonObject, stringOr } from '../model/json.js';

export interface DatasetTermsManifest {
  readonly kind: 'DatasetTerms';
  readonly dataset: DatasetRefValue;
  readonly terms?: readonly string[];
  readonly columns?: Readonly<Record<string, readonly string[]>>;
  /** Structured property values of the dataset, and of its columns (their schemaField entities). */
  readonly properties?: PropertyValues;
  readonly columnProperties?: Readonly<Record<string, PropertyValues>>;
}

/** The aspects of a dataset the plan and export read: its term attachments, its schema, its tags, its status. */
export const DATASET_ASPECTS = [
  // globalTags: policies look at a dataset's tags as they are live (e.g. PII datasets, docs/policies.md).
  'globalTags',
  'schemaMetadata',
  'glossaryTerms',
  'editableSchemaMetadata',
  'status',
  'structuredProperties',
] as const;

export const datasetTermsKind: DeclaringKind<DatasetTermsManifest> = {
  kind: 'DatasetTerms',
  schemaFile: 'dataset-terms.schema.json',
  resolve: { after: ['GlossaryTerm'], run: resolveDatasetTerms },
  export: {
    entityType: 'dataset',
    // forms: a Form's export names the datasets it is assigned to (form.ts).
    aspects: [...DATASET_ASPECTS, 'forms'],
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
    // A dataset's platform is its URN's (GMS reads it from dataPlatformInstance: checked when planning).
    const properties = resolvePropertyValues(
      context,
      doc,
      doc.manifest.properties,
      ['properties'],
      'dataset',
      null,
    );
    context.addDatasetTerms({
      datasetUrn: urn,
      terms,
      columns,
      source,
      ...(properties === undefined ? {} : { properties }),
    });
    context.declareEntity(urn, source, {
      dataset: urn,
      terms: terms.map((edge) => edge.termUrn),
      columns: Object.fromEntries(
        columns.map((column) => [column.fieldPath, column.terms.map((edge) => edge.termUrn)]),
      ),
      properties: propertyMap(properties ?? []),
      columnProperties: Object.fromEntries(
        columns.flatMap((column) =>
          column.properties === undefined ? [] : [[column.fieldPath, propertyMap(column.properties)]],
        ),
      ),
    });
  }
}

/** The columns of `columns` and of `columnProperties`, one each (a column in both has its terms and values). */
function columnTerms(context: ResolveContext, doc: Doc): DesiredDatasetTerms['columns'] {
  const byTerms = listedColumns(context, doc, 'columns', Object.keys(doc.manifest.columns ?? {}));
  const byValues = listedColumns(
    context,
    doc,
    'columnProperties',
    Object.keys(doc.manifest.columnProperties ?? {}),
  );
  const simplePaths = [...new Set([...byTerms.keys(), ...byValues.keys()])];
  return simplePaths.map((simplePath) => {
    const termsPath = byTerms.get(simplePath);
    const valuesPath = byValues.get(simplePath);
    const fieldPath = termsPath ?? valuesPath ?? simplePath;
    const terms =
      termsPath === undefined
        ? []
        : termEdges(context, doc, doc.manifest.columns?.[termsPath] ?? [], ['columns', termsPath]);
    const properties =
      valuesPath === undefined
        ? undefined
        : resolvePropertyValues(
            context,
            doc,
            doc.manifest.columnProperties?.[valuesPath],
            ['columnProperties', valuesPath],
            'schemaField',
            null,
          );
    const source = doc.source.locate(
      termsPath === undefined ? ['columnProperties', fieldPath] : ['columns', fieldPath],
      'key',
    );
    return { fieldPath, simplePath, terms, source, ...(properties === undefined ? {} : { properties }) };
  });
}

/** The field paths of one map by their simple form; a column named twice there is reported. */
function listedColumns(
  context: ResolveContext,
  doc: Doc,
  key: 'columns' | 'columnProperties',
  fieldPaths: readonly string[],
): Map<string, string> {
  const bySimplePath = new Map<string, string>();
  for (const fieldPath of fieldPaths) {
    const simplePath = simplifyFieldPath(fieldPath);
    const first = bySimplePath.get(simplePath);
    if (first !== undefined) {
      context.error(
        'DUPLICATE_DECLARATION',
        `column '${simplePath}' is listed twice`,
        doc.source.locate([key, fieldPath], 'key'),
        {
          related: doc.source.locate([key, first], 'key'),
          hint: 'a [version=2.0] path and its simple form name the same column',
        },
      );
      continue;
    }
    bySimplePath.set(simplePath, fieldPath);
  }
  return bySimplePath;
}

/**
 * A dataset with term attachments or property values goes to datasets/<platform>/<name>.yaml: every edge and value,
 * whoever added it (re-planning leaves the others' alone). Its columns' values live on schemaField entities, which
 * export does not read.
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
        const properties = propertyValuesOf(dataset.aspects.get('structuredProperties'));
        if (terms.length === 0 && Object.keys(columns).length === 0 && properties === undefined) continue;
        context.add(`datasets/${fileName(urn.platform)}/${fileName(urn.name)}.yaml`, {
          apiVersion: 'catalog/v1',
          kind: 'DatasetTerms',
          dataset: dataset.urn,
          ...optional('terms', nonEmpty(terms)),
          ...(Object.keys(columns).length === 0 ? {} : { columns }),
          ...optional('properties', properties),
        });
        context.count('DatasetTerms');
      }
    },
  };
}
