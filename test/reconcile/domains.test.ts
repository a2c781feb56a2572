import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editManifest, writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const ACTOR = 'urn:li:corpuser:catalog-bot';
const FINANCE = 'urn:li:domain:finance';
const PAYMENTS = 'urn:li:domain:payments';
const PRODUCT = 'urn:li:dataProduct:fraud-signals';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:feast,fraud-detector-2026-11,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:feast,fraud-detector,PROD)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.refunds,PROD)';

const SETTINGS = `apiVersion: catalog/v1
kind: Settings
actor: ${ACTOR}
defaults: { platform: feast }
`;

const DOMAINS = `apiVersion: catalog/v1
kind: Domain
id: finance
name: Finance
description: Money in and out.
---
apiVersion: catalog/v1
kind: Domain
id: payments
name: Payments
description: Card payments and fraud.
parent: finance
owners: [{ owner: alice }]
links: [{ url: "https://wiki.example/payments", description: Wiki }]
---
apiVersion: catalog/v1
kind: DataProduct
id: fraud-signals
name: Fraud signals
domain: payments
description: Features and models the fraud team publishes.
tags: [gold]
assets:
  - transaction_features
  - fraud-detector-2026-11
---
apiVersion: catalog/v1
kind: Tag
id: gold
`;

const ML = `apiVersion: catalog/v1
kind: MLFeatureTable
name: transaction_features
domain: payments
features:
  - { name: amount, dataType: CONTINUOUS, domain: payments }
---
apiVersion: catalog/v1
kind: MLModelGroup
name: fraud-detector
domain: payments
---
apiVersion: catalog/v1
kind: MLModel
name: fraud-detector-2026-11
domain: urn:li:domain:payments
groups: [fraud-detector]
`;

