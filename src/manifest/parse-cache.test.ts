import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/temp-dir.js';
import { openParseCache, type ParseCache } from './parse-cache.js';
import { parseDocuments, parseFile, type ParseOutcome, type SourceFile } from './parse-documents.js';
import type { ParsedFile } from './parsed-file.js';
import { readManifestFiles } from './read-manifest-files.js';

/** Every path into a value (objects and arrays), for comparing locators everywhere. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  return [prefix, ...children.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
}

/** An outcome as data: documents with every locate answer, partial values, diagnostics. */
function snapshot(outcome: ParseOutcome): unknown {
  return {
    documents: outcome.documents.map((document) => ({
      file: document.file,
      index: document.index,
      value: document.value,
      at: pathsOf(document.value).map((at) => [at, document.locate(at), document.locate(at, 'key')]),
      missing: document.locate(['no', 'such', 0, 'path']),
    })),
    partialValues: outcome.partialValues,
    diagnostics: outcome.diagnostics,
  };
}

/** The files not in the cache, parsed one after another here. */
const parseOnThisThread = (files: readonly SourceFile[]): Promise<ParsedFile[]> =>
  Promise.resolve(files.map((file) => parseFile(file)));

/** One file through the cache. */
async function parseOne(cache: ParseCache, file: SourceFile): Promise<ParseOutcome> {
  return (await cache.parseAll([file], parseOnThisThread))[0] as ParseOutcome;
}

