import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/temp-dir.js';
import { CatalogError } from '../errors.js';
import { writeFileAtomically } from './write-file-atomically.js';

describe('writeFileAtomically', () => {
  let dir = '';
  let cleanup = (): void => undefined;
  beforeEach(() => {
    ({ dir, cleanup } = tempDir());
  });
  afterEach(() => cleanup());

  it('replaces the text and leaves no temporary file behind', async () => {
    const file = path.join(dir, 'model.yaml');
    writeFileSync(file, 'name: old\n');
    await writeFileAtomically(file, 'name: new\r\n# ü\n');
    expect(readFileSync(file, 'utf8')).toBe('name: new\r\n# ü\n');
    expect(readdirSync(dir)).toEqual(['model.yaml']);
  });

  it.skipIf(process.platform === 'win32')(
    'keeps the file mode, also one the umask would narrow',
    async () => {
      const file = path.join(dir, 'shared.yaml');
      writeFileSync(file, 'a: 1\n');
      chmodSync(file, 0o664);
      await writeFileAtomically(file, 'a: 2\n');
      expect(statSync(file).mode & 0o777).toBe(0o664);
      chmodSync(file, 0o600);
      await writeFileAtomically(file, 'a: 3\n');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toBe('a: 3\n');
    },
  );

  it.skipIf(process.platform === 'win32')('writes through a symlink to its target', async () => {
    mkdirSync(path.join(dir, 'real'));
    const target = path.join(dir, 'real', 'table.yaml');
    const link = path.join(dir, 'table.yaml');
    writeFileSync(target, 'a: 1\n');
    symlinkSync(target, link);
    await writeFileAtomically(link, 'a: 2\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('a: 2\n');
  });

  it('creates a file that does not exist yet', async () => {
    const file = path.join(dir, 'new.yaml');
    await writeFileAtomically(file, 'a: 1');
    expect(readFileSync(file, 'utf8')).toBe('a: 1');
  });

  it('fails with a FILE_ERROR naming the file when the directory is missing, and writes nothing', async () => {
    const file = path.join(dir, 'missing', 'x.yaml');
    const failure = await writeFileAtomically(file, 'a: 1\n').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CatalogError);
    expect((failure as CatalogError).code).toBe('FILE_ERROR');
    expect((failure as CatalogError).message).toContain(file);
    expect(readdirSync(dir)).toEqual([]);
  });
});
