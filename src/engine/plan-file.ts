import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../errors.js';
import { errorMessage } from '../model/error-message.js';
import { parsePlan, serializePlanChunks } from '../plan/plan-json.js';
import type { Plan } from '../plan/types.js';

/** About this many characters per write: one write per change would cost more in calls than it saves. */
const WRITE_PIECE = 1 << 16;

/** Joins small pieces of text into writes of about 64 KiB. */
export function* inPieces(chunks: Iterable<string>): Generator<string> {
  let pending: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    pending.push(chunk);
    length += chunk.length;
    if (length >= WRITE_PIECE) {
      yield pending.join('');
      pending = [];
      length = 0;
    }
  }
  if (pending.length > 0) yield pending.join('');
}

/**
 * Saves a plan as its JSON document (serializePlan's text), written piece by piece: a plan of hundreds of MB is
 * never one string. `file` is relative to cwd; a failure is a FILE_ERROR naming it as given.
 */
export async function writePlanFile(plan: Plan, file: string, cwd: string): Promise<void> {
  try {
    const handle = await open(path.resolve(cwd, file), 'w');
    try {
      for (const piece of inPieces(serializePlanChunks(plan))) await handle.write(piece);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new CatalogError('FILE_ERROR', `cannot write the plan to ${file}: ${String(error)}`);
  }
}

/** Reads a saved plan (untrusted input: parsePlan checks it whole). `file` is relative to cwd. */
export async function readPlanFile(file: string, cwd: string): Promise<Plan> {
  const text = await readFile(path.resolve(cwd, file), 'utf8').catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read the plan ${file}: ${errorMessage(error)}`);
  });
  return parsePlan(text, file);
}
