import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from './parse-documents.js';
import { parseFileFast } from './parse-events.js';

const root = path.resolve(import.meta.dirname, '../..');

function yamlFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...yamlFilesUnder(full));
    else if (/\.ya?ml$/.test(entry.name)) found.push(full);
  }
  return found;
}

const files = [
  ...yamlFilesUnder(path.join(root, 'catalog')),
  ...yamlFilesUnder(path.join(root, 'test/fixtures')),
];

describe('parseFileFast', () => {
  it('reads every manifest of the repository as the yaml path does, or leaves it to that path', () => {
    expect(files.length).toBeGreaterThan(40);
    let fast = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const quick = parseFileFast(text);
      if (quick === undefined) continue;
      fast += 1;
      const slow = parseFile({ path: file, text });
      expect({ file, ...quick }, file).toEqual({ file, ...slow });
    }
    expect(fast).toBeGreaterThan(files.length / 2);
  });
});

/** Each case either goes the fast way and agrees with `yaml` exactly, or is left to `yaml`. */
const CASES: Record<string, { readonly text: string; readonly fast: boolean }> = {
  'plain, quoted and flow values': {
    text: 'a: 1\nb: "q\\tx"\nc: \'it\'\'s\'\nd: [x, "y", {z: 1}]\ne: {f: [1, 2]}\n',
    fast: true,
  },
  'block scalars with indicators, comments and blank lines': {
    text: 'a: |\n  one\n  two\nb: >- # folded\n\n  three\nc:\n  - |+\n    four\n\n  - >2\n     five\nd: "x |"\n',
    fast: true,
  },
  'a block scalar whose key holds a bar': { text: '"a | b": |\n  text\n', fast: true },
  'several documents, empty ones among them': {
    text: '# head\n---\na: 1\n---\n---\n# only a comment\n---\nb: [1]\n...\n---\nc: 2\n',
    fast: true,
  },
  'CRLF line ends': { text: 'a: 1\r\nb:\r\n  - x\r\n  - |\r\n    y\r\n', fast: true },
  'quoted keys with escapes': { text: '"a\\u00e9": 1\n\'b c\': 2\n', fast: true },
  'a key named __proto__': { text: '__proto__: 1\nx: {__proto__: [2]}\n', fast: true },
  'unicode before the positions': { text: 'name: "été 🌍"\nb: ü\n', fast: true },
  'a byte-order mark': { text: '\ufeffa: 1\nb: 2\n', fast: false },
  'numeric-looking keys': { text: '1: a\n0x1F: b\n', fast: false },
  'an empty value': { text: 'a:\nb: 1\n', fast: false },
  aliases: { text: 'a: &x 1\nb: *x\n', fast: false },
  tags: { text: 'a: !!str 1\n', fast: false },
  'a duplicate key': { text: 'a: 1\na: 2\n', fast: false },
  'a syntax error': { text: 'a: "unclosed\n', fast: false },
  'a tab indent': { text: 'a:\n\t- b\n', fast: false },
};

describe('parseFileFast on the corners of YAML', () => {
  for (const [name, { text, fast }] of Object.entries(CASES)) {
    it(name, () => {
      const quick = parseFileFast(text);
      if (quick !== undefined) expect(quick).toEqual(parseFile({ path: 'x.yaml', text }));
      if (fast) expect(quick).toBeDefined();
    });
  }
});
