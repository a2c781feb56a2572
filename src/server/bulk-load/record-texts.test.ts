import { describe, expect, it } from 'vitest';
import { arrayElementTexts, UnfinishedArray } from './record-texts.js';

const elementsOf = (text: string): unknown[] | undefined => {
  const texts = arrayElementTexts(text);
  return texts === undefined ? undefined : [...texts].map((element) => JSON.parse(element) as unknown);
};

describe('arrayElementTexts', () => {
  it('finds each element of an array as JSON.parse reads the whole', () => {
    const samples = [
      '[]',
      ' \n[ ]\r\n',
      '[1]',
      '[1, -2.5e3 ,true,false,null, "x"]',
      '[{"a": [1, {"b": "]}"}]}, [[], {}], "{[", "\\"]", "\\\\", "\\\\\\"]"]',
      '[{"quote": "say \\"hi\\" [then] {go}", "path": "C:\\\\dir\\\\"}, {"u": "\\u005d\\u007d"}]',
      '\t[\n  {"entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,a.b,PROD)"},\n  {"x": 1}\n]\n',
      JSON.stringify([{ deep: [[[[{ k: 'v]' }]]]] }, 'é ünïcode 🙂', { empty: '' }]),
    ];
    for (const text of samples) expect(elementsOf(text), text).toEqual(JSON.parse(text));
  });

  it('answers undefined for a text that is not an array, so that it is parsed whole', () => {
    expect(arrayElementTexts('{"proposedSnapshot": {}}')).toBeUndefined();
    expect(arrayElementTexts('  "text"')).toBeUndefined();
    expect(arrayElementTexts('')).toBeUndefined();
  });

  it('throws at the element where an unfinished or broken array stops, after the elements before it', () => {
    for (const text of ['[{"a": 1}, {"b": 2', '[{"a": 1} {"b": 2}]', '[1, 2] x', '["open', '[1,', '[1,]']) {
      const seen: string[] = [];
      expect(() => {
        for (const element of arrayElementTexts(text) ?? []) seen.push(element);
      }, text).toThrow(UnfinishedArray);
      expect(() => JSON.parse(text), text).toThrow();
      if (text.startsWith('[{"a": 1}')) expect(seen[0]).toBe('{"a": 1}');
    }
  });

  it('leaves judging an element to JSON.parse: a mismatched bracket makes an element that does not parse', () => {
    const texts = [...(arrayElementTexts('[{"a": [1}], 2]') ?? [])];
    expect(() => texts.map((element) => JSON.parse(element) as unknown)).toThrow(SyntaxError);
  });
});
