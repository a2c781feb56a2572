import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import type { ParsedNode } from 'yaml';
import { describe, expect, it } from 'vitest';
import { InternalError } from '../errors.js';
import type { JsonValue } from '../model/json.js';
import { ManifestEditError, applyTextEdits, planManifestEdits } from './edit-manifest.js';
import { editValue } from './edit-value.js';
import type { EntityEdits, ManifestEdit, ManifestPath } from './edit-manifest.js';

/** The file after the edits of entities anchored at 1-based lines (column given or 1). */
function edited(text: string, entities: readonly EntityEdits[]): string {
  return applyTextEdits(text, planManifestEdits(text, entities));
}

/** The file after edits of the mapping that starts at line 1, column 1. */
function editedRoot(text: string, edits: readonly ManifestEdit[], line = 1): string {
  return edited(text, [{ at: { line, column: 1 }, edits }]);
}

const set = (path: ManifestPath, value: JsonValue): ManifestEdit => ({ kind: 'set', path, value });
const del = (path: ManifestPath): ManifestEdit => ({ kind: 'delete', path });
const append = (path: ManifestPath, items: readonly JsonValue[]): ManifestEdit => ({
  kind: 'append',
  path,
  items,
});

const TABLE = `# yaml-language-server: $schema=../../schemas/catalog.schema.json
apiVersion: catalog/v1
kind: MLFeatureTable
name: transaction_features
description: Rolling aggregates over card transactions.  # reviewed 2026-01
owners:
  - owner: urn:li:corpGroup:fraud-ml
  - owner: priya
    type: BUSINESS_OWNER
tags: [payments, pci]
features:
  - name: txn_count_7d
    dataType: COUNT
    sources:
      - urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)
  - { name: age, dataType: CONTINUOUS }
  - ref: shared_features.country

# Related tables live in shared-features.yaml.
`;

describe('planManifestEdits: scalars', () => {
  it('replaces only the value, keeping the trailing comment on its line', () => {
    expect(editedRoot(TABLE, [set(['description'], 'Hourly rolling aggregates.')], 2)).toBe(
      TABLE.replace(
        'description: Rolling aggregates over card transactions.  # reviewed 2026-01',
        'description: Hourly rolling aggregates.  # reviewed 2026-01',
      ),
    );
  });

  it('keeps plain, single-quoted and double-quoted styles when the new value can be written in them', () => {
    const text = `plain: old value\nsingle: 'old'\ndouble: "old"  # why\nversion: '3'\n`;
    expect(
      editedRoot(text, [
        set(['plain'], 'new value'),
        set(['single'], "it's new"),
        set(['double'], 'new "quoted" text'),
        set(['version'], '4'),
      ]),
    ).toBe(`plain: new value\nsingle: 'it''s new'\ndouble: "new \\"quoted\\" text"  # why\nversion: '4'\n`);
  });

  it('quotes values that a YAML 1.2 or 1.1 reader would not read back as the same string', () => {
    const text = 'a: x\nb: x\nc: x\nd: x\ne: x\nf: x\ng: x\nh: x\ni: x\n';
    expect(
      editedRoot(text, [
        set(['a'], 'yes'),
        set(['b'], '1.0'),
        set(['c'], 'null'),
        set(['d'], ': x'),
        set(['e'], '# y'),
        set(['f'], '  leading spaces'),
        set(['g'], 'he said "hi": twice'),
        set(['h'], ''),
        set(['i'], 'on'),
      ]),
    ).toBe(
      [
        'a: "yes"',
        'b: "1.0"',
        'c: "null"',
        'd: ": x"',
        'e: "# y"',
        'f: "  leading spaces"',
        `g: 'he said "hi": twice'`,
        'h: ""',
        'i: "on"',
        '',
      ].join('\n'),
    );
  });

  it('writes numbers, booleans and null as plain scalars, whatever the old style', () => {
    expect(
      editedRoot(`a: 'text'\nb: "x"\nc: text\n`, [set(['a'], 42), set(['b'], false), set(['c'], null)]),
    ).toBe('a: 42\nb: false\nc: null\n');
  });

  it('uses double quotes for a value single quotes cannot carry on one line', () => {
    expect(editedRoot(`a: 'old'\n`, [set(['a'], 'bell\u0007')])).toBe('a: "bell\\u0007"\n');
  });

  it('keeps a block scalar block, in its style and with its own indentation', () => {
    const text = [
      'description: |',
      '    Written with four',
      '    spaces of indentation.',
      'summary: >',
      '  folded',
      '  text',
      'notes: |+',
      '  kept',
      '',
      'next: 1',
      '',
    ].join('\n');
    expect(
      editedRoot(text, [
        set(['description'], 'New first line.\nNew second line.\n'),
        set(['summary'], 'folded again\nwith a real line break'),
        set(['notes'], 'one line'),
      ]),
    ).toBe(
      [
        'description: |',
        '    New first line.',
        '    New second line.',
        'summary: >-',
        '  folded again',
        '',
        '  with a real line break',
        'notes: |-',
        '  one line',
        'next: 1',
        '',
      ].join('\n'),
    );
  });

  it('writes a new multi-line string as a | block scalar under its key, moving a trailing comment to the header', () => {
    expect(editedRoot(TABLE, [set(['description'], 'Rolling aggregates.\nRefreshed hourly.')], 2)).toBe(
      TABLE.replace(
        'description: Rolling aggregates over card transactions.  # reviewed 2026-01\n',
        'description: |-  # reviewed 2026-01\n  Rolling aggregates.\n  Refreshed hourly.\n',
      ),
    );
    expect(editedRoot('name: a\n', [set(['description'], 'two\nlines\n')])).toBe(
      'name: a\ndescription: |\n  two\n  lines\n',
    );
  });

  it('uses double quotes for a multi-line value in a flow collection', () => {
    expect(editedRoot('m: { a: x, b: y }\n', [set(['m', 'a'], 'one\ntwo')])).toBe(
      'm: { a: "one\\ntwo", b: y }\n',
    );
  });
});

