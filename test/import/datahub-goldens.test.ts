import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/** DataHub's golden files of its ML sources at v1.7.0 (PROVENANCE.md there). */
const FIXTURES = path.resolve('test/fixtures/datahub-goldens');

const GOLDENS = [
  ['mlflow', 'mlflow/mlflow_mcps_golden.json'],
  ['feast', 'feast/feast_repository_mces_golden.json'],
  ['sagemaker', 'sagemaker/sagemaker_mces_golden.json'],
  ['vertexai', 'vertexai/vertexai_mcps_golden.json'],
] as const;

/** A first plan after an import changes no value; it may only take over the owners, tags and links others wrote. */
const NO_VALUE_CHANGES =
  /^(No changes\. |Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; \d+ added by others to take over\.$)/m;

/** Every document the import wrote, by kind and name (inline features as MLFeature `<table>.<name>`). */
function readDocuments(dir: string): Map<string, Record<string, unknown>> {
  const docs = new Map<string, Record<string, unknown>>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder).sort()) {
      const full = path.join(folder, entry);
      if (statSync(full).isDirectory()) walk(full);
      else
        for (const document of parseAllDocuments(readFileSync(full, 'utf8'))) {
          const doc = document.toJS() as Record<string, any>;
          docs.set(`${doc['kind']} ${doc['name'] ?? doc['id']}`, doc);
          if (doc['kind'] === 'MLFeatureTable')
            for (const feature of doc['features'] ?? [])
              if (feature.name !== undefined) docs.set(`MLFeature ${doc['name']}.${feature.name}`, feature);
        }
    }
  };
  walk(dir);
  return docs;
}

