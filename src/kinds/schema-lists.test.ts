import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../manifest/schemas.js';
import { WRITE_ORDER } from './entity-tables.js';
import { ENTITY_KINDS, EXPORT_KINDS, MANIFEST_KINDS } from './registry.js';
import { RESOLVE_PASSES } from './resolve-passes.js';
import { KIND_LISTS, KINDS_SCHEMA, kindsListed, withRegistryKinds } from './schema-lists.js';

/** The entity kinds there were before the registry, in the order `catalog export --kind` lists them. */
const EARLIER_KINDS: readonly string[] = [
  'Tag',
  'GlossaryNode',
  'GlossaryTerm',
  'MLFeature',
  'MLFeatureTable',
  'MLModelGroup',
  'MLModel',
  'DatasetTerms',
  'Domain',
  'DataProduct',
];

const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, SCHEMAS_DIR), 'utf8'));

describe('the kind lists of the schemas', () => {
  it('name the registry kinds, each once (`npm run schemas` rewrites them from the registry)', () => {
    const expected = { manifestKind: MANIFEST_KINDS, entityKind: ENTITY_KINDS, byKind: MANIFEST_KINDS };
    for (const list of KIND_LISTS) {
      const listed = kindsListed(list, read(KINDS_SCHEMA));
      expect(new Set(listed).size, `${list} names a kind twice`).toBe(listed.length);
      expect([...listed].sort(), `the kinds ${list} lists`).toEqual([...expected[list]].sort());
    }
  });

  it('are what rewriting them from the registry gives (byKind: each kind to its own schema)', () => {
    expect(withRegistryKinds(read(KINDS_SCHEMA))).toEqual(read(KINDS_SCHEMA));
  });

  it('gain a new kind at their end, keep their order and lose a kind the registry lacks', () => {
    const schema = {
      $defs: {
        manifestKind: { enum: ['Moved', 'Gone', 'Settings'] },
        entityKind: { enum: [] },
        byKind: { allOf: [] },
      },
    };
    const rewritten = withRegistryKinds(schema);
    expect(kindsListed('manifestKind', rewritten).slice(0, 2)).toEqual(['Moved', 'Settings']);
    expect(kindsListed('manifestKind', rewritten).sort()).toEqual([...MANIFEST_KINDS].sort());
    expect(kindsListed('byKind', rewritten)).toEqual(MANIFEST_KINDS);
  });

  it('are the ones the envelope, the policies and the editors schema refer to', () => {
    const refOf = (value: unknown): unknown => (value as { $ref?: unknown }).$ref;
    const envelope = read('envelope.schema.json') as { properties: { kind: unknown } };
    expect(refOf(envelope.properties.kind)).toBe('kinds.schema.json#/$defs/manifestKind');
    const policy = read('policy.schema.json') as {
      properties: { match: { properties: { kinds: { items: unknown } } } };
    };
    expect(refOf(policy.properties.match.properties.kinds.items)).toBe('kinds.schema.json#/$defs/entityKind');
    const catalog = read('catalog.schema.json') as { allOf: unknown[] };
    expect(catalog.allOf.map(refOf)).toContain('kinds.schema.json#/$defs/byKind');
  });
});

describe('the orders derived from the registry', () => {
  // A kind added since comes where its `after` puts it (or, in export's list, last); the earlier kinds keep the
  // order they always had among themselves.
  it('resolves each kind after the kinds it names, as the resolver always has', () => {
    expect(RESOLVE_PASSES.map((pass) => pass.kind).filter((kind) => EARLIER_KINDS.includes(kind))).toEqual([
      'Domain',
      'Tag',
      'GlossaryNode',
      'GlossaryTerm',
      'MLFeature',
      'MLModelGroup',
      'MLFeatureTable',
      'MLModel',
      'DataProduct',
      'DatasetTerms',
    ]);
  });

  it("keeps the export command's order of kinds (its --kind choices)", () => {
    expect(EXPORT_KINDS.slice(0, EARLIER_KINDS.length)).toEqual(EARLIER_KINDS);
  });

  it('writes entity types in the order the plan always has, what an entity names first', () => {
    const earlier = ['domain', 'tag', 'glossaryNode', 'glossaryTerm', 'mlModelGroup', 'mlFeature'];
    const later = ['mlFeatureTable', 'mlModel', 'dataset', 'dataProduct'];
    expect(WRITE_ORDER.filter((type) => [...earlier, ...later].includes(type))).toEqual([
      ...earlier,
      ...later,
    ]);
    expect(new Set(WRITE_ORDER).size).toBe(WRITE_ORDER.length);
  });
});
