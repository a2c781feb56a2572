import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { scaffoldFiles } from '../src/engine/init/scaffold.js';
import { ACTION_REF } from '../src/engine/package-info.js';
import { buildProgram } from '../src/cli/program.js';
import { simulate, type WorkflowEvent } from './init/simulate-workflow.js';

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
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  steps: Step[];
}
interface Workflow {
  on: unknown;
  permissions: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const actionInputs = (parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, unknown> })
  .inputs;
/** The workflows `catalog init` writes into a user's repository, without and with Settings environments. */
const scaffoldWorkflows = new Map([
  ...[...scaffoldFiles({ actionRef: ACTION_REF, example: true })].filter(([file]) =>
    file.startsWith('.github/'),
  ),
  ...[
    ...scaffoldFiles({
      actionRef: ACTION_REF,
      example: true,
      environments: [
        { name: 'dev', protect: false, tokenEnv: 'DATAHUB_DEV_TOKEN' },
        { name: 'prod', protect: true, tokenEnv: 'DATAHUB_PROD_TOKEN' },
      ],
    }),
  ]
    .filter(([file]) => file.startsWith('.github/'))
    .map(([file, text]): [string, string] => [`${file} (environments)`, text]),
]);

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
  it("datahub-e2e.yml runs DataHub's suite on the steward families, with the tag the project implements", () => {
    const workflow = load('datahub-e2e.yml');
    const runs = steps(workflow).flatMap((step) => (step.run === undefined ? [] : [step.run]));
    expect(runs).toContain('npm run test:datahub-e2e:steward');
    expect(scripts['test:datahub-e2e:steward']).toMatch(/^npm run test:datahub-e2e -- (?:[\w-]+ ?)+$/);
    const release = readFileSync('src/datahub/release.ts', 'utf8');
    const tag = Object.values(workflow.jobs)[0] as Job & { env?: Record<string, string> };
    expect(release).toContain(`tag: '${tag.env?.['DATAHUB_TAG']}'`);
  });

  it('are ci.yml, datahub-e2e.yml, plan.yml and sync.yml, and parse as YAML', () => {
    expect(files.sort()).toEqual(['ci.yml', 'datahub-e2e.yml', 'plan.yml', 'sync.yml']);
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
      if (file === 'sync.yml') {
        // Each job its own group (the single target, its adoption, each environment): a workflow-wide one would
        // queue every environment behind the others and drop a queued run when another queues after it.
        expect(workflow.concurrency).toBeUndefined();
        for (const [name, job] of Object.entries(workflow.jobs)) {
          if (name === 'environments') continue; // it only reads the manifests
          expect(job.concurrency?.group, name).toBeTypeOf('string');
          expect(job.concurrency?.['cancel-in-progress'], name).toBe(false);
        }
      } else {
        expect(workflow.concurrency?.group).toBeTypeOf('string');
      }
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

  // ci.yml and datahub-e2e.yml test this repository; they do not run the action with a DataHub's secrets.
  it.each([
    ...files.filter((file) => file !== 'ci.yml' && file !== 'datahub-e2e.yml'),
    ...scaffoldWorkflows.keys(),
  ])('%s gives the action only inputs it declares, and the secrets only as inputs', (file) => {
    const workflow = scaffoldWorkflows.has(file)
      ? (parse(scaffoldWorkflows.get(file) as string) as Workflow)
      : load(file);
    const used = steps(workflow).filter((step) => step.uses === './' || step.uses === ACTION_REF);
    expect(used.length).toBeGreaterThan(0);
    for (const step of used) {
      for (const input of Object.keys(step.with ?? {}))
        expect(Object.keys(actionInputs), input).toContain(input);
      if (step.with?.['environments'] === undefined) {
        expect(String(step.with?.['token'])).toBe('${{ secrets.DATAHUB_GMS_TOKEN }}');
        expect(step.env).toBeUndefined();
      } else {
        // Each environment's own server and token variable: a server input would win over the first, and
        // DATAHUB_GMS_TOKEN would reach an environment that declares no tokenEnv.
        expect(Object.keys(step.with ?? {})).not.toContain('server');
        expect(Object.keys(step.with ?? {})).not.toContain('token');
        for (const [name, value] of Object.entries(step.env ?? {}))
          expect(value).toBe(`\${{ secrets.${name} }}`);
      }
    }
    for (const step of steps(workflow).filter((item) => item.uses !== undefined && !used.includes(item)))
      expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

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
    expect(adopt.if).toBe(
      "vars.CATALOG_ENVIRONMENTS == '' && github.event_name == 'schedule' && vars.CATALOG_DRIFT_ACTION == 'pr'",
    );
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

  describe('sync.yml with CATALOG_ENVIRONMENTS', () => {
    const text = readFileSync(`${DIR}/sync.yml`, 'utf8');
    const workflow = load('sync.yml');
    const crons = (workflow.on as { schedule: { cron: string }[] }).schedule.map((item) => item.cron);
    const isAction = (uses: string): boolean => uses === './';
    const EXAMPLE = JSON.stringify([
      { environment: 'dev', cron: '*/30 * * * *', scheduled: 'drift' },
      { environment: 'prod', cron: '17 3 * * *', scheduled: 'apply' },
    ]);
    const SETTINGS = [
      'apiVersion: catalog/v1',
      'kind: Settings',
      'environments:',
      '  dev: { server: "https://datahub-dev.example.com/api/gms", tokenEnv: DATAHUB_DEV_TOKEN }',
      '  prod: { server: "https://datahub.example.com/api/gms", tokenEnv: DATAHUB_PROD_TOKEN, protect: true }',
      '  nowhere: { tokenEnv: NOWHERE_TOKEN }',
      '',
    ].join('\n');
    const selectStep = workflow.jobs['environments']?.steps.find((step) => step.id === 'select');

    /** Runs the environments job's own script, as the runner would, for one event; its matrix or its error. */
    function select(
      entries: string,
      event: WorkflowEvent,
    ): { code: number | null; matrix: Record<string, string>[]; stdout: string } {
      const dir = mkdtempSync(path.join(tmpdir(), 'catalog-sync-'));
      try {
        mkdirSync(path.join(dir, 'catalog', 'nested'), { recursive: true });
        // The Settings may be in any file of the catalog, next to other documents.
        writeFileSync(
          path.join(dir, 'catalog', 'nested', 'settings.yaml'),
          `apiVersion: catalog/v1\nkind: GlossaryNode\nid: X\nname: X\n---\n${SETTINGS}`,
        );
        const output = path.join(dir, 'output');
        writeFileSync(output, '');
        const run = spawnSync('bash', ['-e', '-c', selectStep?.run ?? 'exit 9'], {
          cwd: process.cwd(), // the repository: the script's yaml package and this sync.yml
          env: {
            PATH: process.env['PATH'],
            ...selectStep?.env,
            CATALOG_ENVIRONMENTS: entries,
            CATALOG_DIRECTORY: path.join(dir, 'catalog'),
            EVENT_NAME: event.name,
            EVENT_SCHEDULE: event.schedule ?? '',
            GITHUB_OUTPUT: output,
          },
          encoding: 'utf8',
        });
        const line = readFileSync(output, 'utf8').match(/^matrix=(.*)$/m)?.[1];
        return {
          code: run.status,
          matrix: line === undefined ? [] : (JSON.parse(line) as Record<string, string>[]),
          stdout: run.stdout,
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }

    /** What the whole workflow runs for one event: `job: command environment [--yes]`. */
    function runsFor(event: WorkflowEvent, entries?: string): string[] {
      const vars = entries === undefined ? {} : { CATALOG_ENVIRONMENTS: entries };
      const matrix = entries === undefined ? [] : select(entries, event).matrix;
      return simulate(text, event, {
        isAction,
        vars,
        needs: { environments: { outputs: { matrix: JSON.stringify(matrix) } } },
        matrices: { 'sync-environment': matrix },
      }).map(
        (run) =>
          `${run.job}: ${run.command}${run.environment === '' ? '' : ` ${run.environment}`}${run.args.includes('--yes') ? ' --yes' : ''} [${run.concurrency ?? ''}]`,
      );
    }

    it('lists the crons of the example in on.schedule, after the single target one', () => {
      expect(crons).toEqual(['17 */6 * * *', '*/30 * * * *', '17 3 * * *']);
      for (const entry of JSON.parse(EXAMPLE) as { cron: string }[]) expect(crons).toContain(entry.cron);
    });

    it('without it, keeps the single target: apply on push, a drift check on its own cron only', () => {
      expect(runsFor({ name: 'push' })).toEqual(['sync: apply [catalog-sync]']);
      expect(runsFor({ name: 'workflow_dispatch' })).toEqual(['sync: apply [catalog-sync]']);
      expect(runsFor({ name: 'schedule', schedule: '17 */6 * * *' })).toEqual(['sync: drift [catalog-sync]']);
      expect(runsFor({ name: 'schedule', schedule: '*/30 * * * *' })).toEqual([]);
      expect(runsFor({ name: 'schedule', schedule: '17 3 * * *' })).toEqual([]);
    });

    it('with it, syncs each environment on its own cron, in its own group; protected ones only by their cron', () => {
      expect(runsFor({ name: 'push' }, EXAMPLE)).toEqual([
        'sync-environment: apply dev --yes [catalog-sync-dev]',
      ]);
      expect(runsFor({ name: 'workflow_dispatch' }, EXAMPLE)).toEqual(runsFor({ name: 'push' }, EXAMPLE));
      expect(runsFor({ name: 'schedule', schedule: '*/30 * * * *' }, EXAMPLE)).toEqual([
        'sync-environment: drift dev [catalog-sync-dev]',
      ]);
      expect(runsFor({ name: 'schedule', schedule: '17 3 * * *' }, EXAMPLE)).toEqual([
        'sync-environment: apply prod --yes [catalog-sync-prod]',
      ]);
      // The single target's cron wakes nothing when environments are synced instead.
      expect(runsFor({ name: 'schedule', schedule: '17 */6 * * *' }, EXAMPLE)).toEqual([]);
      // Nor does it adopt into the single target's pull request.
      expect(
        simulate(
          text,
          { name: 'schedule', schedule: '17 */6 * * *' },
          {
            isAction,
            vars: { CATALOG_ENVIRONMENTS: EXAMPLE, CATALOG_DRIFT_ACTION: 'pr' },
            needs: { environments: { outputs: { matrix: '[]' } } },
          },
        ),
      ).toEqual([]);
      expect(select(EXAMPLE, { name: 'schedule', schedule: '17 */6 * * *' }).matrix).toEqual([]);
      expect(workflow.jobs['sync-environment']?.if).toBe("needs.environments.outputs.matrix != '[]'");

      // A protected environment listed with a drift schedule is drift-checked by it, and never applied by a push.
      const careless = JSON.stringify([{ environment: 'prod', cron: '*/30 * * * *', scheduled: 'drift' }]);
      expect(select(careless, { name: 'push' }).matrix).toEqual([]);
      expect(select(careless, { name: 'schedule', schedule: '*/30 * * * *' }).matrix).toEqual([
        { environment: 'prod', command: 'drift', tokenEnv: 'DATAHUB_PROD_TOKEN' },
      ]);
    });

    it("gives each job only its environment's token, from the secret its tokenEnv names", () => {
      expect(select(EXAMPLE, { name: 'push' }).matrix).toEqual([
        { environment: 'dev', command: 'apply', tokenEnv: 'DATAHUB_DEV_TOKEN' },
      ]);
      const steps = workflow.jobs['sync-environment']?.steps ?? [];
      const token = steps.find((step) => step.name === "the environment's token");
      expect(token?.env).toEqual({
        TOKEN_ENV: '${{ matrix.tokenEnv }}',
        TOKEN: '${{ secrets[matrix.tokenEnv] }}',
      });
      expect(token?.run).toContain('>> "$GITHUB_ENV"');
      const action = steps.find((step) => step.uses === './');
      expect(steps.indexOf(token as Step)).toBeLessThan(steps.indexOf(action as Step));
      expect(action?.with).toMatchObject({ environments: '${{ matrix.environment }}' });
      // DATAHUB_GMS_TOKEN is the single target's only: an environment without a tokenEnv must not get it.
      expect((workflow as { env?: Record<string, string> }).env).not.toHaveProperty('DATAHUB_GMS_TOKEN');
      expect(workflow.jobs['sync-environment']).not.toHaveProperty('env');
    });

    it('refuses, before any sync, a cron GitHub would never start, an environment not declared or without a server', () => {
      const refused = (entries: unknown[]): string => {
        const result = select(JSON.stringify(entries), { name: 'push' });
        expect(result.code).toBe(1);
        expect(result.matrix).toEqual([]);
        return result.stdout;
      };
      expect(refused([{ environment: 'dev', cron: '*/5 * * * *', scheduled: 'drift' }])).toContain(
        `dev's cron "*/5 * * * *" is not in on.schedule of .github/workflows/sync.yml`,
      );
      expect(refused([{ environment: 'qa', cron: '*/30 * * * *', scheduled: 'drift' }])).toContain(
        '"qa" is not an environment the Settings',
      );
      expect(refused([{ environment: 'nowhere', cron: '*/30 * * * *', scheduled: 'drift' }])).toContain(
        'nowhere declares no server',
      );
      expect(refused([{ environment: 'dev', cron: '*/30 * * * *', scheduled: 'heal' }])).toContain(
        `dev's scheduled must be "drift" or "apply"`,
      );
      expect(
        refused([
          { environment: 'dev', cron: '*/30 * * * *', scheduled: 'drift' },
          { environment: 'dev', cron: '17 3 * * *', scheduled: 'apply' },
        ]),
      ).toContain('dev is listed twice');
      expect(select('{dev}', { name: 'push' }).stdout).toContain('::error::CATALOG_ENVIRONMENTS: not JSON');
    });

    it('reports drift per environment as its own issue, or fails its job', () => {
      const steps = workflow.jobs['sync-environment']?.steps ?? [];
      const byName = new Map(steps.map((step) => [step.name, step]));
      expect(byName.get('report drift as an issue')?.if).toBe(
        "matrix.command == 'drift' && steps.catalog.outputs.changes == 'true' && env.DRIFT_ACTION == 'issue'",
      );
      expect(String(byName.get('report drift as an issue')?.with?.['script'])).toContain(
        'Catalog drift detected in ${process.env.ENVIRONMENT}',
      );
      expect(byName.get('fail on drift')?.if).toBe(
        "matrix.command == 'drift' && steps.catalog.outputs.changes == 'true' && env.DRIFT_ACTION != 'issue'",
      );
    });
  });
});
