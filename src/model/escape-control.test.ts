import { describe, expect, it } from 'vitest';
import { escapeControlDeep } from './escape-control.js';

describe('escapeControlDeep', () => {
  it('escapes strings and keys at any depth, without touching the input', () => {
    const input = { a: ['ok', 'bell\u0007'], 'k\u001b': { b: 'x\u009b' }, n: 1, t: 'tab\tnewline\n' };
    const frozen = JSON.stringify(input);
    expect(escapeControlDeep(input)).toEqual({
      a: ['ok', 'bell\\u0007'],
      'k\\u001B': { b: 'x\\u009B' },
      n: 1,
      t: 'tab\tnewline\n',
    });
    expect(JSON.stringify(input)).toBe(frozen);
  });

  it('answers the very parts that hold no control character, not copies', () => {
    const clean = { name: 'fraud', list: [{ a: 1 }, 'b'] };
    expect(escapeControlDeep(clean)).toBe(clean);
    const mixed = { clean, dirty: { d: 'e\u0000' }, after: { f: 'g' } };
    const escaped = escapeControlDeep(mixed);
    expect(escaped).not.toBe(mixed);
    expect(escaped.clean).toBe(clean);
    expect(escaped.after).toBe(mixed.after);
    expect(escaped.dirty).toEqual({ d: 'e\\u0000' });
    expect(Object.keys(escaped)).toEqual(['clean', 'dirty', 'after']);
  });
});