describe('planManifestEdits: inserting keys', () => {
  it('adds a key after the last entry and its nested lines, before trailing blank lines and comments', () => {
    expect(editedRoot(TABLE, [set(['version'], '2')], 2)).toBe(
      TABLE.replace('  - ref: shared_features.country\n', `  - ref: shared_features.country\nversion: "2"\n`),
    );
  });

  it('adds keys in block style with the map’s indentation, nested values indented under them', () => {
    const text = 'name: m\nproperties:\n  a: 1\n  # about b\n  b: 2\n\n# next section\nother: x\n';
    expect(
      editedRoot(text, [
        set(['properties', 'c'], { deep: [1, 2], flag: true }),
        set(['properties', 'd'], 'plain'),
        set(['links'], [{ url: 'https://runbooks.example.com', description: 'On-call runbook' }]),
      ]),
    ).toBe(
      [
        'name: m',
        'properties:',
        '  a: 1',
        '  # about b',
        '  b: 2',
        '  c:',
        '    deep:',
        '      - 1',
        '      - 2',
        '    flag: true',
        '  d: plain',
        '',
        '# next section',
        'other: x',
        'links:',
        '  - url: https://runbooks.example.com',
        '    description: On-call runbook',
        '',
      ].join('\n'),
    );
  });

  it('creates the maps on the way to a missing key', () => {
    expect(editedRoot('name: a\n', [set(['customProperties', 'team'], 'fraud')])).toBe(
      'name: a\ncustomProperties:\n  team: fraud\n',
    );
  });

  it('adds a key to a flow map before the closing brace, also to an empty one', () => {
    expect(
      editedRoot('a: { name: age, dataType: CONTINUOUS }\nb: {}\n', [
        set(['a', 'description'], 'Age in years'),
        set(['b', 'x'], 1),
      ]),
    ).toBe('a: { name: age, dataType: CONTINUOUS, description: Age in years }\nb: { x: 1 }\n');
  });

  it('keeps one entry a line in a flow map written that way', () => {
    expect(editedRoot('m: {\n  a: 1,\n  b: 2\n}\n', [set(['m', 'c'], 3)])).toBe(
      'm: {\n  a: 1,\n  b: 2,\n  c: 3\n}\n',
    );
  });

  it('fills an entry written without a value, keeping its comment', () => {
    expect(editedRoot('description:   # to do\nname: a\n', [set(['description'], 'Done')])).toBe(
      'description: Done   # to do\nname: a\n',
    );
  });
});

