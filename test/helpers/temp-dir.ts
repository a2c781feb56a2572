import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A new temp directory, and the call that removes it (tests call it when done with it). */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
