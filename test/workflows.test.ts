import { readFileSync, readdirSync } from 'node:fs';
import type { Command } from 'commander';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { scaffoldFiles } from '../src/cli/init/scaffold.js';
import { ACTION_REF } from '../src/cli/package-info.js';
import { buildProgram } from '../src/cli/program.js';

const DIR = '.github/workflows';
const files = readdirSync(DIR).filter((file) => file.endsWith('.yml'));
const program = buildProgram(
  {
    stdout: { write: () => undefined, isTTY: false },
    stderr: { write: () => undefined, isTTY: false },
    env: {},
    cwd: process.cwd(),
    waitForInterrupt: () => Promise.resolve(),
  },
  () => undefined,
);
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;

interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: unknown;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const actionInputs = (parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, unknown> })
  .inputs;
/** The workflows `catalog init` writes into a user's repository. */
const scaffoldWorkflows = new Map(
  [...scaffoldFiles({ actionRef: ACTION_REF, example: true })].filter(([file]) =>
    file.startsWith('.github/'),
  ),
);

const load = (file: string): Workflow => parse(readFileSync(`${DIR}/${file}`, 'utf8')) as Workflow;
const steps = (workflow: Workflow): Step[] => Object.values(workflow.jobs).flatMap((job) => job.steps);

/** `node dist/cli/main.js <command> [args]` lines of a run script, with continuation lines joined. */
function catalogCommands(run: string): { command: string; flags: string[] }[] {
  return [...run.replace(/\\\n\s*/g, ' ').matchAll(/node dist\/cli\/main\.js (\w+)([^\n|>&;]*)/g)].map(
    (match) => ({
      command: match[1] as string,
      flags: [...(match[2] ?? '').matchAll(/(--[a-z-]+)/g)].map((flag) => flag[1] as string),
    }),
  );
}

