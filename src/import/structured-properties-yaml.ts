/**
 * The file `datahub properties upsert` reads → StructuredProperty manifests (`catalog import structured-properties`).
 * Reconciled, they give the URNs and propertyDefinition aspects DataHub's CLI emits for the same file.
 *
 * Followed, at DataHub v1.7.0: metadata-ingestion/src/datahub/api/entities/structuredproperties/
 * structuredproperties.py (StructuredProperties: its fields, urn_must_be_present, fqn, validate_type and
 * AllowedTypes, _check_entity_types, TypeQualifierAllowedTypes, AllowedValue {value: StrictStr | float},
 * _coerce_version_to_str, generate_mcps; read with yaml.safe_load), with its example file and golden
 * (examples/structured_properties/structured_properties.yaml, tests/unit/api/entities/structuredproperties/).
 *
 * What the manifests cannot say (a value type URN outside `datahub.`, an allowed value whose type is not the
 * property's), and what GMS v1.7.0 would refuse anyway (a version that is not 14 digits: PropertyDefinitionValidator),
 * is an error at its line: the CLI would send it, and fail. Pure.
 */
import { VERSION_PATTERN } from '../datahub/property-definition-rules.js';
import { VALUE_TYPES, type ValueType } from '../datahub/structured-properties.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import { ENTITY_TYPES } from '../model/registry.js';
import { isPlainObject, str, type Context, type Path, type Raw } from './glossary-config.js';
import { pythonStr } from './python-yaml.js';
import { bool, checkModel, importYamlList, type YamlImport } from './yaml-input.js';

const FIELDS = [
  'id',
  'urn',
  'qualified_name',
  'type',
  'version',
  'value_entity_types',
  'description',
  'display_name',
  'entity_types',
  'cardinality',
  'allowed_values',
  'type_qualifier',
  'immutable',
];

const PREFIX = 'urn:li:structuredProperty:';

export function importStructuredProperties(text: string, fileName: string): YamlImport {
  // from_yaml: `for structuredproperty_raw in structuredproperties` over what safe_load gave.
  const seen = new Map<string, string>();
  return importYamlList(text, fileName, PROPERTIES_FILE, (item, path, context) => {
    const doc = propertyDocument(item, path, context);
    if (doc === undefined) return undefined;
    const id = typeof doc['id'] === 'string' ? doc['id'] : '';
    const first = seen.get(id);
    if (first !== undefined)
      context.error(
        path,
        `${PREFIX}${id} is given twice (first at ${first}); the CLI would write the last one`,
      );
    seen.set(id, context.where(path));
    return doc;
  });
}

const PROPERTIES_FILE = {
  listOf: 'structured properties',
  verb: 'datahub properties upsert',
  model: 'StructuredProperties',
  file: 'structured-properties.yaml',
  kind: 'StructuredProperty',
} as const;

/** One StructuredProperties entry as a StructuredProperty document (undefined: it has an error). */
function propertyDocument(item: Raw, path: Path, context: Context): JsonObject | undefined {
  const before = context.errors.length;
  checkModel(item, 'StructuredProperties', FIELDS, path, context);
  const id = propertyId(item, path, context);
  const type = valueType(item, path, context);
  const version = versionOf(item, path, context);
  const entityTypes = entityTypeList(item['entity_types'], [...path, 'entity_types'], context);
  const allowedTypes = allowedTypesOf(item, path, context);
  const cardinality = str(item, 'cardinality', path, context);
  if (cardinality !== undefined && cardinality !== 'SINGLE' && cardinality !== 'MULTIPLE')
    context.error([...path, 'cardinality'], `'${cardinality}' is not a cardinality (SINGLE or MULTIPLE)`);
  if (item['value_entity_types'] !== undefined && item['value_entity_types'] !== null)
    context.warnings.push(
      `${context.where([...path, 'value_entity_types'])}: not written by DataHub's CLI (generate_mcps ignores it; type_qualifier.allowed_types restricts a urn property's values)`,
    );
  const immutable = bool(item, 'immutable', path, context);
  const displayName = str(item, 'display_name', path, context);
  const description = str(item, 'description', path, context);
  const allowedValues = type === undefined ? undefined : allowedValuesOf(item, type, path, context);
  if (context.errors.length > before || id === undefined || type === undefined) return undefined;
  return compact({
    apiVersion: 'catalog/v1',
    kind: 'StructuredProperty',
    id,
    displayName,
    description,
    type,
    allowedTypes,
    cardinality: cardinality === 'MULTIPLE' ? 'MULTIPLE' : undefined,
    allowedValues,
    entityTypes: entityTypes ?? [],
    immutable: immutable === true ? true : undefined,
    version,
  });
}

