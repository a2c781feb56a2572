import { describe, expect, it } from 'vitest';
import { RawJson, stringifyWithRaw } from './raw-json.js';

describe('stringifyWithRaw', () => {
  it('splices stored JSON text in as it is, anywhere in the value', () => {
    const body = {
      results: {
        'urn:li:x': { aspects: { a: { value: new RawJson('{"b":[1,2],"c":"d"}'), version: 0 } } },
      },
      list: [new RawJson('true'), new RawJson('{"e":"\\u0000"}')],
    };
    const text = stringifyWithRaw(body);
    expect(text).toBe(
      '{"results":{"urn:li:x":{"aspects":{"a":{"value":{"b":[1,2],"c":"d"},"version":0}}}},"list":[true,{"e":"\\u0000"}]}',
    );
    expect(JSON.parse(text)).toEqual({
      results: { 'urn:li:x': { aspects: { a: { value: { b: [1, 2], c: 'd' }, version: 0 } } } },
      list: [true, { e: '\u0000' }],
    });
  });

  it('leaves strings that look like a placeholder alone (the placeholders carry a random nonce)', () => {
    const lookalike = '\u00000000000000000000:0\u0000';
    const text = stringifyWithRaw({ description: lookalike, value: new RawJson('{"x":1}') });
    expect(JSON.parse(text)).toEqual({ description: lookalike, value: { x: 1 } });
  });

  it('is plain JSON.stringify when nothing is raw, and a RawJson alone serializes as its value', () => {
    expect(stringifyWithRaw({ a: [1, 'two'] })).toBe('{"a":[1,"two"]}');
    expect(JSON.stringify({ v: new RawJson('{"y":[2]}') })).toBe('{"v":{"y":[2]}}');
  });
});
