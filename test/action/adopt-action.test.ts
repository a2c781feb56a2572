import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADOPT_TITLE } from '../../src/action/adopt-body.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { FakeGithubPulls } from './fake-github-pulls.js';
import { runAction, type ActionRun } from './run-action.js';

/**
 * action.yml with `command: adopt`, as the sync workflow's adopt job runs it: a steward's edit in the embedded
 * catalog, `catalog adopt` in a shallow checkout of a real (file://) remote, and the pull request on a fake GitHub.
 */

const PII = 'urn:li:glossaryTerm:Classification.PII';
const STEWARD_TEXT = 'Any data that identifies a person, alone or with other data (widened by a steward).';

describe('the GitHub Action, command adopt', () => {
  const { dir, cleanup } = tempDir();
  const origin = path.join(dir, 'origin.git');
  const github = new FakeGithubPulls({ origin, repository: 'acme/metadata', token: 'gh-token' });
  let server: TestServer;
  let runs = 0;
  let original = '';
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  const branchHead = (): string =>
    git(
      dir,
      '--git-dir',
      origin,
      'for-each-ref',
      '--format=%(objectname)',
      'refs/heads/catalog/adopt-datahub-changes',
    );

  /** A scheduled run of the adopt job: a fresh shallow checkout of main, then the action. */
  async function adoptJob(): Promise<ActionRun> {
    runs += 1;
    const workspace = path.join(dir, `checkout-${runs}`);
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${origin}`, workspace]);
    const files = path.join(dir, `runner-${runs}`);
    mkdirSync(files);
    return runAction({
      workspace,
      files,
      runId: runs,
      inputs: { command: 'adopt', server: server.url },
      event: { name: 'schedule' },
      env: { HOME: files, GITHUB_API_URL: github.url, GITHUB_REF: 'refs/heads/main' },
    });
  }

  const describeTerm = async (text: string): Promise<void> => {
    const answer = await server.graphql(
      `mutation { updateDescription(input: { resourceUrn: "${PII}", description: ${JSON.stringify(text)} }) }`,
    );
    expect(answer.errors).toBeUndefined();
  };

  beforeAll(async () => {
    server = await startTestServer();
    await github.start();
    const seed = path.join(dir, 'seed');
    mkdirSync(seed);
    copyExample(seed);
    git(seed, 'init', '-q', '--initial-branch=main');
    git(seed, 'add', '-A');
    git(seed, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-qm', 'catalog');
    execFileSync('git', ['init', '-q', '--bare', '--initial-branch=main', origin]);
    git(seed, 'push', '-q', origin, 'HEAD:refs/heads/main');
    const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: seed });
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    const applied = await run('reconcile', 'catalog');
    expect(applied.code, applied.stderr).toBe(0);
    original = (await server.aspect(PII, 'glossaryTermInfo')).definition as string;
  });
  afterAll(async () => {
    await github.stop();
    await server.close();
    cleanup();
  });

  it("proposes a steward's edit as one pull request, and a re-run changes nothing", async () => {
    await describeTerm(STEWARD_TEXT);
    const first = await adoptJob();
    expect(first.code, first.log).toBe(0);
    expect(first.outputs).toMatchObject({
      changes: 'true',
      'exit-code': '2',
      'pull-request': 'https://github.com/acme/metadata/pull/1',
    });
    expect(first.summary).toMatch(/^## catalog adopt\n/);
    expect(first.summary).toContain(STEWARD_TEXT);
    expect(first.uploaded).toEqual([]);
    const head = branchHead();
    expect(git(dir, '--git-dir', origin, 'diff', '--name-only', 'main', head)).toBe(
      'catalog/glossary/classification.yaml',
    );
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]).toMatchObject({ title: ADOPT_TITLE, base: 'main', state: 'open' });
    expect(github.pulls[0]?.body).toContain(`+definition: ${STEWARD_TEXT}`);
    expect(github.pulls[0]?.body).toContain('(https://github.com/acme/metadata/actions/runs/1)');

    const writes = github.writes().length;
    const second = await adoptJob();
    expect(second.code, second.log).toBe(0);
    expect(second.outputs['pull-request']).toBe('https://github.com/acme/metadata/pull/1');
    expect(second.log).toContain('already proposes these changes');
    expect(branchHead()).toBe(head);
    expect(github.writes()).toHaveLength(writes);
  }, 60_000);

  it('closes the pull request when the edit is undone in DataHub', async () => {
    await describeTerm(original);
    const run = await adoptJob();
    expect(run.code, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ changes: 'false', 'exit-code': '0', 'pull-request': '' });
    expect(run.summary).toContain('Nothing to adopt');
    expect(github.pulls[0]?.state).toBe('closed');
    expect(branchHead()).toBe('');
  }, 60_000);

  it('leaves the pull request alone when adopt fails', async () => {
    await describeTerm(STEWARD_TEXT);
    expect((await adoptJob()).outputs['pull-request']).toBe('https://github.com/acme/metadata/pull/2');
    const writes = github.writes().length;
    const head = branchHead();
    // Invalid manifests in the checkout: adopt stops before writing anything.
    const workspace = path.join(dir, `checkout-${runs}`);
    writeFileSync(path.join(workspace, 'catalog/broken.yaml'), 'apiVersion: catalog/v1\nkind: MLModel\n');
    const failed = await runAction({
      workspace,
      files: path.join(dir, 'runner-failed'),
      runId: 99,
      inputs: { command: 'adopt', server: server.url },
      event: { name: 'schedule' },
      env: { HOME: dir, GITHUB_API_URL: github.url, GITHUB_REF: 'refs/heads/main' },
    });
    expect(failed.log).toContain('broken.yaml:1:1');
    expect(failed.code).not.toBe(0);
    expect(failed.summary).toContain('**The adopt failed**');
    expect(failed.outputs['pull-request']).toBe('');
    expect(github.writes()).toHaveLength(writes);
    expect(branchHead()).toBe(head);
    expect(github.pulls[1]?.state).toBe('open');
  }, 60_000);
});
