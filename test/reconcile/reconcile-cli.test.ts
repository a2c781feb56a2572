import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample, editManifest, writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { MODEL_10, MODEL_11, TX, USERS } from '../helpers/example-urns.js';

describe('catalog reconcile against the embedded catalog', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const reconcile = (...args: string[]) => run('reconcile', 'catalog', ...args);
  const aspect = (urn: string, name: string) => server.aspect(urn, name);
  const edit = (file: string, from: string | RegExp, to: string) => editManifest(dir, file, from, to);

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    server = await startTestServer();
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('applies the example catalog, then re-plans to no changes', async () => {
    const dry = await reconcile('--dry-run', '--detailed-exitcode');
    expect(dry.code).toBe(2);
    expect(dry.stdout).toContain(
      'Plan: 34 to create, 0 to update, 0 to delete; 12 term attachments to add, 0 to remove; 14 owners/tags/links to add, 0 to remove.',
    );
    expect(await aspect(MODEL_11, 'mlModelProperties')).toBeUndefined();

    const applied = await reconcile();
    expect(applied.code).toBe(0);
    // The run's id and the plan's digest come first; the report ends with what reading the writes back found.
    expect(applied.stdout).toMatch(
      /^Run catalog-\d{4}_\d\d_\d\d-\d\d_\d\d_\d\d-[a-z0-9]{6} · plan sha256:[0-9a-f]{64}\n/,
    );
    // 49 changes: their 49 aspects and the status marks of the entities they create, 76 aspects in all.
    expect(applied.stdout).toContain('Apply complete: 49 applied, 0 failed, 0 skipped; verified 76/76.');

    const again = await reconcile('--dry-run', '--detailed-exitcode');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');

    const graph = await server.graphql(
      `{ mlModel(urn: "${MODEL_11}") { properties { version groups { name } mlFeatures } } dataset(urn: "${USERS}") { glossaryTerms { terms { term { urn } actor { username } } } } }`,
    );
    expect(graph.data.mlModel.properties.version).toBe('7');
    expect(graph.data.mlModel.properties.groups).toEqual([{ name: 'fraud-detector' }]);
    expect(graph.data.mlModel.properties.mlFeatures).toHaveLength(5);
    expect(graph.data.dataset.glossaryTerms.terms).toEqual([
      { term: { urn: 'urn:li:glossaryTerm:Classification.PII' }, actor: { username: 'catalog-bot' } },
      { term: { urn: 'urn:li:glossaryTerm:MLUsage.TrainingData' }, actor: { username: 'catalog-bot' } },
    ]);
  });

  it('prints the whole plan before anything the apply reports, as a dry run prints it', async () => {
    // A plan large enough to be printed in several pieces (64 KiB each), with the apply running in between.
    const description = 'A term with a long definition, so that the plan is printed in pieces. '.repeat(3);
    const terms = Array.from(
      { length: 400 },
      (_, index) =>
        `apiVersion: catalog/v1\nkind: GlossaryTerm\nid: Bulk.Term${index}\nname: Term ${index}\ndefinition: ${description}\n`,
    );
    writeManifests(dir, { 'catalog/glossary/bulk.yaml': terms.join('---\n') });
    const dry = await reconcile('--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout.length).toBeGreaterThan(2 * 65536);
    // The writes go out while the plan is printed; what the apply writes (either stream) is held until it is out.
    const log: string[] = [];
    const applied = await runCatalog(['reconcile', 'catalog', '--server', server.url], {
      cwd: dir,
      onStdout: (text) => log.push(`out:${text}`),
      onStderr: (text) => log.push(`err:${text}`),
    });
    expect(applied.code).toBe(0);
    const runLine = /^Run \S+ · plan sha256:[0-9a-f]{64}\n\n/.exec(applied.stdout)?.[0] ?? '';
    expect(runLine).not.toBe('');
    expect(applied.stdout).toBe(
      `${runLine}${dry.stdout}Apply complete: 449 applied, 0 failed, 0 skipped; verified 876/876.\n`,
    );
    const planEnd = log.findIndex((entry) => entry.includes('Plan: 434 to create'));
    const applying = log.findIndex((entry) => entry.startsWith('err:applying 449 changes'));
    expect(log.filter((entry) => entry.startsWith('out:')).length).toBeGreaterThan(2);
    expect(planEnd).toBeGreaterThan(0);
    expect(applying).toBeGreaterThan(planEnd);
    expect(log.at(-1)).toBe('out:Apply complete: 449 applied, 0 failed, 0 skipped; verified 876/876.\n');
  });

  it('plans and applies every change kind, and each apply re-plans to nothing', async () => {
    expect((await reconcile()).code).toBe(0);
    // update a field, clear a field, add a term by aspect (EXTERNAL) and one by createGlossaryTerm, drop
    // dataset-level and column-level edges, add a column edge, and delete a model manifest (prune).
    edit(
      'models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'November retrain (v7).',
    );
    // Clearing a feature's description is what the example's starter policy forbids: they are not this test's subject.
    rmSync(path.join(dir, 'catalog/policies'), { recursive: true });
    edit('features/shared-features.yaml', 'description: Days since the account was opened.\n', '');
    writeManifests(dir, {
      'catalog/glossary/extra.yaml':
        'apiVersion: catalog/v1\nkind: GlossaryTerm\nid: Extra.Internal\nname: Internal\n---\napiVersion: catalog/v1\nkind: GlossaryTerm\nid: Extra.External\nname: External\ntermSource: EXTERNAL\n',
    });
    edit(
      'datasets/users-profile.yaml',
      'terms: [Classification.PII, MLUsage.TrainingData]',
      'terms: [Classification.PII]',
    );
    edit(
      'datasets/payments-transactions.yaml',
      'terms: [Classification.Financial, Classification.Confidential]',
      'terms: []',
    );
    edit(
      'datasets/payments-transactions.yaml',
      'amount: [Classification.Financial]',
      'amount: [Classification.Financial, Extra.Internal]',
    );
    edit('datasets/users-profile.yaml', '  date_of_birth: [Classification.PII]\n', '');
    edit(
      'models/fraud-detector.yaml',
      /---\napiVersion: catalog\/v1\nkind: MLModel\nname: fraud-detector-2026-10[\s\S]*?(?=---)/,
      '',
    );

    const plan = await reconcile('--dry-run', '--output', 'json', '--prune', '--max-deletes', '1');
    expect(plan.code).toBe(0);
    const changes = JSON.parse(plan.stdout).changes as any[];
    expect(changes.map((c) => `${c.kind}:${c.action} ${c.aspect} ${c.urn}`)).toEqual([
      'upsertAspect:create glossaryTermInfo urn:li:glossaryTerm:Extra.External',
      'createGlossaryTerm:create glossaryTermInfo urn:li:glossaryTerm:Extra.Internal',
      'upsertAspect:update mlFeatureProperties urn:li:mlFeature:(shared_features,account_age_days)',
      `upsertAspect:update mlModelProperties ${MODEL_11}`,
      `termEdges:update editableSchemaMetadata ${TX}`,
      `termEdges:update glossaryTerms ${TX}`,
      `termEdges:update editableSchemaMetadata ${USERS}`,
      `termEdges:update glossaryTerms ${USERS}`,
      `status:delete status ${MODEL_10}`,
    ]);
    expect(changes[3].fields).toEqual([
      {
        path: 'description',
        before: 'November retrain; adds the merchant risk score.',
        after: 'November retrain (v7).',
      },
    ]);
    expect(changes[2].after).not.toHaveProperty('description');

    const over = await reconcile('--prune');
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('more than --max-deletes 0');

    const applied = await reconcile('--prune', '--max-deletes', '1');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Apply complete: 9 applied, 0 failed, 0 skipped; verified 11/11.');
    expect((await reconcile('--dry-run', '--detailed-exitcode', '--prune')).code).toBe(0);
    expect(await aspect(MODEL_10, 'status')).toEqual({ removed: true });
    expect((await aspect(TX, 'glossaryTerms')).terms).toEqual([]);

    // Declaring the model again restores it.
    writeManifests(dir, {
      'catalog/models/oct.yaml':
        'apiVersion: catalog/v1\nkind: MLModel\nname: fraud-detector-2026-10\nplatform: sagemaker\ndescription: October retrain on 12 months of transactions.\ntype: gradient-boosted-trees\nversion: "6"\ngroups: [fraud-detector]\nfeatures: [user_features.age, transaction_features.txn_count_7d, transaction_features.txn_amount_avg_30d, shared_features.country]\n',
    });
    const restore = await reconcile('--output', 'json');
    expect(JSON.parse(restore.stdout).changes.map((c: any) => `${c.kind}:${c.action}`)).toEqual([
      'status:restore',
    ]);
    expect(await aspect(MODEL_10, 'status')).toEqual({ removed: false });
  });

  it('never removes an edge someone else added, and reports a declared edge it does not own', async () => {
    expect((await reconcile()).code).toBe(0);
    const steward = await server.graphql(`mutation {
      a: addTerms(input: {termUrns: ["urn:li:glossaryTerm:Classification.Confidential"], resourceUrn: "${USERS}"})
      b: addTerms(input: {termUrns: ["urn:li:glossaryTerm:Classification.Confidential"], resourceUrn: "${USERS}", subResourceType: DATASET_FIELD, subResource: "[version=2.0].[type=struct].[type=string].email"})
    }`);
    expect(steward.data).toEqual({ a: true, b: true });
    edit('datasets/users-profile.yaml', /terms: \[.*\]\ncolumns:[\s\S]*$/, 'terms: []\n');
    const result = await reconcile('--output', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).apply.ok).toBe(true);
    const terms = (await aspect(USERS, 'glossaryTerms')).terms;
    expect(terms).toEqual([{ urn: 'urn:li:glossaryTerm:Classification.Confidential' }]);
    const columns = (await aspect(USERS, 'editableSchemaMetadata')).editableSchemaFieldInfo;
    expect(columns.flatMap((entry: any) => entry.glossaryTerms.terms.map((t: any) => t.urn))).toEqual([
      'urn:li:glossaryTerm:Classification.Confidential',
    ]);

    // Declaring the steward's edge takes it over: the plan says so, the apply writes the marker, and from then on
    // removing the line removes the edge.
    edit('datasets/users-profile.yaml', 'terms: []', 'terms: [Classification.Confidential]');
    const claim = await reconcile('--dry-run', '--detailed-exitcode');
    expect(claim.code).toBe(2);
    expect(claim.stdout).toContain(
      "~ urn:li:glossaryTerm:Classification.Confidential (added by someone else, declared in the manifests: the marker is written, it is the tool's from now on)",
    );
    expect(claim.stdout).toContain('1 added by others to take over');
    expect((await reconcile()).code).toBe(0);
    expect((await reconcile('--dry-run', '--detailed-exitcode')).code).toBe(0);
    edit('datasets/users-profile.yaml', 'terms: [Classification.Confidential]', 'terms: []');
    expect((await reconcile()).code).toBe(0);
    expect((await aspect(USERS, 'glossaryTerms')).terms).toEqual([]);
  });

  it('keeps aspect fields the manifest format cannot express', async () => {
    const extra = {
      customProperties: { owner: 'risk-team' },
      hyperParams: [{ name: 'max_depth', value: '8' }],
      trainingMetrics: [{ name: 'auc', value: '0.94' }],
      date: 1763683200000,
    };
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(MODEL_11, 'mlModelProperties', { ...extra, description: 'from the training job' }),
    });
    const result = await reconcile();
    expect(result.code).toBe(0);
    const value = await aspect(MODEL_11, 'mlModelProperties');
    expect(value).toMatchObject({
      ...extra,
      description: 'November retrain; adds the merchant risk score.',
      type: 'gradient-boosted-trees',
    });
    expect(result.stdout).toContain(
      '~ description: "from the training job" → "November retrain; adds the merchant risk score."',
    );
  });

  it('refuses a stale saved plan, naming the aspect, and writes nothing', async () => {
    expect((await reconcile()).code).toBe(0);
    edit(
      'models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'Reviewed description.',
    );
    edit('features/user-features.yaml', 'Age in years.', 'Age in whole years.');
    const saved = await reconcile('--dry-run', '--out', 'plan.json');
    expect(saved.code).toBe(0);
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(MODEL_11, 'mlModelProperties', { description: 'edited by hand meanwhile' }),
    });

    const stale = await run('apply', 'plan.json');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(
      `the plan is stale: 1 aspect changed since it was made: mlModelProperties of fraud-detector-2026-11 (${MODEL_11}) (version 1 → 2)`,
    );
    expect((await aspect('urn:li:mlFeature:(user_features,age)', 'mlFeatureProperties')).description).toBe(
      'Age in years.',
    );

    // A fresh plan applies; a saved plan with no change since applies too.
    expect((await reconcile('--dry-run', '--out', 'plan.json')).code).toBe(0);
    const fresh = await run('apply', 'plan.json');
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toContain('Apply complete: 2 applied');
  });

  it('re-reads versions before applying a saved plan, not when applying the plan it just made', async () => {
    expect((await reconcile()).code).toBe(0);
    const reads = async (work: () => Promise<{ code: number }>): Promise<number> => {
      const before = server.requests.length;
      expect((await work()).code).toBe(0);
      return server.requests.slice(before).filter((request) => request.path.startsWith('/entitiesV2')).length;
    };
    edit('features/user-features.yaml', 'Age in years.', 'Age in whole years.');
    const planOnly = await reads(() => reconcile('--dry-run', '--out', 'plan.json'));
    expect(planOnly).toBeGreaterThan(0);
    // The saved plan: every aspect it writes is read again first (the stale-plan check).
    expect(await reads(() => run('apply', 'plan.json'))).toBeGreaterThan(0);

    edit('features/user-features.yaml', 'Age in whole years.', 'Age in years.');
    // Planning and applying in one run: the plan's reads are the check (each write carries If-Version-Match).
    expect(await reads(() => reconcile('--no-verify'))).toBe(planOnly);
    // Reading the writes back afterwards is one batch read more.
    edit('features/user-features.yaml', 'Age in years.', 'Age in whole years.');
    expect(await reads(() => reconcile())).toBe(planOnly + 1);
  });

  it('refuses a plan file that is not a plan, or was made against another server', async () => {
    writeFileSync(path.join(dir, 'bad.json'), '{"formatVersion": 99}');
    const bad = await run('apply', 'bad.json');
    expect(bad.stderr).toContain('bad.json is not a usable plan: formatVersion 99');
    expect((await reconcile('--dry-run', '--out', 'plan.json')).code).toBe(0);
    const elsewhere = await runCatalog(['apply', 'plan.json', '--server', 'http://127.0.0.1:9'], {
      cwd: dir,
    });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(`was made against ${server.url}`);
  });

  it('checks datasets, columns and terms before any write, and reports every problem at its manifest location', async () => {
    writeManifests(dir, {
      'catalog/datasets/broken.yaml':
        'apiVersion: catalog/v1\nkind: DatasetTerms\ndataset: { platform: hive, name: no.such.table }\nterms: [Classification.PII]\n---\napiVersion: catalog/v1\nkind: DatasetTerms\ndataset: { platform: kafka, name: clickstream.events }\nterms: [urn:li:glossaryTerm:Not.There]\n',
    });
    edit('datasets/payments-transactions.yaml', 'is_fraud:', 'is_fruad:');
    const result = await reconcile();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'catalog/datasets/broken.yaml:3:10 error dataset urn:li:dataset:(urn:li:dataPlatform:hive,no.such.table,PROD) does not exist in the catalog [MISSING_DATASET]',
    );
    expect(result.stderr).toContain(
      'catalog/datasets/broken.yaml:9:9 error glossary term urn:li:glossaryTerm:Not.There does not exist in the catalog [MISSING_TERM]',
    );
    expect(result.stderr).toMatch(
      /payments-transactions.yaml:9:3 error column 'is_fruad' is not in the schema [^\n]*\n[^\n]*\n[^\n]*\n {2}hint: did you mean 'is_fraud'\?/,
    );
    expect(result.stderr).toContain('3 problems found before writing; nothing was written');
    expect(await aspect('urn:li:glossaryTerm:Classification.PII', 'glossaryTermInfo')).toBeUndefined();
  });

  it('prints deterministic JSON and a markdown comment', async () => {
    const first = await reconcile('--dry-run', '--output', 'json');
    const second = await reconcile('--dry-run', '--output', 'json');
    expect(first.stdout).toBe(second.stdout);
    const plan = JSON.parse(first.stdout);
    expect(plan).toMatchObject({
      formatVersion: 3,
      target: server.url,
      actor: 'urn:li:corpuser:catalog-bot',
      git: { revision: null, dirty: false },
    });
    expect(first.stdout).not.toContain(dir);
    const markdown = await reconcile('--dry-run', '--output', 'markdown');
    expect(markdown.stdout).toContain('### catalog plan');
    expect(markdown.stdout).toContain(
      '**Plan: 34 to create, 0 to update, 0 to delete; 12 term attachments to add, 0 to remove; 14 owners/tags/links to add, 0 to remove.**',
    );
    expect(markdown.stdout).toContain('<details><summary>Details</summary>');
  });

  it('refuses manifests with errors before reading the catalog', async () => {
    rmSync(path.join(dir, 'catalog', 'glossary'), { recursive: true });
    const result = await reconcile('--dry-run');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown glossary term 'Classification.PII'");
    expect(result.stderr).toContain('in the manifests; nothing was planned');
    expect(server.requests.filter((r) => r.path.startsWith('/entitiesV2'))).toHaveLength(0);
  });
});
