/**
 * What `catalog init` wrote, committed with the project (`.catalog-init.json`): each file's path and the hash of
 * the text init wrote. It is how a later init tells its own untouched files (same hash: init may bring them up to
 * date) from the user's (changed, or never init's: kept unless --force), and a file the user deleted (recorded,
 * absent: never written again) from one that is missing (never recorded: written). A file in `.catalog/` would not
 * survive a fresh clone, and a teammate's init would bring back what the team deleted.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../../errors.js';
import { isJsonObject } from '../../model/json.js';

export const INIT_RECORD = '.catalog-init.json';

/** Path (relative to the project root, `/` separators) → hash of the text init wrote there. */
export type InitRecord = ReadonlyMap<string, string>;

const ABOUT =
  'What `catalog init` wrote, by file: the hash of its text. A later `catalog init` adds only what is missing: it ' +
  'never writes again a file listed here that was deleted, and replaces one you changed only with --force. ' +
  'Commit this file.';

export function hashText(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

/** The record under `root`: empty when there is none; a record that cannot be read is an error naming it. */
export async function readInitRecord(root: string): Promise<InitRecord> {
  const file = path.join(root, INIT_RECORD);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return new Map();
    throw new CatalogError('FILE_ERROR', `cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const files = isJsonObject(parsed) ? parsed['files'] : undefined;
  if (!isJsonObject(files) || Object.values(files).some((hash) => typeof hash !== 'string')) {
    throw new CatalogError(
      'CONFIG_INVALID',
      `${file} is not what catalog init writes ({"files": {"<path>": "<hash>"}}); fix it, or delete it to let init treat every file as yours`,
    );
  }
  return new Map(Object.entries(files as Record<string, string>));
}

/** The record's text: sorted by path, so that it changes only where a file did. */
export function renderInitRecord(record: InitRecord): string {
  const files = Object.fromEntries([...record].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify({ about: ABOUT, files }, null, 2)}\n`;
}
