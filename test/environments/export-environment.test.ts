import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const DEV_GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn-dev-only,DEV)';
const PROD_GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn-prod-only,PROD)';

/** `catalog export --environment NAME`: exports from the environment's DataHub, named by the --out catalog. */
describe('environments: export --environment', () => {
  let dev: TestServer;
  let prod: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (args: string[], env: Record<string, string> = {}) => runCatalog(args, { cwd: dir, env });
  const exported = (): string =>
    readdirSync(path.join(dir, 'catalog'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file !== 'catalog.yaml' && file.endsWith('.yaml'))
      .map((file) => readFileSync(path.join(dir, 'catalog', file), 'utf8'))
      .join('\n');

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    dev = await startTestServer();
    prod = await startTestServer();
    for (const [server, urn] of [
      [dev, DEV_GROUP],
      [prod, PROD_GROUP],
    ] as const) {
      const response = await server.post('/aspects?action=ingestProposal', {
        proposal: proposal(urn, 'mlModelGroupProperties', { description: 'seeded' }),
      });
      expect(response.status).toBe(200);
      server.requests.length = 0;
    }
    writeManifests(dir, {
      'catalog/catalog.yaml': `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker, env: PROD }
environments:
  dev: { server: ${dev.url}, env: DEV }
  prod: { server: ${prod.url}, env: PROD, protect: true }
`,
    });
  });
  afterEach(async () => {
    await dev.close();
    await prod.close();
    cleanup();
  });

  it("reads the environment's DataHub (over DATAHUB_GMS_URL), named by --environment or CATALOG_ENVIRONMENT", async () => {
    const fromProd = await run(['export', '--environment', 'prod', '--kind', 'MLModelGroup'], {
      DATAHUB_GMS_URL: dev.url,
    });
    expect(fromProd.code, fromProd.stderr).toBe(0);
    expect(fromProd.stderr).toContain(`reading ${prod.url} (environment prod, no token)`);
    // Exporting is reading: a protected environment needs no --yes.
    expect(exported()).toContain('churn-prod-only');
    expect(exported()).not.toContain('churn-dev-only');
    expect(dev.requests).toEqual([]);

    const fromDev = await run(['export', '--kind', 'MLModelGroup', '--force'], {
      CATALOG_ENVIRONMENT: 'dev',
    });
    expect(fromDev.code, fromDev.stderr).toBe(0);
    expect(exported()).toContain('churn-dev-only');
  });

  it('an environment the --out catalog does not declare is an error naming the ones it does; nothing is read', async () => {
    const unknown = await run(['export', '--environment', 'stage']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      "unknown environment 'stage' in the Settings document of catalog: the catalog declares dev, prod",
    );
    const elsewhere = await run(['export', '--environment', 'dev', '--out', 'fresh']);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(
      '--environment dev is read from the Settings document of the --out directory',
    );
    expect([...dev.requests, ...prod.requests]).toEqual([]);
  });
});
