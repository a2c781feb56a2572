#!/usr/bin/env node
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { declaredEnvironments, loadCatalog } from '../engine/load-catalog.js';
import { errorMessage } from '../model/error-message.js';
import { renderAdoptSummary } from './adopt-body.js';
import { openPullRequestUrl, writeAdoptPullRequest } from './adopt-pull-request.js';
import { createGitRunner } from './git-runner.js';
import { appendToGithubFile, formatOutputs } from './github-files.js';
import { createGithubRest } from './github-rest.js';
import {
  adoptRequest,
  readInputs,
  reconcileRequest,
  type ActionCommand,
  type ActionInputs,
  type Env,
} from './inputs.js';
import { fenceFor } from './markdown-fence.js';
import { adopt, ingest, reconcile, type RunContext } from './run-catalog.js';
import type { RunSummary } from './transcript.js';
import { renderCommentBody, upsertStickyComment } from './sticky-comment.js';

/**
 * The GitHub Action's steps (action.yml): `run` plans, applies or adopts and writes the outputs and the job
 * summary; `comment` posts or updates the sticky plan comment; `pull-request` proposes what adopt changed. Exported
 * so tests run them in-process with their own environment and streams.
 */

export interface StepIo {
  readonly env: Env;
  readonly cwd: string;
  readonly log: (text: string) => void;
}

const TITLES: Readonly<Record<ActionCommand, string>> = {
  plan: 'catalog plan',
  apply: 'catalog apply',
  drift: 'catalog drift check',
  adopt: 'catalog adopt',
};

export async function runStep(io: StepIo): Promise<number> {
  const inputs = readInputs(io.env);
  const outDir = path.join(io.env['RUNNER_TEMP'] || tmpdir(), 'catalog-plan');
  await mkdir(outDir, { recursive: true });
  const planJson = path.join(outDir, 'plan.json');
  const planMarkdown = path.join(outDir, 'plan.md');
  // The token reaches the engine the way a user's shell passes it to the CLI, and is redacted from what is shown.
  const env = { ...io.env, ...(inputs.token === '' ? {} : { DATAHUB_GMS_TOKEN: inputs.token }) };
  const context: RunContext = { env, cwd: io.cwd, log: io.log };

  for (const file of inputs.ingest) {
    const ingested = await ingest(file, inputs.server === '' ? undefined : inputs.server, context);
    io.log(ingested.stdout);
    if (ingested.code !== 0) return 1;
  }

  if (inputs.command === 'adopt') return runAdopt(io, inputs, context, outDir);
  const environments = await environmentsToRun(inputs, io.cwd);
  if (environments === undefined) {
    const result = await reconcile(reconcileRequest(inputs, planJson, env), context);
    io.log(result.stdout);
    // A failed plan replaces the comment and summary too: an earlier plan left standing would read as current.
    const markdown = result.code === 1 ? renderFailure(inputs.command, result.stderr) : result.stdout;
    return writeRunOutputs(io, inputs, {
      code: result.code,
      markdown,
      planJson: result.code === 1 ? '' : planJson,
      planMarkdown,
      runs: result.run === undefined ? [] : [result.run],
    });
  }
  // One plan per environment, each in its own section of one comment; the JSON plans go in one folder.
  const plansDir = path.join(outDir, 'plans');
  await mkdir(plansDir, { recursive: true });
  const sections: string[] = [];
  const codes: number[] = [];
  const runs: RunSummary[] = [];
  for (const environment of environments) {
    const request = reconcileRequest(inputs, path.join(plansDir, `${environment}.json`), env, environment);
    const result = await reconcile(request, context);
    io.log(result.stdout);
    codes.push(result.code);
    if (result.run !== undefined) runs.push(result.run);
    sections.push(
      result.code === 1
        ? renderFailure(inputs.command, result.stderr, environment)
        : titled(result.stdout, `${TITLES[inputs.command]}: ${environment}`),
    );
  }
  // 1 when any environment failed (every one is still planned and shown), else 2 when any has changes.
  const code = codes.includes(1) ? 1 : codes.includes(2) ? 2 : 0;
  return writeRunOutputs(io, inputs, {
    code,
    markdown: sections.join('\n---\n\n'),
    planJson: codes.every((each) => each === 1) ? '' : plansDir,
    planMarkdown,
    runs,
  });
}

/**
 * The environments to run for (undefined: none, the manifests as written): the input's names, or with `all` every
 * environment the Settings document declares.
 */
