import { describe, expect, it } from 'vitest';
import { overlaid } from './json.js';

describe('overlaid', () => {
  it('is the spread of the value and the fields: a field the value has keeps its place, a new one comes last', () => {
    const base = { b: 1, a: 2, c: { d: 3 } };
    const result = overlaid(base, { a: 'new', e: 5, f: 6 });
    expect(Object.keys(result)).toEqual(['b', 'a', 'c', 'e', 'f']);
    expect(result).toEqual({ b: 1, a: 'new', c: { d: 3 }, e: 5, f: 6 });
    expect(JSON.stringify(result)).toBe(JSON.stringify({ ...base, a: 'new', e: 5, f: 6 }));
    expect(result['c']).toBe(base.c);
    expect(base).toEqual({ b: 1, a: 2, c: { d: 3 } });
  });

  it('leaves out a field set to undefined, wherever it is', () => {
    expect(Object.keys(overlaid({ a: 1, b: 2, c: 3 }, { b: undefined, d: undefined, e: 4 }))).toEqual([
      'a',
      'c',
      'e',
    ]);
    expect(overlaid(undefined, { a: 1, b: undefined })).toEqual({ a: 1 });
  });

  it('keeps a JSON key "__proto__" as a field, as a spread does, never as the prototype', () => {
    const base = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, never>;
    const result = overlaid(base, { b: 2 });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__', 'a', 'b']);
    expect(JSON.stringify(result)).toBe(JSON.stringify({ ...base, b: 2 }));
  });
});
