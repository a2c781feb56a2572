import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import path from 'node:path';

/** Writes manifest files (path → YAML) into `dir`. */
export function writeManifests(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

/** A copy of the example catalog/ and examples/ in `dir`. */
export function copyExample(dir: string): void {
  cpSync('catalog', path.join(dir, 'catalog'), { recursive: true });
  cpSync('examples', path.join(dir, 'examples'), { recursive: true });
}

/** Replaces text in a manifest under `dir`/catalog; the replacement must change something. */
export function editManifest(dir: string, file: string, from: string | RegExp, to: string): void {
  const full = path.join(dir, 'catalog', file);
  const text = readFileSync(full, 'utf8');
  const next = text.replace(from, to);
  expect(next, `${file} holds no ${String(from)}`).not.toBe(text);
  writeFileSync(full, next);
}
