/**
 * Canonical forms for comparing owned fields (house rule 3): both sides are normalized the same way, so a
 * difference in form (null vs absent, list order of set-like lists, "" vs INTERNAL) is never a change.
 */
import { SET_LIKE_FIELDS } from '../model/desired-state.js';
import { isJsonObject, jsonEqual, stableStringify, type JsonValue } from '../model/json.js';

export function normalizeField(
  aspect: string,
  field: string,
  value: JsonValue | undefined,
): JsonValue | undefined {
  if (value === null || value === undefined) return defaultOf(aspect, field);
  if (SET_LIKE_FIELDS.has(field) && Array.isArray(value)) {
    const items = [
      ...new Set(value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))),
    ].sort();
    return items.length === 0 ? undefined : items;
  }
  // An empty map and no map read the same in DataHub (customProperties defaults to {}).
  if (field === 'customProperties' && isJsonObject(value) && Object.keys(value).length === 0)
    return undefined;
  if ((field === 'hyperParams' || field === 'trainingMetrics') && Array.isArray(value)) {
    // [{name, value}] as a map: order means nothing, and only name and value are expressible.
    const pairs = value
      .filter(isJsonObject)
      .map(
        (item) =>
          `${typeof item['name'] === 'string' ? item['name'] : ''}=${typeof item['value'] === 'string' ? item['value'] : ''}`,
      );
    return pairs.length === 0 ? undefined : [...new Set(pairs)].sort();
  }
  if (field === 'aliases' && Array.isArray(value)) {
    // VersionTag records compared by their tag; an alias's metadataAttribution is not the manifest's.
    const tags = value.filter(isJsonObject).map((item) => item['versionTag']);
    const strings = tags.filter((tag): tag is string => typeof tag === 'string');
    return strings.length === 0 ? undefined : [...new Set(strings)].sort();
  }
  if ((field === 'trainingData' || field === 'evaluationData') && Array.isArray(value)) {
    const items = value.filter(isJsonObject).map((item) =>
      stableStringify({
        dataset: item['dataset'] ?? null,
        motivation: item['motivation'] ?? null,
        preProcessing:
          Array.isArray(item['preProcessing']) && item['preProcessing'].length > 0
            ? item['preProcessing']
            : null,
      }),
    );
    return items.length === 0 ? undefined : [...new Set(items)].sort();
  }
  if (aspect === 'deprecation' && field === 'note' && value === '') return undefined;
  if (field === 'version' && isJsonObject(value)) {
    return typeof value['versionTag'] === 'string' ? value['versionTag'] : undefined;
  }
  if (aspect === 'glossaryTermInfo' && field === 'termSource' && value === '') return 'INTERNAL';
  return value;
}

/** DataHub reads an absent termSource / definition as these (GlossaryTermInfo requires both). */
function defaultOf(aspect: string, field: string): JsonValue | undefined {
  if (aspect === 'glossaryTermInfo' && field === 'termSource') return 'INTERNAL';
  if (aspect === 'glossaryTermInfo' && field === 'definition') return '';
  // Every display setting of a structured property defaults to false (StructuredPropertySettings.pdl).
  if (aspect === 'structuredPropertySettings') return false;
  // A definition without cardinality or immutable is SINGLE and mutable (StructuredPropertyDefinition.pdl).
  if (aspect === 'propertyDefinition' && field === 'cardinality') return 'SINGLE';
  if (aspect === 'propertyDefinition' && field === 'immutable') return false;
  // A form without prompts has an empty list (FormInfo.pdl: prompts = []).
  if (aspect === 'formInfo' && field === 'prompts') return [];
  return undefined;
}

export function sameField(
  aspect: string,
  field: string,
  a: JsonValue | undefined,
  b: JsonValue | undefined,
): boolean {
  return jsonEqual(normalizeField(aspect, field, a), normalizeField(aspect, field, b));
}

/**
 * Equality of two aspect values ignoring audit stamps: used after a write whose answer was lost, to tell
 * whether the live value is the one the tool wrote (the stamps carry the time of the write).
 */
export function sameIgnoringStamps(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return jsonEqual(stripStamps(a), stripStamps(b));
}

const STAMP_FIELDS = new Set(['auditStamp', 'created', 'lastModified', 'createStamp', 'attribution']);

/** The value without its audit stamps (the fields sameIgnoringStamps ignores). */
export function stripStamps(value: JsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.map((item: JsonValue) => stripStamps(item) ?? null);
  if (!isJsonObject(value)) return value;
  const result: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!STAMP_FIELDS.has(key)) result[key] = stripStamps(item) ?? null;
  }
  return result;
}
