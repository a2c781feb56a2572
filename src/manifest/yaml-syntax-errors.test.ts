import { describe, expect, it } from 'vitest';
import { parseDocuments } from './parse-documents.js';

/** Each syntax error of a text as `line:column message`. */
function errors(text: string): string[] {
  return parseDocuments({ path: 'catalog/t.yaml', text }).diagnostics.map(
    (diagnostic) => `${diagnostic.location?.line}:${diagnostic.location?.column} ${diagnostic.message}`,
  );
}

const lines = (...text: string[]): string => `${text.join('\n')}\n`;

describe('YAML syntax errors: at the mistake, in one plain message', () => {
  it('a quote left open: where it opens, not at the end of the file', () => {
    const text = lines(
      'apiVersion: catalog/v1',
      'kind: GlossaryTerm',
      'id: Risk.Churn',
      'name: Churn risk',
      'definition: "Likelihood that a customer leaves.',
      'parent: Risk',
    );
    expect(errors(text)).toEqual(['5:13 YAML syntax error: the string opened with " here is never closed']);
    expect(errors("a: 'it''s\nb: 1\n")).toEqual([
      "1:4 YAML syntax error: the string opened with ' here is never closed",
    ]);
  });

  it('a line indented too deep: that line, once, naming the key it runs into', () => {
    const text = lines(
      'apiVersion: catalog/v1',
      'kind: GlossaryTerm',
      'id: Risk.Churn',
      'name: Churn risk',
      '   definition: Likelihood that a customer leaves.',
    );
    expect(errors(text)).toEqual([
      `5:4 YAML syntax error: this line is indented deeper than "name:" above it, so YAML reads it as more of name's value`,
    ]);
    const diagnostic = parseDocuments({ path: 'catalog/t.yaml', text }).diagnostics[0];
    expect(diagnostic?.hint).toBe(
      'indent it as the keys beside it, or, if it belongs under name, leave nothing after "name:"',
    );
  });

  it('a key out of line with its siblings, an item key out of line with its list item', () => {
    expect(errors('a:\n  b: 1\n c: 2\n')).toEqual([
      '3:2 YAML syntax error: this key does not line up with the keys above it: YAML nests by indentation',
    ]);
    expect(errors('features:\n  - name: a\n   dataType: X\n')).toEqual([
      '3:4 YAML syntax error: this line lines up neither with the keys of the list item above it nor with its "-": YAML cannot tell where it belongs',
    ]);
  });

  it('a line without its colon, and a second key on one line', () => {
    expect(errors('description\nname: x\n')).toEqual([
      '1:1 YAML syntax error: this line has no "key:" colon, so YAML reads it and the next line as one key',
    ]);
    expect(errors('definition: Colons: they start a mapping\n')).toEqual([
      '1:13 YAML syntax error: a second "key:" on the same line: a value cannot start a mapping here',
    ]);
  });

  it('an inline list or mapping left open: where it opens', () => {
    expect(errors('a: [x, y\nb: 1\n')).toEqual([
      '1:4 YAML syntax error: the [ opened here is never closed with ]',
    ]);
    expect(errors('a: 1\nb: {x: 1\n')).toEqual([
      '2:4 YAML syntax error: the { opened here is never closed with }',
    ]);
  });

  it('tabs and duplicate keys, in plain words', () => {
    expect(errors('features:\n\t- name: a\n')).toEqual([
      '2:1 YAML syntax error: a tab indents this line: YAML indents with spaces only',
    ]);
    expect(errors('kind: Tag\nname: a\nkind: Tag\n')).toEqual([
      '3:1 YAML syntax error: the key kind appears twice in the same mapping',
    ]);
  });

  it("keeps the parser's first line for anything else, at its position", () => {
    expect(errors('a: "x"y\n')).toEqual(['1:7 YAML syntax error: Unexpected scalar at node end']);
  });
});
