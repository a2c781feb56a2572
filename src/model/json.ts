/** JSON values and the few helpers every layer needs to compare and print them deterministically. */
import { errorMessage } from './error-message.js';

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** JSON.stringify with object keys sorted at every level, so equal values print equally. */
export function stableStringify(value: unknown, indent?: number): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

/** A copy of the value with object keys in sorted order (arrays keep their order). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isJsonObject(value)) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = value[key];
      if (item !== undefined) sorted[key] = sortKeys(item);
    }
    return sorted;
  }
  return value;
}

/** Structural equality of JSON values (object key order does not matter, array order does). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const aKeys = Object.keys(a).filter((key) => a[key] !== undefined);
    const bKeys = Object.keys(b).filter((key) => b[key] !== undefined);
    if (aKeys.length !== bKeys.length) return false;
    return aKeys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** Parses JSON text into `unknown`; returns an error message instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

/** The value when it is a string, else the fallback (for fields read from untrusted JSON). */
export function stringOr(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** The value when it is a string, else undefined (an optional field read from untrusted JSON). */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * `base` with `fields` laid over it, as `{ ...base, ...fields }` would be, except that a field set to undefined is
 * left out: a field `base` has keeps its place, a new one comes after them in the order of `fields`. Built key by key
 * rather than with a spread: in V8 an object made by a spread that then gets a property of its own (another spread,
 * a literal property, an assignment) has a hidden class nobody else shares, several hundred bytes more per aspect,
 * and a `delete` turns it into a dictionary.
 */
export function overlaid(
  base: JsonObject | undefined,
  fields: Readonly<Record<string, JsonValue | undefined>>,
): JsonObject {
  const result: Record<string, JsonValue> = {};
  if (base !== undefined) {
    for (const key of Object.keys(base)) {
      const value = Object.hasOwn(fields, key) ? fields[key] : base[key];
      if (value !== undefined) setOwn(result, key, value);
    }
  }
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value !== undefined && (base === undefined || !Object.hasOwn(base, key))) setOwn(result, key, value);
  }
  return result;
}

/** Sets an own field, as a spread defines it: a key "__proto__" is a field, not the object's prototype. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
