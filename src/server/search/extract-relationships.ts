/**
 * The relationships an entity's aspects declare, found by walking each aspect value along the paths of its
 * @Relationship annotations (from the generated registry; `*` is every item of a list). Pure.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { relationshipsOfAspect } from '../../model/registry.js';

export interface ExtractedRelationship {
  readonly name: string;
  readonly destination: string;
  readonly aspect: string;
}

export function extractRelationships(aspects: ReadonlyMap<string, JsonObject>): ExtractedRelationship[] {
  const found = new Map<string, ExtractedRelationship>();
  const destinations: string[] = [];
  for (const [aspect, value] of aspects) {
    for (const spec of relationshipsOfAspect(aspect)) {
      destinations.length = 0;
      collectValuesAt(value, spec.path, 0, destinations);
      for (const destination of destinations) {
        if (!destination.startsWith('urn:li:')) continue;
        const relationship = { name: spec.name, destination, aspect };
        found.set(`${spec.name}\u0000${destination}\u0000${aspect}`, relationship);
      }
    }
  }
  return [...found.values()];
}

/** Adds to `out` the strings at `path` from its `depth`th step on (an index into the path, not a copy of its rest). */
function collectValuesAt(
  value: JsonValue | undefined,
  path: readonly string[],
  depth: number,
  out: string[],
): void {
  if (value === undefined || value === null) return;
  const head = path[depth];
  if (head === undefined) {
    if (typeof value === 'string') out.push(value);
    return;
  }
  if (head === '*') {
    if (Array.isArray(value)) {
      const items: readonly JsonValue[] = value;
      for (const item of items) collectValuesAt(item, path, depth + 1, out);
    }
    return;
  }
  // A union member named by its type (`/*/string` in ChartInfo.inputs) also matches the bare value, which
  // older writers sent (DataHub's sample data has both forms).
  if (head === 'string' && depth === path.length - 1 && typeof value === 'string') {
    out.push(value);
    return;
  }
  if (isJsonObject(value)) collectValuesAt(value[head], path, depth + 1, out);
}
