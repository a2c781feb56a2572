/**
 * `catalog init` run again: it adds what is missing, never brings back what the team deleted, replaces only what
 * --force names, shows it all with --dry-run, and gives a catalog of the team's own no example.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_NAME } from '../../src/engine/package-info.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const read = (dir: string, file: string): string => readFileSync(path.join(dir, file), 'utf8');

/** Every file under `dir` with its text (what a dry run must leave as it was). */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(dir, relative))) {
      const file = path.join(relative, entry);
      if (statSync(path.join(dir, file)).isDirectory()) walk(file);
      else files[file] = read(dir, file);
    }
  };
  walk('.');
  return files;
}

describe('catalog init, again', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('never overwrites without --force, adds only missing .gitignore lines, and replaces what differs with it', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(path.join(dir, '.gitignore'), 'node_modules/'); // no newline at the end
      expect((await runCatalog(['init', 'repo'], { cwd: dir })).code).toBe(0);
      const second = await runCatalog(['init', '.'], { cwd: path.join(dir, 'repo') });
      expect(second.stdout).not.toMatch(/^(wrote|updated|replaced|added)/m);
      expect(second.stdout).toContain('5 files are already as init writes them');
      const repo = path.join(dir, 'repo');
      writeFileSync(path.join(repo, '.gitignore'), 'node_modules/');
      const mine =
        '# mine\napiVersion: catalog/v1\nkind: Settings\ndefaults: { platform: feast }\nactor: urn:li:corpuser:me\n';
      writeFileSync(path.join(repo, 'catalog/catalog.yaml'), mine);

      const again = await runCatalog(['init', 'repo'], { cwd: dir });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(
        'kept  repo/catalog/catalog.yaml (it differs from what init writes; --force replaces it)',
      );
      expect(again.stdout).toContain('added .catalog/ to repo/.gitignore');
      expect(again.stdout).not.toMatch(/^(wrote|updated|replaced)/m);
      expect(read(repo, 'catalog/catalog.yaml')).toBe(mine);
      expect(read(repo, '.gitignore')).toBe(
        "node_modules/\n# catalog: installed packages, the embedded catalog's data and the parse cache\n.catalog/\n",
      );

      const forced = await runCatalog(['init', 'repo', '--force'], { cwd: dir });
      expect(forced.code).toBe(0);
      expect(forced.stdout).toContain('replaced repo/catalog/catalog.yaml (--force)');
      expect(forced.stdout.match(/^replaced/gm)).toHaveLength(1);
      expect(read(repo, 'catalog/catalog.yaml')).toContain('actor: urn:li:corpuser:catalog-bot');
      expect(read(repo, '.gitignore').match(/\.catalog\//g)).toHaveLength(1);
    } finally {
      cleanup();
    }
  });

  it('run again, never brings back what was deleted, updates only its own untouched files, and --dry-run writes nothing', async () => {
    const { dir, cleanup } = tempDir();
    try {
      expect((await runCatalog(['init'], { cwd: dir })).code).toBe(0);
      // The team keeps the example's node in a file of its own and deletes the example.
      mkdirSync(path.join(dir, 'catalog/glossary'));
      writeFileSync(
        path.join(dir, 'catalog/glossary/classification.yaml'),
        'apiVersion: catalog/v1\nkind: GlossaryNode\nid: Classification\nname: Classification\n',
      );
      rmSync(path.join(dir, 'catalog/example.yaml'));
      // They edit one workflow; init's record says the other is untouched.
      const plan = path.join(dir, '.github/workflows/catalog-plan.yml');
      writeFileSync(plan, `${read(dir, '.github/workflows/catalog-plan.yml')}# ours\n`);
      const before = snapshot(dir);

      const dry = await runCatalog(['init', '--environments', 'dev,prod', '--dry-run'], { cwd: dir });
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain(
        'would add environments dev, prod to the Settings in catalog/catalog.yaml',
      );
      expect(dry.stdout).toContain(
        "would update .github/workflows/catalog-sync.yml (init's own, untouched since it wrote it)",
      );
      expect(dry.stdout).toContain(
        'kept  .github/workflows/catalog-plan.yml (it differs from what init writes; --force replaces it)',
      );
      expect(dry.stdout).toContain('Dry run: nothing was written.');
      expect(snapshot(dir)).toEqual(before);

      const run = await runCatalog(['init', '--environments', 'dev,prod'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(path.join(dir, 'catalog/example.yaml'))).toBe(false);
      expect(run.stdout).not.toContain('example.yaml');
      const validate = await runCatalog(['validate', 'catalog', '--no-cache', '--environment', 'dev'], {
        cwd: dir,
      });
      expect(validate.code, validate.stderr).toBe(0);
      expect(read(dir, '.github/workflows/catalog-plan.yml')).toContain('# ours');
      expect(read(dir, '.github/workflows/catalog-sync.yml')).toContain('sync-prod');

      // A catalog/ that still holds only init's files: the deleted example is named, and stays deleted.
      rmSync(path.join(dir, 'catalog/glossary'), { recursive: true });
      const alone = await runCatalog(['init', '--force'], { cwd: dir });
      expect(alone.code, alone.stderr).toBe(0);
      expect(alone.stdout).toContain(
        'left  catalog/example.yaml deleted (init wrote it before; it is not written again)',
      );
      expect(alone.stdout).toContain('replaced .github/workflows/catalog-plan.yml (--force)');
      expect(existsSync(path.join(dir, 'catalog/example.yaml'))).toBe(false);
    } finally {
      cleanup();
    }
  });

  it('gives a catalog/ with manifests of its own no example, even without a record of a first init', async () => {
    const { dir, cleanup } = tempDir();
    try {
      mkdirSync(path.join(dir, 'catalog'));
      writeFileSync(
        path.join(dir, 'catalog/terms.yaml'),
        'apiVersion: catalog/v1\nkind: GlossaryNode\nid: Classification\nname: Classification\n',
      );
      const run = await runCatalog(['init'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(path.join(dir, 'catalog/example.yaml'))).toBe(false);
      expect(run.stdout).toContain('npx catalog validate catalog              # the manifests, offline');
    } finally {
      cleanup();
    }
  });

  it('--sample seeds the embedded catalog, so that a DatasetTerms manifest plans and applies on the first try', async () => {
    const { dir, cleanup } = tempDir();
    try {
      // The package installed in the project: the next steps do not ask to install it.
      mkdirSync(path.join(dir, `node_modules/${PACKAGE_NAME}`), { recursive: true });
      writeFileSync(path.join(dir, `node_modules/${PACKAGE_NAME}/package.json`), '{}');
      const requestsBefore = server.requests.length;
      const init = await runCatalog(['init', '--sample'], { cwd: dir, env: { DATAHUB_GMS_URL: server.url } });
      expect(init.code, init.stderr).toBe(0);
      expect(init.stdout).toContain('wrote catalog/sample-dataset-terms.yaml');
      expect(init.stdout).toMatch(/loaded the sample datasets \(3 entities\) into the embedded catalog/);
      expect(init.stdout).not.toContain('npm install');
      // The shell's DataHub (DATAHUB_GMS_URL) was not asked anything: the sample is for the embedded catalog only.
      expect(server.requests.length).toBe(requestsBefore);

      const apply = await runCatalog(['reconcile', 'catalog', '--no-cache'], { cwd: dir });
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stdout).toContain(
        'column terms of users.profile (urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD))',
      );
      expect(apply.stdout).toMatch(/Apply complete: 8 applied, 0 failed/);
      const again = await runCatalog(['reconcile', 'catalog', '--dry-run', '--no-cache'], { cwd: dir });
      expect(again.stdout).toContain('No changes.');
    } finally {
      cleanup();
    }
  });
});
