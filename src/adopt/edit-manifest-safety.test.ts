import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import type { ParsedNode } from 'yaml';
import { describe, expect, it } from 'vitest';
import { InternalError } from '../errors.js';
import { ManifestEditError, applyTextEdits, planManifestEdits } from './edit-manifest.js';
import { editValue } from './edit-value.js';
import type { EntityEdits, ManifestPath } from './edit-manifest.js';
import { edited, editedRoot, set, del, append, TABLE } from '../../test/helpers/manifest-edits.js';

describe('planManifestEdits: text edits and errors', () => {
  it('returns text edits in file order, non-overlapping, with the text they replace', () => {
    const edits = planManifestEdits(TABLE, [
      { at: { line: 2, column: 1 }, edits: [set(['version'], '1'), set(['name'], 'txn'), del(['tags'])] },
    ]);
    expect(edits).toEqual([
      {
        start: TABLE.indexOf('transaction_features'),
        end: TABLE.indexOf('transaction_features') + 20,
        oldText: 'transaction_features',
        newText: 'txn',
      },
      {
        start: TABLE.indexOf('tags:'),
        end: TABLE.indexOf('features:\n'),
        oldText: 'tags: [payments, pci]\n',
        newText: '',
      },
      {
        start: TABLE.indexOf('\n# Related'),
        end: TABLE.indexOf('\n# Related'),
        oldText: '',
        newText: 'version: "1"\n',
      },
    ]);
  });

  it('names what it cannot do: no mapping at the anchor, a path through a scalar, a missing item, two edits of one value', () => {
    const attempt = (entities: readonly EntityEdits[], text = TABLE): unknown => {
      try {
        planManifestEdits(text, entities);
        return undefined;
      } catch (error) {
        return error;
      }
    };
    const at = { line: 2, column: 1 };
    const cases: [unknown, string][] = [
      [
        attempt([{ at: { line: 3, column: 2 }, edits: [set(['a'], 1)] }]),
        'no mapping starts at line 3, column 2',
      ],
      [
        attempt([{ at, edits: [set(['name', 'x'], 1)] }]),
        'name is a scalar, not a map or list (line 4, column 7)',
      ],
      [attempt([{ at, edits: [set(['owners', 5, 'type'], 'X')] }]), 'owners has no item 5 to edit'],
      [attempt([{ at, edits: [set(['owners', 'x'], 'X')] }]), 'owners is a list, not a map'],
      [
        attempt([{ at, edits: [set(['name'], 'a'), set(['name'], 'b')] }]),
        'two edits change the same text (name and name)',
      ],
      [attempt([{ at, edits: [del([])] }]), 'cannot delete the entity itself'],
      [
        attempt([{ at: { line: 1, column: 1 }, edits: [set(['a'], 1)] }], 'a: [\n'),
        'the file has a YAML syntax error',
      ],
    ];
    for (const [error, message] of cases) {
      expect(error).toBeInstanceOf(ManifestEditError);
      expect((error as Error).message).toContain(message);
    }
  });

  it('refuses to return a file that would not read back as asked (an anchor shared through an alias)', () => {
    expect(() => editedRoot('a: &shared 1\nb: *shared\n', [set(['a'], 2)])).toThrow(InternalError);
    expect(() => editedRoot('a: &shared 1\nb: *shared\n', [set(['a'], 2)])).toThrow(
      /would not read back as asked \(at b\)/,
    );
  });

  it('applyTextEdits refuses edits whose old text is no longer there', () => {
    expect(() => applyTextEdits('a: 2\n', [{ start: 3, end: 4, oldText: '1', newText: '3' }])).toThrow(
      ManifestEditError,
    );
  });
});