describe('GitHub workflows', () => {
  it('are ci.yml, plan.yml and sync.yml, and parse as YAML', () => {
    expect(files.sort()).toEqual(['ci.yml', 'plan.yml', 'sync.yml']);
    for (const file of files) expect(load(file).jobs).toBeTypeOf('object');
  });

  it.each(files)(
    '%s pins every action by commit, grants least permissions and handles superseded runs',
    (file) => {
      const workflow = load(file);
      // This repository's own action is used from the checkout (`./`); every other action is pinned.
      for (const step of steps(workflow).filter((item) => item.uses !== undefined && item.uses !== './')) {
        expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      }
      expect(workflow.permissions).toBeTypeOf('object');
      expect(
        Object.values(workflow.permissions).every((level) => level === 'read' || level === 'write'),
      ).toBe(true);
      expect(workflow.permissions['contents']).toBe('read');
      // A job may ask for more than the workflow grants only to push the adoption branch (sync.yml's adopt job).
      for (const [name, job] of Object.entries(workflow.jobs)) {
        if (job.permissions === undefined) continue;
        expect(
          Object.values(job.permissions).every((level) => level === 'read' || level === 'write'),
          name,
        ).toBe(true);
        if (job.permissions['contents'] === 'write') {
          expect(`${file} ${name}`).toBe('sync.yml adopt');
          expect(
            job.steps.filter((step) => step.uses === './').map((step) => step.with?.['command']),
          ).toEqual(['adopt']);
        }
      }
      expect(workflow.concurrency.group).toBeTypeOf('string');
      for (const step of steps(workflow).filter((item) => item.uses?.startsWith('actions/checkout'))) {
        expect(step.with?.['persist-credentials']).toBe(false);
      }
    },
  );

  it('run only commands and options the CLI has, and npm scripts that exist', () => {
    const runs = files.flatMap((file) =>
      steps(load(file)).flatMap((step) => (step.run === undefined ? [] : [step.run])),
    );
    const used = runs.flatMap(catalogCommands);
    expect(used.map((item) => item.command).sort()).toEqual(expect.arrayContaining(['apply', 'validate']));
    for (const { command, flags } of used) {
      const found = program.commands.find((candidate: Command) => candidate.name() === command);
      expect(found, `catalog ${command}`).toBeDefined();
      for (const flag of flags)
        expect(
          found?.options.some((option) => option.long === flag),
          `catalog ${command} ${flag}`,
        ).toBe(true);
    }
    for (const run of runs) {
      for (const match of run.matchAll(/npm run ([\w:-]+)/g))
        expect(scripts[match[1] as string], `npm run ${match[1]}`).toBeDefined();
    }
  });

  it('plan.yml plans with the action, commenting, against the base branch', () => {
    const workflow = load('plan.yml');
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const plan = steps(workflow).filter((step) => step.uses === './');
    expect(plan).toHaveLength(1);
    expect(plan[0]?.with).toMatchObject({ command: 'plan', comment: true });
    const checkout = steps(workflow).find((step) => step.uses?.startsWith('actions/checkout'));
    // The base branch's manifests are needed to tell manifest changes from drift.
    expect(checkout?.with?.['fetch-depth']).toBe(0);
  });

  it.each([...files.filter((file) => file !== 'ci.yml'), ...scaffoldWorkflows.keys()])(
    '%s gives the action only inputs it declares, and the secrets only as inputs',
    (file) => {
      const workflow = scaffoldWorkflows.has(file)
        ? (parse(scaffoldWorkflows.get(file) as string) as Workflow)
        : load(file);
      const used = steps(workflow).filter((step) => step.uses === './' || step.uses === ACTION_REF);
      expect(used.length).toBeGreaterThan(0);
      for (const step of used) {
        for (const input of Object.keys(step.with ?? {}))
          expect(Object.keys(actionInputs), input).toContain(input);
        expect(String(step.with?.['token'])).toBe('${{ secrets.DATAHUB_GMS_TOKEN }}');
      }
      for (const step of steps(workflow).filter((item) => item.uses !== undefined && !used.includes(item)))
        expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
    },
  );

  it('sync.yml applies on push and checks drift on a schedule, healing only when configured', () => {
    const workflow = load('sync.yml');
    const on = workflow.on as Record<string, unknown>;
    expect(Object.keys(on).sort()).toEqual(['push', 'schedule', 'workflow_dispatch']);
    const byName = new Map(steps(workflow).map((step) => [step.name, step]));
    expect(byName.get('apply main')).toMatchObject({ uses: './', with: { command: 'apply' } });
    expect(byName.get('apply main')?.if).toBe("github.event_name != 'schedule'");
    expect(byName.get('drift check')).toMatchObject({ uses: './', with: { command: 'drift' } });
    expect(byName.get('drift check')?.if).toBe("github.event_name == 'schedule'");
    // Healing applies the very plan the drift check reported (refused as stale if the catalog moved since).
    expect(byName.get('self-heal')?.if).toContain("env.SELF_HEAL == 'true'");
    expect(byName.get('self-heal')?.if).toContain("steps.drift.outputs.changes == 'true'");
    expect(byName.get('self-heal')?.run).toContain('node dist/cli/main.js apply "$PLAN_JSON"');
  });

  it('sync.yml reports drift as an issue, a failed run, or an adoption pull request', () => {
    const workflow = load('sync.yml');
    const sync = workflow.jobs['sync'] as Job;
    const byName = new Map(sync.steps.map((step) => [step.name, step]));
    expect(byName.get('report drift as an issue')?.if).toContain("env.DRIFT_ACTION == 'issue'");
    expect(byName.get('fail on drift')?.if).toContain("env.DRIFT_ACTION == 'fail'");
    // Healing would undo in DataHub the very edits an adoption pull request proposes to keep.
    expect(byName.get('self-heal')?.if).toContain("env.DRIFT_ACTION != 'pr'");

    const adopt = workflow.jobs['adopt'] as Job;
    // After the drift check (a failed check skips it: an error never closes or rewrites the pull request), on the
    // schedule only, and only when asked for. Job conditions cannot read env, so it names the variable itself.
    expect(adopt.needs).toBe('sync');
    expect(adopt.if).toBe("github.event_name == 'schedule' && vars.CATALOG_DRIFT_ACTION == 'pr'");
    expect(readFileSync(`${DIR}/sync.yml`, 'utf8')).toContain(
      "DRIFT_ACTION: ${{ vars.CATALOG_DRIFT_ACTION || 'issue' }}",
    );
    // Pushing the branch and opening the pull request, and nothing more (no issues, no workflows, no packages).
    expect(adopt.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
    const step = adopt.steps.find((item) => item.uses === './');
    expect(step?.with).toMatchObject({ command: 'adopt' });
    // The action pushes with its github-token input; the checkout keeps no credentials for later steps to read.
    const checkout = adopt.steps.find((item) => item.uses?.startsWith('actions/checkout'));
    expect(checkout?.with?.['persist-credentials']).toBe(false);
    expect(adopt.steps.indexOf(checkout as Step)).toBeLessThan(adopt.steps.indexOf(step as Step));
    // The action's adopt command is what the job relies on.
    expect((actionInputs['command'] as { description: string }).description).toContain('adopt (');
    expect(Object.keys(actionInputs)).toEqual(
      expect.arrayContaining(['adopt-branch', 'unmanaged', 'github-token']),
    );
  });
});
