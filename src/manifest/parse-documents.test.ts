import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { outcomeOf, parseDocuments, parseFile } from './parse-documents.js';
import type { ParsedFile } from './parsed-file.js';

const TEXT = `apiVersion: catalog/v1
kind: MLFeatureTable
name: t
features:
  - name: a
    sources: [x, y]
  - ref: shared.b
---
# only a comment
---
kind: GlossaryTerm
id: Some.Term
`;

describe('parseDocuments: source positions', () => {
  const { documents } = parseDocuments({ path: 'catalog/t.yaml', text: TEXT });
  const [table, term] = documents;

  it('locates values, keys, list items and nested values', () => {
    expect(documents.map((document) => document.index)).toEqual([0, 2]);
    expect(table!.locate(['name'])).toEqual({ file: 'catalog/t.yaml', line: 3, column: 7 });
    expect(table!.locate(['name'], 'key')).toEqual({ file: 'catalog/t.yaml', line: 3, column: 1 });
    expect(table!.locate(['features', 1])).toMatchObject({ line: 7, column: 5 });
    expect(table!.locate(['features', 0, 'sources', 1])).toMatchObject({ line: 6, column: 18 });
    expect(term!.locate(['id'])).toMatchObject({ line: 12, column: 5 });
  });

  it('points a path into something missing at its nearest ancestor', () => {
    expect(table!.locate(['features', 0, 'missing', 'deeper'])).toEqual(table!.locate(['features', 0]));
    expect(table!.locate(['features', 'not-an-index'])).toEqual(table!.locate(['features']));
    expect(table!.locate([])).toMatchObject({ line: 1, column: 1 });
  });
});

describe('parseDocuments: keys that are also names of Object members', () => {
  const text = `kind: X
__proto__: 1
constructor:
  toString: [a, b]
name: n
`;
  const file = { path: 'catalog/odd.yaml', text };
  // As parsed, and as read back from the parse cache (V8's serialization gives ordinary objects back).
  const fresh = parseDocuments(file).documents[0]!;
  const cached = outcomeOf(file, deserialize(serialize(parseFile(file))) as ParsedFile).documents[0]!;

  it.each([
    ['fresh', fresh],
    ['from the cache', cached],
  ])('locates them as keys, never as inherited members (%s)', (_, document) => {
    expect(document.locate(['__proto__'])).toMatchObject({ line: 2, column: 12 });
    expect(document.locate(['__proto__'], 'key')).toMatchObject({ line: 2, column: 1 });
    expect(document.locate(['constructor', 'toString', 1])).toMatchObject({ line: 4, column: 17 });
    expect(document.locate(['constructor', 'toString'], 'key')).toMatchObject({ line: 4, column: 3 });
    expect(document.locate(['hasOwnProperty'])).toMatchObject({ line: 1, column: 1 });
    expect(document.locate(['name', 'valueOf'], 'key')).toMatchObject({ line: 5, column: 7 });
  });
});
