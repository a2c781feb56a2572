/**
 * Schemas and their columns, after DataHub's SchemaMetadataMapper and SchemaFieldMapper: a version of the
 * schemaMetadata aspect (a dataset's, and a glossary term's where one was written), each field with its type
 * mapped from the Pegasus union, and the tags and terms of each column associated with the column's own URN
 * (`urn:li:schemaField:(<dataset>,<fieldPath>)`). A column is also an entity of its own (SchemaFieldEntity), which
 * each field of a schema names.
 */
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../../../model/json.js';
import { decodeUrnPart, encodeUrnPart, parseRawUrn } from '../../../model/urn.js';
import { globalTagsView, glossaryTermsView } from './aspect-views.js';
import { commonView, type ViewContext } from './entity-base.js';
import { bool, number, object, objects, strings, text } from './json-readers.js';
import type {
  CommonEntityView,
  EntityView,
  GlobalTagsView,
  GlossaryTermsView,
  ViewOf,
} from './view-types.js';

export interface SchemaFieldView {
  readonly fieldPath: string;
  readonly jsonPath: string | null;
  readonly label: string | null;
  readonly nullable: boolean;
  readonly description: string | null;
  readonly type: string;
  readonly nativeDataType: string | null;
  readonly recursive: boolean;
  readonly tags: () => GlobalTagsView | null;
  readonly globalTags: () => GlobalTagsView | null;
  readonly glossaryTerms: () => GlossaryTermsView | null;
  readonly isPartOfKey: boolean | null;
  readonly isPartitioningKey: boolean | null;
  readonly jsonProps: string | null;
  readonly schemaFieldEntity: () => EntityView;
}

export interface SchemaMetadataView {
  readonly aspectVersion: number;
  readonly datasetUrn: string;
  readonly name: string;
  readonly platformUrn: string;
  readonly version: number;
  readonly cluster: string | null;
  readonly hash: string;
  readonly primaryKeys: readonly string[] | null;
  readonly createdAt: number | null;
  readonly fields: readonly SchemaFieldView[];
}

export interface SchemaMetadataArgs {
  readonly version?: number | null;
}

/** SchemaFieldEntity: a column, named by its field path, of its parent dataset. */
export interface SchemaFieldEntityView extends CommonEntityView {
  readonly fieldPath: string;
  readonly parent: () => EntityView;
}

/**
 * A version of an entity's schemaMetadata (0, the latest, unless asked); `key` is the entity's key, whose platform
 * stands in for a schema that names none.
 */
export function schemaMetadataView(
  urn: string,
  version: number,
  key: JsonObject,
  { service, viewOf }: ViewContext,
): SchemaMetadataView | null {
  const aspect =
    version === 0
      ? service.latest(urn, 'schemaMetadata')
      : service.getVersion(urn, 'schemaMetadata', version)?.value;
  if (aspect === undefined) return null;
  return {
    aspectVersion: version,
    datasetUrn: urn,
    name: stringOr(aspect['schemaName']),
    platformUrn: stringOr(aspect['platform'], stringOr(key['platform'])),
    version: number(aspect['version']) ?? 0,
    cluster: text(aspect['cluster']),
    hash: stringOr(aspect['hash']),
    primaryKeys: strings(aspect['primaryKeys']),
    createdAt: number(object(aspect['created'])?.['time']),
    fields: objects(aspect['fields']).map((field) => {
      const fieldPath = stringOr(field['fieldPath']);
      const fieldUrn = schemaFieldUrn(urn, fieldPath);
      const tags = (): GlobalTagsView | null => globalTagsView(object(field['globalTags']), fieldUrn, viewOf);
      return {
        fieldPath,
        jsonPath: text(field['jsonPath']),
        label: text(field['label']),
        nullable: field['nullable'] === true,
        description: text(field['description']),
        type: schemaFieldType(field['type']),
        nativeDataType: text(field['nativeDataType']),
        recursive: field['recursive'] === true,
        tags,
        globalTags: tags,
        glossaryTerms: () => glossaryTermsView(object(field['glossaryTerms']), fieldUrn, viewOf),
        isPartOfKey: bool(field['isPartOfKey']),
        isPartitioningKey: bool(field['isPartitioningKey']),
        jsonProps: text(field['jsonProps']),
        // SchemaFieldMapper names the column's entity and GMS loads it (SchemaFieldType.batchLoad, with
        // schemaFieldEntityFetchEnabled): every URN asked is answered, with its key aspect at least, so a column
        // always has one, carrying the structured properties, documentation and the like set on the column.
        schemaFieldEntity: () => viewOf(fieldUrn),
      };
    }),
  };
}

export function schemaFieldEntityView(urn: string, context: ViewContext): SchemaFieldEntityView {
  const raw = parseRawUrn(urn);
  const parts = raw.ok ? raw.value.parts : [];
  return {
    ...commonView(urn, 'schemaField', context),
    fieldPath: decodeUrnPart(parts[1] ?? ''),
    parent: () => context.viewOf(parts[0] ?? ''),
  };
}

/** `urn:li:schemaField:(<dataset>,<fieldPath>)`, as DataHub names a column for associatedUrn. */
export function schemaFieldUrn(datasetUrn: string, fieldPath: string): string {
  return `urn:li:schemaField:(${datasetUrn},${encodeUrnPart(fieldPath)})`;
}

/** SchemaFieldDataType from the Pegasus union `{"type": {"com.linkedin.schema.StringType": {}}}`. */
function schemaFieldType(value: JsonValue | undefined): string {
  const union = isJsonObject(value) ? object(value['type']) : undefined;
  const member = union === undefined ? '' : (Object.keys(union)[0] ?? '');
  const simple = member.slice(member.lastIndexOf('.') + 1).replace(/Type$/, '');
  const known: Record<string, string> = {
    Boolean: 'BOOLEAN', Fixed: 'FIXED', String: 'STRING', Bytes: 'BYTES', Number: 'NUMBER', Date: 'DATE',
    Time: 'TIME', Enum: 'ENUM', Null: 'NULL', Map: 'MAP', Array: 'ARRAY', Union: 'UNION', Record: 'STRUCT',
  }; // prettier-ignore
  return known[simple] ?? 'NULL';
}

export interface EditableSchemaFieldInfoView {
  readonly fieldPath: string;
  readonly description: string | null;
  readonly glossaryTerms: () => GlossaryTermsView | null;
  readonly tags: () => GlobalTagsView | null;
  readonly globalTags: () => GlobalTagsView | null;
}

export interface EditableSchemaMetadataView {
  readonly editableSchemaFieldInfo: readonly EditableSchemaFieldInfoView[];
}

/** EditableSchemaMetadataMapper: the column edits of a value of editableSchemaMetadata (none: null). */
export function editableSchemaMetadataView(
  aspect: JsonObject | undefined,
  urn: string,
  viewOf: ViewOf,
): EditableSchemaMetadataView | null {
  if (aspect === undefined) return null;
  return {
    editableSchemaFieldInfo: objects(aspect['editableSchemaFieldInfo']).map((entry) => {
      const fieldPath = stringOr(entry['fieldPath']);
      const fieldUrn = schemaFieldUrn(urn, fieldPath);
      const tags = (): GlobalTagsView | null => globalTagsView(object(entry['globalTags']), fieldUrn, viewOf);
      return {
        fieldPath,
        description: text(entry['description']),
        glossaryTerms: () => glossaryTermsView(object(entry['glossaryTerms']), fieldUrn, viewOf),
        tags,
        globalTags: tags,
      };
    }),
  };
}
