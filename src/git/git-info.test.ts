import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/temp-dir.js';
import { readChangedFiles, readFilesAtRef } from './git-info.js';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

function repository(commits: boolean): string {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  mkdirSync(path.join(dir, 'catalog'));
  writeFileSync(path.join(dir, 'catalog/a.yaml'), 'kind: Tag\n');
  git('init', '-q');
  if (commits) {
    git('add', '-A');
    git('-c', 'user.email=ci@example.com', '-c', 'user.name=ci', 'commit', '-qm', 'catalog');
  }
  return dir;
}

describe('a revision that is not there', () => {
  it('in a repository without commits: says so, and what to do (not "fetch it")', async () => {
    const dir = repository(false);
    await expect(readFilesAtRef(dir, 'HEAD', 'catalog')).rejects.toThrow(
      'git revision HEAD not found: the repository has no commits yet (commit the manifests first, e.g. git add -A && git commit -m "catalog")',
    );
    await expect(readChangedFiles(dir, 'HEAD', 'catalog')).rejects.toThrow(
      'the repository has no commits yet',
    );
  });

  it('outside a repository, and a name this clone lacks', async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    await expect(readFilesAtRef(dir, 'HEAD', '.')).rejects.toThrow(
      'the manifests are not in a git repository',
    );
    const repo = repository(true);
    await expect(readFilesAtRef(repo, 'origin/main', 'catalog')).rejects.toThrow(
      'git revision origin/main not found in this clone (a branch, tag or commit; fetch it first',
    );
    expect((await readFilesAtRef(repo, 'HEAD', 'catalog')).map((file) => file.path)).toEqual([
      'catalog/a.yaml',
    ]);
  });
});
