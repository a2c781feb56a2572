import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInit } from '../../src/cli/commands/init.js';
import { planSyncSchedules } from '../../src/engine/init/sync-environments.js';
import type { CliIo } from '../../src/cli/io.js';
import { ACTION_REF, PACKAGE_NAME } from '../../src/engine/package-info.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { evaluate } from '../helpers/github-expressions.js';
import { simulate, type WorkflowEvent } from './simulate-workflow.js';

const SCAFFOLD = [
  '.github/workflows/catalog-plan.yml',
  '.github/workflows/catalog-sync.yml',
  '.vscode/settings.json',
  '.catalog-init.json',
  'catalog/catalog.yaml',
  'catalog/example.yaml',
];

const read = (dir: string, file: string): string => readFileSync(path.join(dir, file), 'utf8');

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}
const actionSteps = (text: string): Step[] =>
  Object.values((parse(text) as { jobs: Record<string, { steps: Step[] }> }).jobs)
    .flatMap((job) => job.steps)
    .filter((step) => step.uses?.startsWith(ACTION_REF.split('@')[0] as string));

describe('catalog init', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('scaffolds a repository whose manifests validate and plan, and says what to do next', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const result = await runCatalog(['init'], { cwd: dir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      for (const file of SCAFFOLD) expect(result.stdout).toContain(`wrote ${file}`);
      expect(result.stdout).toContain('added node_modules/, .catalog/ to .gitignore');
      expect(result.stdout).toContain(`npm install --save-dev ${PACKAGE_NAME}`);
      expect(result.stdout).toContain('npx catalog reconcile catalog --dry-run');

      const validate = await runCatalog(['validate', 'catalog', '--no-cache'], { cwd: dir });
      expect(validate.code, validate.stderr).toBe(0);
      expect(validate.stdout).toMatch(
        /1 Settings.*1 GlossaryNode.*1 GlossaryTerm.*1 MLFeatureTable.*1 MLModel/,
      );
      const plan = await runCatalog(
        ['reconcile', 'catalog', '--dry-run', '--no-cache', '--output', 'json', '--server', server.url],
        { cwd: dir },
      );
      expect(plan.code, plan.stderr).toBe(0);
      const changes = (JSON.parse(plan.stdout) as { changes: { urn: string }[] }).changes.map((c) => c.urn);
      expect(changes).toEqual(
        expect.arrayContaining([
          'urn:li:glossaryTerm:Classification.PII',
          'urn:li:mlFeature:(user_features,age)',
          'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)',
        ]),
      );

      expect(read(dir, '.gitignore')).toMatch(/^\.catalog\/$/m);
      expect(read(dir, '.gitignore')).toMatch(/^node_modules\/$/m);
      const settings = JSON.parse(read(dir, '.vscode/settings.json')) as Record<
        string,
        Record<string, string[]>
      >;
      const [schema, globs] = Object.entries(settings['yaml.schemas'] ?? {})[0] ?? [];
      expect(schema).toBe(`./node_modules/${PACKAGE_NAME}/schemas/catalog.schema.json`);
      // The schema it points at is one the package ships (package.json `files` has schemas/).
      expect(existsSync(String(schema).replace(`./node_modules/${PACKAGE_NAME}/`, ''))).toBe(true);
      expect(globs).toContain('catalog/**/*.yaml');

      const planSteps = actionSteps(read(dir, '.github/workflows/catalog-plan.yml'));
      expect(planSteps).toHaveLength(1);
      expect(planSteps[0]).toMatchObject({ uses: ACTION_REF, with: { command: 'plan', comment: true } });
      const syncSteps = actionSteps(read(dir, '.github/workflows/catalog-sync.yml'));
      expect(String(syncSteps[0]?.with?.['command'])).toMatch(/'drift'.*'apply'/);
      // With CATALOG_DRIFT_ACTION=pr, drift becomes one adoption pull request, from the only job that may push.
      const sync = parse(read(dir, '.github/workflows/catalog-sync.yml')) as {
        jobs: Record<string, { if?: string; permissions?: Record<string, string>; steps: Step[] }>;
      };
      expect(sync.jobs['adopt']?.if).toContain("vars.CATALOG_DRIFT_ACTION == 'pr'");
      expect(sync.jobs['adopt']?.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
      expect(sync.jobs['adopt']?.steps.find((step) => step.uses === ACTION_REF)?.with).toMatchObject({
        command: 'adopt',
      });
      expect(sync.jobs['sync']?.permissions).toBeUndefined();
    } finally {
      cleanup();
    }
  });

  it('reports a kept manifest that does not validate, with its location', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(path.join(dir, 'x'), '');
      await runCatalog(['init'], { cwd: dir });
      writeFileSync(path.join(dir, 'catalog/example.yaml'), 'apiVersion: catalog/v1\nkind: MLModel\n');
      const result = await runCatalog(['init'], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/catalog\/example\.yaml:\d+:\d+/);
      expect(result.stderr).toContain('1 problem in catalog; fix them and run `catalog validate`');
    } finally {
      cleanup();
    }
  });

  it('--from fills catalog/ by exporting the server, which becomes the Settings target', async () => {
    const source = tempDir();
    const { dir, cleanup } = tempDir();
    try {
      copyExample(source.dir);
      const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: source.dir });
      expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
      expect((await run('reconcile', 'catalog', '--no-cache')).code).toBe(0);

      const result = await runCatalog(['init', '--from', server.url], { cwd: dir });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/exported \d+ files to catalog/);
      expect(result.stdout).not.toContain('example.yaml');
      expect(existsSync(path.join(dir, 'catalog/example.yaml'))).toBe(false);
      expect(readdirSync(path.join(dir, 'catalog')).length).toBeGreaterThan(2);
      expect(parse(read(dir, 'catalog/catalog.yaml'))).toMatchObject({ target: { server: server.url } });

      // What it exported changes nothing against the server it came from: the plan only takes over the lines others
      // added (the owner DataHub's createGlossaryTerm gives each term), which the export declares.
      const plan = await runCatalog(['reconcile', 'catalog', '--dry-run', '--no-cache'], { cwd: dir });
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toMatch(
        /Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; \d+ added by others to take over\./,
      );
    } finally {
      cleanup();
      source.cleanup();
    }
  });
});

