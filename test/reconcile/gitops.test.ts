import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { MODEL_11 } from '../helpers/example-urns.js';

const AGE = 'urn:li:mlFeature:(user_features,age)';

describe('git-aware plans and export', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const edit = (file: string, from: string, to: string) => {
    const full = path.join(dir, file);
    writeFileSync(full, readFileSync(full, 'utf8').replace(from, to));
  };

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    git('add', '.');
    git('commit', '-q', '-m', 'catalog');
    server = await startTestServer();
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    expect((await run('reconcile', 'catalog')).code).toBe(0);
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('tells drift (a change made through the API) from a change of the manifests', async () => {
    // Drift: someone edits a description in the catalog directly.
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(AGE, 'mlFeatureProperties', {
        description: 'edited in the UI',
        dataType: 'CONTINUOUS',
        version: { versionTag: '2' },
        sources: ['urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)'],
      }),
    });
    // Manifest change: the pull request edits the model.
    git('checkout', '-q', '-b', 'feature');
    edit(
      'catalog/models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'November retrain (v7).',
    );
    git('commit', '-q', '-am', 'describe v7');

    const json = await run(
      'reconcile',
      'catalog',
      '--dry-run',
      '--base',
      'main',
      '--output',
      'json',
      '--detailed-exitcode',
    );
    expect(json.code).toBe(2);
    const plan = JSON.parse(json.stdout);
    expect(plan.changes.map((change: any) => [change.urn, change.origin])).toEqual([
      [AGE, 'drift'],
      [MODEL_11, 'manifest'],
    ]);
    expect(plan.summary.byOrigin).toEqual({ manifest: 1, drift: 1 });
    expect(plan.git.revision).toBe(git('rev-parse', 'HEAD').trim());
    expect(plan.git.dirty).toBe(false);

    const markdown = await run('reconcile', 'catalog', '--dry-run', '--base', 'main', '--output', 'markdown');
    const manifestAt = markdown.stdout.indexOf('#### Changes from the manifests');
    const driftAt = markdown.stdout.indexOf('#### Drift (the live catalog moved away from the manifests)');
    expect(manifestAt).toBeGreaterThan(0);
    expect(driftAt).toBeGreaterThan(manifestAt);
    expect(markdown.stdout.slice(manifestAt, driftAt)).toContain(MODEL_11);
    expect(markdown.stdout.slice(driftAt)).toContain(AGE);
    expect(markdown.stdout).toContain('(1 from the manifests, 1 drift)');

    const text = await run('reconcile', 'catalog', '--dry-run', '--base', 'main');
    expect(text.stdout).toMatch(
      /Changes from the manifests:\n\n[^\n]*fraud-detector-2026-11[\s\S]*Drift \(the live catalog moved away from the manifests\):\n\n[^\n]*user_features,age/,
    );

    // On main itself (the scheduled drift check) every change is drift; the check exits 2.
    git('checkout', '-q', 'main');
    const check = await run(
      'reconcile',
      'catalog',
      '--dry-run',
      '--detailed-exitcode',
      '--base',
      'HEAD',
      '--output',
      'json',
    );
    expect(check.code).toBe(2);
    expect(JSON.parse(check.stdout).changes.map((change: any) => change.origin)).toEqual(['drift']);
  });

  it('marks the tree dirty when manifests are not committed, and refuses an unknown base', async () => {
    edit(
      'catalog/models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'Uncommitted.',
    );
    const plan = JSON.parse((await run('reconcile', 'catalog', '--dry-run', '--output', 'json')).stdout);
    expect(plan.git.dirty).toBe(true);
    const unknown = await run('reconcile', 'catalog', '--dry-run', '--base', 'no-such-branch');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('git revision no-such-branch not found');
  });

  it('plans only the entities whose manifests changed with --changed-since', async () => {
    edit(
      'catalog/models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'November retrain (v7).',
    );
    edit(
      'catalog/datasets/users-profile.yaml',
      'terms: [Classification.PII, MLUsage.TrainingData]',
      'terms: [Classification.PII]',
    );
    const before = server.requests.length;
    const result = await run(
      'reconcile',
      'catalog',
      '--dry-run',
      '--changed-since',
      'HEAD',
      '--output',
      'json',
    );
    expect(result.code).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.changes.map((change: any) => change.id)).toEqual([
      `mlModelProperties ${MODEL_11}`,
      'glossaryTerms urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)',
    ]);
    // The model card assigned to the model is planned with it (plan/scope.ts), unchanged.
    expect(plan.summary.unchanged).toBe(3);
    const reads = server.requests.slice(before).filter((request) => request.path.startsWith('/entitiesV2'));
    expect(reads.map((request) => decodeURIComponent(request.path)).join('\n')).not.toContain('mlFeature:');

    const combined = await run('reconcile', 'catalog', '--dry-run', '--changed-since', 'HEAD', '--prune');
    expect(combined.stderr).toContain('cannot be combined with --changed-since');
  });

  it('exports the live catalog as manifests that validate and re-plan to no changes', async () => {
    // Something the manifests do not declare, made by someone else, is exported too.
    await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(
          'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,churn %28beta%29,DEV)',
          'mlModelGroupProperties',
          { description: 'made in the UI' },
        ),
        proposal('urn:li:mlModel:(urn:li:dataPlatform:mlflow,raw (parens),DEV)', 'mlModelProperties', {
          description: 'not expressible',
        }),
        proposal('urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn-1,DEV)', 'mlModelProperties', {
          groups: ['urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,churn %28beta%29,DEV)'],
          customProperties: { a: 'b' },
        }),
      ],
    });
    const exported = await run('export', '--out', 'exported');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(
      'exported 13 files to exported (2 Tag, 2 GlossaryNode, 7 GlossaryTerm, 8 MLFeature, 2 MLFeatureTable, 2 MLModelGroup, 3 MLModel, 2 DatasetTerms, 1 OwnershipType, 2 StructuredProperty, 1 Form)',
    );
    expect(existsSync(path.join(dir, 'exported/models/churn_beta_.yaml'))).toBe(true);
    expect(exported.stderr).toContain(
      'skipped urn:li:mlModel:(urn:li:dataPlatform:mlflow,raw (parens),DEV): its name holds unencoded reserved characters',
    );

    const validate = await runCatalog(['validate', 'exported'], { cwd: dir });
    expect(validate.code).toBe(0);
    // The export declares what others added (DataHub's createGlossaryTerm makes its caller an owner; the links of
    // this catalog's other actor): the first plan takes those lines over and changes no value.
    const replan = await run('reconcile', 'exported', '--dry-run', '--detailed-exitcode');
    expect(replan.code).toBe(2);
    expect(replan.stdout).toMatch(
      /Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; \d+ added by others to take over\./,
    );
    expect((await run('reconcile', 'exported')).code).toBe(0);
    const settled = await run('reconcile', 'exported', '--dry-run', '--detailed-exitcode');
    expect(settled.code).toBe(0);
    expect(settled.stdout).toContain('No changes.');

    const again = await run('export', '--out', 'exported');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('export would overwrite 13 existing files');
    expect((await run('export', '--out', 'exported', '--force')).code).toBe(0);

    const onlyTerms = await run('export', '--out', 'terms-only', '--kind', 'GlossaryTerm');
    expect(onlyTerms.stdout).toContain('exported 2 files to terms-only (7 GlossaryTerm)');
    const one = await run('export', '--out', 'one', '--urn', MODEL_11);
    expect(one.stdout).toContain('exported 1 file to one (1 MLModel)');
    expect(readFileSync(path.join(dir, 'one/models/fraud-detector-2026-11.yaml'), 'utf8')).toContain(
      'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)',
    );
    expect((await runCatalog(['validate', 'one'], { cwd: dir })).code).toBe(0);
  });
});