/** Manifests of every shape used above, plus the example catalog's own files. */
function sampleFiles(): { name: string; text: string }[] {
  const samples = [
    { name: 'table', text: TABLE },
    { name: 'crlf', text: TABLE.replace(/\n/g, '\r\n') },
    { name: 'no final newline', text: TABLE.trimEnd() },
    { name: 'documents', text: 'kind: A\nname: a\n---\nkind: B\ntags: [x, y]\n...\n---\n# only a comment\n' },
    { name: 'block scalars', text: 'a: |\n    four\n    spaces\nb: >-\n  folded\n  text\nc: "quoted"\n' },
    {
      name: 'four spaces',
      text: 'name: x\nfeatures:\n    -   name: a\n        type: COUNT\n    - b\nmeta:\n- x\n',
    },
  ];
  const catalog = path.resolve(import.meta.dirname, '../../catalog');
  const files = readdirSync(catalog, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .sort();
  return [
    ...samples,
    ...files.map((file) => ({ name: file, text: readFileSync(path.join(catalog, file), 'utf8') })),
  ];
}

/** Every entry and item under each document's root, with its path and the lines it spans. */
interface Leaf {
  /** Line of the document's root mapping (the entity's anchor). */
  readonly line: number;
  readonly path: ManifestPath;
  /** A scalar on one line, not a block scalar. */
  readonly oneLineScalar: boolean;
  /** First line of the value. */
  readonly valueLine: number;
}

function leavesOf(text: string): Leaf[] {
  const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length;
  const found: Leaf[] = [];
  for (const document of parseAllDocuments(text)) {
    const root = document.contents;
    if (!isMap(root)) continue;
    const rootLine = lineOf(root.range[0]);
    const visit = (node: ParsedNode | null, at: ManifestPath): void => {
      if (isMap(node))
        for (const pair of node.items) {
          if (isScalar(pair.key)) visit(pair.value, [...at, String(pair.key.value)]);
        }
      else if (isSeq(node)) node.items.forEach((item, index) => visit(item, [...at, index]));
      else if (node !== null)
        found.push({
          line: rootLine,
          path: at,
          oneLineScalar:
            isScalar(node) &&
            node.type !== 'BLOCK_LITERAL' &&
            node.type !== 'BLOCK_FOLDED' &&
            lineOf(node.range[0]) === lineOf(node.range[1]),
          valueLine: lineOf(node.range[0]),
        });
    };
    visit(root, []);
  }
  return found;
}

describe('planManifestEdits: properties over sample files', () => {
  it('no edits: no text edits and the identical text', () => {
    for (const { text } of sampleFiles()) {
      expect(planManifestEdits(text, [])).toEqual([]);
      expect(planManifestEdits(text, [{ at: { line: 1, column: 1 }, edits: [] }])).toEqual([]);
      expect(applyTextEdits(text, [])).toBe(text);
    }
  });

  it('a changed one-line scalar changes its own line and no other', () => {
    let checked = 0;
    for (const { name, text } of sampleFiles()) {
      for (const leaf of leavesOf(text).filter((candidate) => candidate.oneLineScalar)) {
        const after = edited(text, [
          { at: { line: leaf.line, column: 1 }, edits: [set(leaf.path, 'a changed value')] },
        ]);
        const beforeLines = text.split('\n');
        const afterLines = after.split('\n');
        const changed = afterLines.flatMap((line, index) => (line === beforeLines[index] ? [] : [index + 1]));
        expect({ name, path: leaf.path, lines: afterLines.length, changed }).toEqual({
          name,
          path: leaf.path,
          lines: beforeLines.length,
          changed: [leaf.valueLine],
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('every entry and item can be deleted on its own (the result is checked by reading it back)', () => {
    for (const { text } of sampleFiles()) {
      for (const leaf of leavesOf(text)) {
        const paths = leaf.path.map((_, index) => leaf.path.slice(0, index + 1));
        for (const target of paths) {
          const after = edited(text, [{ at: { line: leaf.line, column: 1 }, edits: [del(target)] }]);
          expect(after.length).toBeLessThan(text.length);
        }
      }
    }
  });
});

describe('editValue (what the safety net expects)', () => {
  it('reads paths against the original value: deleted items do not renumber the others', () => {
    const before = { l: ['a', 'b', 'c'], m: { x: 1 } };
    expect(
      editValue(before, [
        del(['l', 0]),
        set(['l', 2], 'C'),
        append(['l'], ['d']),
        del(['m', 'x']),
        del(['gone', 'x']),
      ]),
    ).toEqual({ l: ['b', 'C', 'd'], m: {} });
    expect(before).toEqual({ l: ['a', 'b', 'c'], m: { x: 1 } });
  });

  it('creates the maps on the way for set and append', () => {
    expect(editValue({}, [set(['a', 'b'], 1), append(['c', 'd'], ['x'])])).toEqual({
      a: { b: 1 },
      c: { d: ['x'] },
    });
  });
});
