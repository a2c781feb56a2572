/**
 * The aspects of an entity as they will be once a plan is applied (pure): the live aspects with each planned
 * write laid over them. Policies see this as `after` during a plan (docs/policies.md), so a rule can check what
 * others wrote too, and what the plan is about to write.
 */
import type { JsonObject, JsonValue } from '../model/json.js';
import type { LiveState } from '../model/live-state.js';
import type { Plan } from './types.js';

export function aspectsAfter(
  plan: Plan,
  live: LiveState,
): (urn: string) => Readonly<Record<string, JsonObject>> {
  const planned = new Map<string, Map<string, JsonObject>>();
  for (const change of plan.changes) {
    const aspects = planned.get(change.urn) ?? new Map<string, JsonObject>();
    planned.set(change.urn, aspects);
    aspects.set(change.aspect, change.after);
  }
  return (urn) => {
    const result: Record<string, JsonObject> = {};
    for (const [name, aspect] of live.entities.get(urn)?.aspects ?? []) result[name] = aspect.value;
    for (const [name, value] of planned.get(urn) ?? []) result[name] = value;
    return result;
  };
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
      if (value !== undefined) defineField(result, key, value);
    }
  }
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value !== undefined && (base === undefined || !Object.hasOwn(base, key)))
      defineField(result, key, value);
  }
  return result;
}

/** An own field, as a spread defines it: a JSON key "__proto__" is a field, not the object's prototype. */
function defineField(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
