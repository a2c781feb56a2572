/**
 * DataHub v1.7.0's structured properties as data: the value types a property may have, the URN forms of its value
 * type and entity types, and the checks GMS makes of a property's values on an entity
 * (metadata-io/.../structuredproperties/validation/StructuredPropertiesValidator.java, with
 * entity-registry/.../models/StructuredPropertyUtils.java), each answered with GMS's own message. The plan checks
 * values with these before writing (GMS does not check an entity's type against the property's), and the embedded
 * catalog refuses with them as GMS does (a 422 with the message).
 */

/** The value types DataHub's CLI and UI offer (structuredproperties.py AllowedTypes), as their dataType ids. */
export const VALUE_TYPES = ['string', 'rich_text', 'number', 'date', 'urn'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** urn:li:dataType:datahub.<type>, as Urn.make_data_type_urn writes it. */
export function dataTypeUrn(type: ValueType): string {
  return `urn:li:dataType:datahub.${type}`;
}

/**
 * The value type of a valueType URN (StructuredPropertyUtils.getValueTypeId and getLogicalValueType: the id after
 * `datahub.`, lowercased), or undefined for one GMS cannot validate ("Validation support ... not yet implemented").
 */
export function valueTypeOf(valueTypeUrn: string): ValueType | undefined {
  const id = urnId(valueTypeUrn, 'dataType');
  if (id === undefined) return undefined;
  const name = (id.startsWith('datahub.') ? (id.split('.')[1] ?? '') : id).toLowerCase();
  return (VALUE_TYPES as readonly string[]).includes(name) ? (name as ValueType) : undefined;
}

/** An entity type name or URN as the CLI writes it: urn:li:entityType:datahub.<name> (Urn.make_entity_type_urn). */
export function entityTypeUrn(nameOrUrn: string): string {
  return nameOrUrn.startsWith('urn:li:entityType:') ? nameOrUrn : `urn:li:entityType:datahub.${nameOrUrn}`;
}

/** The entity type an entityType URN names, with or without `datahub.` (StructuredPropertyUtils.getEntityTypeId). */
export function entityTypeName(urn: string): string | undefined {
  const id = urnId(urn, 'entityType');
  if (id === undefined) return undefined;
  return id.startsWith('datahub.') ? id.slice('datahub.'.length) : id;
}

/** A value as GMS stores it (the PrimitivePropertyValue union, in Pegasus JSON). */
export type PrimitiveValue = { readonly string: string } | { readonly double: number };

/** The fields of a propertyDefinition the checks read, from a stored value (undefined: not a definition). */
export interface PropertyDefinition {
  readonly qualifiedName: string;
  readonly valueType: string;
  readonly cardinality: 'SINGLE' | 'MULTIPLE';
  readonly entityTypes: readonly string[];
  readonly allowedValues?: readonly { readonly value: PrimitiveValue; readonly description?: string }[];
  readonly allowedTypes?: readonly string[];
  readonly allowedPlatforms?: readonly string[];
  readonly immutable: boolean;
  readonly version?: string;
  readonly displayName?: string;
}

export function readDefinition(value: unknown): PropertyDefinition | undefined {
  if (!isRecord(value)) return undefined;
  const { qualifiedName, valueType } = value;
  if (typeof qualifiedName !== 'string' || typeof valueType !== 'string') return undefined;
  const allowed = Array.isArray(value['allowedValues'])
    ? value['allowedValues'].flatMap((item: unknown) => {
        if (!isRecord(item)) return [];
        const primitive = primitiveOf(item['value']);
        if (primitive === undefined) return [];
        const description = item['description'];
        return [{ value: primitive, ...(typeof description === 'string' ? { description } : {}) }];
      })
    : undefined;
  const qualifier = value['typeQualifier'];
  const allowedTypes = isRecord(qualifier) ? strings(qualifier['allowedTypes']) : undefined;
  const platforms = strings(value['allowedPlatforms']);
  return {
    qualifiedName,
    valueType,
    cardinality: value['cardinality'] === 'MULTIPLE' ? 'MULTIPLE' : 'SINGLE',
    entityTypes: strings(value['entityTypes']) ?? [],
    ...(allowed === undefined ? {} : { allowedValues: allowed }),
    ...(allowedTypes === undefined ? {} : { allowedTypes }),
    ...(platforms === undefined ? {} : { allowedPlatforms: platforms }),
    immutable: value['immutable'] === true,
    ...(typeof value['version'] === 'string' ? { version: value['version'] } : {}),
    ...(typeof value['displayName'] === 'string' ? { displayName: value['displayName'] } : {}),
  };
}

/** A stored value as a PrimitivePropertyValue, or undefined when it is neither member of the union. */
export function primitiveOf(value: unknown): PrimitiveValue | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  if (typeof value['string'] === 'string') return { string: value['string'] };
  if (typeof value['double'] === 'number') return { double: value['double'] };
  return undefined;
}

/** Two values are the same member with the same value (PrimitivePropertyValue.equals). */
export function samePrimitive(a: PrimitiveValue, b: PrimitiveValue): boolean {
  return 'string' in a ? 'string' in b && a.string === b.string : 'double' in b && a.double === b.double;
}

/** How Java prints a value in GMS's messages: the union's DataMap, e.g. {string=gold} or {double=30.0}. */
export function formatPrimitive(value: PrimitiveValue): string {
  return 'string' in value ? `{string=${value.string}}` : `{double=${javaDouble(value.double)}}`;
}

/** Lucene's keyword term limit (ESUtils.KEYWORD_MAXLENGTH): GMS refuses longer string values. */
export const KEYWORD_MAX_BYTES = 32766;

