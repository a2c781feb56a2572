import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MARKER } from '../../src/action/sticky-comment.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { condition, interpolate, type Contexts } from '../helpers/github-expressions.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/**
 * action.yml, run as GitHub runs a composite action, as far as a laptop can: its `run:` steps execute in bash
 * with the env and `if:` conditions the file gives them; the `uses:` steps are GitHub's own actions (setup-node,
 * cache, upload-artifact), whose inputs are checked instead. The comment goes to a fake GitHub API.
 */

const execute = promisify(execFile);
const REPO = process.cwd();

interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Action {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}
const actionText = readFileSync('action.yml', 'utf8');
const action = parse(actionText) as Action;

/** GITHUB_OUTPUT's `name<<delimiter` blocks as a record. */
function readOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2\n/gm))
    outputs[match[1] as string] = match[3] as string;
  return outputs;
}

interface ActionRun {
  code: number;
  outputs: Record<string, string>;
  summary: string;
  log: string;
  /** The files upload-artifact would have uploaded. */
  uploaded: string[];
}

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
    const files = path.join(runner.dir, String(runs));
    mkdirSync(files, { recursive: true });
    const outputFile = path.join(files, 'output');
    const summaryFile = path.join(files, 'summary');
    const eventFile = path.join(files, 'event.json');
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
    writeFileSync(
      eventFile,
      JSON.stringify(event.pullRequest ? { pull_request: { number: event.pullRequest } } : {}),
    );
    const resolvedInputs = Object.fromEntries(
      Object.entries(action.inputs).map(([name, input]) => [
        name,
        inputs[name] ?? (input.default?.includes('${{') ? 'gh-token' : (input.default ?? '')),
      ]),
    );
    const steps: Record<string, { outputs: Record<string, string> }> = {};
    const contexts = (): Contexts => ({
      inputs: resolvedInputs,
      github: {
        action_path: REPO,
        event_name: event.name,
        event: event.pullRequest ? { pull_request: { number: event.pullRequest } } : {},
      },
      steps,
    });
    let log = '';
    let code = 0;
    const uploaded: string[] = [];
    for (const step of action.runs.steps) {
      // As on GitHub: after a failed step only steps whose condition has always() run.
      if (code !== 0 && !(step.if ?? '').includes('always()')) continue;
      if (step.if !== undefined && !condition(step.if, contexts())) continue;
      if (step.uses?.startsWith('actions/upload-artifact')) {
        uploaded.push(interpolate(String(step.with?.['path']), contexts()));
        continue;
      }
      if (step.uses !== undefined) continue; // setup-node and cache: GitHub's own, checked by the pin test
      expect(step.shell, step.name).toBe('bash');
      const env: Record<string, string> = {
        PATH: process.env['PATH'] ?? '',
        HOME: runner.dir,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_EVENT_PATH: eventFile,
        GITHUB_EVENT_NAME: event.name,
        GITHUB_REPOSITORY: 'acme/metadata',
        GITHUB_API_URL: github.url,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: String(runs),
        RUNNER_TEMP: files,
        NO_COLOR: '1',
      };
      for (const [name, value] of Object.entries(step.env ?? {})) env[name] = interpolate(value, contexts());
      try {
        const result = await execute('bash', ['-e', '-c', String(step.run)], {
          cwd: workspace,
          env,
          encoding: 'utf8',
        });
        log += result.stdout + result.stderr;
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        log += failed.stdout + failed.stderr;
        code = failed.code;
      }
      if (step.id !== undefined) steps[step.id] = { outputs: readOutputs(readFileSync(outputFile, 'utf8')) };
    }
    const outputs = Object.fromEntries(
      Object.entries(action.outputs).map(([name, output]) => [name, interpolate(output.value, contexts())]),
    );
    return { code, outputs, summary: readFileSync(summaryFile, 'utf8'), log, uploaded };
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
    expect(Object.keys(action.outputs)).toEqual(expect.arrayContaining(['changes', 'plan-json']));
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
