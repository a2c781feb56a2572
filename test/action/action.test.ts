import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MARKER } from '../../src/action/sticky-comment.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { action, actionText, REPO, runAction as runActionSteps, type ActionRun } from './run-action.js';

/**
 * action.yml run as GitHub runs a composite action (./run-action.ts) for plan, apply and drift; the comment goes to
 * a fake GitHub API.
 */

const execute = promisify(execFile);

/** Fake GitHub: one pull request's comments, paged as the REST API pages them. */
class FakeGithub {
  comments: { id: number; body: string; user: { type: string } }[] = [];
  requests: string[] = [];
  private server: Server | undefined;
  private nextId = 1000;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.headers.authorization !== 'Bearer gh-token') return [401, { message: 'Bad credentials' }];
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const body = (text === '' ? { body: '' } : JSON.parse(text)) as { body: string };
    const list = /^\/repos\/acme\/metadata\/issues\/5\/comments$/.exec(url.pathname);
    const edit = /^\/repos\/acme\/metadata\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (list && request.method === 'GET') {
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      return [200, this.comments.slice((page - 1) * perPage, page * perPage)];
    }
    if (list && request.method === 'POST') {
      const comment = { id: (this.nextId += 1), body: body.body, user: { type: 'Bot' } };
      this.comments.push(comment);
      return [201, comment];
    }
    if (edit && request.method === 'PATCH') {
      const comment = this.comments.find((item) => item.id === Number(edit[1]));
      if (comment === undefined) return [404, { message: 'Not Found' }];
      comment.body = body.body;
      return [200, comment];
    }
    return [404, { message: 'Not Found' }];
  }
}

