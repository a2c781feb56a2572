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
  for (const [aspect, value] of aspects) {
    for (const spec of relationshipsOfAspect(aspect)) {
      for (const destination of valuesAt(value, spec.path)) {
        if (!destination.startsWith('urn:li:')) continue;
        const relationship = { name: spec.name, destination, aspect };
        found.set(`${spec.name}\u0000${destination}\u0000${aspect}`, relationship);
      }
    }
  }
  return [...found.values()];
}

function valuesAt(value: JsonValue | undefined, path: readonly string[]): string[] {
  if (value === undefined || value === null) return [];
  const [head, ...rest] = path;
  if (head === undefined) return typeof value === 'string' ? [value] : [];
  if (head === '*')
    return Array.isArray(value) ? value.flatMap((item: JsonValue) => valuesAt(item, rest)) : [];
  // A union member named by its type (`/*/string` in ChartInfo.inputs) also matches the bare value, which
  // older writers sent (DataHub's sample data has both forms).
  if (head === 'string' && rest.length === 0 && typeof value === 'string') return [value];
  return isJsonObject(value) ? valuesAt(value[head], rest) : [];
}
