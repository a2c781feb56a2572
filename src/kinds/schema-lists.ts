/**
 * The kinds the schemas list, from the registry: schemas/envelope.schema.json (`kind` enum), catalog.schema.json
 * (one if/then per kind, to the kind's schema) and policy.schema.json (`match.kinds` enum). Pure: `npm run schemas`
 * (scripts/write-schema-kinds.mjs) reads and writes the files, schema-lists.test.ts checks that rewriting them
 * changes nothing. Each list keeps its own order for the kinds it has, loses the kinds the registry no longer
 * has, and gains the registry's new ones at its end.
 */
import { isJsonObject, isStringArray, type JsonObject, type JsonValue } from '../model/json.js';
import { ENTITY_KINDS, KIND_SCHEMA_FILES, MANIFEST_KINDS, type KindName } from './registry.js';

/** The schema files that list kinds. */
export const KIND_LIST_SCHEMAS = [
  'envelope.schema.json',
  'catalog.schema.json',
  'policy.schema.json',
] as const;
export type KindListSchema = (typeof KIND_LIST_SCHEMAS)[number];

/** A schema file with its kind lists rewritten from the registry. */
export function withRegistryKinds(file: KindListSchema, schema: unknown): JsonObject {
  const root = objectAt(schema, []);
  switch (file) {
    case 'envelope.schema.json':
      return replacedAt(root, ['properties', 'kind'], (kind) => ({
        ...kind,
        enum: merged(stringsOf(kind['enum']), MANIFEST_KINDS),
      }));
    case 'policy.schema.json':
      return replacedAt(root, ['properties', 'match', 'properties', 'kinds', 'items'], (items) => ({
        ...items,
        enum: merged(stringsOf(items['enum']), ENTITY_KINDS),
      }));
    case 'catalog.schema.json':
      return { ...root, allOf: kindCases(root['allOf']) };
  }
}

/** The kinds a list names, each once (for messages: which kinds a schema lists). */
export function kindsListed(file: KindListSchema, schema: unknown): string[] {
  const root = objectAt(schema, []);
  switch (file) {
    case 'envelope.schema.json':
      return stringsOf(objectAt(root, ['properties', 'kind'])['enum']);
    case 'policy.schema.json':
      return stringsOf(objectAt(root, ['properties', 'match', 'properties', 'kinds', 'items'])['enum']);
    case 'catalog.schema.json':
      return entriesOf(root['allOf']).flatMap((entry) => {
        const kind = caseKind(entry);
        return kind === undefined ? [] : [kind];
      });
  }
}

/** catalog.schema.json's cases: one per kind, `then` the kind's schema; other entries (the envelope) kept. */
function kindCases(allOf: JsonValue | undefined): JsonObject[] {
  const entries = entriesOf(allOf);
  const kept = entries.flatMap((entry): JsonObject[] => {
    const kind = caseKind(entry);
    if (kind === undefined) return [entry];
    if (!(MANIFEST_KINDS as readonly string[]).includes(kind)) return [];
    return [{ ...entry, then: { $ref: KIND_SCHEMA_FILES[kind as KindName] } }];
  });
  const listed = new Set(entries.map(caseKind));
  const added = MANIFEST_KINDS.filter((kind) => !listed.has(kind)).map((kind): JsonObject => ({
    if: { type: 'object', properties: { kind: { const: kind } }, required: ['kind'] },
    then: { $ref: KIND_SCHEMA_FILES[kind] },
  }));
  return [...kept, ...added];
}

/** The entries of `allOf` (each a schema object). */
function entriesOf(allOf: JsonValue | undefined): JsonObject[] {
  return Array.isArray(allOf) ? allOf.filter(isJsonObject) : [];
}

function caseKind(entry: JsonObject): string | undefined {
  if (!isJsonObject(entry['if'])) return undefined;
  const properties = entry['if']['properties'];
  const kind = isJsonObject(properties) ? properties['kind'] : undefined;
  const name = isJsonObject(kind) ? kind['const'] : undefined;
  return typeof name === 'string' ? name : undefined;
}

function merged(current: readonly string[], registry: readonly string[]): string[] {
  return [
    ...current.filter((kind) => registry.includes(kind)),
    ...registry.filter((kind) => !current.includes(kind)),
  ];
}

function stringsOf(value: JsonValue | undefined): string[] {
  return isStringArray(value) ? [...value] : [];
}

function objectAt(value: unknown, path: readonly string[]): JsonObject {
  let current = value;
  for (const key of path) current = isJsonObject(current) ? current[key] : undefined;
  if (!isJsonObject(current)) throw new Error(`schemas: no object at ${path.join('.') || 'the root'}`);
  return current;
}

/** A copy of `root` with the object at `path` replaced. */
function replacedAt(
  root: JsonObject,
  path: readonly string[],
  replace: (value: JsonObject) => JsonObject,
): JsonObject {
  const [key, ...rest] = path;
  if (key === undefined) return replace(root);
  return { ...root, [key]: replacedAt(objectAt(root, [key]), rest, replace) };
}
