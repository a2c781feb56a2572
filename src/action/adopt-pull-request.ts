import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADOPT_TITLE, renderAdoptBody, renderCloseComment, sameAdoptBody } from './adopt-body.js';
import { assertNever } from '../errors.js';
import type { GitRunner } from './git-runner.js';
import type { GithubRest } from './github-rest.js';

/**
 * The one pull request "Adopt changes made in DataHub", kept in step with what `catalog adopt` found:
 *
 * - Changes found: the manifest directory of the working tree is committed, alone, on the fixed branch made from
 *   the checked-out commit, by the Actions bot, and force-pushed; the open pull request from that branch gets the
 *   new diff in its body, or one is opened.
 * - Nothing new (the branch already holds the same manifests on the same starting manifests, and the body says
 *   the same): no push and no GitHub write at all, so a schedule that finds the same drift every six hours leaves
 *   no trace.
 * - Nothing to adopt while the pull request is open: its changes are on the base branch already or were undone
 *   in DataHub, so merging it would now change DataHub rather than adopt anything. It is closed with a comment
 *   saying so, and its branch deleted.
 * - Closed unmerged by a person, and the same changes found again: they were declined; the same pull request is
 *   not opened again (a different adoption, or deleting the branch, opens a new one).
 * - A commit on the branch that is not the bot's (a reviewer's fix): the pull request is the people's now, and
 *   it is left alone rather than overwritten or closed.
 */

export const BOT_NAME = 'github-actions[bot]';
export const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';

export interface AdoptPullRequestInput {
  /** The manifest directory, relative to the directory git runs in; only files under it are committed. */
  readonly directory: string;
  /** owner/name. */
  readonly repository: string;
  /** The branch the pull request merges into; the checked-out commit (HEAD) is its head as adopt saw it. */
  readonly baseBranch: string;
  /** The fixed branch the pull request comes from. */
  readonly branch: string;
  /** The unified diff `catalog adopt` printed. */
  readonly diff: string;
  /** Whether `catalog adopt` changed files (its exit code 2); false when it found nothing (exit 0). */
  readonly changed: boolean;
  readonly runUrl: string | undefined;
  /** The remote to push to; `origin` unless given. */
  readonly remote?: string;
  readonly git: GitRunner;
  readonly github: GithubRest;
  readonly log: (text: string) => void;
}

interface PullRef {
  readonly number: number;
  readonly url: string;
}

export type AdoptPullRequestResult =
  | ({ readonly action: 'created' } & PullRef)
  | ({ readonly action: 'updated'; readonly pushed: boolean } & PullRef)
  | ({ readonly action: 'unchanged' } & PullRef)
  | ({ readonly action: 'closed' } & PullRef)
  | ({ readonly action: 'declined' } & PullRef)
  | { readonly action: 'left-alone'; readonly pull: PullRef | undefined }
  | { readonly action: 'none' };

/** The URL of the pull request that is open after the run, or undefined. */
export function openPullRequestUrl(result: AdoptPullRequestResult): string | undefined {
  switch (result.action) {
    case 'created':
    case 'updated':
    case 'unchanged':
      return result.url;
    case 'left-alone':
      return result.pull?.url;
    case 'closed':
    case 'declined':
    case 'none':
      return undefined;
    default:
      return assertNever(result);
  }
}

interface PullRequest extends PullRef {
  readonly state: 'open' | 'closed';
  readonly merged: boolean;
  readonly body: string;
}

interface RemoteBranch {
  readonly sha: string;
  /** Every commit the action pushes is the bot's; anything else means a person has worked on the branch. */
  readonly ours: boolean;
  /** The manifest directory's tree on the branch, and on the commit the branch was made from. */
  readonly dirTree: string | undefined;
  readonly parentDirTree: string | undefined;
}

