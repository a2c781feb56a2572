/**
 * The ML lifecycle against the embedded catalog: a model's aliases, hyper-parameters, metrics, training data and
 * deprecation written as DataHub's SDK writes them; an alias moved in one plan, removed before it is added; a line
 * removed clears what the tool wrote and leaves what a connector wrote; a plan that adds to something deprecated
 * warns with the replacement.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample, editManifest } from '../helpers/catalog-dir.js';
import { MODEL_10, MODEL_11 } from '../helpers/example-urns.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const TRANSACTIONS = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const FILE = 'models/fraud-detector.yaml';

describe('the ML lifecycle', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const reconcile = (...args: string[]) => run('reconcile', 'catalog', ...args);
  const edit = (from: string | RegExp, to: string) => editManifest(dir, FILE, from, to);

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    server = await startTestServer();
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    expect((await reconcile()).code).toBe(0);
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('writes aliases, hyper-parameters, metrics and training data, moves an alias in one plan, and clears what it wrote', async () => {
    edit(
      'description: November retrain; adds the merchant risk score.\n',
      `description: November retrain; adds the merchant risk score.
aliases: [champion]
hyperParams: { max_depth: "8" }
metrics: { auc: "0.931" }
trainingData:
  - dataset: ${TRANSACTIONS}
    motivation: Twelve months of card transactions.
`,
    );
    const applied = await reconcile();
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const version = await server.aspect(MODEL_11, 'versionProperties');
    expect(version).toMatchObject({ version: { versionTag: '7' }, aliases: [{ versionTag: 'champion' }] });
    expect(version.versionSet).toMatch(/^urn:li:versionSet:\(/);
    expect(await server.aspect(MODEL_11, 'mlModelProperties')).toMatchObject({
      hyperParams: [{ name: 'max_depth', value: '8' }],
      trainingMetrics: [{ name: 'auc', value: '0.931' }],
    });
    expect(await server.aspect(MODEL_11, 'mlModelTrainingData')).toEqual({
      trainingData: [{ dataset: TRANSACTIONS, motivation: 'Twelve months of card transactions.' }],
    });
    expect((await reconcile('--dry-run', '--detailed-exitcode')).code).toBe(0);

    // Promote the October model: one plan shows both sides, and the alias leaves before it arrives.
    edit('aliases: [champion]\n', '');
    edit("version: '6'\n", "version: '6'\naliases: [champion]\n");
    const move = await reconcile('--dry-run');
    expect(move.stdout).toContain('~ champion: fraud-detector-2026-11 -> fraud-detector-2026-10');
    const json = JSON.parse((await reconcile('--dry-run', '--output', 'json')).stdout);
    const versionWrites = json.changes
      .filter((change: { aspect: string }) => change.aspect === 'versionProperties')
      .map((change: { urn: string }) => change.urn);
    expect(versionWrites).toEqual([MODEL_11, MODEL_10]);
    expect((await reconcile()).code).toBe(0);
    expect((await server.aspect(MODEL_11, 'versionProperties')).aliases ?? []).toEqual([]);
    expect((await server.aspect(MODEL_10, 'versionProperties')).aliases).toEqual([
      { versionTag: 'champion' },
    ]);

    // Removing the lines clears what the tool wrote.
    edit(/hyperParams: .*\n/, '');
    edit(/metrics: .*\n/, '');
    expect((await reconcile()).code).toBe(0);
    const properties = await server.aspect(MODEL_11, 'mlModelProperties');
    expect(properties.hyperParams ?? []).toEqual([]);
    expect(properties.trainingMetrics ?? []).toEqual([]);
  });

  it('exports every lifecycle field, and the export re-plans to no changes', async () => {
    edit(
      'description: November retrain; adds the merchant risk score.\n',
      `description: November retrain; adds the merchant risk score.
aliases: [champion]
hyperParams: { max_depth: "8", learning_rate: "0.05" }
metrics: { auc: "0.931" }
trainingData:
  - dataset: ${TRANSACTIONS}
    motivation: Twelve months of card transactions.
evaluationData:
  - dataset: ${TRANSACTIONS}
deprecated:
  note: Replaced by the December retrain.
  decommissionTime: 2027-01-31
`,
    );
    expect((await reconcile()).code).toBe(0);
    const exported = await run('export', '--out', 'exported');
    expect(exported.code, exported.stderr).toBe(0);
    copyFileSync(path.join(dir, 'catalog/catalog.yaml'), path.join(dir, 'exported/catalog.yaml'));
    const models = readFileSync(path.join(dir, 'exported/models/fraud-detector.yaml'), 'utf8');
    for (const line of [
      'aliases:',
      'hyperParams:',
      'metrics:',
      'trainingData:',
      'evaluationData:',
      'deprecated:',
    ])
      expect(models).toContain(line);
    expect((await runCatalog(['validate', 'exported'], { cwd: dir })).code).toBe(0);
    const replan = await run('reconcile', 'exported', '--dry-run');
    expect(replan.code, replan.stderr).toBe(0);
    expect(replan.stdout).toMatch(
      /No changes\.|Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; \d+ added by others/,
    );
  });

  it("leaves a connector's hyper-parameters alone when the manifest does not declare them", async () => {
    const live = await server.aspect(MODEL_10, 'mlModelProperties');
    const connector = { ...live, hyperParams: [{ name: 'eta', value: '0.1' }] };
    expect(
      (
        await server.post('/aspects?action=ingestProposal', {
          proposal: proposal(MODEL_10, 'mlModelProperties', connector),
        })
      ).status,
    ).toBe(200);
    const plan = await reconcile('--dry-run', '--detailed-exitcode');
    expect(plan.code, plan.stdout).toBe(0);
  });

  it('deprecates with a replacement, warns when a plan adds to something deprecated, and un-deprecates', async () => {
    edit(
      'description: Every training run of the card-fraud detector.\n',
      `description: Every training run of the card-fraud detector.
deprecated:
  note: Superseded by the v2 detector.
  replacement: urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector-v2,PROD)
  decommissionTime: 2027-01-31
`,
    );
    expect((await reconcile()).code).toBe(0);
    expect(await server.aspect(GROUP, 'deprecation')).toMatchObject({
      deprecated: true,
      note: 'Superseded by the v2 detector.',
      replacement: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector-v2,PROD)',
      decommissionTime: Date.UTC(2027, 0, 31),
      actor: 'urn:li:corpuser:catalog-bot',
    });

    // A new model in the deprecated group: the plan says so, with the replacement.
    editManifest(
      dir,
      FILE,
      /$/,
      '---\napiVersion: catalog/v1\nkind: MLModel\nname: fraud-detector-2026-12\nplatform: sagemaker\nenv: PROD\ngroups: [fraud-detector]\n',
    );
    const warned = await reconcile('--dry-run');
    expect(warned.stdout).toMatch(/deprecated[^\n]*fraud-detector-v2/);

    edit(/deprecated:\n(?: {2}.*\n)+/, '');
    expect((await reconcile()).code).toBe(0);
    expect((await server.aspect(GROUP, 'deprecation'))?.deprecated ?? false).toBe(false);
  });
});
