import { open, readdir, stat } from 'node:fs/promises';
import pLimit from 'p-limit';
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

  // Several reads in flight (a large catalog has thousands of files); the result keeps the sorted order.
  const limit = pLimit(READS_IN_FLIGHT);
  return Promise.all((await listYamlFiles(root)).map((absolute) => limit(() => readManifest(absolute, cwd))));
}

const READS_IN_FLIGHT = 16;

/** One manifest, its size checked on the open file before anything is read. */
async function readManifest(absolute: string, cwd: string): Promise<SourceFile> {
  const shown = toDisplayPath(absolute, cwd);
  const file = await open(absolute, 'r');
  try {
    const { size } = await file.stat();
    if (size > MAX_MANIFEST_BYTES) {
      throw new CatalogError(
        'FILE_ERROR',
        `${shown} is ${size} bytes; manifests are limited to ${MAX_MANIFEST_BYTES}`,
      );
    }
    return decodeManifest(shown, await file.readFile());
  } finally {
    await file.close();
  }
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

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Decodes a manifest as strict UTF-8 (a leading BOM is dropped). Bytes that are not UTF-8 are never replaced by
 * U+FFFD, which would silently change names: the file is reported at the first invalid byte instead.
 */
export function decodeManifest(path: string, bytes: Uint8Array): SourceFile {
  try {
    return { path, text: decoder.decode(bytes) };
  } catch {
    const byteOffset = firstInvalidUtf8(bytes);
    let line = 1;
    let lineStart = 0;
    for (let index = 0; index < byteOffset; index += 1) {
      if (bytes[index] === 0x0a) {
        line += 1;
        lineStart = index + 1;
      }
    }
    // The column counts characters, as everywhere else: the valid bytes before the offset decode cleanly.
    const column = decoder.decode(bytes.subarray(lineStart, byteOffset)).length + 1;
    return { path, text: '', invalidUtf8: { byteOffset, line, column } };
  }
}

/** The offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] as number;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (length === 0 || index + length > bytes.length) return index;
    try {
      decoder.decode(bytes.subarray(index, index + length));
    } catch {
      return index;
    }
    index += length;
  }
  return bytes.length;
}
