import { describe, expect, it } from 'vitest';
import { parseDocuments } from './parse-documents.js';

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
