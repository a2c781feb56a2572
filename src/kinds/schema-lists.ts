/**
 * The kinds the schemas name, from the registry, in one file: schemas/kinds.schema.json holds every kind
 * (`manifestKind`, which the envelope's `kind` refers to), the kinds that declare entities (`entityKind`, a
 * Policy's `match.kinds`) and one if/then per kind to the kind's own schema (`byKind`, which catalog.schema.json,
 * the editors' schema, refers to). Pure: `npm run schemas` (scripts/write-schema-kinds.mjs) reads and writes the
 * file, schema-lists.test.ts checks that rewriting it changes nothing. Each list keeps its own order for the kinds
 * it has (the hints of the validator list them in that order), loses the kinds the registry no longer has, and
 * gains the registry's new ones at its end.
 */
import { isJsonObject, isStringArray, type JsonObject, type JsonValue } from '../model/json.js';
import { ENTITY_KINDS, KIND_SCHEMA_FILES, MANIFEST_KINDS, type KindName } from './registry.js';

/** The schema file that lists the kinds. */
export const KINDS_SCHEMA = 'kinds.schema.json';

/** The lists of kinds.schema.json, by their name under `$defs`. */
export type KindList = 'manifestKind' | 'entityKind' | 'byKind';
export const KIND_LISTS: readonly KindList[] = ['manifestKind', 'entityKind', 'byKind'];

/** kinds.schema.json with its lists rewritten from the registry. */
export function withRegistryKinds(schema: unknown): JsonObject {
  const root = objectAt(schema, []);
  const defs = objectAt(root, ['$defs']);
  const manifestKind = objectAt(defs, ['manifestKind']);
  const entityKind = objectAt(defs, ['entityKind']);
  const byKind = objectAt(defs, ['byKind']);
  return {
    ...root,
    $defs: {
      ...defs,
      manifestKind: { ...manifestKind, enum: merged(stringsOf(manifestKind['enum']), MANIFEST_KINDS) },
      entityKind: { ...entityKind, enum: merged(stringsOf(entityKind['enum']), ENTITY_KINDS) },
      byKind: { ...byKind, allOf: kindCases(byKind['allOf']) },
    },
  };
}

/** The kinds a list of kinds.schema.json names (for messages: which kinds the file lists). */
export function kindsListed(list: KindList, schema: unknown): string[] {
  const entry = objectAt(schema, ['$defs', list]);
  if (list !== 'byKind') return stringsOf(entry['enum']);
  return entriesOf(entry['allOf']).flatMap((item) => {
    const kind = caseKind(item);
    return kind === undefined ? [] : [kind];
  });
}

/** byKind's cases: one per kind, `then` the kind's schema. */
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