/** urn_must_be_present and fqn: the URN given, else urn:li:structuredProperty:<id>; a qualified name must match. */
function propertyId(item: Raw, path: Path, context: Context): string | undefined {
  const urn = str(item, 'urn', path, context);
  const id = str(item, 'id', path, context);
  const qualifiedName = str(item, 'qualified_name', path, context);
  if (!urn && !id) {
    context.error(path, 'Value error, id must be present if urn is not');
    return undefined;
  }
  if (urn && !urn.startsWith(PREFIX)) {
    context.error([...path, 'urn'], `'${urn}' is not a structured property URN (${PREFIX}<id>)`);
    return undefined;
  }
  const fqn = urn ? urn.slice(PREFIX.length) : (id as string);
  if (qualifiedName !== undefined && qualifiedName !== fqn) {
    context.error(
      [...path, 'qualified_name'],
      `ID in the urn and the qualified_name must match ('${fqn}' and '${qualifiedName}')`,
    );
    return undefined;
  }
  if (fqn.includes(' '))
    context.error(
      [...path, urn ? 'urn' : 'id'],
      `'${fqn}' has a space: DataHub refuses it (Urn ID cannot have spaces)`,
    );
  return fqn;
}

/** validate_type: lower-cased unless a URN, made urn:li:dataType:datahub.<type>, one of AllowedTypes. */
function valueType(item: Raw, path: Path, context: Context): ValueType | undefined {
  if (!('type' in item)) {
    context.error(path, 'type: Field required');
    return undefined;
  }
  let written = str(item, 'type', path, context, false);
  if (written === undefined) return undefined;
  if (!written.startsWith('urn:li:') && written !== written.toLowerCase()) {
    context.warnings.push(
      `${context.where([...path, 'type'])}: Structured property type should be lowercase. Updated to ${written.toLowerCase()}`,
    );
    written = written.toLowerCase();
  }
  const urn = written.startsWith('urn:li:dataType:') ? written : `urn:li:dataType:datahub.${written}`;
  const id = urn.slice('urn:li:dataType:'.length);
  if (!id.startsWith('datahub.')) {
    context.error(
      [...path, 'type'],
      `value type ${urn}: a manifest writes DataHub's own value types (urn:li:dataType:datahub.<type>)`,
    );
    return undefined;
  }
  const name = id.slice('datahub.'.length);
  if (!(VALUE_TYPES as readonly string[]).includes(name)) {
    context.error(
      [...path, 'type'],
      `Value error, Type ${name} is not allowed. Allowed types are ${VALUE_TYPES.join(', ')}`,
    );
    return undefined;
  }
  return name as ValueType;
}

/** _coerce_version_to_str; GMS v1.7.0 refuses any version but 14 digits, so the import does too. */
function versionOf(item: Raw, path: Path, context: Context): string | undefined {
  const value = item['version'];
  if (value === undefined || value === null) return undefined;
  const version = typeof value === 'string' ? value : pythonStr(value);
  if (version === undefined || !VERSION_PATTERN.test(version)) {
    context.error(
      [...path, 'version'],
      `version '${version ?? '?'}': DataHub v1.7.0 refuses it (PropertyDefinitionValidator: "Invalid version specified. Must match [0-9]{14}"); write 14 digits, such as "20240610000000"`,
    );
    return undefined;
  }
  return version;
}

