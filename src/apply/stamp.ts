import { isJsonObject, type JsonValue } from '../model/json.js';

const STAMP_FIELDS = new Set(['auditStamp', 'created', 'lastModified', 'createStamp', 'attribution']);

/**
 * Fills in the audit stamps a plan leaves open ({time: 0, actor}) with the time of the write. Stamps that came
 * from the live catalog keep their values.
 */
export function stampAspect<T extends JsonValue>(value: T, actor: string, now: number): T {
  if (Array.isArray(value))
    return value.map((item: JsonValue) => stampAspect(item, actor, now)) as unknown as T;
  if (!isJsonObject(value)) return value;
  const result: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] =
      STAMP_FIELDS.has(key) && isJsonObject(item) && item['time'] === 0 && item['actor'] === actor
        ? { ...item, time: now }
        : stampAspect(item, actor, now);
  }
  return result as T;
}
