import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { simpleGit, type SimpleGit } from 'simple-git';
import { CatalogError } from '../errors.js';
import { errorMessage } from '../model/error-message.js';

export interface GitRevision {
  readonly revision: string | null;
  readonly dirty: boolean;
}

/** Where the manifests come from, for the provenance the tool records with each write (see withProvenance). */
export interface GitProvenance extends GitRevision {
  readonly manifestDir: ManifestDir;
}

/** The manifest directory named two ways (`/` separators, `.` for "this directory"). */
export interface ManifestDir {
  /** From the working directory, as the manifests' own paths are named (messages, plans). */
  readonly local: string;
  /**
   * From the root of the git repository that holds it, so that a file is recorded the same way whichever
   * directory the tool runs from, and together with the revision finds the file. Outside any repository `.`: the
   * files are recorded from the manifest directory itself, which names them without depending on where the tool
   * ran (there is no revision to pair a longer path with).
   */
  readonly recorded: string;
}

function git(cwd: string): SimpleGit {
  return simpleGit({ baseDir: cwd, maxConcurrentProcesses: 4, trimmed: true });
}

const slashes = (file: string): string => file.split(path.sep).join('/') || '.';

/**
 * HEAD of the repository holding the manifest directory `dir` (relative to `cwd`), whether its working tree has
 * changes, and where the directory is in it. The repository is found from `dir`, not from `cwd`: the tool may run
 * from anywhere, including from inside another repository.
 */
export async function readGitProvenance(cwd: string, dir: string): Promise<GitProvenance> {
  const absolute = path.resolve(cwd, dir);
  const local = slashes(path.relative(cwd, absolute));
  const repo = git(absolute);
  const top = (await repo.checkIsRepo().catch(() => false))
    ? await repo.revparse(['--show-toplevel']).catch(() => null)
    : null;
  if (top === null) return { revision: null, dirty: false, manifestDir: { local, recorded: '.' } };
  // git answers the top level with symbolic links resolved (e.g. /tmp on macOS); so is the directory before
  // comparing.
  const real = await realpath(absolute).catch(() => absolute);
  const { revision, dirty } = await readGitRevision(absolute);
  return { revision, dirty, manifestDir: { local, recorded: slashes(path.relative(top, real)) } };
}

/** HEAD and whether the working tree has changes; outside a git repository, no revision. */
export async function readGitRevision(cwd: string): Promise<GitRevision> {
  const repo = git(cwd);
  if (!(await repo.checkIsRepo().catch(() => false))) return { revision: null, dirty: false };
  const revision = await repo.revparse(['HEAD']).catch(() => null);
  const status = await repo.status().catch(() => undefined);
  return { revision, dirty: status === undefined ? false : !status.isClean() };
}

/**
 * Files under `dir` that differ between `ref` and the working tree (committed, staged, unstaged and untracked),
 * relative to `cwd` with `/` separators.
 */
export async function readChangedFiles(cwd: string, ref: string, dir: string): Promise<Set<string>> {
  const repo = git(cwd);
  const top = await repo.revparse(['--show-toplevel']).catch((error: unknown) => {
    throw new CatalogError('GIT_ERROR', `--changed-since and --base need a git repository: ${String(error)}`);
  });
  await verifyRef(repo, ref);
  const diff = await repo.raw(['diff', '--name-only', ref, '--', dir]).catch(gitFailure);
  const untracked = await repo
    .raw(['ls-files', '--others', '--exclude-standard', '--', dir])
    .catch(gitFailure);
  const toCwd = (file: string): string => path.relative(cwd, path.join(top, file)).split(path.sep).join('/');
  const changed = diff
    .split('\n')
    .filter((line) => line !== '')
    .map(toCwd);
  // ls-files prints paths relative to the working directory already.
  const fresh = untracked
    .split('\n')
    .filter((line) => line !== '')
    .map((file) => file.split(path.sep).join('/'));
  return new Set([...changed, ...fresh]);
}

/** The manifest files under `dir` as they were at `ref`: paths relative to `cwd`, and their text. */
export async function readFilesAtRef(
  cwd: string,
  ref: string,
  dir: string,
): Promise<{ path: string; text: string }[]> {
  const repo = git(cwd);
  await verifyRef(repo, ref);
  const prefix = (await repo.revparse(['--show-prefix']).catch(() => '')) ?? '';
  const listing = await repo
    .raw(['ls-tree', '-r', '--name-only', '--full-name', ref, '--', dir])
    .catch(gitFailure);
  const files: { path: string; text: string }[] = [];
  for (const repoPath of listing.split('\n').filter((line) => /\.ya?ml$/i.test(line))) {
    const relative = prefix !== '' && repoPath.startsWith(prefix) ? repoPath.slice(prefix.length) : repoPath;
    if (relative.split('/').some((part) => part.startsWith('.') || part.startsWith('_'))) continue;
    files.push({ path: relative, text: await repo.show([`${ref}:${repoPath}`]).catch(gitFailure) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function gitFailure(error: unknown): never {
  throw new CatalogError('GIT_ERROR', `git failed: ${errorMessage(error)}`, { cause: error });
}

/**
 * Refuses a revision that is not there, saying why: no repository, a repository without commits yet (a fresh
 * `git init`: HEAD names nothing), or a name this clone does not have (fetch it, or check it).
 */
async function verifyRef(repo: SimpleGit, ref: string): Promise<void> {
  if (ref.startsWith('-')) throw new CatalogError('GIT_ERROR', `${ref} is not a git revision`);
  // An object name on stdout (with --quiet git says nothing else, and a missing name exits 1 silently).
  const exists = (name: string): Promise<boolean> =>
    repo.raw(['rev-parse', '--verify', '--quiet', `${name}^{commit}`]).then(
      (out) => /^[0-9a-f]{40,64}$/.test(out.trim()),
      () => false,
    );
  if (await exists(ref)) return;
  if (!(await repo.checkIsRepo().catch(() => false))) {
    throw new CatalogError(
      'GIT_ERROR',
      `git revision ${ref} not found: the manifests are not in a git repository`,
    );
  }
  if (!(await exists('HEAD'))) {
    throw new CatalogError(
      'GIT_ERROR',
      `git revision ${ref} not found: the repository has no commits yet (commit the manifests first, e.g. git add -A && git commit -m "catalog")`,
    );
  }
  throw new CatalogError(
    'GIT_ERROR',
    `git revision ${ref} not found in this clone (a branch, tag or commit; fetch it first if it is another clone's, e.g. git fetch origin main)`,
  );
}