export async function writeAdoptPullRequest(input: AdoptPullRequestInput): Promise<AdoptPullRequestResult> {
  const { git, github, log, branch, baseBranch } = input;
  const remote = input.remote ?? 'origin';
  if (branch === baseBranch) {
    throw new Error(`the adoption branch ${branch} is the base branch; name another with adopt-branch`);
  }
  const repoDir = await readRepoDir(git, input.directory);
  const treeAt = (rev: string): Promise<string | undefined> =>
    git(['rev-parse', '--verify', '--quiet', repoDir === '' ? `${rev}^{tree}` : `${rev}:${repoDir}`]).then(
      (out) => out.trim() || undefined,
      () => undefined,
    );

  const pulls = await fetchPullRequests(github, input.repository, branch);
  const open = pulls.find((pull) => pull.state === 'open');

  if (!input.changed) {
    if (open === undefined) {
      log('catalog adopt found nothing to adopt, and no adoption pull request is open\n');
      return { action: 'none' };
    }
    const remoteBranch = await fetchRemoteBranch(git, remote, branch, treeAt);
    if (remoteBranch !== undefined && !remoteBranch.ours) {
      log(leftAloneMessage(branch, open));
      return { action: 'left-alone', pull: ref(open) };
    }
    await github.request('POST', `/repos/${input.repository}/issues/${open.number}/comments`, {
      body: renderCloseComment(baseBranch, input.runUrl),
    });
    // The branch goes before the pull request is closed: if deleting it fails (a branch rule), the pull request
    // stays open and the next run tries again, rather than leaving a closed one whose branch reads as declined.
    if (remoteBranch !== undefined) {
      // The lease: delete only the commit this run looked at, never one pushed since.
      await git([
        'push',
        `--force-with-lease=refs/heads/${branch}:${remoteBranch.sha}`,
        remote,
        `:refs/heads/${branch}`,
      ]);
    }
    await github.request('PATCH', `/repos/${input.repository}/pulls/${open.number}`, { state: 'closed' });
    log(
      `catalog adopt found nothing left to adopt: closed #${open.number} (${open.url}) and deleted ${branch}\n`,
    );
    return { action: 'closed', ...ref(open) };
  }

  const remoteBranch = await fetchRemoteBranch(git, remote, branch, treeAt);
  const head = (await git(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
  const commit = await commitDirectory(git, input.directory, head, input.runUrl);
  const dirTree = await treeAt(commit);
  const headDirTree = await treeAt(head);
  if (dirTree === headDirTree) {
    log(
      `catalog adopt reported changes, but no file under ${input.directory} differs from HEAD: nothing to propose\n`,
    );
    return { action: 'none' };
  }
  if (remoteBranch !== undefined && !remoteBranch.ours) {
    log(leftAloneMessage(branch, open));
    return { action: 'left-alone', pull: open === undefined ? undefined : ref(open) };
  }
  // Same manifests made from the same manifests: what the pull request shows is what this run found.
  const same =
    remoteBranch !== undefined &&
    remoteBranch.dirTree === dirTree &&
    remoteBranch.parentDirTree !== undefined &&
    remoteBranch.parentDirTree === headDirTree;
  const body = renderAdoptBody({
    diff: input.diff,
    directory: repoDir || '.',
    baseBranch,
    runUrl: input.runUrl,
  });
  const push = async (): Promise<void> => {
    await git([
      'push',
      `--force-with-lease=refs/heads/${branch}:${remoteBranch?.sha ?? ''}`,
      remote,
      `${commit}:refs/heads/${branch}`,
    ]);
    log(
      `pushed ${commit.slice(0, 12)} to ${branch}: the manifests under ${input.directory} as catalog adopt left them\n`,
    );
  };

  if (open !== undefined) {
    if (!same) await push();
    if (!same || !sameAdoptBody(open.body, body)) {
      await github.request('PATCH', `/repos/${input.repository}/pulls/${open.number}`, { body });
      log(`updated #${open.number} (${open.url})\n`);
      return { action: 'updated', pushed: !same, ...ref(open) };
    }
    log(`#${open.number} (${open.url}) already proposes these changes: nothing pushed or written\n`);
    return { action: 'unchanged', ...ref(open) };
  }

  const latest = pulls[0];
  if (same && latest !== undefined && !latest.merged) {
    log(
      `#${latest.number} (${latest.url}) proposed these changes and was closed without merging: not proposing them again (delete the branch ${branch} to have them proposed anew)\n`,
    );
    return { action: 'declined', ...ref(latest) };
  }
  if (!same) await push();
  const created = parsePullRequest(
    await github.request('POST', `/repos/${input.repository}/pulls`, {
      title: ADOPT_TITLE,
      head: branch,
      base: baseBranch,
      body,
    }),
  );
  log(`opened #${created.number} (${created.url})\n`);
  return { action: 'created', ...ref(created) };
}

function ref(pull: PullRef): PullRef {
  return { number: pull.number, url: pull.url };
}

function leftAloneMessage(branch: string, open: PullRequest | undefined): string {
  const pull = open === undefined ? '' : ` (#${open.number}, ${open.url})`;
  return `${branch}${pull} has commits that are not the action's: leaving it to the people working on it (delete the branch to have the action propose afresh)\n`;
}

/** The manifest directory from the repository's root, `/`-separated; '' for the root itself. */
async function readRepoDir(git: GitRunner, directory: string): Promise<string> {
  const prefix = (await git(['rev-parse', '--show-prefix'])).trim();
  const joined = path.posix.normalize(`${prefix}${directory.split(path.sep).join('/')}`).replace(/\/+$/, '');
  if (joined === '..' || joined.startsWith('../')) {
    throw new Error(`the manifest directory ${directory} is outside the git repository`);
  }
  return joined === '.' ? '' : joined;
}

/**
 * The branch as the remote has it now, fetched: its commit, whether it is the bot's, and the manifest trees to
 * compare. A shallow checkout (actions/checkout's default) fetches two commits, the tip and the commit it was
 * made from, rather than the branch's whole history.
 */
async function fetchRemoteBranch(
  git: GitRunner,
  remote: string,
  branch: string,
  treeAt: (rev: string) => Promise<string | undefined>,
): Promise<RemoteBranch | undefined> {
  const listing = await git(['ls-remote', '--heads', remote, `refs/heads/${branch}`]);
  const line = listing.split('\n').find((entry) => entry.endsWith(`\trefs/heads/${branch}`));
  if (line === undefined) return undefined;
  const sha = line.split('\t')[0] ?? '';
  const tracking = `refs/remotes/${remote}/${branch}`;
  const shallow = (await git(['rev-parse', '--is-shallow-repository'])).trim() === 'true';
  await git([
    'fetch',
    '--no-tags',
    ...(shallow ? ['--depth=2'] : []),
    remote,
    `+refs/heads/${branch}:${tracking}`,
  ]);
  const committer = (await git(['log', '-1', '--format=%ce', sha])).trim();
  return {
    sha,
    ours: committer === BOT_EMAIL,
    dirTree: await treeAt(sha),
    parentDirTree: await treeAt(`${sha}^1`),
  };
}

/**
 * A commit of `head`'s tree with the manifest directory as the working tree has it, and nothing else: built in
 * an index of its own, so the checkout's index, HEAD and files are left as they are, and an edit outside the
 * directory (a build output, a cache) never reaches the branch.
 */
async function commitDirectory(
  git: GitRunner,
  directory: string,
  head: string,
  runUrl: string | undefined,
): Promise<string> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'catalog-adopt-'));
  try {
    const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
    await git(['read-tree', head], { env });
    await git(['add', '--all', '--', directory], { env });
    const tree = (await git(['write-tree'], { env })).trim();
    const message = `${ADOPT_TITLE}\n\nWritten by catalog adopt${runUrl === undefined ? '' : ` in ${runUrl}`}.\n`;
    const bot = {
      GIT_AUTHOR_NAME: BOT_NAME,
      GIT_AUTHOR_EMAIL: BOT_EMAIL,
      GIT_COMMITTER_NAME: BOT_NAME,
      GIT_COMMITTER_EMAIL: BOT_EMAIL,
    };
    return (await git(['commit-tree', tree, '-p', head, '-m', message], { env: bot })).trim();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Pull requests from the branch, newest first (GitHub lists by creation, descending). */
async function fetchPullRequests(
  github: GithubRest,
  repository: string,
  branch: string,
): Promise<PullRequest[]> {
  const owner = repository.split('/')[0] ?? '';
  const head = encodeURIComponent(`${owner}:${branch}`);
  const answer = await github.request(
    'GET',
    `/repos/${repository}/pulls?head=${head}&state=all&per_page=100`,
  );
  if (!Array.isArray(answer))
    throw new Error('GitHub answered the pull-request list with something not a list');
  return answer.map(parsePullRequest);
}

/** A pull request from GitHub's JSON, checked: a value of another shape is an error, not a guess. */
function parsePullRequest(value: unknown): PullRequest {
  const record = (value ?? {}) as Record<string, unknown>;
  const { number, html_url: url, state, body, merged_at: mergedAt } = record;
  if (typeof number !== 'number' || typeof url !== 'string' || (state !== 'open' && state !== 'closed')) {
    throw new Error(
      `GitHub answered with a pull request of an unexpected shape: ${JSON.stringify(value)?.slice(0, 200)}`,
    );
  }
  return {
    number,
    url,
    state,
    merged: typeof mergedAt === 'string',
    body: typeof body === 'string' ? body : '',
  };
}