describe('catalog import datahub on the real goldens of the ML sources', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it.each(GOLDENS)(
    '%s: imports, validates, and reconciles against a catalog holding the same file with no value change',
    async (_source, golden) => {
      const file = path.join(FIXTURES, golden);
      const imported = await runCatalog(['import', 'datahub', file, '--out', 'imported'], { cwd: dir });
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toMatch(/^imported \d+ files? to imported \(/);

      const validate = await runCatalog(['validate', 'imported'], { cwd: dir });
      expect(validate.code, validate.stderr + validate.stdout).toBe(0);

      const ingested = await runCatalog(['ingest', file, '--server', server.url]);
      expect(ingested.code, ingested.stderr).toBe(0);
      const plan = await runCatalog(
        ['reconcile', 'imported', '--dry-run', '--detailed-exitcode', '--server', server.url],
        { cwd: dir },
      );
      expect(plan.stdout, plan.stderr).toMatch(NO_VALUE_CHANGES);
      expect([0, 2], plan.stderr + plan.stdout).toContain(plan.code);

      const applied = await runCatalog(['reconcile', 'imported', '--server', server.url], { cwd: dir });
      expect(applied.code, applied.stderr + applied.stdout).toBe(0);
      const again = await runCatalog(
        ['reconcile', 'imported', '--dry-run', '--detailed-exitcode', '--server', server.url],
        { cwd: dir },
      );
      expect(again.stdout, again.stderr).toContain('No changes.');
      expect(again.code, again.stderr + again.stdout).toBe(0);
    },
  );

  it('mlflow: the registered model as a group, its version with version, hyper-parameters, metrics and stage tag', async () => {
    const imported = await runCatalog(
      ['import', 'datahub', path.join(FIXTURES, 'mlflow/mlflow_mcps_golden.json'), '--out', 'out'],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain(
      'left out (not a kind this tool manages; reconcile leaves them alone): 2 container, 1 dataProcessInstance, 1 platformResource',
    );
    const docs = readDocuments(path.join(dir, 'out'));
    expect(docs.get('MLModelGroup test-model')).toEqual({
      apiVersion: 'catalog/v1',
      kind: 'MLModelGroup',
      name: 'test-model',
      platform: 'mlflow',
      env: 'PROD',
      description: 'This a test registered model',
    });
    // mlModelProperties has no version: the source writes it in versionProperties only.
    expect(docs.get('MLModel test-model_1')).toMatchObject({
      platform: 'mlflow',
      env: 'PROD',
      groups: ['test-model'],
      version: '1',
      hyperParams: { p: '1' },
      metrics: { m: '0.85' },
      tags: ['mlflow_archived'],
    });
    expect(docs.get('Tag mlflow_production')).toEqual({
      apiVersion: 'catalog/v1',
      kind: 'Tag',
      id: 'mlflow_production',
      description: 'Production Stage for an ML model in MLflow Model Registry',
      colorHex: '#308613',
    });
  });

  it("feast: features inline in their tables, owners, and Feast's `deprecated` tag kept a tag", async () => {
    const imported = await runCatalog(
      ['import', 'datahub', path.join(FIXTURES, 'feast/feast_repository_mces_golden.json'), '--out', 'out'],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const docs = readDocuments(path.join(dir, 'out'));
    const table = docs.get('MLFeatureTable feature_store.driver_hourly_stats');
    expect(table).toMatchObject({
      platform: 'feast',
      owners: [{ owner: 'urn:li:corpGroup:MOCK_OWNER', type: 'BUSINESS_OWNER' }],
      tags: ['urn:li:tag:deprecated'],
    });
    expect(table).not.toHaveProperty('deprecated');
    expect(docs.get('MLFeature feature_store.driver_hourly_stats.conv_rate')).toEqual({
      name: 'conv_rate',
      dataType: 'CONTINUOUS',
      description: 'Conv rate',
      sources: ['urn:li:dataset:(urn:li:dataPlatform:file,data.driver_stats_with_string.parquet,PROD)'],
      tags: ['urn:li:tag:needs_documentation'],
    });
    expect(docs.has('MLFeature feature_store.transformed_conv_rate.conv_rate_plus_val2')).toBe(true);
    expect(imported.stderr).toContain('1 mlPrimaryKey');
  });

  it('sagemaker: the model package group with its owner, models with hyper-parameters and metrics', async () => {
    const imported = await runCatalog(
      ['import', 'datahub', path.join(FIXTURES, 'sagemaker/sagemaker_mces_golden.json'), '--out', 'out'],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('(7 MLFeature, 3 MLFeatureTable, 1 MLModelGroup, 2 MLModel)');
    const docs = readDocuments(path.join(dir, 'out'));
    expect(docs.get('MLModelGroup a-model-package-group')).toMatchObject({
      owners: [{ owner: 'some-user', type: 'DATAOWNER' }],
    });
    expect(docs.get('MLModel the-first-model')).toMatchObject({
      groups: ['a-model-package-group'],
      hyperParams: { 'parameter-1': 'some-value', 'parameter-2': 'another-value' },
      metrics: { 'another-metric': '1.0', 'some-metric': '1.0' },
    });
  });

  it('vertexai: model versions with version and training data, groups by name', async () => {
    const imported = await runCatalog(
      ['import', 'datahub', path.join(FIXTURES, 'vertexai/vertexai_mcps_golden.json'), '--out', 'out'],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const docs = readDocuments(path.join(dir, 'out'));
    expect(docs.get('MLModel test-project-id.model.mock_prediction_model_1_1')).toMatchObject({
      platform: 'vertexai',
      type: 'ML Model',
      version: '1',
      groups: ['test-project-id.model_group.mock_prediction_model_1'],
      trainingData: [
        {
          dataset:
            'urn:li:dataset:(urn:li:dataPlatform:vertexai,test-project-id.dataset.2562882439508656128,PROD)',
        },
      ],
    });
  });

  it('refuses a file with a bad record and writes nothing; refuses to overwrite without --force', async () => {
    const bad = path.join(dir, 'bad.json');
    const { writeFileSync, existsSync } = await import('node:fs');
    writeFileSync(
      bad,
      JSON.stringify([{ entityUrn: 'urn:li:tag:t', aspectName: 'noSuchAspect', aspect: { json: {} } }]),
    );
    const refused = await runCatalog(['import', 'datahub', 'bad.json', '--out', 'out'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error bad\.json: record 0: /);
    expect(existsSync(path.join(dir, 'out'))).toBe(false);

    const golden = path.join(FIXTURES, 'mlflow/mlflow_mcps_golden.json');
    expect((await runCatalog(['import', 'datahub', golden, '--out', 'out'], { cwd: dir })).code).toBe(0);
    const again = await runCatalog(['import', 'datahub', golden, '--out', 'out'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('import would overwrite 2 existing files');
    expect(
      (await runCatalog(['import', 'datahub', golden, '--out', 'out', '--force'], { cwd: dir })).code,
    ).toBe(0);
  });
});
