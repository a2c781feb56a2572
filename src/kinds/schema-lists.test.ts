import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../manifest/schemas.js';
import { ENTITY_KINDS, EXPORT_KINDS, MANIFEST_KINDS } from './registry.js';
import { RESOLVE_PASSES } from './resolve-passes.js';
import { KIND_LIST_SCHEMAS, kindsListed, withRegistryKinds } from './schema-lists.js';

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
    const expected = {
      'envelope.schema.json': MANIFEST_KINDS,
      'catalog.schema.json': MANIFEST_KINDS,
      'policy.schema.json': ENTITY_KINDS,
    };
    for (const file of KIND_LIST_SCHEMAS) {
      const listed = kindsListed(file, read(file));
      expect(new Set(listed).size, `${file} names a kind twice`).toBe(listed.length);
      expect([...listed].sort(), `the kinds ${file} lists`).toEqual([...expected[file]].sort());
    }
  });

  it('are what rewriting them from the registry gives (catalog.schema.json: each kind to its own schema)', () => {
    for (const file of KIND_LIST_SCHEMAS) expect(withRegistryKinds(file, read(file))).toEqual(read(file));
  });

  it('gain a new kind at their end, keep their order and lose a kind the registry lacks', () => {
    const envelope = { properties: { kind: { enum: ['Moved', 'Gone', 'Settings'] } } };
    const rewritten = withRegistryKinds('envelope.schema.json', envelope);
    const kinds = (rewritten['properties'] as { kind: { enum: string[] } }).kind.enum;
    expect(kinds.slice(0, 2)).toEqual(['Moved', 'Settings']);
    expect([...kinds].sort()).toEqual([...MANIFEST_KINDS].sort());
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
});
