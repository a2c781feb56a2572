import { describe, expect, it } from 'vitest';
import { planManifestEdits } from './edit-manifest.js';
import { edited, editedRoot, set, del, append, TABLE } from '../../test/helpers/manifest-edits.js';

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