describe('planManifestEdits: appending to lists', () => {
  it('appends to a block list with the same indentation and dash style; map items in block style', () => {
    expect(
      editedRoot(
        TABLE,
        [
          append(['owners'], [{ owner: 'urn:li:corpuser:sam', type: 'TECHNICAL_OWNER' }]),
          append(['features', 0, 'sources'], ['urn:li:dataset:(urn:li:dataPlatform:kafka,txn,PROD)']),
        ],
        2,
      ),
    ).toBe(
      TABLE.replace(
        '    type: BUSINESS_OWNER\n',
        '    type: BUSINESS_OWNER\n  - owner: urn:li:corpuser:sam\n    type: TECHNICAL_OWNER\n',
      ).replace(
        '      - urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)\n',
        '      - urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)\n      - urn:li:dataset:(urn:li:dataPlatform:kafka,txn,PROD)\n',
      ),
    );
  });

  it('writes map items in flow style when the existing items are flow', () => {
    expect(
      editedRoot('owners:\n  - { owner: a, type: DATAOWNER }\n', [
        append(['owners'], [{ owner: 'b', type: 'STEWARD' }]),
      ]),
    ).toBe('owners:\n  - { owner: a, type: DATAOWNER }\n  - { owner: b, type: STEWARD }\n');
  });

  it('appends to a flow list before the closing bracket, also to an empty one', () => {
    expect(
      editedRoot('tags: [payments, pci]\ngroups: []\nmore: [\n  a,\n  b\n]\n', [
        append(['tags'], ['gdpr']),
        append(['groups'], ['fraud-detector', 'risk']),
        append(['more'], ['c']),
      ]),
    ).toBe('tags: [payments, pci, gdpr]\ngroups: [fraud-detector, risk]\nmore: [\n  a,\n  b,\n  c\n]\n');
  });

  it('inserts `key: [items]` when the list is missing: block style, or flow in a flow map', () => {
    expect(
      editedRoot('name: a\nm: { x: 1 }\n', [append(['tags'], ['t1', 't2']), append(['m', 'tags'], ['t'])]),
    ).toBe('name: a\nm: { x: 1, tags: [t] }\ntags:\n  - t1\n  - t2\n');
  });

  it('fills an entry written without a value with a block list', () => {
    expect(editedRoot('tags:\nname: a\n', [append(['tags'], ['t1'])])).toBe('tags:\n  - t1\nname: a\n');
  });

  it('orders new lines at the same place: the deeper list first, then the enclosing map’s new key', () => {
    const text = 'name: t\nfeatures:\n  - name: a\n  - name: b\n    dataType: COUNT\n';
    expect(
      edited(text, [
        { at: { line: 1, column: 1 }, edits: [set(['version'], '2'), append(['features'], [{ name: 'c' }])] },
        { at: { line: 4, column: 5 }, edits: [set(['description'], 'B'), append(['tags'], ['t'])] },
      ]),
    ).toBe(
      [
        'name: t',
        'features:',
        '  - name: a',
        '  - name: b',
        '    dataType: COUNT',
        '    description: B',
        '    tags:',
        '      - t',
        '  - name: c',
        'version: "2"',
        '',
      ].join('\n'),
    );
  });
});

