import { describe, expect, it } from 'vitest';
import { edited, editedRoot, set, append, TABLE } from '../../test/helpers/manifest-edits.js';

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
