import { readFileSync, readdirSync } from 'node:fs';
import type { Command } from 'commander';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
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
      for (const step of steps(workflow).filter((item) => item.uses !== undefined)) {
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
    expect(used.map((item) => item.command).sort()).toEqual(
      expect.arrayContaining(['apply', 'ingest', 'reconcile', 'validate']),
    );
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

  it('plan.yml posts one sticky comment and fails only on errors', () => {
    const workflow = load('plan.yml');
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const script = String(
      steps(workflow).find((step) => step.uses?.startsWith('actions/github-script'))?.with?.['script'],
    );
    expect(script).toContain('<!-- catalog-plan -->');
    expect(script).toContain('updateComment');
    const plan = steps(workflow).find((step) => step.run?.includes('reconcile')) as Step;
    expect(plan.run).toContain('--dry-run --detailed-exitcode');
    expect(plan.run).toContain('test "$code" -ne 1');
  });

  it('sync.yml applies on push and checks drift on a schedule, healing only when configured', () => {
    const workflow = load('sync.yml');
    const on = workflow.on as Record<string, unknown>;
    expect(Object.keys(on).sort()).toEqual(['push', 'schedule', 'workflow_dispatch']);
    const byName = new Map(steps(workflow).map((step) => [(step as { name?: string }).name, step]));
    expect((byName.get('self-heal') as { if: string }).if).toContain("env.SELF_HEAL == 'true'");
    expect(byName.get('drift check')?.run).toContain('--dry-run --detailed-exitcode --base HEAD');
  });
});
