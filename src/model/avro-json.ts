/**
 * Metadata files are written by DataHub's Python side in Avro's JSON shape; the wire and the store speak
 * Pegasus (Rest.li) JSON. The differences that real files show, and how DataHub's own reader
 * (`MetadataChangeEventClass.from_obj`, avrogen's union decoding) resolves them:
 *
 * - union members are named by Avro class (`com.linkedin.pegasus2avro.schema.BooleanType`): Pegasus names
 *   them `com.linkedin.schema.BooleanType` (serialization_helper.pre_json_transform does the same rename);
 * - an optional field that is absent may be written as `null`: Pegasus leaves it out;
 * - an optional field that is set may be wrapped in its Avro type, `{"string": "CEO"}` or
 *   `{"array": [...]}`: Pegasus writes the bare value.
 *
 * DataHub's reader decides with the schema in hand; this one has no schemas, so it unwraps a one-key object
 * only when the key is an Avro primitive or container type name, the value has that JSON type, and the object is
 * the value of a field (an optional field's wrapper). A list item is never a wrapper: list items cannot be
 * optional, so `[{"string": "urn:…"}]` (ChartInfo.inputs, a list of unions) is a Pegasus union member and stays.
 * Maps of user data (`customProperties`) are copied as they are, because a property may well be named `string`.
 */
import { isJsonObject, type JsonObject, type JsonValue } from './json.js';

const AVRO_PREFIX = 'com.linkedin.pegasus2avro.';

const AVRO_WRAPPERS: Readonly<Record<string, (value: JsonValue) => boolean>> = {
  string: (value) => typeof value === 'string',
  bytes: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  int: (value) => typeof value === 'number',
  long: (value) => typeof value === 'number',
  float: (value) => typeof value === 'number',
  double: (value) => typeof value === 'number',
  array: (value) => Array.isArray(value),
  map: (value) => isJsonObject(value),
};

/** Fields that hold user data as a string map: their keys are data, never Avro type names. */
const USER_MAPS: ReadonlySet<string> = new Set(['customProperties', 'properties']);

/** Renames Avro union member names to Pegasus ones (the only difference in files written by `to_obj`). */
export function fromAvroNames(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(fromAvroNames);
  if (!isJsonObject(value)) return value;
  const entries = Object.entries(value);
  const result: Record<string, JsonValue> = {};
  for (const [key, item] of entries) {
    result[entries.length === 1 ? pegasusName(key) : key] = fromAvroNames(item);
  }
  return result;
}

/** Avro JSON (as files carry it) → Pegasus JSON: union members renamed, nulls dropped, wrappers removed. */
export function fromAvroJson(value: JsonValue, isListItem = false): JsonValue {
  if (Array.isArray(value)) return value.map((item: JsonValue) => fromAvroJson(item, true));
  if (!isJsonObject(value)) return value;
  const unwrapped = isListItem ? undefined : unwrapPrimitive(value);
  if (unwrapped !== undefined) return fromAvroJson(unwrapped);
  const entries = Object.entries(value);
  const result: Record<string, JsonValue> = {};
  for (const [key, item] of entries) {
    if (item === null) continue;
    if (USER_MAPS.has(key) && isJsonObject(item)) {
      result[key] = withoutNulls(item);
      continue;
    }
    result[entries.length === 1 ? pegasusName(key) : key] = fromAvroJson(item);
  }
  return result;
}

/** Drops null-valued keys (Avro's absent optional field) of one level, as `to_obj` does. */
export function withoutNulls(value: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null));
}

function unwrapPrimitive(value: JsonObject): JsonValue | undefined {
  const entries = Object.entries(value);
  if (entries.length !== 1) return undefined;
  const [key, item] = entries[0] as [string, JsonValue];
  const matches = AVRO_WRAPPERS[key];
  return matches !== undefined && matches(item) ? item : undefined;
}

function pegasusName(key: string): string {
  return key.startsWith(AVRO_PREFIX) ? `com.linkedin.${key.slice(AVRO_PREFIX.length)}` : key;
}