describe('planManifestEdits: deleting', () => {
  it('removes a map entry with all its lines and the comment on its line; comments above others stay', () => {
    const text =
      'name: a\nowners:  # who\n  - owner: x\n    type: DATAOWNER\n# kept\ntags: [a]  # tagged\nend: 1\n';
    expect(editedRoot(text, [del(['owners']), del(['tags'])])).toBe('name: a\n# kept\nend: 1\n');
  });

  it('removes block list items, and the first entry of an item map up to the next entry', () => {
    const text = 'features:\n  - name: a\n    dataType: COUNT\n  - b\n  - c\n';
    expect(editedRoot(text, [del(['features', 0, 'name']), del(['features', 1])])).toBe(
      'features:\n  - dataType: COUNT\n  - c\n',
    );
  });

  it('removes flow entries and items with their separators', () => {
    expect(
      editedRoot('a: [x, y, z]\nb: { p: 1, q: 2, r: 3 }\nc: [x, y, z]\nd: [only]\n', [
        del(['a', 0]),
        del(['a', 1]),
        del(['b', 'q']),
        del(['b', 'r']),
        del(['c', 1]),
        del(['d', 0]),
      ]),
    ).toBe('a: [z]\nb: { p: 1 }\nc: [x, z]\nd: []\n');
  });

  it('leaves `{}` or `[]` when every entry or item goes, keeping the key line’s comment', () => {
    expect(
      editedRoot('props:  # custom\n  a: 1\nlist:\n  - x\n  - y\n', [
        del(['props', 'a']),
        del(['list', 0]),
        del(['list', 1]),
      ]),
    ).toBe('props: {}  # custom\nlist: []\n');
  });

  it('deletes nothing when the key is already gone', () => {
    expect(
      planManifestEdits('name: a\n', [{ at: { line: 1, column: 1 }, edits: [del(['description'])] }]),
    ).toEqual([]);
  });
});

describe('planManifestEdits: setting lists and maps', () => {
  it('edits a list item by item: one changed item is one changed line', () => {
    const text =
      'owners:\n  - owner: a  # lead\n    type: DATAOWNER\n  - owner: b\nfeatures:\n  # first\n  - x\n  # second\n  - y\n';
    expect(
      editedRoot(text, [
        set(['owners'], [{ owner: 'a', type: 'STEWARD' }, { owner: 'b' }]),
        set(['features'], ['x', 'new', 'y']),
      ]),
    ).toBe(
      'owners:\n  - owner: a  # lead\n    type: STEWARD\n  - owner: b\nfeatures:\n  # first\n  - x\n  - new\n  # second\n  - y\n',
    );
  });

  it('removes the one item a new list lacks', () => {
    expect(
      editedRoot('l:\n  - a\n  - b  # bee\n  - c\ntags: [x, y, z]\n', [
        set(['l'], ['a', 'c']),
        set(['tags'], ['x', 'z']),
      ]),
    ).toBe('l:\n  - a\n  - c\ntags: [x, z]\n');
  });

  it('replaces a value of another kind in the style of where it goes', () => {
    expect(
      editedRoot('a: one  # note\nb:\n  - x\nc:\n  - p\n  - q\nd: { k: v }\n', [
        set(['a'], ['one', 'two']),
        set(['b'], 'scalar now'),
        set(['c', 0], { k: 'v', w: 'z' }),
        set(['d'], ['flow', 'stays']),
      ]),
    ).toBe('a:  # note\n  - one\n  - two\nb: scalar now\nc:\n  - k: v\n    w: z\n  - q\nd: [flow, stays]\n');
  });

  it('plans nothing when the values are already as asked', () => {
    expect(
      planManifestEdits(TABLE, [
        {
          at: { line: 2, column: 1 },
          edits: [
            set(['tags'], ['payments', 'pci']),
            set(['owners', 1], { type: 'BUSINESS_OWNER', owner: 'priya' }),
          ],
        },
      ]),
    ).toEqual([]);
  });
});

