/**
 * Replaces a file so that readers (and a crash) see either the old text or the new, never half a file: the new
 * text goes to a temporary file in the same directory (so the rename stays on one file system), is flushed to
 * disk, and is renamed over the original, which keeps its permissions.
 */
import { randomBytes } from 'node:crypto';
import { open, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../errors.js';
import { errorMessage } from '../model/error-message.js';

export async function writeFileAtomically(file: string, text: string): Promise<void> {
  try {
    await replaceFile(file, text);
  } catch (error) {
    if (error instanceof CatalogError) throw error;
    throw new CatalogError('FILE_ERROR', `cannot write ${file}: ${errorMessage(error)}`, { cause: error });
  }
}

async function replaceFile(file: string, text: string): Promise<void> {
  // A symlinked manifest stays a symlink: its target is what gets replaced.
  const target = await existingPath(file);
  const mode = await modeOf(target);
  const directory = path.dirname(target);
  const temporary = path.join(directory, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', mode ?? 0o666);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      // The mode given to open() is narrowed by the umask; the original file's mode is restored exactly.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncDirectory(directory);
}

async function existingPath(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch (error) {
    if (isNotFound(error)) return file;
    throw error;
  }
}

async function modeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mode & 0o7777;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Makes the rename itself durable. Some platforms (Windows) cannot open or sync a directory; the rename stands. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the file is already complete and in place.
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
