/** What changed between two JSON values, as paths (`description`, `mlFeatures[2]`, `owners[0].type`). Pure. */
import { isJsonObject, jsonEqual, type JsonValue } from './json.js';

export interface JsonChange {
  readonly path: string;
  /** Absent where the value did not exist before. */
  readonly before?: JsonValue;
  /** Absent where the value does not exist after. */
  readonly after?: JsonValue;
}

/** Object fields are compared key by key and lists item by item; anything else that differs is one change. */
export function diffJson(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  path = '',
): JsonChange[] {
  if (jsonEqual(before, after)) return [];
  if (isJsonObject(before) && isJsonObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffJson(before[key], after[key], path === '' ? key : `${path}.${key}`));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const older: readonly JsonValue[] = before;
    const newer: readonly JsonValue[] = after;
    const changes: JsonChange[] = [];
    for (let index = 0; index < Math.max(older.length, newer.length); index += 1) {
      changes.push(...diffJson(older[index], newer[index], `${path}[${index}]`));
    }
    return changes;
  }
  return [
    {
      path: path === '' ? '(value)' : path,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
    },
  ];
}
