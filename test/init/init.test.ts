import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_REF, PACKAGE_NAME } from '../../src/cli/package-info.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const SCAFFOLD = [
  '.github/workflows/catalog-plan.yml',
  '.github/workflows/catalog-sync.yml',
  '.gitignore',
  '.vscode/settings.json',
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

  it('never overwrites without --force, adds only missing .gitignore lines, and overwrites with it', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(path.join(dir, '.gitignore'), 'node_modules/'); // no newline at the end
      expect((await runCatalog(['init', 'repo'], { cwd: dir })).code).toBe(0);
      expect((await runCatalog(['init', '.'], { cwd: path.join(dir, 'repo') })).stdout).not.toContain(
        'wrote',
      );
      const repo = path.join(dir, 'repo');
      writeFileSync(path.join(repo, '.gitignore'), 'node_modules/');
      const mine =
        '# mine\napiVersion: catalog/v1\nkind: Settings\ndefaults: { platform: feast }\nactor: urn:li:corpuser:me\n';
      writeFileSync(path.join(repo, 'catalog/catalog.yaml'), mine);

      const again = await runCatalog(['init', 'repo'], { cwd: dir });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('kept  repo/catalog/catalog.yaml (it exists; --force overwrites it)');
      expect(again.stdout).toContain('wrote repo/.gitignore');
      expect(again.stdout.match(/^wrote/gm)).toHaveLength(1);
      expect(read(repo, 'catalog/catalog.yaml')).toBe(mine);
      expect(read(repo, '.gitignore')).toBe(
        "node_modules/\n# catalog: the embedded catalog's data and the parse cache\n.catalog/\n",
      );

      const forced = await runCatalog(['init', 'repo', '--force'], { cwd: dir });
      expect(forced.code).toBe(0);
      expect(forced.stdout).toContain('wrote repo/catalog/catalog.yaml');
      expect(read(repo, 'catalog/catalog.yaml')).toContain('actor: urn:li:corpuser:catalog-bot');
      expect(read(repo, '.gitignore').match(/\.catalog\//g)).toHaveLength(1);
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