async function environmentsToRun(inputs: ActionInputs, cwd: string): Promise<readonly string[] | undefined> {
  if (inputs.environments !== 'all')
    return inputs.environments.length === 0 ? undefined : inputs.environments;
  const load = await loadCatalog({ dir: inputs.directory, cwd });
  const names = declaredEnvironments(load).map((environment) => environment.name);
  if (names.length === 0) {
    throw new Error(
      `input environments is all, but ${inputs.directory} declares no environments in its Settings`,
    );
  }
  return names;
}

/** A section's title names its environment (the plan's markdown starts with its own `### catalog plan`). */
function titled(markdown: string, title: string): string {
  return markdown.startsWith('### ') ? `### ${title}${markdown.slice(markdown.indexOf('\n'))}` : markdown;
}

/** The plan markdown file, the step's outputs and the job summary; 0 unless the run failed. */
async function writeRunOutputs(
  io: StepIo,
  inputs: ActionInputs,
  run: {
    code: number;
    markdown: string;
    planJson: string;
    planMarkdown: string;
    /** The runs the step's applies made (one per environment applied to). */
    runs: readonly RunSummary[];
  },
): Promise<number> {
  await writeFile(run.planMarkdown, run.markdown);
  // 0: nothing to change (or applied nothing); 2: changes planned or applied; 1: an error. With several
  // environments, the run outputs list one value a line, in the order the environments ran.
  const joined = (pick: (summary: RunSummary) => string): string => run.runs.map(pick).join('\n');
  await appendToGithubFile(
    io.env['GITHUB_OUTPUT'],
    formatOutputs({
      changes: String(run.code === 2),
      'exit-code': String(run.code),
      'plan-json': run.planJson,
      'plan-markdown': run.planMarkdown,
      'run-id': joined((summary) => summary.runId),
      'plan-digest': joined((summary) => summary.planDigest),
      verified: joined((summary) => summary.verified),
    }),
  );
  await appendToGithubFile(
    io.env['GITHUB_STEP_SUMMARY'],
    `## ${TITLES[inputs.command]}\n\n${run.markdown}\n`,
  );
  return run.code === 1 ? 1 : 0;
}

/**
 * `catalog adopt` edits the manifests in the checkout and prints their diff, which is kept in a file for the
 * pull-request step (a step output is no place for a long text). Exit 2: files changed.
 */
async function runAdopt(
  io: StepIo,
  inputs: ActionInputs,
  context: RunContext,
  outDir: string,
): Promise<number> {
  const result = await adopt(adoptRequest(inputs, context.env), context);
  const diffFile = path.join(outDir, 'adopt.diff');
  const diff = result.code === 2 ? result.stdout : '';
  await writeFile(diffFile, diff);
  if (result.code === 2) io.log(diff);
  await appendToGithubFile(
    io.env['GITHUB_OUTPUT'],
    formatOutputs({
      changes: String(result.code === 2),
      'exit-code': String(result.code),
      'adopt-diff': result.code === 1 ? '' : diffFile,
      'plan-json': '',
      'plan-markdown': '',
    }),
  );
  const summary =
    result.code === 1 ? renderFailure('adopt', result.stderr) : renderAdoptSummary(diff, inputs.directory);
  await appendToGithubFile(io.env['GITHUB_STEP_SUMMARY'], `## ${TITLES.adopt}\n\n${summary}\n`);
  return result.code === 1 ? 1 : 0;
}

/**
 * After `run` with `command: adopt`: commits what adopt changed to the adoption branch and opens or updates the
 * pull request, or closes it when there is nothing left to adopt (see adopt-pull-request.ts). Only the GitHub
 * token is in this step's environment, not DataHub's.
 */