describe('the GitHub Action (action.yml)', () => {
  const { dir: workspace, cleanup } = tempDir();
  const runner = tempDir();
  let server: TestServer;
  const github = new FakeGithub();
  let runs = 0;

  /** Runs the action's steps in the workspace, for one event. */
  async function runAction(
    inputs: Record<string, string>,
    event: { name: string; pullRequest?: number } = { name: 'push' },
  ): Promise<ActionRun> {
    runs += 1;
    return runActionSteps({
      workspace,
      files: path.join(runner.dir, String(runs)),
      runId: runs,
      inputs,
      event,
      env: { HOME: runner.dir, GITHUB_API_URL: github.url },
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    await github.start();
    copyExample(workspace);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=ci@example.com', '-c', 'user.name=ci', 'commit', '-qm', 'catalog');
    // Comments by people, enough for a second page: the sticky comment is found on any page.
    for (let id = 1; id <= 120; id += 1)
      github.comments.push({ id, body: `review ${id}`, user: { type: 'User' } });
  });
  afterAll(async () => {
    await server.close();
    await github.stop();
    cleanup();
    runner.cleanup();
  });

  it('is a composite action whose steps read declared inputs, with outputs from its run step', () => {
    expect(action.runs.using).toBe('composite');
    const referenced = [...actionText.matchAll(/inputs\.([\w-]+)/g)].map((match) => match[1] as string);
    for (const name of referenced) expect(Object.keys(action.inputs), name).toContain(name);
    for (const name of ['command', 'directory', 'server', 'token', 'base', 'comment']) {
      expect(action.inputs[name]?.description, name).toBeTypeOf('string');
      const run = action.runs.steps.find((step) => step.id === 'run');
      expect(run?.env?.[`INPUT_${name.toUpperCase()}`]).toBe(`\${{ inputs.${name} }}`);
    }
    expect(Object.keys(action.outputs)).toEqual(
      expect.arrayContaining(['changes', 'plan-json', 'run-id', 'plan-digest', 'verified']),
    );
    for (const step of action.runs.steps.filter((item) => item.uses !== undefined))
      expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
    // The token is a secret: it reaches the CLI only through the environment, never a command line.
    expect(actionText).not.toMatch(/run:.*inputs\.(token|github-token)/);
  });

  it('plans on a pull request: outputs, job summary, the JSON plan, and one sticky comment', async () => {
    const inputs = { command: 'plan', server: server.url, ingest: 'examples/datasets.json' };
    const first = await runAction(inputs, { name: 'pull_request', pullRequest: 5 });
    expect(first.code, first.log).toBe(0);
    expect(first.log).toContain('catalog is installed');
    expect(first.outputs['changes']).toBe('true');
    expect(first.outputs['exit-code']).toBe('2');
    expect(first.uploaded).toEqual([first.outputs['plan-json']]);
    const plan = JSON.parse(readFileSync(String(first.outputs['plan-json']), 'utf8')) as {
      formatVersion: number;
      changes: unknown[];
    };
    expect(plan.changes.length).toBeGreaterThan(0);
    expect(first.summary).toMatch(/^## catalog plan\n\n/);
    expect(first.summary).toContain('urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)');
    // The comment shows the digest the reviewer approves: the saved plan's own.
    const digest = /Plan digest: `(sha256:[0-9a-f]{64})`/.exec(first.summary)?.[1];
    expect(digest).toBeDefined();
    expect(readFileSync(String(first.outputs['plan-json']), 'utf8')).toContain(`"digest": "${digest}"`);
    expect(first.outputs['run-id']).toBe('');

    const ours = () => github.comments.filter((comment) => comment.body.startsWith(PLAN_MARKER));
    expect(ours()).toHaveLength(1);
    expect(ours()[0]?.body).toContain('user_features');
    expect(ours()[0]?.body).toContain('https://github.com/acme/metadata/actions/runs/');
    expect(first.log).toMatch(/created the plan comment \(\d+\) on #5/);

    // The next push updates the same comment (found on the second page), never adds one.
    const second = await runAction(inputs, { name: 'pull_request', pullRequest: 5 });
    expect(second.code, second.log).toBe(0);
    expect(ours()).toHaveLength(1);
    expect(second.log).toMatch(/updated the plan comment \(\d+\) on #5/);
    expect(github.requests).toContain('GET /repos/acme/metadata/issues/5/comments?per_page=100&page=2');
  }, 60_000);

  it('applies, then a drift check finds nothing; neither comments', async () => {
    const before = github.requests.length;
    const apply = await runAction({ command: 'apply', server: server.url });
    expect(apply.code, apply.log).toBe(0);
    expect(apply.outputs['changes']).toBe('true');
    expect(apply.summary).toMatch(/^## catalog apply\n/);
    // The run: its id, the digest of the plan it applied, and what reading the writes back found.
    const runId = String(apply.outputs['run-id']);
    expect(runId).toMatch(/^catalog-\d{4}_\d\d_\d\d-\d\d_\d\d_\d\d-[a-z0-9]{6}$/);
    expect(apply.outputs['plan-digest']).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(apply.outputs['verified']).toMatch(/^(\d+)\/\1$/);
    expect(apply.summary).toContain(`Run ${runId} · plan ${String(apply.outputs['plan-digest'])}`);
    expect(apply.summary).toContain(`; verified ${String(apply.outputs['verified'])}.`);

    const drift = await runAction({ command: 'drift', server: server.url });
    expect(drift.code, drift.log).toBe(0);
    expect(drift.outputs).toMatchObject({ changes: 'false', 'exit-code': '0' });
    expect(drift.summary).toMatch(/^## catalog drift check\n/);
    expect(github.requests.length).toBe(before);
  }, 60_000);

  it('fails the step on invalid manifests, with no plan to upload, and says so in the comment', async () => {
    writeFileSync(path.join(workspace, 'catalog/broken.yaml'), 'apiVersion: catalog/v1\nkind: MLModel\n');
    try {
      const run = await runAction(
        { command: 'plan', server: server.url },
        { name: 'pull_request', pullRequest: 5 },
      );
      expect(run.code).toBe(1);
      expect(run.log).toContain('broken.yaml:1:1');
      expect(run.outputs).toMatchObject({ changes: 'false', 'exit-code': '1', 'plan-json': '' });
      expect(run.uploaded).toEqual([]);
      expect(run.summary).toContain('**The plan failed**; nothing was written.');
      expect(run.summary).toContain('broken.yaml:1:1');
      // The earlier plan comment now says the plan failed, rather than showing a plan that no longer holds.
      const ours = github.comments.filter((comment) => comment.body.startsWith(PLAN_MARKER));
      expect(ours).toHaveLength(1);
      expect(ours[0]?.body).toContain('**The plan failed**');
      expect(ours[0]?.body).not.toContain('user_features');
    } finally {
      execFileSync('rm', [path.join(workspace, 'catalog/broken.yaml')]);
    }
  }, 60_000);

  it('installs from its own checkout: nothing when built, run-time dependencies for a release, else a build', async () => {
    const bin = path.join(runner.dir, 'bin');
    mkdirSync(bin, { recursive: true });
    const calls = path.join(runner.dir, 'npm-calls');
    writeFileSync(path.join(bin, 'npm'), `#!/usr/bin/env bash\necho "npm $*" >> "${calls}"\n`);
    chmodSync(path.join(bin, 'npm'), 0o755);
    const install = async (layout: string[]): Promise<string> => {
      const checkout = tempDir();
      try {
        for (const entry of layout) mkdirSync(path.join(checkout.dir, entry), { recursive: true });
        if (layout.includes('dist/action')) writeFileSync(path.join(checkout.dir, 'dist/action/main.js'), '');
        writeFileSync(calls, '');
        const env = { PATH: `${bin}:${process.env['PATH'] ?? ''}`, ACTION_PATH: checkout.dir };
        await execute('bash', [path.join(REPO, 'scripts/action/install.sh')], { env });
        return readFileSync(calls, 'utf8');
      } finally {
        checkout.cleanup();
      }
    };
    expect(await install(['dist/action', 'node_modules'])).toBe('');
    expect(await install(['dist/action'])).toBe('npm ci --omit=dev --no-audit --no-fund\n');
    expect(await install([])).toBe('npm ci --no-audit --no-fund\nnpm run build\n');
    expect(existsSync(path.join(REPO, 'scripts/action/install.sh'))).toBe(true);
  });
});
