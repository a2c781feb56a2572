import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
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