describe('catalog init with Settings environments', () => {
  const SETTINGS = [
    'apiVersion: catalog/v1',
    'kind: Settings',
    'defaults: { platform: feast, env: PROD }',
    'environments:',
    '  dev: { server: "https://datahub-dev.example.com/api/gms", tokenEnv: DATAHUB_DEV_TOKEN, env: DEV }',
    '  prod:',
    '    server: https://datahub.example.com/api/gms',
    '    tokenEnv: DATAHUB_PROD_TOKEN',
    '    env: PROD',
    '    protect: true',
    '  stage: { server: "https://datahub-stage.example.com/api/gms", tokenEnv: DATAHUB_STAGE_TOKEN }',
    '',
  ].join('\n');
  const isAction = (uses: string): boolean => uses === ACTION_REF;
  interface Workflow {
    on: { push?: unknown; schedule: { cron: string }[]; workflow_dispatch?: unknown };
    concurrency?: unknown;
    jobs: Record<
      string,
      {
        if?: string;
        concurrency?: { group: string; 'cancel-in-progress': boolean };
        permissions?: Record<string, string>;
        steps: { uses?: string; env?: Record<string, string>; with?: Record<string, unknown> }[];
      }
    >;
  }

  /** What each event runs: `job: command environment [--yes]`. */
  function runsFor(text: string, event: WorkflowEvent, vars: Record<string, string> = {}): string[] {
    return simulate(text, event, { isAction, vars }).map(
      (run) => `${run.job}: ${run.command} ${run.environment}${run.args.includes('--yes') ? ' --yes' : ''}`,
    );
  }

  it('syncs each environment the kept Settings declare on its own schedule, in its own concurrency group', async () => {
    const { dir, cleanup } = tempDir();
    try {
      mkdirSync(path.join(dir, 'catalog'));
      writeFileSync(path.join(dir, 'catalog/catalog.yaml'), SETTINGS);
      const result = await runCatalog(['init'], { cwd: dir });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('kept  catalog/catalog.yaml');
      expect(result.stdout).toContain('wrote .github/workflows/catalog-sync.yml');
      expect(result.stdout).toContain(
        'and the DATAHUB_DEV_TOKEN, DATAHUB_PROD_TOKEN, DATAHUB_STAGE_TOKEN repository secrets',
      );

      const text = read(dir, '.github/workflows/catalog-sync.yml');
      const sync = parse(text) as Workflow;
      // dev and stage share the half-hourly drift check; prod, protected, has its own nightly cron.
      expect(sync.on.schedule.map((item) => item.cron)).toEqual(['*/30 * * * *', '17 3 * * *']);
      expect(Object.keys(sync.jobs)).toEqual([
        'sync-dev',
        'adopt-dev',
        'sync-prod',
        'sync-stage',
        'adopt-stage',
      ]);
      // Per job, not per workflow: a run queued for one environment is never dropped for another's.
      expect(sync.concurrency).toBeUndefined();
      for (const name of ['dev', 'prod', 'stage']) {
        expect(sync.jobs[`sync-${name}`]?.concurrency).toEqual({
          group: `catalog-sync-${name}`,
          'cancel-in-progress': false,
        });
        // Each job has its own environment's token, from the secret of the same name, and no other.
        const token = `DATAHUB_${name.toUpperCase()}_TOKEN`;
        for (const job of [`sync-${name}`, `adopt-${name}`]) {
          const step = sync.jobs[job]?.steps.find((item) => item.uses === ACTION_REF);
          if (step === undefined) continue;
          expect(step.env, job).toEqual({ [token]: `\${{ secrets.${token} }}` });
          expect(step.with?.['environments'], job).toBe(name);
          // --server would win over the environment's own server, and the token input over its tokenEnv.
          expect(Object.keys(step.with ?? {}), job).not.toContain('server');
          expect(Object.keys(step.with ?? {}), job).not.toContain('token');
        }
      }

      expect(runsFor(text, { name: 'push' })).toEqual([
        'sync-dev: apply dev --yes',
        'sync-stage: apply stage --yes',
      ]);
      expect(runsFor(text, { name: 'workflow_dispatch' })).toEqual(runsFor(text, { name: 'push' }));
      expect(runsFor(text, { name: 'schedule', schedule: '*/30 * * * *' })).toEqual([
        'sync-dev: drift dev',
        'sync-stage: drift stage',
      ]);
      // The protected environment is applied (--environment prod --yes) by its own schedule, and by nothing else.
      expect(runsFor(text, { name: 'schedule', schedule: '17 3 * * *' })).toEqual([
        'sync-prod: apply prod --yes',
      ]);
      const prodArgs = simulate(text, { name: 'schedule', schedule: '17 3 * * *' }, { isAction })[0]?.args;
      expect(prodArgs).toEqual(expect.arrayContaining(['--environment', 'prod', '--yes']));
      expect(prodArgs).not.toContain('--dry-run');
      expect(runsFor(text, { name: 'schedule', schedule: '0 0 * * *' })).toEqual([]);
      // With CATALOG_DRIFT_ACTION=pr, each drift check is followed by that environment's adoption pull request.
      expect(
        runsFor(text, { name: 'schedule', schedule: '*/30 * * * *' }, { CATALOG_DRIFT_ACTION: 'pr' }),
      ).toEqual([
        'sync-dev: drift dev',
        'adopt-dev: adopt dev',
        'sync-stage: drift stage',
        'adopt-stage: adopt stage',
      ]);
      expect(sync.jobs['adopt-dev']?.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
      expect(sync.jobs['adopt-dev']?.steps.find((item) => item.uses === ACTION_REF)?.with).toMatchObject({
        'adopt-branch': 'catalog/adopt-datahub-changes-dev',
      });
      // Every cron a job waits for is one GitHub starts runs on.
      for (const [id, job] of Object.entries(sync.jobs)) {
        for (const match of (job.if ?? '').matchAll(/github\.event\.schedule == '([^']+)'/g)) {
          expect(
            sync.on.schedule.map((item) => item.cron),
            id,
          ).toContain(match[1]);
        }
      }

      // The plan comment: every environment, a section each, with each environment's token.
      const plan = parse(read(dir, '.github/workflows/catalog-plan.yml')) as Workflow;
      const planStep = plan.jobs['plan']?.steps.find((item) => item.uses === ACTION_REF);
      expect(planStep?.with).toEqual({
        command: 'plan',
        directory: 'catalog',
        comment: true,
        environments: 'all',
      });
      expect(Object.keys(planStep?.env ?? {})).toEqual([
        'DATAHUB_DEV_TOKEN',
        'DATAHUB_PROD_TOKEN',
        'DATAHUB_STAGE_TOKEN',
      ]);
    } finally {
      cleanup();
    }
  });

  it('declares the environments it is given, protected ones too, and validates them in each environment', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const io = captureIo(dir);
      expect(await runInit('.', { force: false, environments: 'dev, prod', protect: 'prod' }, io.io)).toBe(0);
      expect(io.stderr()).toBe('');
      const settings = parse(read(dir, 'catalog/catalog.yaml')) as {
        environments: Record<string, Record<string, unknown>>;
      };
      expect(settings.environments).toEqual({
        dev: { server: 'https://datahub-dev.example.com/api/gms', tokenEnv: 'DATAHUB_DEV_TOKEN', env: 'DEV' },
        prod: {
          server: 'https://datahub-prod.example.com/api/gms',
          tokenEnv: 'DATAHUB_PROD_TOKEN',
          env: 'PROD',
          protect: true,
        },
      });
      for (const environment of ['dev', 'prod']) {
        const validate = await runCatalog(
          ['validate', 'catalog', '--no-cache', '--environment', environment],
          {
            cwd: dir,
          },
        );
        expect(validate.code, validate.stderr).toBe(0);
      }
      const text = read(dir, '.github/workflows/catalog-sync.yml');
      expect(runsFor(text, { name: 'push' })).toEqual(['sync-dev: apply dev --yes']);
      expect(runsFor(text, { name: 'schedule', schedule: '17 3 * * *' })).toEqual([
        'sync-prod: apply prod --yes',
      ]);

      // Run again with another environment: the Settings gain it (dev and prod stay), and the workflows sync it.
      const again = captureIo(dir);
      expect(await runInit('.', { force: false, environments: 'qa' }, again.io)).toBe(0);
      expect(again.stderr()).toBe('');
      expect(again.stdout()).toContain('added environments qa to the Settings in catalog/catalog.yaml');
      expect(
        Object.keys((parse(read(dir, 'catalog/catalog.yaml')) as { environments: object }).environments),
      ).toEqual(['dev', 'prod', 'qa']);
      expect(runsFor(read(dir, '.github/workflows/catalog-sync.yml'), { name: 'push' })).toEqual([
        'sync-dev: apply dev --yes',
        'sync-qa: apply qa --yes',
      ]);
      // Settings written by hand in flow style cannot gain lines: they decide, and init says so.
      writeFileSync(
        path.join(dir, 'catalog/catalog.yaml'),
        'apiVersion: catalog/v1\nkind: Settings\ndefaults: { platform: feast }\nenvironments: { dev: { server: "http://dev:8080" } }\n',
      );
      const flow = captureIo(dir);
      expect(await runInit('.', { force: false, environments: 'uat' }, flow.io)).toBe(0);
      expect(flow.stderr()).toContain('--environments could not be added to them');
    } finally {
      cleanup();
    }
  });

  it('refuses a protected environment it is not asked to declare, and a name the Settings schema refuses', async () => {
    const { dir, cleanup } = tempDir();
    try {
      await expect(
        runInit('.', { force: false, environments: 'dev', protect: 'prod' }, captureIo(dir).io),
      ).rejects.toThrow('--protect prod: not among --environments dev');
      await expect(runInit('.', { force: false, environments: 'dev,-x' }, captureIo(dir).io)).rejects.toThrow(
        '"-x" is not an environment name',
      );
      expect(existsSync(path.join(dir, 'catalog'))).toBe(false);
    } finally {
      cleanup();
    }
  });

  it('staggers the nightly promotions of several protected environments', () => {
    const schedules = planSyncSchedules([
      { name: 'eu', protect: true },
      { name: 'dev', protect: false },
      { name: 'us', protect: true },
    ]);
    expect(schedules.map(({ jobId, cron, scheduled }) => `${jobId} ${cron} ${scheduled}`)).toEqual([
      'eu 17 3 * * * apply',
      'dev */30 * * * * drift',
      'us 17 4 * * * apply',
    ]);
    // A name a job id cannot hold (a dot) still makes a job of its own.
    expect(
      planSyncSchedules([
        { name: 'a.b', protect: false },
        { name: 'a_b', protect: false },
      ]).map((s) => s.jobId),
    ).toEqual(['a_b', 'a_b_2']);
  });
});

describe('the GitHub expression evaluator the workflow tests use', () => {
  it('follows GitHub: operands from && and ||, strings compared ignoring case, missing values as null', () => {
    const contexts = { github: { event_name: 'push', event: { schedule: null } }, vars: { A: '' } };
    expect(evaluate("github.event_name == 'schedule' && 'drift' || 'apply'", contexts)).toBe('apply');
    expect(evaluate("github.event_name == 'PUSH'", contexts)).toBe(true);
    expect(
      evaluate("vars.A == '' && (github.event_name != 'schedule' || github.event.schedule == 'x')", contexts),
    ).toBe(true);
    expect(evaluate('github.nothing.here', contexts)).toBeNull();
    expect(() => evaluate("fromJSON('[]')", contexts)).toThrow('functions are not supported');
  });
});

function captureIo(cwd: string): { io: CliIo; stdout: () => string; stderr: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    io: {
      stdout: { write: (text) => void (stdout += text), isTTY: false },
      stderr: { write: (text) => void (stderr += text), isTTY: false },
      env: { NO_COLOR: '1' },
      cwd,
      waitForInterrupt: () => new Promise<void>(() => undefined),
    },
    stdout: () => stdout,
    stderr: () => stderr,
  };
}
