import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { condition, interpolate, type Contexts } from '../helpers/github-expressions.js';

/**
 * action.yml, run as GitHub runs a composite action, as far as a laptop can: its `run:` steps execute in bash
 * with the env and `if:` conditions the file gives them; the `uses:` steps are GitHub's own actions (setup-node,
 * cache, upload-artifact), whose inputs are checked instead.
 */

const execute = promisify(execFile);
export const REPO = process.cwd();

export interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
export interface Action {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}
export const actionText = readFileSync('action.yml', 'utf8');
export const action = parse(actionText) as Action;

/** GITHUB_OUTPUT's `name<<delimiter` blocks as a record. */
function readOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2\n/gm))
    outputs[match[1] as string] = match[3] as string;
  return outputs;
}

export interface ActionRun {
  code: number;
  outputs: Record<string, string>;
  summary: string;
  log: string;
  /** The files upload-artifact would have uploaded. */
  uploaded: string[];
}

export interface RunActionOptions {
  /** The checkout the steps run in. */
  readonly workspace: string;
  /** A directory of its own for this run's GITHUB_OUTPUT, summary, event and RUNNER_TEMP. */
  readonly files: string;
  readonly runId: number;
  readonly inputs: Record<string, string>;
  readonly event?: { readonly name: string; readonly pullRequest?: number };
  /** GitHub's variables for the run (GITHUB_API_URL, GITHUB_REF, …), and HOME. */
  readonly env: Record<string, string>;
}

/** Runs the action's steps in the workspace, for one event. Inputs left out take action.yml's defaults. */
export async function runAction(options: RunActionOptions): Promise<ActionRun> {
  const { files, event = { name: 'push' } } = options;
  mkdirSync(files, { recursive: true });
  const outputFile = path.join(files, 'output');
  const summaryFile = path.join(files, 'summary');
  const eventFile = path.join(files, 'event.json');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const payload = event.pullRequest ? { pull_request: { number: event.pullRequest } } : {};
  writeFileSync(eventFile, JSON.stringify(payload));
  const resolvedInputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [
      name,
      options.inputs[name] ?? (input.default?.includes('${{') ? 'gh-token' : (input.default ?? '')),
    ]),
  );
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const contexts = (): Contexts => ({
    inputs: resolvedInputs,
    github: { action_path: REPO, event_name: event.name, event: payload },
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
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_EVENT_PATH: eventFile,
      GITHUB_EVENT_NAME: event.name,
      GITHUB_REPOSITORY: 'acme/metadata',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: String(options.runId),
      RUNNER_TEMP: files,
      NO_COLOR: '1',
      ...options.env,
    };
    for (const [name, value] of Object.entries(step.env ?? {})) env[name] = interpolate(value, contexts());
    try {
      const result = await execute('bash', ['-e', '-c', String(step.run)], {
        cwd: options.workspace,
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
