/**
 * Parses a catalog's manifest files on two threads when there are enough of them to be worth it: this one and a
 * worker (parse-worker.ts). Both take the next file from one shared counter, so neither waits for the other and
 * the worker's start-up (about 0.1 s) costs nothing: this thread is parsing meanwhile. The worker's results are
 * plain data (ParsedFile, what the parse cache stores), copied back when this thread is done with its share.
 *
 * Cold parsing is most of a large catalog's load (1.0 of 2.2 s at 50,000 entities on two cores). A worker that
 * fails, or cannot start, costs only time: whatever it did not send back is parsed here.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../worker-script.js';
import { parseFile, type SourceFile } from './parse-documents.js';
import type { ParsedFile } from './parsed-file.js';
import type { ParsedMessage, ParseWorkerInput } from './parse-worker.js';

/**
 * Below about this much YAML (some 25,000 entities) one thread is as fast: the worker's start-up, and copying its
 * results back, cost what it saves (measured on two cores: bench/results/README.md, "Parsing on two threads").
 */
export const PARALLEL_MIN_CHARS = 4_000_000;

export async function parseFilesInParallel(
  files: readonly SourceFile[],
  options: { readonly minChars?: number } = {},
): Promise<ParsedFile[]> {
  const chars = files.reduce((sum, file) => sum + file.text.length, 0);
  if (files.length < 2 || chars < (options.minChars ?? PARALLEL_MIN_CHARS) || availableParallelism() < 2) {
    return files.map((file) => parseFile(file));
  }
  return (await parseOnTwoThreads(files)).parsed;
}

export interface TwoThreadOptions {
  /** The worker's script (tests give a failing one); parse-worker.js unless told. */
  readonly script?: URL;
  /** False: this thread takes no file and only waits (tests: the worker parses every file it can). */
  readonly shareWork?: boolean;
}

/** Parses `files` on this thread and a worker; `byWorker`: how many of the results the worker sent. */
export async function parseOnTwoThreads(
  files: readonly SourceFile[],
  options: TwoThreadOptions = {},
): Promise<{ parsed: ParsedFile[]; byWorker: number }> {
  // Filled, not sparse: map skips the holes of a sparse array, and a hole is a file left to parse here.
  const parsed = new Array<ParsedFile | undefined>(files.length).fill(undefined);
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const counter = new Int32Array(next);
  let byWorker = 0;
  const script = options.script ?? workerScript(import.meta.url, 'parse-worker');
  const finished = startWorker(script, { files, next } satisfies ParseWorkerInput, (message) => {
    parsed[message.index] = message.parsed;
    byWorker += 1;
  });
  if (options.shareWork !== false) {
    for (let index = Atomics.add(counter, 0, 1); index < files.length; index = Atomics.add(counter, 0, 1)) {
      parsed[index] = parseFile(files[index] as SourceFile);
    }
  }
  await finished;
  // What a failed worker took and never sent back, or never took.
  return {
    parsed: parsed.map((result, index) => result ?? parseFile(files[index] as SourceFile)),
    byWorker,
  };
}

/** Starts the worker; resolves once it has ended, whether it finished, failed or never started. */
function startWorker(
  script: URL,
  input: ParseWorkerInput,
  onParsed: (message: ParsedMessage) => void,
): Promise<void> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(script, { workerData: input });
    } catch {
      // No worker (its script missing from a partial install, say): this thread takes every file.
      resolve();
      return;
    }
    worker.on('message', onParsed);
    // A failure costs only time: what the worker did not send back is parsed on this thread.
    worker.on('error', () => undefined);
    worker.on('exit', () => resolve());
  });
}
