#!/usr/bin/env node
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CliIo } from '../cli/io.js';
import { runCli } from '../cli/program.js';
import { appendToGithubFile, formatOutputs } from './github-files.js';
import { readInputs, reconcileArgs, type ActionCommand, type Env } from './inputs.js';
import { renderCommentBody, upsertStickyComment } from './sticky-comment.js';

/**
 * The GitHub Action's steps (action.yml): `run` plans or applies and writes the outputs and the job summary;
 * `comment` posts or updates the sticky plan comment. Exported so tests run them in-process with their own
 * environment and streams.
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
};

export async function runStep(io: StepIo): Promise<number> {
  const inputs = readInputs(io.env);
  const outDir = path.join(io.env['RUNNER_TEMP'] || tmpdir(), 'catalog-plan');
  await mkdir(outDir, { recursive: true });
  const planJson = path.join(outDir, 'plan.json');
  const planMarkdown = path.join(outDir, 'plan.md');
  // The token reaches the CLI the way a user's shell passes it, and the CLI redacts it from what it prints.
  const env = { ...io.env, ...(inputs.token === '' ? {} : { DATAHUB_GMS_TOKEN: inputs.token }) };
  const cli = async (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    let stdout = '';
    let stderr = '';
    const cliIo: CliIo = {
      stdout: { write: (text) => void (stdout += text), isTTY: false },
      stderr: {
        write: (text) => {
          stderr += text;
          io.log(text);
        },
        isTTY: false,
      },
      env,
      cwd: io.cwd,
      waitForInterrupt: () => new Promise<void>(() => undefined),
    };
    const code = await runCli(args, cliIo);
    return { code, stdout, stderr };
  };

  const server = inputs.server === '' ? [] : ['--server', inputs.server];
  for (const file of inputs.ingest) {
    const ingested = await cli(['ingest', file, ...server]);
    io.log(ingested.stdout);
    if (ingested.code !== 0) return 1;
  }

  const result = await cli(reconcileArgs(inputs, planJson));
  io.log(result.stdout);
  // A failed plan replaces the comment and summary too: an earlier plan left standing would read as current.
  const markdown = result.code === 1 ? renderFailure(inputs.command, result.stderr) : result.stdout;
  await writeFile(planMarkdown, markdown);
  // 0: nothing to change (or applied nothing); 2: changes planned or applied; 1: an error.
  const changes = result.code === 2;
  await appendToGithubFile(
    io.env['GITHUB_OUTPUT'],
    formatOutputs({
      changes: String(changes),
      'exit-code': String(result.code),
      'plan-json': result.code === 1 ? '' : planJson,
      'plan-markdown': planMarkdown,
    }),
  );
  await appendToGithubFile(io.env['GITHUB_STEP_SUMMARY'], `## ${TITLES[inputs.command]}\n\n${markdown}\n`);
  return result.code === 1 ? 1 : 0;
}

/** How a failure reads in the summary and the comment: what the tool said (secrets already redacted by it). */
export function renderFailure(command: ActionCommand, stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  // The last lines say what failed; a long list of diagnostics is in the step's log.
  const shown = lines.length > 60 ? ['…', ...lines.slice(-60)] : lines;
  const fence = '`'.repeat(Math.max(3, ...[...stderr.matchAll(/`+/g)].map((match) => match[0].length + 1)));
  return `### ${TITLES[command]}\n\n**The ${command} failed**; nothing was written. What catalog said:\n\n${fence}\n${shown.join('\n')}\n${fence}\n`;
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
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = io.env;
  const runUrl = server && repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined;
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
    default:
      process.stderr.write('usage: main.js run|comment\n');
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
      process.stderr.write(`::error::${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
