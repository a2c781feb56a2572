import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,DEV)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn-models,DEV)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)';
const FEATURE = 'urn:li:mlFeature:(users,age)';
const instanceOf = (platform: string): { platform: string; instance: string } => ({
  platform: `urn:li:dataPlatform:${platform}`,
  instance: `urn:li:dataPlatformInstance:(urn:li:dataPlatform:${platform},eu-west)`,
});

/** An environment's platformInstance becomes the dataPlatformInstance aspect of the ML entities it plans. */
describe('environments: platformInstance', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (args: string[]) => runCatalog(args, { cwd: dir, env: {} });

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    writeManifests(dir, {
      'catalog/catalog.yaml': `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker, env: PROD }
environments:
  with-instance: { server: ${server.url}, env: DEV, platformInstance: eu-west }
  without-instance: { server: ${server.url}, env: DEV }
`,
      'catalog/ml.yaml': `apiVersion: catalog/v1
kind: MLModelGroup
name: churn-models
---
apiVersion: catalog/v1
kind: MLModel
name: churn
groups: [churn-models]
---
apiVersion: catalog/v1
kind: MLFeatureTable
name: users
platform: feast
features:
  - { name: age, dataType: CONTINUOUS }
`,
    });
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  const planned = async (environment: string) => {
    const json = await run(['reconcile', '--environment', environment, '--dry-run', '--output', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as {
      changes: { urn: string; aspect?: string; after?: unknown }[];
    };
    return plan.changes
      .filter((change) => change.aspect === 'dataPlatformInstance')
      .map((change) => [change.urn, change.after])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
  };

  it('plans and writes the aspect on models, groups and tables (not features, whose URN names no platform)', async () => {
    expect(await planned('with-instance')).toEqual([
      [TABLE, instanceOf('feast')],
      [MODEL, instanceOf('sagemaker')],
      [GROUP, instanceOf('sagemaker')],
    ]);
    const applied = await run(['reconcile', '--environment', 'with-instance']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await server.aspect(MODEL, 'dataPlatformInstance')).toEqual(instanceOf('sagemaker'));
    expect(await server.aspect(GROUP, 'dataPlatformInstance')).toEqual(instanceOf('sagemaker'));
    expect(await server.aspect(TABLE, 'dataPlatformInstance')).toEqual(instanceOf('feast'));
    expect(await server.aspect(FEATURE, 'dataPlatformInstance')).toBeUndefined();
    // Read back and compared: a second run plans nothing.
    expect(await planned('with-instance')).toEqual([]);
  });

  it('clears the instance the tool wrote when the environment no longer sets one, keeping the required platform', async () => {
    expect((await run(['reconcile', '--environment', 'with-instance'])).code).toBe(0);
    const cleared = await run(['reconcile', '--environment', 'without-instance']);
    expect(cleared.code, cleared.stderr + cleared.stdout).toBe(0);
    expect(await server.aspect(MODEL, 'dataPlatformInstance')).toEqual({
      platform: 'urn:li:dataPlatform:sagemaker',
    });
    expect(await planned('without-instance')).toEqual([]);
  });

  it('an environment without platformInstance declares none: nothing planned or written', async () => {
    expect(await planned('without-instance')).toEqual([]);
    const applied = await run(['reconcile', '--environment', 'without-instance']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await server.aspect(MODEL, 'dataPlatformInstance')).toBeUndefined();
    expect(await server.aspect(TABLE, 'dataPlatformInstance')).toBeUndefined();
  });
});
