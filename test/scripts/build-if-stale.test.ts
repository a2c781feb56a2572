import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_OUTPUT, staleInput } from '../../scripts/build-if-stale.mjs';
import { tempDir } from '../helpers/temp-dir.js';

const { dir, cleanup } = tempDir();
afterAll(() => cleanup());

/** A file under `dir`, last modified `seconds` after the epoch. */
function file(relative: string, seconds: number): void {
  const full = path.join(dir, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, seconds, seconds);
}

describe('npm start builds only when the build is older than its sources', () => {
  it('builds without a build, and when a source, asset or schema is newer; not for a test file', () => {
    file('src/cli/main.ts', 100);
    file('schemas/catalog.schema.json', 100);
    expect(staleInput(dir)).toBe('(no build)');
    file(BUILD_OUTPUT, 200);
    expect(staleInput(dir)).toBeUndefined();
    file('src/cli/main.test.ts', 300);
    expect(staleInput(dir)).toBeUndefined();
    file('src/server/ui/assets/style.css', 300);
    expect(staleInput(dir)).toBe(path.join('src', 'server', 'ui', 'assets', 'style.css'));
    file(BUILD_OUTPUT, 400);
    file('schemas/catalog.schema.json', 500);
    expect(staleInput(dir)).toBe(path.join('schemas', 'catalog.schema.json'));
  });
});
