import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../errors.js';
import type { SourceFile } from './parse-documents.js';
import { errorMessage } from '../model/error-message.js';

/** Manifests are hand-written; anything this large is a mistake (or hostile) and is refused. */
export const MAX_MANIFEST_BYTES = 5 * 1024 * 1024;

/**
 * Reads every `*.yaml` / `*.yml` under `dir`, recursively, in a stable (sorted) order. Files and folders whose
 * name starts with `.` or `_` are skipped. Paths are reported relative to `cwd` with `/` separators.
 */
export async function readManifestFiles(dir: string, cwd: string = process.cwd()): Promise<SourceFile[]> {
  const root = path.resolve(cwd, dir);
  const info = await stat(root).catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read the catalog directory ${dir}: ${errorMessage(error)}`, {
      cause: error,
    });
  });
  if (!info.isDirectory()) throw new CatalogError('FILE_ERROR', `${dir} is not a directory`);

  const files: SourceFile[] = [];
  for (const absolute of await listYamlFiles(root)) {
    const shown = toDisplayPath(absolute, cwd);
    const size = (await stat(absolute)).size;
    if (size > MAX_MANIFEST_BYTES) {
      throw new CatalogError(
        'FILE_ERROR',
        `${shown} is ${size} bytes; manifests are limited to ${MAX_MANIFEST_BYTES}`,
      );
    }
    files.push({ path: shown, text: await readFile(absolute, 'utf8') });
  }
  return files;
}

async function listYamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const result: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) result.push(...(await listYamlFiles(full)));
    else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) result.push(full);
  }
  return result;
}

export function toDisplayPath(absolute: string, cwd: string): string {
  return path.relative(cwd, absolute).split(path.sep).join('/');
}
