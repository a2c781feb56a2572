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
interface Workflow {
  on: unknown;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { steps: Step[] }>;
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
});