describe('the parse cache', () => {
  let dir: string;
  const entries = (): string[] => readdirSync(dir).filter((name) => name.endsWith('.v8'));
  /** One run of the cache on one file. */
  const parsedOnce = async (file: SourceFile, toolVersion = '1.0.0'): Promise<ParseOutcome> => {
    const cache = openParseCache(dir, toolVersion);
    const outcome = await parseOne(cache, file);
    cache.prune();
    return outcome;
  };
  const valueOf = async (file: SourceFile, toolVersion?: string): Promise<unknown> =>
    (await parsedOnce(file, toolVersion)).documents[0]?.value;
  let cleanup: () => void;
  beforeEach(() => {
    let root: string;
    ({ dir: root, cleanup } = tempDir());
    dir = path.join(root, 'cache');
  });
  afterEach(() => cleanup());

  it('answers exactly what parsing answers, cold and warm, for the example catalog and every broken manifest', async () => {
    const files = [
      ...(await readManifestFiles('catalog')),
      ...(await readManifestFiles('test/fixtures/broken-manifests')),
    ];
    expect(files.length).toBeGreaterThan(50);
    const expected = files.map((file) => snapshot(parseDocuments(file)));
    const cold = openParseCache(dir, '1.0.0');
    expect((await cold.parseAll(files, parseOnThisThread)).map(snapshot)).toEqual(expected);
    cold.prune();
    const written = entries().length;
    // Files that are not UTF-8 are parsed every time.
    expect(written).toBeGreaterThan(files.length - 3);
    // The cache ignores itself in git, so writing it never makes a working tree dirty.
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    const warm = openParseCache(dir, '1.0.0');
    expect((await warm.parseAll(files, parseOnThisThread)).map(snapshot)).toEqual(expected);
    expect(entries()).toHaveLength(written);
  });

  it('parses together only the files it does not hold (parseAll), and answers as parsing does', async () => {
    const files = [
      ...(await readManifestFiles('catalog')),
      ...(await readManifestFiles('test/fixtures/broken-manifests')),
    ];
    const expected = files.map((file) => snapshot(parseDocuments(file)));
    const asked: string[][] = [];
    const parseMany = (many: readonly SourceFile[]) => {
      asked.push(many.map((file) => file.path));
      return Promise.resolve(many.map((file) => parseFile(file)));
    };
    const cold = openParseCache(dir, '1.0.0');
    expect((await cold.parseAll(files, parseMany)).map(snapshot)).toEqual(expected);
    expect(asked).toEqual([files.map((file) => file.path)]);
    // Warm, with one file edited: only it is parsed (and the files that are not UTF-8, never cached).
    const edited = files.map((file, index) =>
      index === 0 ? { ...file, text: `${file.text}\n# edited\n` } : file,
    );
    const warm = openParseCache(dir, '1.0.0');
    expect((await warm.parseAll(edited, parseMany)).map(snapshot).slice(1)).toEqual(expected.slice(1));
    expect(asked[1]).toEqual(
      edited.filter((file, index) => index === 0 || file.invalidUtf8 !== undefined).map((file) => file.path),
    );
  });

  it('is used only for the very text, path and tool version it was made from', async () => {
    const file: SourceFile = { path: 'catalog/t.yaml', text: 'kind: GlossaryTerm\nid: A.B\n' };
    await parsedOnce(file);
    const [entry] = entries();
    // Proof that a warm run reads the entry: a doctored one is believed.
    const stored = deserialize(readFileSync(path.join(dir, entry!))) as {
      parsed: { documents: { value: { id: string } }[] };
    };
    stored.parsed.documents[0]!.value.id = 'From.Cache';
    writeFileSync(path.join(dir, entry!), serialize(stored));
    expect(await valueOf(file)).toEqual({ kind: 'GlossaryTerm', id: 'From.Cache' });
    const fresh = { kind: 'GlossaryTerm', id: 'A.B' };
    expect(await valueOf({ ...file, text: `${file.text}# edited\n` })).toEqual(fresh);
    expect(await valueOf({ ...file, path: 'catalog/u.yaml' })).toEqual(fresh);
    expect(await valueOf(file, '1.1.0')).toEqual(fresh);
    expect(await valueOf(file)).toEqual({ kind: 'GlossaryTerm', id: 'From.Cache' });
  });

  it('parses again when an entry is damaged or not its own, and keeps every value exactly', async () => {
    const file: SourceFile = { path: 'catalog/t.yaml', text: 'kind: GlossaryTerm\nid: A.B\n' };
    await parsedOnce(file);
    const [entry] = entries();
    writeFileSync(path.join(dir, entry!), readFileSync(path.join(dir, entry!)).subarray(0, 40));
    expect(snapshot(await parsedOnce(file))).toEqual(snapshot(parseDocuments(file)));
    expect(deserialize(readFileSync(path.join(dir, entry!)))).toMatchObject({ parsed: { documents: [{}] } });
    writeFileSync(path.join(dir, entry!), serialize({ format: 'something else', parsed: 1 }));
    expect(snapshot(await parsedOnce(file))).toEqual(snapshot(parseDocuments(file)));

    // Values JSON could not hold survive exactly.
    const numbers: SourceFile = { path: 'catalog/n.yaml', text: 'a: .inf\nb: .nan\nc: -0\n' };
    await parsedOnce(numbers);
    const warm = (await parsedOnce(numbers)).documents[0]?.value as Record<string, number>;
    expect(Object.is(warm['c'], -0)).toBe(true);
    expect((await parsedOnce(numbers)).documents[0]?.value).toEqual({ a: Infinity, b: NaN, c: -0 });
  });

  it('parses as usual where it cannot write (a read-only checkout, say), and says nothing', async () => {
    writeFileSync(dir, 'a file where the cache folder would be');
    const file: SourceFile = { path: 'catalog/t.yaml', text: 'kind: GlossaryTerm\nid: A.B\n' };
    const cache = openParseCache(dir, '1.0.0');
    expect(snapshot(await parseOne(cache, file))).toEqual(snapshot(parseDocuments(file)));
    expect(snapshot(await parseOne(cache, { ...file, path: 'catalog/u.yaml' }))).toEqual(
      snapshot(parseDocuments({ ...file, path: 'catalog/u.yaml' })),
    );
    expect(() => cache.prune()).not.toThrow();
    expect(readFileSync(dir, 'utf8')).toBe('a file where the cache folder would be');
  });

  it('prunes entries a run did not use beyond a spare two hundred, oldest first', async () => {
    mkdirSync(dir);
    for (let index = 0; index < 230; index += 1) writeFileSync(path.join(dir, `old${index}.v8`), '');
    writeFileSync(path.join(dir, 'killed.v8.123.tmp'), '');
    utimesSync(path.join(dir, 'killed.v8.123.tmp'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    writeFileSync(path.join(dir, 'writing.v8.456.tmp'), '');
    const cache = openParseCache(dir, '1.0.0');
    await parseOne(cache, { path: 'catalog/t.yaml', text: 'kind: Tag\nid: pii\n' });
    cache.prune();
    expect(entries()).toHaveLength(201);
    // A temporary file an hour old is a killed run's leftover; a fresh one may be a live run's.
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual(['writing.v8.456.tmp']);
  });
});
