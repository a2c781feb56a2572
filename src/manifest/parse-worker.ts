/**
 * The second thread of parseFilesInParallel (parse-in-parallel.ts): takes the next file from the counter it shares
 * with the main thread, parses it and sends the plain-data result back, until no file is left.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseFile, type SourceFile } from './parse-documents.js';
import type { ParsedFile } from './parsed-file.js';

export interface ParseWorkerInput {
  readonly files: readonly SourceFile[];
  /** One Int32: the index of the next file to take, shared with the main thread (Atomics.add). */
  readonly next: SharedArrayBuffer;
}

export interface ParsedMessage {
  readonly index: number;
  readonly parsed: ParsedFile;
}

const { files, next } = workerData as ParseWorkerInput;
const counter = new Int32Array(next);
for (let index = Atomics.add(counter, 0, 1); index < files.length; index = Atomics.add(counter, 0, 1)) {
  const file = files[index] as SourceFile;
  parentPort?.postMessage({ index, parsed: parseFile(file) } satisfies ParsedMessage);
}
