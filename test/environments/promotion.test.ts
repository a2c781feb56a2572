import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const DEV_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-7,DEV)';
const PROD_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-7,PROD)';
const DEV_GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,DEV)';
const PROD_GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';

/** The same manifests promoted from a dev DataHub (env DEV) to a prod one (env PROD, protected). */
describe('environments: one set of manifests, planned and applied per environment', () => {
  let dev: TestServer;
  let prod: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (args: string[], env: Record<string, string> = {}) =>
    runCatalog(args, { cwd: dir, env: { DEV_TOKEN: 'dev-secret-token', ...env } });

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    dev = await startTestServer();
    prod = await startTestServer();
    writeManifests(dir, {
      'catalog/catalog.yaml': `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker, env: PROD }
environments:
  dev:
    server: ${dev.url}
    tokenEnv: DEV_TOKEN
    env: DEV
    variables: { channel: "#ml-dev" }
  prod:
    server: ${prod.url}
    tokenEnv: PROD_TOKEN
    env: PROD
    protect: true
    variables: { channel: "#ml" }
`,
      'catalog/models.yaml': `apiVersion: catalog/v1
kind: MLModelGroup
name: fraud-detector
description: "Every training run; questions to \${var.channel}"
---
apiVersion: catalog/v1
kind: MLModel
name: fraud-detector-7
env: PROD
description: The seventh retrain.
groups: [fraud-detector]
`,
    });
  });
  afterEach(async () => {
    await dev.close();
    await prod.close();
    cleanup();
  });

  it('plans for dev with env DEV and its variables, names the environment in every format, and applies there only', async () => {
    const json = await run(['reconcile', '--environment', 'dev', '--dry-run', '--output', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout);
    expect(plan.environment).toEqual({ name: 'dev', env: 'DEV', protect: false });
    expect(plan.target).toBe(dev.url);
    expect(plan.changes.map((change: { urn: string }) => change.urn)).toEqual(
      expect.arrayContaining([DEV_GROUP, DEV_MODEL]),
    );
    expect(json.stdout).not.toContain(',PROD)');
    expect(json.stderr).toContain(`reading ${dev.url} (environment dev, with a token)`);

    const text = await run(['reconcile', '--environment', 'dev', '--dry-run']);
    expect(text.stdout.split('\n')[0]).toBe('Environment: dev (env DEV)');
    const markdown = await run(['reconcile', '--dry-run', '--output', 'markdown'], {
      CATALOG_ENVIRONMENT: 'dev',
    });
    expect(markdown.stdout).toContain(`Environment: **dev** (env \`DEV\`) · Target: \`${dev.url}\``);

    const applied = await run(['reconcile', '--environment', 'dev']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await dev.aspect(DEV_MODEL, 'mlModelProperties')).toMatchObject({
      description: 'The seventh retrain.',
      groups: [DEV_GROUP],
    });
    expect((await dev.aspect(DEV_GROUP, 'mlModelGroupProperties')).description).toBe(
      'Every training run; questions to #ml-dev',
    );
    // Nothing of it reached prod (checked before reading prod below, which is a request too).
    expect(prod.requests).toEqual([]);
    expect(await prod.aspect(PROD_MODEL, 'mlModelProperties')).toBeUndefined();
  });

  it('promotes to prod: refused without --environment prod and --yes, allowed as a dry run, then applied with env PROD', async () => {
    expect((await run(['reconcile', '--environment', 'dev'])).code).toBe(0);

    const unconfirmed = await run(['reconcile', '--environment', 'prod']);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain(
      'environment prod is protected: applying to it needs --environment prod and --yes',
    );
    // CATALOG_ENVIRONMENT may be set for another purpose: a protected environment must be named on the command line.
    const fromVariable = await run(['reconcile', '--yes'], { CATALOG_ENVIRONMENT: 'prod' });
    expect(fromVariable.code).toBe(1);
    expect(fromVariable.stderr).toContain('is protected');
    expect(prod.requests).toEqual([]);

    const dry = await run(['reconcile', '--environment', 'prod', '--dry-run', '--detailed-exitcode']);
    expect(dry.code, dry.stderr).toBe(2);
    expect(dry.stdout.split('\n')[0]).toBe('Environment: prod (env PROD, protected)');
    expect(dry.stderr).toContain(
      'warning: PROD_TOKEN is not set: connecting to environment prod without a token',
    );
    expect(await prod.aspect(PROD_MODEL, 'mlModelProperties')).toBeUndefined();

    const applied = await run(['reconcile', '--environment', 'prod', '--yes'], {
      PROD_TOKEN: 'prod-secret-token',
    });
    expect(applied.code, applied.stderr).toBe(0);
    expect(await prod.aspect(PROD_MODEL, 'mlModelProperties')).toMatchObject({ groups: [PROD_GROUP] });
    expect((await prod.aspect(PROD_GROUP, 'mlModelGroupProperties')).description).toBe(
      'Every training run; questions to #ml',
    );
    // Each environment re-plans to nothing; neither has the other's URNs.
    for (const name of ['dev', 'prod']) {
      const again = await run(['reconcile', '--environment', name, '--dry-run', '--detailed-exitcode']);
      expect(again.code, again.stdout).toBe(0);
    }
    expect(await dev.aspect(PROD_MODEL, 'mlModelProperties')).toBeUndefined();
    expect(await prod.aspect(DEV_MODEL, 'mlModelProperties')).toBeUndefined();
  });

  it('a saved plan for a protected environment is applied only with --environment <name> and --yes', async () => {
    const saved = await run(['reconcile', '--environment', 'prod', '--dry-run', '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    const refused = await run(['apply', 'plan.json', '--server', prod.url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('environment prod is protected');
    const other = await run(['apply', 'plan.json', '--server', prod.url, '--environment', 'dev', '--yes']);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('was made for environment prod, but this run asks for environment dev');
    const applied = await run(['apply', 'plan.json', '--server', prod.url, '--environment', 'prod', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    // After the run's line, the environment first: a plan for prod is not mistaken for one for dev.
    expect(applied.stdout.split('\n')[0]).toMatch(/^Run catalog-\S+ · plan sha256:[0-9a-f]{64}$/);
    expect(applied.stdout.split('\n')[2]).toBe('Environment: prod (env PROD, protected)');
    expect(await prod.aspect(PROD_MODEL, 'mlModelProperties')).toBeDefined();
  });

  it('an unknown environment is an error naming the known ones; nothing is read or written', async () => {
    const result = await run(['reconcile', '--environment', 'stage', '--dry-run']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown environment 'stage'");
    expect(result.stderr).toContain('the catalog declares dev, prod');
    expect(result.stderr).toContain('catalog/catalog.yaml:4:1');
    expect(dev.requests).toEqual([]);
    expect(prod.requests).toEqual([]);
  });

  it('an unknown variable is a located error', async () => {
    writeFileSync(
      path.join(dir, 'catalog/extra.yaml'),
      'apiVersion: catalog/v1\nkind: MLModelGroup\nname: other\ndescription: "${var.pager}"\n',
    );
    const result = await run(['reconcile', '--environment', 'dev', '--dry-run']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('catalog/extra.yaml:4:14');
    expect(result.stderr).toContain("unknown variable 'pager' in ${var.pager}");
    expect(result.stderr).toContain("environment 'dev' declares the variables channel");
  });
});
