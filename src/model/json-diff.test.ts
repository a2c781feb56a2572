import { describe, expect, it } from 'vitest';
import { diffJson } from './json-diff.js';

describe('diffJson', () => {
  it('names each changed field and list item by path', () => {
    expect(
      diffJson(
        { description: 'a', mlFeatures: ['x', 'y'], version: { versionTag: '1' }, gone: true },
        { description: 'b', mlFeatures: ['x', 'z', 'w'], version: { versionTag: '1' }, added: 1 },
      ),
    ).toEqual([
      { path: 'added', after: 1 },
      { path: 'description', before: 'a', after: 'b' },
      { path: 'gone', before: true },
      { path: 'mlFeatures[1]', before: 'y', after: 'z' },
      { path: 'mlFeatures[2]', after: 'w' },
    ]);
  });

  it('reports nothing for equal values, whatever their key order', () => {
    expect(diffJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
  });

  it('reports a change of kind as one change', () => {
    expect(diffJson({ a: [1] }, { a: { b: 1 } })).toEqual([{ path: 'a', before: [1], after: { b: 1 } }]);
    expect(diffJson(undefined, { a: 1 })).toEqual([{ path: '(value)', after: { a: 1 } }]);
  });
});