/** _validate_entity_type_urn for each item: a known entity type, written by its short name in the manifest. */
function entityTypeList(value: unknown, path: Path, context: Context): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  // The validator takes one string too (then entity_types is that string, which generate_mcps iterates).
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((entry: unknown, index): string[] => {
    const at = Array.isArray(value) ? [...path, index] : path;
    if (typeof entry !== 'string') {
      context.error(at, 'Input should be a valid string');
      return [];
    }
    const name = entry.startsWith('urn:li:entityType:') ? entry.slice('urn:li:entityType:'.length) : entry;
    const short = name.startsWith('datahub.') ? name.slice('datahub.'.length) : name;
    if (!ENTITY_TYPES.includes(short) || (entry.startsWith('urn:') && !name.startsWith('datahub.'))) {
      context.error(
        at,
        `Value error, Input ${entry} is not a valid entity type urn. Valid entity type urns are urn:li:entityType:datahub.<type> of DataHub's entity types (dataset, mlModel, …)`,
      );
      return [];
    }
    return [short];
  });
}

function allowedTypesOf(item: Raw, path: Path, context: Context): string[] | undefined {
  const qualifier = item['type_qualifier'];
  if (qualifier === undefined || qualifier === null) return undefined;
  const at = [...path, 'type_qualifier'];
  if (!isPlainObject(qualifier)) {
    context.error(at, 'Input should be a valid dictionary or instance of TypeQualifierAllowedTypes');
    return undefined;
  }
  checkModel(qualifier, 'TypeQualifierAllowedTypes', ['allowed_types'], at, context);
  if (!('allowed_types' in qualifier)) {
    context.error(at, 'allowed_types: Field required');
    return undefined;
  }
  return entityTypeList(qualifier['allowed_types'], [...at, 'allowed_types'], context);
}

/**
 * AllowedValue {value: StrictStr | float, description}: a number is a float ({double}), a string stays one. A
 * manifest's value has its property's type: a mismatch the CLI would write as the other union member is refused.
 */
function allowedValuesOf(item: Raw, type: ValueType, path: Path, context: Context): JsonObject[] | undefined {
  const value = item['allowed_values'];
  if (value === undefined || value === null) return undefined;
  const at = [...path, 'allowed_values'];
  if (!Array.isArray(value)) {
    context.error(at, 'Input should be a valid list');
    return undefined;
  }
  const values = value.flatMap((entry: unknown, index): JsonObject[] => {
    const here = [...at, index];
    if (!isPlainObject(entry)) {
      context.error(here, 'Input should be a valid dictionary or instance of AllowedValue');
      return [];
    }
    checkModel(entry, 'AllowedValue', ['value', 'description'], here, context);
    const description = str(entry, 'description', here, context);
    const raw = entry['value'];
    const number = typeof raw === 'bigint' ? Number(raw) : typeof raw === 'number' ? raw : undefined;
    let written: JsonValue | undefined;
    if (typeof raw === 'string') written = raw;
    else if (number !== undefined) written = number;
    else {
      context.error([...here, 'value'], 'Input should be a valid string or a valid number');
      return [];
    }
    if ((type === 'number') !== (typeof written === 'number')) {
      context.error(
        [...here, 'value'],
        type === 'number'
          ? `allowed value '${String(written)}' of a number property is a string: the CLI would write it as text, which no number value matches; write it unquoted`
          : `allowed value ${String(written)} of a ${type} property is a number: the CLI would write it as a number, which no ${type} value matches; quote it`,
      );
      return [];
    }
    return [{ value: written, ...(description === undefined ? {} : { description }) }];
  });
  return values.length === 0 ? undefined : values;
}

function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  const result: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) result[key] = value;
  return result;
}