export async function pullRequestStep(io: StepIo): Promise<number> {
  const inputs = readInputs(io.env);
  const exitCode = io.env['ADOPT_EXIT_CODE'] ?? '';
  if (exitCode !== '0' && exitCode !== '2') {
    io.log(
      `catalog adopt did not finish (exit code ${exitCode || 'none'}): the pull request is left as it is\n`,
    );
    return 0;
  }
  const diffFile = io.env['ADOPT_DIFF'] ?? '';
  const diff = exitCode === '2' && diffFile !== '' ? await readFile(diffFile, 'utf8') : '';
  const token = required(io.env, 'INPUT_GITHUB_TOKEN');
  const serverUrl = io.env['GITHUB_SERVER_URL'] || 'https://github.com';
  const git = await createGitRunner({ cwd: io.cwd, env: io.env, auth: { serverUrl, token }, log: io.log });
  const result = await writeAdoptPullRequest({
    directory: inputs.directory,
    repository: required(io.env, 'GITHUB_REPOSITORY'),
    baseBranch: branchOf(io.env),
    branch: inputs.adoptBranch,
    diff,
    changed: exitCode === '2',
    runUrl: runUrlOf(io.env),
    git,
    github: createGithubRest({ apiUrl: io.env['GITHUB_API_URL'] || 'https://api.github.com', token }),
    log: io.log,
  });
  const url = openPullRequestUrl(result) ?? '';
  await appendToGithubFile(io.env['GITHUB_OUTPUT'], formatOutputs({ 'pull-request': url }));
  if (url !== '') {
    await appendToGithubFile(io.env['GITHUB_STEP_SUMMARY'], `Adoption pull request: ${url}\n`);
  }
  return 0;
}

/** The branch the run is on: the adoption pull request's base. A tag or a pull request's merge ref has none. */
function branchOf(env: Env): string {
  const ref = env['GITHUB_REF'] ?? '';
  if (!ref.startsWith('refs/heads/')) {
    throw new Error(
      `command adopt proposes a pull request to the branch it runs on, and ${ref || 'this run'} is not a branch (run it on a schedule, a push or workflow_dispatch)`,
    );
  }
  return ref.slice('refs/heads/'.length);
}

function runUrlOf(env: Env): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
  return server && repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined;
}

/** How a failure reads in the summary and the comment: what the tool said (secrets already redacted by it). */
export function renderFailure(command: ActionCommand, stderr: string, environment?: string): string {
  const lines = stderr.trimEnd().split('\n');
  // The last lines say what failed; a long list of diagnostics is in the step's log.
  const shown = lines.length > 60 ? ['…', ...lines.slice(-60)] : lines;
  const fence = fenceFor(stderr);
  const title = environment === undefined ? TITLES[command] : `${TITLES[command]}: ${environment}`;
  return `### ${title}\n\n**The ${command} failed**; nothing was written. What catalog said:\n\n${fence}\n${shown.join('\n')}\n${fence}\n`;
}

export async function commentStep(io: StepIo): Promise<number> {
  const number = await pullRequestNumber(io.env['GITHUB_EVENT_PATH']);
  if (number === undefined) {
    io.log('not a pull request: no plan comment\n');
    return 0;
  }
  const markdownFile = io.env['PLAN_MARKDOWN'] ?? '';
  const markdown = markdownFile === '' ? '' : await readFile(markdownFile, 'utf8');
  if (markdown.trim() === '') {
    io.log('no plan to post (the plan step did not run)\n');
    return 0;
  }
  const runUrl = runUrlOf(io.env);
  const result = await upsertStickyComment(
    {
      apiUrl: io.env['GITHUB_API_URL'] || 'https://api.github.com',
      repository: required(io.env, 'GITHUB_REPOSITORY'),
      issueNumber: number,
      token: required(io.env, 'INPUT_GITHUB_TOKEN'),
    },
    renderCommentBody(markdown, runUrl),
  );
  io.log(`${result.action} the plan comment (${result.id}) on #${number}\n`);
  return 0;
}

function required(env: Env, name: string): string {
  const value = env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

/** The pull request of the event that started the run (pull_request or pull_request_target). */
async function pullRequestNumber(eventPath: string | undefined): Promise<number | undefined> {
  if (eventPath === undefined || eventPath === '') return undefined;
  const event = JSON.parse(await readFile(eventPath, 'utf8')) as { pull_request?: { number?: unknown } };
  const number = event.pull_request?.number;
  return typeof number === 'number' ? number : undefined;
}

async function main(step: string | undefined): Promise<number> {
  const io: StepIo = { env: process.env, cwd: process.cwd(), log: (text) => void process.stderr.write(text) };
  switch (step) {
    case 'run':
      return runStep(io);
    case 'comment':
      return commentStep(io);
    case 'pull-request':
      return pullRequestStep(io);
    default:
      process.stderr.write('usage: main.js run|comment|pull-request\n');
      return 1;
  }
}

// Run only as a script, not when a test imports the module.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv[2]).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`::error::${errorMessage(error)}\n`);
      process.exitCode = 1;
    },
  );
}
