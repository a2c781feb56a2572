/**
 * Reading stored aspect values (untrusted JSON) into what a GraphQL field may answer: a value of the expected
 * kind, or null (DataHub's mappers leave a field unset when the aspect lacks it).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../../model/json.js';

export function text(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

export function number(value: JsonValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function bool(value: JsonValue | undefined): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

export function strings(value: JsonValue | undefined): string[] | null {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null;
}

export function objects(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

export function object(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** A view of an aspect, or null when the entity does not have it (DataHub's mappers answer null then). */
export function whenPresent<T>(aspect: JsonObject | undefined, view: (aspect: JsonObject) => T): T | null {
  return aspect === undefined ? null : view(aspect);
}
