import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFile, type SourceFile } from './parse-documents.js';
import { parseFilesInParallel, parseOnTwoThreads } from './parse-in-parallel.js';
import { decodeManifest, readManifestFiles } from './read-manifest-files.js';

// The worker runs from dist/ (see src/worker-script.ts): `npm test` builds it first.

/** The broken-manifests corpus (every diagnostic, located) and the example catalog, as files to parse. */
async function manifests(): Promise<SourceFile[]> {
  const corpus = path.resolve('test/fixtures/broken-manifests');
  const broken = readdirSync(corpus)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => decodeManifest(`catalog/${file}`, readFileSync(path.join(corpus, file))));
  return [...broken, ...(await readManifestFiles('catalog'))];
}

const scratch = mkdtempSync(path.join(tmpdir(), 'catalog-parse-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('parsing manifest files on two threads', () => {
  it('gives what one thread gives, every located diagnostic included, for the files the worker parses', async () => {
    const files = await manifests();
    expect(files.length).toBeGreaterThanOrEqual(60);
    const { parsed, byWorker } = await parseOnTwoThreads(files, { shareWork: false });
    expect(byWorker).toBe(files.length);
    expect(parsed).toEqual(files.map((file) => parseFile(file)));
    expect(parsed.some((result) => result.diagnostics.length > 0)).toBe(true);
  });

  it('with both threads taking files, each file is parsed once and the results are in order', async () => {
    const files = await manifests();
    const { parsed, byWorker } = await parseOnTwoThreads(files);
    expect(byWorker).toBeLessThanOrEqual(files.length);
    expect(parsed).toEqual(files.map((file) => parseFile(file)));
  });

  it('parses on this thread what a failing worker took and never sent back', async () => {
    const files = await manifests();
    // Takes two files, sends one, then fails.
    const failing = path.join(scratch, 'failing-worker.mjs');
    writeFileSync(
      failing,
      `import { parentPort, workerData } from 'node:worker_threads';
       const counter = new Int32Array(workerData.next);
       Atomics.add(counter, 0, 1);
       const index = Atomics.add(counter, 0, 1);
       parentPort.postMessage({ index, parsed: { documents: [], partialValues: [], diagnostics: [], lineStarts: [] } });
       throw new Error('the worker fails');`,
    );
    const { parsed, byWorker } = await parseOnTwoThreads(files, {
      script: pathToFileURL(failing),
      shareWork: false,
    });
    expect(byWorker).toBe(1);
    // The one it sent is taken as sent (here: empty), every other file is parsed on this thread.
    const expected = files.map((file) => parseFile(file));
    expected[1] = { documents: [], partialValues: [], diagnostics: [], lineStarts: [] };
    expect(parsed).toEqual(expected);
  });

  it('a worker that cannot start leaves every file to this thread', async () => {
    const files = await manifests();
    const { parsed, byWorker } = await parseOnTwoThreads(files, {
      script: pathToFileURL(path.join(scratch, 'missing-worker.mjs')),
      shareWork: false,
    });
    expect(byWorker).toBe(0);
    expect(parsed).toEqual(files.map((file) => parseFile(file)));
  });

  it('small catalogs are parsed on one thread', async () => {
    const files = await manifests();
    expect(await parseFilesInParallel(files)).toEqual(files.map((file) => parseFile(file)));
    expect(await parseFilesInParallel(files, { minChars: 0 })).toEqual(files.map((file) => parseFile(file)));
  });
});