/**
 * The problems GMS finds with the values of one property on an entity (StructuredPropertiesValidator,
 * validateProposedUpserts: cardinality, then each value's type, allowed values and length), in its words.
 * `platform`: the entity's data platform URN, for a property restricted to some (allowedPlatforms).
 */
export function assignmentProblems(
  propertyUrn: string,
  definition: PropertyDefinition,
  values: readonly PrimitiveValue[],
  entityUrn: string,
  platform?: string,
): string[] {
  const problems: string[] = [];
  if (definition.cardinality === 'SINGLE' && values.length > 1) {
    problems.push(
      `Property: ${propertyUrn} has cardinality 1, but multiple values were assigned: [${values.map(formatPrimitive).join(', ')}]`,
    );
  }
  for (const value of values) {
    const typeProblem = valueTypeProblem(propertyUrn, definition, value);
    if (typeProblem !== undefined) problems.push(typeProblem);
    const allowed = definition.allowedValues;
    if (allowed !== undefined && !allowed.some((item) => samePrimitive(item.value, value))) {
      problems.push(
        `Property: ${propertyUrn}, value: ${formatPrimitive(value)} should be one of [${allowed.map((item) => formatPrimitive(item.value)).join(', ')}]`,
      );
    }
    const bytes = 'string' in value ? new TextEncoder().encode(value.string).length : 0;
    if (bytes > KEYWORD_MAX_BYTES && valueTypeOf(definition.valueType) !== 'number') {
      problems.push(
        `Property: ${propertyUrn}, value is ${bytes} bytes which exceeds the maximum of ${KEYWORD_MAX_BYTES} UTF-8 bytes for structured property values indexed as Elasticsearch keywords (structuredProperties.keywordMaxLength)`,
      );
    }
  }
  const platforms = definition.allowedPlatforms ?? [];
  if (platforms.length > 0 && platform === undefined) {
    problems.push(
      `Property: ${propertyUrn} is restricted to specific data platforms [${platforms.join(', ')}], but the entity ${entityUrn} does not have a data platform.`,
    );
  } else if (platforms.length > 0 && platform !== undefined && !platforms.includes(platform)) {
    problems.push(
      `Property: ${propertyUrn} is restricted to data platforms [${platforms.join(', ')}], but the entity ${entityUrn} belongs to platform ${platform}.`,
    );
  }
  return problems;
}

/** StructuredPropertiesValidator.validateType: the one problem of a value with the property's value type. */
function valueTypeProblem(
  propertyUrn: string,
  definition: PropertyDefinition,
  value: PrimitiveValue,
): string | undefined {
  const type = valueTypeOf(definition.valueType);
  const shown = formatPrimitive(value);
  switch (type) {
    case undefined:
      return `Validation support for type ${definition.valueType} is not yet implemented.`;
    case 'number':
      if ('double' in value || JAVA_DOUBLE.test(value.string)) return undefined;
      return `Property: ${propertyUrn}, value: ${shown} should be a number`;
    case 'string':
    case 'rich_text':
    case 'date':
    case 'urn':
      break;
  }
  if (!('string' in value)) return `Property: ${propertyUrn}, value: ${shown} should be a string`;
  if (type === 'date' && !isValidDate(value.string))
    return `Property: ${propertyUrn}, value: ${shown} should be a date with format YYYY-MM-DD`;
  if (type !== 'urn') return undefined;
  const entityType = urnEntityType(value.string);
  if (entityType === undefined) return `Property: ${propertyUrn}, value: ${shown} should be an urn`;
  const allowed = definition.allowedTypes;
  if (allowed === undefined) return undefined;
  const matched = allowed.some((type) => allowedTypeId(type).toLowerCase() === entityType.toLowerCase());
  return matched
    ? undefined
    : `Property: ${propertyUrn}, value: ${shown} is not of any supported urn types:[${allowed.join(', ')}]`;
}

/** What Java's Double.parseDouble accepts (blanks around, a float or type suffix, NaN and Infinity). */
const JAVA_DOUBLE = /^\s*[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)\s*$/;

/** getValueTypeId of an allowed type's URN: its id, the part after `datahub.`, lowercased. */
function allowedTypeId(typeUrn: string): string {
  const id = typeUrn.split(':').slice(3).join(':');
  return (id.startsWith('datahub.') ? (id.split('.')[1] ?? '') : id).toLowerCase();
}

/** StructuredPropertyUtils.isValidDate: exactly YYYY-MM-DD, a real day, from 1000-01-01 to 9999-12-31. */
export function isValidDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return last !== undefined && day >= 1 && day <= last && year >= 1000;
}

/**
 * The entity type of a URN as Urn.createFromString reads it (urn:<namespace>:<type>:<id>, parentheses balanced),
 * or undefined when it is no URN.
 */
export function urnEntityType(text: string): string | undefined {
  const match = /^urn:[^:]+:([^:]+):(.+)$/.exec(text);
  if (match === null) return undefined;
  let depth = 0;
  for (const char of match[2] ?? '') {
    if (char === '(') depth += 1;
    else if (char === ')' && (depth -= 1) < 0) return undefined;
  }
  return depth === 0 ? match[1] : undefined;
}

/** How Java's Double.toString writes a number in messages (30 → 30.0). */
function javaDouble(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e7) return `${value}.0`;
  return String(value);
}

function urnId(urn: string, entityType: string): string | undefined {
  const prefix = `urn:li:${entityType}:`;
  return urn.startsWith(prefix) ? urn.slice(prefix.length) : undefined;
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
