import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADOPT_TITLE } from '../../src/action/adopt-body.js';
import {
  BOT_EMAIL,
  BOT_NAME,
  writeAdoptPullRequest,
  type AdoptPullRequestResult,
} from '../../src/action/adopt-pull-request.js';
import { createGitRunner } from '../../src/action/git-runner.js';
import { createGithubRest } from '../../src/action/github-rest.js';
import { pullRequestStep } from '../../src/action/main.js';
import { tempDir } from '../helpers/temp-dir.js';
import { FakeGithubPulls, type Pull } from './fake-github-pulls.js';

/**
 * The adoption pull request against a real git remote (a bare repository reached over file://, cloned shallow as
 * actions/checkout clones) and a fake GitHub REST API on a loopback port that records every request.
 */

const TOKEN = 'ghs_secretTokenForTheTest0123456789';
const BRANCH = 'catalog/adopt-datahub-changes';
const REPOSITORY = 'acme/metadata';

describe('the adoption pull request', () => {
  const { dir, cleanup } = tempDir();
  const origin = path.join(dir, 'origin.git');
  const github = new FakeGithubPulls({ origin, repository: REPOSITORY, token: TOKEN });
  let clones = 0;
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  const remote = (...args: string[]): string => git(dir, '--git-dir', origin, ...args);
  const person = ['-c', 'user.name=Ann', '-c', 'user.email=ann@example.com'];

  const MODELS = 'apiVersion: catalog/v1\nkind: MLModel\nname: churn\ndescription: Predicts churn.\n';
  const TERMS =
    'apiVersion: catalog/v1\nkind: GlossaryTerm\nname: Customer\ndefinition: A person who buys.\n';

  /** A fresh shallow checkout of main, as actions/checkout makes one for every run. */
  function checkout(): string {
    clones += 1;
    const work = path.join(dir, `work-${clones}`);
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${origin}`, work]);
    return work;
  }

  /** What `catalog adopt` would do: edit manifests in place, and print their diff. */
  function adopt(work: string, files: Record<string, string>): string {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), text);
    }
    git(work, 'add', '--intent-to-add', '--', 'catalog');
    return execFileSync('git', ['diff', '--', 'catalog'], { cwd: work, encoding: 'utf8' });
  }

  async function run(
    work: string,
    diff: string,
    changed = true,
  ): Promise<{ result: AdoptPullRequestResult; log: string }> {
    let log = '';
    const runner = await createGitRunner({
      cwd: work,
      env: process.env,
      auth: { serverUrl: 'https://github.com', token: TOKEN },
      log: (text) => void (log += text),
    });
    const result = await writeAdoptPullRequest({
      directory: 'catalog',
      repository: REPOSITORY,
      baseBranch: 'main',
      branch: BRANCH,
      diff,
      changed,
      runUrl: `https://github.com/${REPOSITORY}/actions/runs/${clones}`,
      git: runner,
      github: createGithubRest({ apiUrl: github.url, token: TOKEN }),
      log: (text) => void (log += text),
    });
    expect(log).not.toContain(TOKEN);
    return { result, log };
  }

  /** The branch's commit on the remote, '' when it has none. */
  const branchHead = (): string => remote('for-each-ref', '--format=%(objectname)', `refs/heads/${BRANCH}`);
  const mainHead = (): string => remote('rev-parse', 'refs/heads/main');

  beforeAll(async () => {
    execFileSync('git', ['init', '-q', '--bare', '--initial-branch=main', origin]);
    const seed = path.join(dir, 'seed');
    mkdirSync(path.join(seed, 'catalog'), { recursive: true });
    git(seed, 'init', '-q', '--initial-branch=main');
    git(seed, 'remote', 'add', 'origin', origin);
    writeFileSync(path.join(seed, 'catalog/models.yaml'), MODELS);
    writeFileSync(path.join(seed, 'catalog/terms.yaml'), TERMS);
    writeFileSync(path.join(seed, 'README.md'), '# metadata\n');
    git(seed, 'add', '-A');
    git(seed, ...person, 'commit', '-qm', 'catalog');
    git(seed, 'push', '-q', 'origin', 'HEAD:refs/heads/main');
    // Older commits, so that the shallow checkouts below really are shallow.
    writeFileSync(path.join(seed, 'README.md'), '# metadata\n\nManifests in catalog/.\n');
    git(seed, ...person, 'commit', '-qam', 'readme');
    git(seed, 'push', '-q', 'origin', 'HEAD:refs/heads/main');
    await github.start();
  });
  afterAll(async () => {
    await github.stop();
    cleanup();
  });

  let firstDiff = '';

  it('opens it: the manifest changes alone, on the branch made from main, by the bot, with the diff in the body', async () => {
    const work = checkout();
    expect(git(work, 'rev-parse', '--is-shallow-repository')).toBe('true');
    firstDiff = adopt(work, {
      'catalog/models.yaml': MODELS.replace('Predicts churn.', 'Predicts churn weekly.'),
    });
    // Edits outside the manifest directory (a build, a cache, a stray file) are not the adoption.
    writeFileSync(path.join(work, 'README.md'), 'changed by a build step\n');
    writeFileSync(path.join(work, 'stray.txt'), 'untracked\n');
    const files = path.join(dir, 'step-1');
    mkdirSync(files);
    writeFileSync(path.join(files, 'adopt.diff'), firstDiff);
    writeFileSync(path.join(files, 'output'), '');
    writeFileSync(path.join(files, 'summary'), '');
    let log = '';

    // Through the action's own entry, as action.yml runs it.
    const code = await pullRequestStep({
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        INPUT_COMMAND: 'adopt',
        INPUT_DIRECTORY: 'catalog',
        INPUT_GITHUB_TOKEN: TOKEN,
        ADOPT_DIFF: path.join(files, 'adopt.diff'),
        ADOPT_EXIT_CODE: '2',
        GITHUB_REF: 'refs/heads/main',
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_API_URL: github.url,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: '101',
        GITHUB_OUTPUT: path.join(files, 'output'),
        GITHUB_STEP_SUMMARY: path.join(files, 'summary'),
      },
      cwd: work,
      log: (text) => void (log += text),
    });
    expect(code, log).toBe(0);
    expect(log).toMatch(/opened #1 \(https:\/\/github.com\/acme\/metadata\/pull\/1\)/);
    expect(readFileSync(path.join(files, 'output'), 'utf8')).toMatch(
      /^pull-request<<(\S+)\nhttps:\/\/github.com\/acme\/metadata\/pull\/1\n\1\n$/,
    );

    const head = branchHead();
    expect(remote('rev-parse', `${head}^`)).toBe(mainHead());
    expect(remote('diff', '--name-only', 'main', head)).toBe('catalog/models.yaml');
    expect(remote('show', `${head}:catalog/models.yaml`)).toContain('Predicts churn weekly.');
    expect(remote('log', '-1', '--format=%an <%ae>|%cn <%ce>|%s', head)).toBe(
      `${BOT_NAME} <${BOT_EMAIL}>|${BOT_NAME} <${BOT_EMAIL}>|${ADOPT_TITLE}`,
    );

    expect(github.writes()).toEqual([`POST /repos/${REPOSITORY}/pulls`]);
    const pull = github.pulls[0];
    expect(pull).toMatchObject({ title: ADOPT_TITLE, head: BRANCH, base: 'main', state: 'open' });
    expect(pull?.body).toContain('```diff\n');
    expect(pull?.body).toContain('-description: Predicts churn.\n+description: Predicts churn weekly.');
    expect(pull?.body).toContain('(https://github.com/acme/metadata/actions/runs/101)');

    // The checkout is as adopt left it: its index, HEAD and files untouched, and no credentials written to it.
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: work, encoding: 'utf8' })).toBe(
      ' M README.md\n M catalog/models.yaml\n?? stray.txt\n',
    );
    expect(readFileSync(path.join(work, '.git/config'), 'utf8')).not.toMatch(/extraheader|ghs_/);
    expect(log).not.toContain(TOKEN);
  });

  it('changes nothing when a re-run finds the same: no push, no GitHub write', async () => {
    const before = { branch: branchHead(), requests: github.requests.length };
    const work = checkout();
    const diff = adopt(work, {
      'catalog/models.yaml': MODELS.replace('Predicts churn.', 'Predicts churn weekly.'),
    });
    expect(diff).toBe(firstDiff);
    const { result, log } = await run(work, diff);
    expect(result).toEqual({
      action: 'unchanged',
      number: 1,
      url: 'https://github.com/acme/metadata/pull/1',
    });
    expect(log).toContain('already proposes these changes');
    expect(branchHead()).toBe(before.branch);
    expect(github.requests.slice(before.requests).map((request) => request.method)).toEqual(['GET']);
  });

  it('changes nothing either when main moved outside the manifests since', async () => {
    const seed = path.join(dir, 'seed');
    writeFileSync(path.join(seed, 'README.md'), '# metadata\n\nNewer.\n');
    git(seed, ...person, 'commit', '-qam', 'readme again');
    git(seed, 'push', '-q', 'origin', 'HEAD:refs/heads/main');
    const before = { branch: branchHead(), writes: github.writes().length };
    const work = checkout();
    const { result } = await run(
      work,
      adopt(work, { 'catalog/models.yaml': MODELS.replace('Predicts churn.', 'Predicts churn weekly.') }),
    );
    expect(result.action).toBe('unchanged');
    expect(branchHead()).toBe(before.branch);
    expect(github.writes()).toHaveLength(before.writes);
  });

  it('force-pushes and updates the body when the adoption differs', async () => {
    const before = { branch: branchHead(), writes: github.writes().length };
    const work = checkout();
    const diff = adopt(work, {
      'catalog/models.yaml': MODELS.replace('Predicts churn.', 'Predicts churn daily.'),
      'catalog/terms.yaml': TERMS.replace('A person who buys.', 'A person or company that buys.'),
    });
    const { result } = await run(work, diff);
    expect(result).toMatchObject({ action: 'updated', pushed: true, number: 1 });
    const head = branchHead();
    expect(head).not.toBe(before.branch);
    // Made afresh from main as it is now: one commit, the old one replaced rather than built on.
    expect(remote('rev-parse', `${head}^`)).toBe(mainHead());
    expect(remote('diff', '--name-only', 'main', head).split('\n')).toEqual([
      'catalog/models.yaml',
      'catalog/terms.yaml',
    ]);
    expect(github.writes().slice(before.writes)).toEqual([`PATCH /repos/${REPOSITORY}/pulls/1`]);
    expect(github.pulls[0]?.body).toContain('+definition: A person or company that buys.');
    expect(github.pulls[0]?.body).not.toContain('weekly');
    expect(github.pulls).toHaveLength(1);
  });

  it('closes it with a comment and deletes the branch when there is nothing left to adopt', async () => {
    const before = github.writes().length;
    const { result, log } = await run(checkout(), '', false);
    expect(result).toEqual({ action: 'closed', number: 1, url: 'https://github.com/acme/metadata/pull/1' });
    expect(log).toContain('closed #1');
    expect(github.writes().slice(before)).toEqual([
      `POST /repos/${REPOSITORY}/issues/1/comments`,
      `PATCH /repos/${REPOSITORY}/pulls/1`,
    ]);
    expect(github.pulls[0]?.state).toBe('closed');
    expect(github.comments.at(-1)?.body).toContain('found nothing left to adopt');
    expect(branchHead()).toBe('');

    // Nothing to adopt and nothing open: nothing to do.
    const quiet = github.writes().length;
    expect((await run(checkout(), '', false)).result).toEqual({ action: 'none' });
    expect(github.writes()).toHaveLength(quiet);
  });

  it('opens a new one when DataHub changes again, and does not reopen what a person declined', async () => {
    const edits = { 'catalog/terms.yaml': TERMS.replace('A person who buys.', 'Someone who buys.') };
    let work = checkout();
    const opened = await run(work, adopt(work, edits));
    expect(opened.result).toMatchObject({ action: 'created', number: 2 });

    // A reviewer closes it without merging: the same changes found again are not proposed again.
    const pull = github.pulls[1] as Pull;
    pull.state = 'closed';
    const before = { branch: branchHead(), writes: github.writes().length };
    work = checkout();
    const declined = await run(work, adopt(work, edits));
    expect(declined.result).toMatchObject({ action: 'declined', number: 2 });
    expect(declined.log).toContain('closed without merging');
    expect(branchHead()).toBe(before.branch);
    expect(github.writes()).toHaveLength(before.writes);

    // Different changes are a new proposal.
    work = checkout();
    const fresh = await run(work, adopt(work, { 'catalog/terms.yaml': TERMS.replace('buys', 'pays') }));
    expect(fresh.result).toMatchObject({ action: 'created', number: 3 });
  });

  it('leaves a branch alone once a person committed to it, and never overwrites that commit', async () => {
    const reviewer = path.join(dir, 'reviewer');
    execFileSync('git', ['clone', '-q', '--branch', BRANCH, `file://${origin}`, reviewer]);
    writeFileSync(path.join(reviewer, 'catalog/terms.yaml'), TERMS.replace('buys', 'pays, reviewed'));
    git(reviewer, ...person, 'commit', '-qam', 'wording');
    git(reviewer, 'push', '-q', 'origin', BRANCH);
    const before = { branch: branchHead(), writes: github.writes().length };

    const work = checkout();
    const changed = await run(
      work,
      adopt(work, { 'catalog/models.yaml': MODELS.replace('churn.', 'churn!') }),
    );
    expect(changed.result).toMatchObject({ action: 'left-alone', pull: { number: 3 } });
    expect(changed.log).toContain("has commits that are not the action's");
    const nothing = await run(checkout(), '', false);
    expect(nothing.result).toMatchObject({ action: 'left-alone' });
    expect(branchHead()).toBe(before.branch);
    expect(github.writes()).toHaveLength(before.writes);
    expect(github.pulls[2]?.state).toBe('open');
  });

  it('never shows the token, even when GitHub echoes it back in an error', async () => {
    remote('update-ref', '-d', `refs/heads/${BRANCH}`);
    for (const pull of github.pulls) pull.state = 'closed';
    const work = checkout();
    const diff = adopt(work, { 'catalog/models.yaml': MODELS.replace('churn.', 'churn?') });
    github.failNextWrite = 422;
    const error = await run(work, diff).then(
      () => undefined,
      (failure: unknown) => failure as Error,
    );
    expect(error?.message).toContain(`GitHub POST /repos/${REPOSITORY}/pulls: 422`);
    expect(error?.message).toContain('Bearer ***');
    expect(error?.message).not.toContain(TOKEN);
    expect(github.requests.at(-1)?.body).toMatchObject({ title: ADOPT_TITLE });

    // git sends the token as actions/checkout does, to the GitHub server only, and its errors do not show it.
    const seen: { host: string; authorization: string | undefined }[] = [];
    const gitServer = createServer((request, response) => {
      seen.push({ host: String(request.headers.host), authorization: request.headers.authorization });
      response.writeHead(403, { 'content-type': 'text/plain' });
      response.end('denied\n');
    });
    await new Promise<void>((resolve) => gitServer.listen(0, '127.0.0.1', resolve));
    const port = (gitServer.address() as AddressInfo).port;
    try {
      const runner = await createGitRunner({
        cwd: work,
        env: process.env,
        auth: { serverUrl: `http://127.0.0.1:${port}`, token: TOKEN },
      });
      const failure = async (url: string): Promise<string> =>
        runner(['push', url, 'HEAD:refs/heads/x']).then(
          () => 'pushed',
          (problem: unknown) => (problem as Error).message,
        );
      const denied = await failure(`http://127.0.0.1:${port}/acme/metadata.git`);
      expect(denied).toMatch(/^git push /);
      expect(denied).not.toContain(TOKEN);
      expect(denied).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
      expect(await failure(`http://localhost:${port}/acme/metadata.git`)).toMatch(/^git push /);
      const basic = `basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;
      expect(
        seen.filter((request) => request.host === `127.0.0.1:${port}`).map((r) => r.authorization),
      ).toContain(basic);
      expect(
        seen.filter((request) => request.host === `localhost:${port}`).map((r) => r.authorization),
      ).toEqual(expect.not.arrayContaining([basic]));
      expect(seen.some((request) => request.host.startsWith('localhost'))).toBe(true);
    } finally {
      await new Promise((resolve) => gitServer.close(resolve));
    }
  });

  it('uses the credentials a checkout persisted rather than sending a second header', async () => {
    const work = checkout();
    git(work, 'config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic persisted');
    let log = '';
    const runner = await createGitRunner({
      cwd: work,
      env: process.env,
      auth: { serverUrl: 'https://github.com', token: TOKEN },
      log: (text) => void (log += text),
    });
    expect(await runner(['config', '--get-all', 'http.https://github.com/.extraheader'])).toBe(
      'AUTHORIZATION: basic persisted\n',
    );
    expect(log).toContain('using the credentials the checkout configured');
    const fresh = await createGitRunner({
      cwd: checkout(),
      env: process.env,
      auth: { serverUrl: 'https://github.com/', token: TOKEN },
    });
    expect(await fresh(['config', '--get-all', 'http.https://github.com/.extraheader'])).toBe(
      `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}\n`,
    );
  });
});