describe('planManifestEdits: anchors and documents', () => {
  it('edits inline features anchored at their list items, each with its own indentation', () => {
    expect(
      edited(TABLE, [
        {
          at: { line: 12, column: 5 },
          edits: [set(['dataType'], 'CONTINUOUS'), set(['description'], 'Count')],
        },
        { at: { line: 16, column: 5 }, edits: [set(['description'], 'Age')] },
      ]),
    ).toBe(
      TABLE.replace('    dataType: COUNT\n', '    dataType: CONTINUOUS\n')
        .replace(
          '      - urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)\n',
          '      - urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)\n    description: Count\n',
        )
        .replace(
          '{ name: age, dataType: CONTINUOUS }',
          '{ name: age, dataType: CONTINUOUS, description: Age }',
        ),
    );
  });

  it('edits the document the anchor points into, and leaves `---`, `...` and comments between documents', () => {
    const text = 'kind: A\nname: a\n\n# about b\n---\nkind: B\nname: b\n...\n---\n# c\nkind: C\nname: c\n';
    expect(
      edited(text, [
        { at: { line: 1, column: 1 }, edits: [set(['description'], 'for a')] },
        { at: { line: 6, column: 1 }, edits: [set(['description'], 'for b')] },
        { at: { line: 11, column: 1 }, edits: [set(['name'], 'c2')] },
      ]),
    ).toBe(
      'kind: A\nname: a\ndescription: for a\n\n# about b\n---\nkind: B\nname: b\ndescription: for b\n...\n---\n# c\nkind: C\nname: c2\n',
    );
  });
});

describe('planManifestEdits: line endings and indentation', () => {
  it('keeps CRLF line endings, new lines included', () => {
    const text = 'name: a\r\ndescription: old\r\nowners:\r\n  - owner: x\r\nstale: 1\r\n';
    expect(
      editedRoot(text, [
        set(['description'], 'new\nlines'),
        append(['owners'], [{ owner: 'z', type: 'DATAOWNER' }]),
        del(['stale']),
        set(['tags'], ['t']),
      ]),
    ).toBe(
      'name: a\r\ndescription: |-\r\n  new\r\n  lines\r\nowners:\r\n  - owner: x\r\n  - owner: z\r\n    type: DATAOWNER\r\ntags:\r\n  - t\r\n',
    );
  });

  it('keeps a file without a final line break without one', () => {
    expect(editedRoot('a: 1\nb:\n  - x', [append(['b'], ['z']), set(['c'], 2)])).toBe(
      'a: 1\nb:\n  - x\n  - z\nc: 2',
    );
    expect(editedRoot('a: 1\nb: 2', [del(['b'])])).toBe('a: 1');
    expect(editedRoot('a: 1\nb: 2', [del(['b']), set(['c'], 3)])).toBe('a: 1\nc: 3');
  });

  it('follows 4-space indentation and the spacing after dashes', () => {
    const text = 'name: x\nfeatures:\n    -   name: a\n        type: COUNT\nproperties:\n    k: v\n';
    expect(
      editedRoot(text, [
        append(['features'], [{ name: 'b', type: 'TEXT' }]),
        set(['links'], { runbook: ['u1'] }),
      ]),
    ).toBe(
      'name: x\nfeatures:\n    -   name: a\n        type: COUNT\n    -   name: b\n        type: TEXT\nproperties:\n    k: v\nlinks:\n    runbook:\n        -   u1\n',
    );
  });

  it('follows lists written without indentation under their key', () => {
    expect(editedRoot('tags:\n- a\n- b\nname: x\n', [append(['tags'], ['c']), set(['groups'], ['g'])])).toBe(
      'tags:\n- a\n- b\n- c\nname: x\ngroups:\n- g\n',
    );
  });

  it('keeps tabs used as separators', () => {
    expect(
      editedRoot('name:\told\t# c\ntags:\n  -\ta\n', [set(['name'], 'new'), append(['tags'], ['b'])]),
    ).toBe('name:\tnew\t# c\ntags:\n  -\ta\n  -\tb\n');
  });
});

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