describe('domains and data products', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const reconcile = (...args: string[]) => run('reconcile', 'catalog', ...args);
  const aspect = (urn: string, name: string) => server.aspect(urn, name);
  const ingest = async (urn: string, name: string, value: unknown) =>
    expect(
      (await server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, name, value) })).status,
    ).toBe(200);
  const edit = (file: string, from: string | RegExp, to: string) => editManifest(dir, file, from, to);
  const assetUrns = async (): Promise<string[]> =>
    ((await aspect(PRODUCT, 'dataProductProperties')).assets as { destinationUrn: string }[]).map(
      (asset) => asset.destinationUrn,
    );

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    await ingest(DATASET, 'datasetProperties', { name: 'transactions', customProperties: {} });
    await ingest(OTHER, 'datasetProperties', { name: 'refunds', customProperties: {} });
    writeManifests(dir, {
      'catalog/catalog.yaml': SETTINGS,
      'catalog/domains.yaml': DOMAINS,
      'catalog/ml.yaml': ML,
    });
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('creates domains, a data product with its assets and the domain of every entity, then plans nothing', async () => {
    const dry = await reconcile('--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`+ create Payments (${PAYMENTS}) domainProperties`);
    expect(dry.stdout).toContain(`+ create Fraud signals (${PRODUCT}) dataProductProperties`);
    expect(dry.stdout).toContain(`+ assets: ["${TABLE}","${MODEL}"]`);
    // Domains come first, the data product after its assets.
    const order = [FINANCE, TABLE, MODEL, PRODUCT].map((urn) => dry.stdout.indexOf(`(${urn}) `));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const applied = await reconcile();
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect(await aspect(FINANCE, 'domainProperties')).toEqual({
      name: 'Finance',
      description: 'Money in and out.',
    });
    expect(await aspect(PAYMENTS, 'domainProperties')).toEqual({
      name: 'Payments',
      description: 'Card payments and fraud.',
      parentDomain: FINANCE,
    });
    expect((await aspect(PAYMENTS, 'ownership')).owners[0].owner).toBe('urn:li:corpuser:alice');
    const product = await aspect(PRODUCT, 'dataProductProperties');
    expect(product.name).toBe('Fraud signals');
    expect(product.assets).toEqual([
      {
        destinationUrn: TABLE,
        created: { time: expect.any(Number), actor: ACTOR },
        properties: { managedBy: 'catalog', actor: ACTOR },
      },
      {
        destinationUrn: MODEL,
        created: { time: expect.any(Number), actor: ACTOR },
        properties: { managedBy: 'catalog', actor: ACTOR },
      },
    ]);
    expect(await aspect(PRODUCT, 'domains')).toEqual({ domains: [PAYMENTS] });
    expect((await aspect(PRODUCT, 'globalTags')).tags[0].tag).toBe('urn:li:tag:gold');
    for (const urn of [TABLE, MODEL, GROUP, 'urn:li:mlFeature:(transaction_features,amount)'])
      expect(await aspect(urn, 'domains')).toEqual({ domains: [PAYMENTS] });

    const again = await reconcile('--dry-run', '--detailed-exitcode');
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  });

  it('changes fields, adds and removes its own assets, keeps and takes over others', async () => {
    expect((await reconcile()).code).toBe(0);
    // Someone adds two assets in DataHub (no marker); the manifests will declare one of them too.
    const product = await aspect(PRODUCT, 'dataProductProperties');
    await ingest(PRODUCT, 'dataProductProperties', {
      ...product,
      assets: [...product.assets, { destinationUrn: DATASET }, { destinationUrn: OTHER, outputPort: true }],
    });
    edit('domains.yaml', '  - fraud-detector-2026-11\n', `  - fraud-detector\n  - ${DATASET}\n`);
    const plan = await reconcile('--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`~ assets of Fraud signals (${PRODUCT})`);
    expect(plan.stdout).toContain(`+ ${GROUP}`);
    expect(plan.stdout).toContain(`- ${MODEL}`);
    expect(plan.stdout).toContain(`~ ${DATASET} (added by someone else`);
    expect(plan.stdout).not.toContain(`- ${OTHER}`);
    // Markdown (the pull-request comment) and the JSON plan show the same lines.
    const markdown = await reconcile('--dry-run', '--output', 'markdown');
    expect(markdown.stdout).toContain(`~ assets of Fraud signals (${PRODUCT})`);
    expect(markdown.stdout).toContain(`+     ${GROUP}`);
    expect(markdown.stdout).toContain(`-     ${MODEL}`);
    const json = await reconcile('--dry-run', '--output', 'json');
    const assets = (
      JSON.parse(json.stdout) as {
        changes: { kind: string; aspect: string; added: { key: string }[]; removed: { key: string }[] }[];
      }
    ).changes.find((change) => change.aspect === 'dataProductProperties');
    expect(assets?.kind).toBe('associations');
    expect(assets?.added.map((item) => item.key)).toEqual([GROUP]);
    expect(assets?.removed.map((item) => item.key)).toEqual([MODEL]);
    expect((await reconcile()).code).toBe(0);
    expect(await assetUrns()).toEqual([TABLE, DATASET, OTHER, GROUP]);
    const written = (await aspect(PRODUCT, 'dataProductProperties')).assets;
    expect(written[1].properties).toEqual({ managedBy: 'catalog', actor: ACTOR });
    expect(written[2]).toEqual({ destinationUrn: OTHER, outputPort: true });

    // A field and the assets in one write; the domain moves; a whole domain line goes.
    edit('domains.yaml', 'name: Fraud signals', 'name: Fraud signals (v2)');
    edit('domains.yaml', `  - ${DATASET}\n`, '');
    edit('domains.yaml', 'domain: payments\n', 'domain: finance\n');
    edit('ml.yaml', /^domain: payments\n/m, '');
    const second = await reconcile('--dry-run');
    expect(second.stdout).toContain(`~ update Fraud signals (v2) (${PRODUCT}) dataProductProperties`);
    expect(second.stdout).toContain('~ name: "Fraud signals" → "Fraud signals (v2)"');
    expect(second.stdout).toMatch(/~ assets:\n[^\n]*\n[^\n]*- "urn:li:dataset/);
    expect(second.stdout).toContain(`~ update Fraud signals (v2) (${PRODUCT}) domains`);
    expect((await reconcile()).code).toBe(0);
    expect((await aspect(PRODUCT, 'dataProductProperties')).name).toBe('Fraud signals (v2)');
    expect(await assetUrns()).toEqual([TABLE, OTHER, GROUP]);
    expect(await aspect(PRODUCT, 'domains')).toEqual({ domains: [FINANCE] });
    // The table's domain line went: the tool wrote it, so it is cleared.
    expect(await aspect(TABLE, 'domains')).toEqual({ domains: [] });
    expect((await reconcile('--dry-run')).stdout).toContain('No changes.');
  });

  it('reports an unknown domain and asset where they are written, with a suggestion', async () => {
    edit('domains.yaml', '  - transaction_features\n', '  - transaction_feature\n');
    const plan = await reconcile('--dry-run');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/domains\.yaml:24:5 error unknown asset 'transaction_feature'/);
    expect(plan.stderr).toContain("did you mean 'transaction_features'?");
    edit('domains.yaml', '  - transaction_feature\n', '  - transaction_features\n');
    // A domain id the manifests do not declare must exist in the catalog (checked before any write).
    edit('ml.yaml', 'name: fraud-detector\ndomain: payments', 'name: fraud-detector\ndomain: paymnets');
    const typo = await reconcile('--dry-run');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/ml\.yaml:11:9 error urn:li:domain:paymnets is neither declared/);
    expect(typo.stderr).toContain("did you mean 'payments'?");
  });

  it('refuses domain where DataHub has no domains aspect, and a parent cycle', async () => {
    writeManifests(dir, {
      'catalog/bad.yaml': `apiVersion: catalog/v1
kind: Tag
id: silver
domain: payments
`,
    });
    const bad = await runCatalog(['validate', 'catalog'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad\.yaml:4:1/);
    writeManifests(dir, { 'catalog/bad.yaml': '' });
    edit('domains.yaml', 'name: Finance\n', 'name: Finance\nparent: payments\n');
    const cycle = await runCatalog(['validate', 'catalog'], { cwd: dir });
    expect(cycle.code).toBe(1);
    expect(cycle.stderr).toContain('payments');
  });

  it('policies see domains and data products as declared', async () => {
    writeManifests(dir, {
      'catalog/policy.yaml': `apiVersion: catalog/v1
kind: Policy
name: products-have-owners
severity: error
match: { kinds: [DataProduct, Domain], where: "entity.kind == 'DataProduct' || has(entity.parent)" }
rule: size(entity.owners) > 0 && (entity.kind == 'Domain' || entity.domain == '${PAYMENTS}')
message: a data product needs an owner and the payments domain
`,
    });
    const checked = await runCatalog(['validate', 'catalog'], { cwd: dir });
    expect(checked.code).toBe(1);
    // The product has no owner; the payments domain (with a parent) has one.
    expect(checked.stderr).toMatch(
      /domains\.yaml:18:5 error a data product needs an owner.*products-have-owners/,
    );
    expect(checked.stderr.match(/POLICY_VIOLATION/g)).toHaveLength(1);
  });

  it('exports domains, data products and domain lines, and the export re-plans to no changes', async () => {
    expect((await reconcile()).code).toBe(0);
    const exported = await run('export', '--out', 'exported');
    expect(exported.code, exported.stderr).toBe(0);
    const files = readdirSync(path.join(dir, 'exported'), { recursive: true }).map(String);
    const all = files
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => readFileSync(path.join(dir, 'exported', file), 'utf8'))
      .join('\n---\n');
    expect(all).toContain('kind: Domain');
    expect(all).toContain('parent: finance');
    expect(all).toContain('kind: DataProduct');
    expect(all).toMatch(/assets:\n {2}- transaction_features\n {2}- fraud-detector-2026-11/);
    expect(all).toContain('domain: payments');
    writeManifests(dir, { 'exported/catalog.yaml': SETTINGS });
    expect((await runCatalog(['validate', 'exported'], { cwd: dir })).code).toBe(0);
    const replan = await runCatalog(['reconcile', 'exported', '--dry-run', '--server', server.url], {
      cwd: dir,
    });
    expect(replan.code, replan.stderr).toBe(0);
    expect(replan.stdout).toContain('No changes.');
  });
});
