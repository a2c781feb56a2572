/**
 * The values a manifest sets for a structured property on an entity, checked against the property's definition
 * before anything is written: what GMS v1.7.0 refuses (StructuredPropertiesValidator: cardinality, value type, date
 * format, URN types, allowed values, length, platforms; src/datahub/structured-properties.ts) and what it does not
 * check but DataHub's UI keeps to (the entity types the property is for). A manifest value's YAML type is its value
 * type: a number property takes numbers, every other takes strings (GMS would also take "30" for a number, stored
 * as a string that no allowed value 30 matches).
 */
import {
  entityTypeName,
  isValidDate,
  KEYWORD_MAX_BYTES,
  samePrimitive,
  urnEntityType,
  valueTypeOf,
  type PrimitiveValue,
  type PropertyDefinition,
} from '../datahub/structured-properties.js';
import { didYouMean } from '../model/did-you-mean.js';

export interface ValueProblem {
  /** What it is about: the entity's type, the number of values, one value, or the entity's platform. */
  readonly rule: 'entityType' | 'cardinality' | 'value' | 'platform';
  readonly message: string;
  readonly hint: string;
  /** The value it is about (its index), or undefined for the property as a whole. */
  readonly index?: number;
}

/** A value as the manifest wrote it. */
export function shownValue(value: PrimitiveValue): string {
  return 'string' in value ? `'${value.string}'` : String(value.double);
}

export function propertyValueProblems(
  name: string,
  definition: PropertyDefinition,
  values: readonly PrimitiveValue[],
  entityType: string,
  /** The entity's data platform URN; undefined when it has none (null: not known here, checked later). */
  platform: string | null | undefined,
): ValueProblem[] {
  const problems: ValueProblem[] = [];
  const forTypes = definition.entityTypes.map((type) => entityTypeName(type) ?? type);
  if (!forTypes.includes(entityType))
    problems.push({
      rule: 'entityType',
      message: `property '${name}' is not for ${entityType} entities: it applies to ${forTypes.join(', ') || 'no entity type'}`,
      hint: `add ${entityType} to the property's entityTypes, or remove the value here`,
    });
  if (definition.cardinality === 'SINGLE' && values.length > 1)
    problems.push({
      rule: 'cardinality',
      message: `property '${name}' takes one value (cardinality SINGLE), not ${values.length}`,
      hint: 'keep one value, or make the property MULTIPLE',
    });
  values.forEach((value, index) => {
    const problem = valueProblem(name, definition, value);
    if (problem !== undefined) problems.push({ rule: 'value', ...problem, index });
  });
  const platforms = definition.allowedPlatforms ?? [];
  if (platforms.length > 0 && platform !== null && (platform === undefined || !platforms.includes(platform)))
    problems.push({
      rule: 'platform',
      message: `property '${name}' is for entities of ${platforms.join(', ')} only; this one's platform is ${platform ?? 'none'}`,
      hint: "remove the value here, or add the platform to the property's allowedPlatforms",
    });
  return problems;
}

function valueProblem(
  name: string,
  definition: PropertyDefinition,
  value: PrimitiveValue,
): { message: string; hint: string } | undefined {
  const type = valueTypeOf(definition.valueType);
  const shown = shownValue(value);
  if (type === undefined)
    return {
      message: `property '${name}' has the value type ${definition.valueType}, which DataHub cannot check`,
      hint: 'DataHub v1.7.0 validates string, rich_text, number, date and urn properties only',
    };
  if (type === 'number' && 'string' in value)
    return {
      message: `${shown} is not a number, and property '${name}' takes numbers`,
      hint: Number.isFinite(Number(value.string)) ? `write it unquoted: ${value.string}` : 'write a number',
    };
  if (type !== 'number' && 'double' in value)
    return {
      message: `${shown} is a number, and property '${name}' takes ${type === 'rich_text' ? 'text' : `${type}s`}`,
      hint: `quote it: "${value.double}"`,
    };
  if ('string' in value && type === 'date' && !isValidDate(value.string))
    return {
      message: `${shown} is not a date`,
      hint: 'write a day as YYYY-MM-DD, from 1000-01-01 to 9999-12-31',
    };
  if ('string' in value && type === 'urn') {
    const entityType = urnEntityType(value.string);
    if (entityType === undefined)
      return { message: `${shown} is not a URN`, hint: 'write urn:li:<entity type>:<id>' };
    const allowed = (definition.allowedTypes ?? []).map((urn) => entityTypeName(urn) ?? urn);
    if (allowed.length > 0 && !allowed.some((type) => type.toLowerCase() === entityType.toLowerCase()))
      return {
        message: `${shown} is a ${entityType} URN, and property '${name}' takes ${allowed.join(' or ')} URNs`,
        hint: `name a ${allowed.join(' or ')}`,
      };
  }
  const allowedValues = definition.allowedValues;
  if (allowedValues !== undefined && !allowedValues.some((item) => samePrimitive(item.value, value))) {
    const listed = allowedValues.map((item) =>
      item.description === undefined
        ? formatValue(item.value)
        : `${formatValue(item.value)} (${item.description})`,
    );
    // A suggestion among short values ("1", "2") would be a guess.
    const suggestion =
      'string' in value && value.string.length > 2
        ? didYouMean(
            value.string,
            allowedValues.flatMap((item) => ('string' in item.value ? [item.value.string] : [])),
          )
        : undefined;
    return {
      message: `${shown} is not an allowed value of property '${name}'`,
      hint: `${suggestion === undefined ? '' : `${suggestion} `}allowed: ${listed.join(', ')}`,
    };
  }
  if ('string' in value && new TextEncoder().encode(value.string).length > KEYWORD_MAX_BYTES)
    return {
      message: `a value of property '${name}' is longer than DataHub indexes (${KEYWORD_MAX_BYTES} bytes)`,
      hint: 'shorten it: DataHub refuses longer values (structuredProperties.keywordMaxLength)',
    };
  return undefined;
}

function formatValue(value: PrimitiveValue): string {
  return 'string' in value ? value.string : String(value.double);
}
