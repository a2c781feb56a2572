/**
 * The aspects of an entity as they will be once a plan is applied (pure): the live aspects with each planned
 * write laid over them. Policies see this as `after` during a plan (docs/policies.md), so a rule can check what
 * others wrote too, and what the plan is about to write.
 */
import type { JsonObject } from '../model/json.js';
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
