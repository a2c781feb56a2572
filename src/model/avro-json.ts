/**
 * Metadata files are written by DataHub's Python side in Avro's JSON shape; the wire and the store speak
 * Pegasus (Rest.li) JSON. Aspects in files are converted with their schema in hand
 * (src/datahub/pegasus/from-avro-json.ts); what is left here needs none: union member names
 * (`com.linkedin.pegasus2avro.schema.BooleanType` is Pegasus' `com.linkedin.schema.BooleanType`, as
 * serialization_helper.pre_json_transform renames it) and the nulls Avro writes for absent optional fields.
 */
import { isJsonObject, type JsonObject, type JsonValue } from './json.js';

const AVRO_PREFIX = 'com.linkedin.pegasus2avro.';

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

/** Drops null-valued keys (Avro's absent optional field) of one level, as `to_obj` does. */
export function withoutNulls(value: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null));
}

function pegasusName(key: string): string {
  return key.startsWith(AVRO_PREFIX) ? `com.linkedin.${key.slice(AVRO_PREFIX.length)}` : key;
}
