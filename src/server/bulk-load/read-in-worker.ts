/**
 * The thread that reads a metadata file for a bulk load (load-file-worker.ts), started on its own: the writing
 * side loads the catalog's modules while it starts.
 */
import { Worker } from 'node:worker_threads';
import type { ReaderInput } from './load-file-worker.js';
import type { ReaderMessage } from './reader-messages.js';
import { workerScript } from '../../worker-script.js';

export interface FileReading {
  /** The next message; rejects when the thread fails or stops before its last message. */
  next(): Promise<ReaderMessage>;
  /** Stops the thread (when its file is done with, read whole or not). */
  stop(): Promise<void>;
}

export function readInWorker(file: string, absolute: string): FileReading {
  const input: ReaderInput = { file, absolute };
  const worker = new Worker(workerScript(import.meta.url, 'load-file-worker'), { workerData: input });
  return {
    next: messagesOf(worker, file),
    stop: async () => {
      await worker.terminate();
    },
  };
}

/** The worker's messages one at a time; a worker that fails or stops before its last message rejects. */
function messagesOf(worker: Worker, file: string): () => Promise<ReaderMessage> {
  const queue: ReaderMessage[] = [];
  let waiting: { resolve: (message: ReaderMessage) => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  worker.on('message', (message: ReaderMessage) => {
    if (waiting === undefined) {
      queue.push(message);
      return;
    }
    const { resolve } = waiting;
    waiting = undefined;
    resolve(message);
  });
  const fail = (error: Error): void => {
    failure ??= error;
    if (waiting === undefined) return;
    const { reject } = waiting;
    waiting = undefined;
    reject(failure);
  };
  worker.on('error', fail);
  worker.on('exit', (code) =>
    fail(new Error(`the thread reading ${file} stopped (exit code ${code}) before its end`)),
  );
  return () => {
    const message = queue.shift();
    if (message !== undefined) return Promise.resolve(message);
    if (failure !== undefined) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
    });
  };
}
