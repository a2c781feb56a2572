/**
 * Impact of a plan on a catalog with real lineage (issue 20): the example catalog reconciled into the embedded
 * catalog (datasets → features → tables and models → a group, terms on datasets and columns), a steward's term on a
 * model and a feature, then manifests edited as a pull request would. The plan is made as reconcile makes it, the
 * relationships are read through the client, and the impact of each change is checked, with the GraphQL requests
 * counted: one per hop, never one per entity.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import DOMPurify from 'dompurify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataHubClient, type DataHubClient } from '../../src/client/datahub-client.js';
import { readDependencyGraph } from '../../src/client/read-dependency-graph.js';
import { readLiveState } from '../../src/client/read-live-state.js';
import { loadCatalog } from '../../src/manifest/load-catalog.js';
import { createPlan } from '../../src/plan/create-plan.js';
import type { DependencyGraph } from '../../src/plan/dependency-graph.js';
import { computeImpact, impactSeeds } from '../../src/plan/impact.js';
import type { ChangeImpact } from '../../src/plan/impact-types.js';
import { preflight } from '../../src/plan/preflight.js';
import { computeChangeGraph } from '../../src/plan/change-graph.js';
import { renderMermaid } from '../../src/render/render-mermaid.js';
import type { Plan } from '../../src/plan/types.js';
import { copyExample, editManifest } from '../helpers/catalog-dir.js';
import { GROUP, MODEL_10, MODEL_11, TABLE, TX, TXN_COUNT } from '../helpers/example-urns.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const COUNTRY = 'urn:li:mlFeature:(shared_features,country)';
const TXN_AMOUNT = 'urn:li:mlFeature:(transaction_features,txn_amount_avg_30d)';
const LIFETIME_VALUE = 'urn:li:mlFeature:(user_features,lifetime_value)';
const USER_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)';
const LABEL = 'urn:li:glossaryTerm:MLUsage.Label';

let server: TestServer;
let client: DataHubClient;
let dir: { dir: string; cleanup: () => void };

async function planOf(catalogDir: string, prune: boolean): Promise<Plan> {
  const load = await loadCatalog(catalogDir);
  expect(load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  const state = load.state!;
  const live = await readLiveState(client.restli, state, { prune });
  expect(preflight(state, live)).toEqual([]);
  return createPlan(state, live, {
    toolVersion: 'test',
    target: 'embedded',
    git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
    prune,
    maxDeletes: 10,
  });
}

const graphqlRequests = (): number =>
  server.requests.filter((request) => request.method === 'POST' && request.path === '/api/graphql').length;

/** A change's dependents as `entityType name` lines, and its counts. */
function summary(entry: ChangeImpact | undefined) {
  return {
    dependents: entry?.dependents.map((dependent) => `${dependent.entityType} ${dependent.name}`),
    counts: entry?.counts,
    total: entry?.total,
    complete: entry?.complete,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  client = createDataHubClient({ gmsUrl: server.url });
  dir = tempDir();
  copyExample(dir.dir);
  const cli = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir.dir });
  const ingested = await cli('ingest', 'examples/datasets.json');
  expect(ingested.code, ingested.stderr).toBe(0);
  const reconciled = await cli('reconcile', 'catalog');
  expect(reconciled.code, reconciled.stdout + reconciled.stderr).toBe(0);
  // A steward's terms, added in DataHub's UI: a model and a feature carry the label term too.
  const written = await server.post('/aspects?action=ingestProposalBatch', {
    proposals: [MODEL_11, TXN_COUNT].map((urn) =>
      proposal(urn, 'glossaryTerms', {
        terms: [{ urn: LABEL }],
        auditStamp: { time: 1, actor: 'urn:li:corpuser:steward' },
      }),
    ),
  });
  expect(written.status, JSON.stringify(written.json)).toBe(200);

  // The pull request: a feature's description, a shared feature's type, the transactions dataset's terms (one
  // dropped from the dataset, one added on a column), and the label term removed from the glossary (with its
  // column edge).
  editManifest(dir.dir, 'features/transaction-features.yaml', 'Number of card transactions', 'Count of card transactions'); // prettier-ignore
  editManifest(dir.dir, 'features/shared-features.yaml', 'dataType: NOMINAL', 'dataType: ORDINAL');
  editManifest(dir.dir, 'datasets/payments-transactions.yaml', 'terms: [Classification.Financial, Classification.Confidential]', 'terms: [Classification.Financial]'); // prettier-ignore
  editManifest(dir.dir, 'datasets/payments-transactions.yaml', '  is_fraud: [MLUsage.Label]', '  merchant_id: [Classification.Confidential]'); // prettier-ignore
  const glossary = path.join(dir.dir, 'catalog/glossary/ml-usage.yaml');
  writeFileSync(glossary, readFileSync(glossary, 'utf8').split('\n---\n').slice(0, 2).join('\n---\n'));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  dir?.cleanup();
});

describe('impact of a plan on the example catalog', () => {
  let plan: Plan;
  let graph: DependencyGraph;
  let byId: Map<string, ChangeImpact>;
  let requests: number;
  let seeds: string[];

  beforeAll(async () => {
    plan = await planOf(path.join(dir.dir, 'catalog'), true);
    seeds = impactSeeds(plan);
    const before = graphqlRequests();
    graph = await readDependencyGraph(client.graphql, seeds, { hops: 2, limitPerNode: 100 });
    requests = graphqlRequests() - before;
    const impact = computeImpact(plan, graph, { limit: 10 });
    byId = new Map(impact.changes.map((entry) => [entry.changeId, entry]));
  });

  it('plans the pull request', () => {
    expect(plan.changes.map((change) => change.id)).toEqual([
      `mlFeatureProperties ${COUNTRY}`,
      `mlFeatureProperties ${TXN_COUNT}`,
      `editableSchemaMetadata ${TX}`,
      `glossaryTerms ${TX}`,
      `status ${LABEL}`,
    ]);
    expect(seeds).toEqual([LABEL, TX, COUNTRY, TXN_COUNT].sort());
  });

  it('reads the relationships one request per hop, not one per entity', () => {
    // Hop 1: the four seeds; hop 2: the features, models and carriers they led to.
    expect(requests).toBe(2);
    expect(graph.problems).toBeUndefined();
  });

  it('a changed feature: the tables that contain it, the models that consume it, and their group', () => {
    expect(summary(byId.get(`mlFeatureProperties ${TXN_COUNT}`))).toEqual({
      dependents: [
        'mlModelGroup fraud-detector',
        'mlModel fraud-detector-2026-10',
        'mlModel fraud-detector-2026-11',
        'mlFeatureTable transaction_features',
      ],
      counts: [
        { entityType: 'mlFeatureTable', count: 1 },
        { entityType: 'mlModel', count: 2 },
        { entityType: 'mlModelGroup', count: 1 },
      ],
      total: 4,
      complete: true,
    });
    const group = byId
      .get(`mlFeatureProperties ${TXN_COUNT}`)
      ?.dependents.find((entry) => entry.urn === GROUP);
    expect(group?.via.map((step) => `${step.relationship} ${step.direction} ${step.urn}`)).toEqual([
      `Consumes INCOMING ${MODEL_10}`,
      `MemberOf OUTGOING ${GROUP}`,
    ]);
  });

  it('a shared feature: both tables that contain it', () => {
    expect(summary(byId.get(`mlFeatureProperties ${COUNTRY}`))).toMatchObject({
      dependents: [
        'mlModelGroup fraud-detector',
        'mlModel fraud-detector-2026-10',
        'mlModel fraud-detector-2026-11',
        'mlFeatureTable transaction_features',
        'mlFeatureTable user_features',
      ],
      total: 5,
      complete: true,
    });
    expect(byId.get(`mlFeatureProperties ${COUNTRY}`)?.dependents.map((entry) => entry.urn)).toContain(
      USER_TABLE,
    );
  });

  it('terms of a dataset and of its columns: the features derived from it and their models', () => {
    const expected = {
      dependents: [
        'mlModel fraud-detector-2026-10',
        'mlModel fraud-detector-2026-11',
        'mlFeature transaction_features.txn_amount_avg_30d',
        'mlFeature transaction_features.txn_count_7d',
        'mlFeature user_features.lifetime_value',
      ],
      counts: [
        { entityType: 'mlFeature', count: 3 },
        { entityType: 'mlModel', count: 2 },
      ],
      total: 5,
      complete: true,
    };
    expect(summary(byId.get(`glossaryTerms ${TX}`))).toEqual(expected);
    expect(summary(byId.get(`editableSchemaMetadata ${TX}`))).toEqual(expected);
    const features = byId
      .get(`glossaryTerms ${TX}`)
      ?.dependents.filter((entry) => entry.entityType === 'mlFeature')
      .map((entry) => entry.urn);
    expect(features).toEqual([TXN_AMOUNT, TXN_COUNT, LIFETIME_VALUE]);
  });

  it('a removed term: every entity that carries it, on the entity or on a column', () => {
    const entry = byId.get(`status ${LABEL}`);
    expect(summary(entry)).toEqual({
      dependents: [
        'mlModel fraud-detector-2026-11',
        'dataset payments.transactions',
        'mlFeature transaction_features.txn_count_7d',
      ],
      counts: [
        { entityType: 'dataset', count: 1 },
        { entityType: 'mlFeature', count: 1 },
        { entityType: 'mlModel', count: 1 },
      ],
      total: 3,
      complete: true,
    });
    expect(
      entry?.dependents.map((dependent) => `${dependent.urn} ${dependent.via[0]?.relationship ?? ''}`),
    ).toEqual([
      `${MODEL_11} TermedWith`,
      `${TX} EditableSchemaFieldWithGlossaryTerm`,
      `${TXN_COUNT} TermedWith`,
    ]);
  });

  it('bounds each read and says when the counts are lower bounds', async () => {
    const graph = await readDependencyGraph(client.graphql, [TXN_COUNT], { hops: 2, limitPerNode: 1 });
    const impact = computeImpact(plan, graph, { limit: 10 });
    const entry = impact.changes.find((change) => change.changeId === `mlFeatureProperties ${TXN_COUNT}`);
    expect(summary(entry)).toEqual({
      dependents: ['mlModelGroup fraud-detector', 'mlModel fraud-detector-2026-10', 'mlFeatureTable transaction_features'], // prettier-ignore
      counts: [
        { entityType: 'mlFeatureTable', count: 1 },
        { entityType: 'mlModel', count: 1 },
        { entityType: 'mlModelGroup', count: 1 },
      ],
      total: 3,
      complete: false,
    });
    expect(graph.reads.find((read) => read.urn === TXN_COUNT && read.read === 'consumers')).toEqual({
      urn: TXN_COUNT,
      read: 'consumers',
      total: 2,
      returned: 1,
    });
  });

  it('one hop reaches the models but not their group, and says so', async () => {
    const graph = await readDependencyGraph(client.graphql, [TXN_COUNT], { hops: 1, limitPerNode: 100 });
    const impact = computeImpact(plan, graph, { limit: 10 });
    const entry = impact.changes.find((change) => change.changeId === `mlFeatureProperties ${TXN_COUNT}`);
    expect(entry?.total).toBe(3);
    expect(entry?.complete).toBe(false);
  });

  it("draws the plan's picture from the catalog's lineage, and Mermaid's parser accepts it", async () => {
    // The graph of the change as the plan holds it, drawn as the markdown plan draws it.
    const draw = (maxNodes: number): string => renderMermaid(computeChangeGraph(plan, graph, { maxNodes })!);
    // Outside a browser DOMPurify has no window: Mermaid's instance gets what parsing calls (see render-mermaid.test.ts).
    Object.assign(DOMPurify, {
      addHook: () => undefined,
      removeHook: () => undefined,
      removeAllHooks: () => undefined,
      sanitize: (dirty: string) => dirty,
    });
    const { default: mermaid } = await import('mermaid');
    const text = draw(40);
    await expect(mermaid.parse(text)).resolves.toBeDefined();
    const labels = [...text.matchAll(/<br\/>([^"]+)"/g)].map((match) => match[1]);
    expect(labels).toEqual(
      expect.arrayContaining([
        'payments.transactions',
        'transaction_features.txn_count_7d',
        'shared_features.country',
        'transaction_features',
        'user_features',
        'fraud-detector-2026-10',
        'fraud-detector-2026-11',
        'fraud-detector',
        'Label',
        'Confidential',
        'users.profile',
      ]),
    );
    expect(text).toContain('(delete)<br/>Label"]');
    expect(text).toMatch(/===\|"merchant_id"\|/);
    const capped = draw(6);
    expect(capped).toMatch(/more\["and \d+ more"\]/);
    await expect(mermaid.parse(capped)).resolves.toBeDefined();
  });

  it('many seeds still take one request per hop and chunk', async () => {
    const features = [TXN_COUNT, TXN_AMOUNT, LIFETIME_VALUE, COUNTRY];
    const before = graphqlRequests();
    const graph = await readDependencyGraph(client.graphql, features, { hops: 1, limitPerNode: 100, chunkSize: 3 }); // prettier-ignore
    expect(graphqlRequests() - before).toBe(2);
    expect(graph.seeds).toEqual([...features].sort());
    expect(graph.nodes.find((node) => node.urn === TABLE)?.name).toBe('transaction_features');
  });
});

// Last: it applies the pull request, which the tests above plan against.
describe('impact of an applied plan', () => {
  it('is read before the first write and printed ahead of the apply result', async () => {
    const cli = (...args: string[]) =>
      runCatalog(['reconcile', 'catalog', '--prune', '--max-deletes', '1', '--server', server.url, ...args], {
        cwd: dir.dir,
      });
    const applied = await cli();
    expect(applied.code, applied.stderr).toBe(0);
    const lines = applied.stdout.split('\n');
    const impactAt = lines.indexOf('Impact (what depends on the changes in the catalog):');
    const resultAt = lines.findIndex((line) => line.startsWith('Apply complete'));
    expect(impactAt).toBeGreaterThan(0);
    expect(resultAt).toBeGreaterThan(impactAt);
    // The apply takes the label term off the transactions dataset's column before deleting the term: read after
    // that write, the impact would have lost the dataset. It names all three carriers.
    const removed = lines.findIndex((line, at) => at > impactAt && line.includes(LABEL));
    expect(lines.slice(removed + 1, removed + 5).map((line) => line.trim())).toEqual([
      'affects: 1 dataset (payments.transactions), 1 feature (transaction_features.txn_count_7d), 1 model (fraud-detector-2026-11)',
      `model fraud-detector-2026-11 (${MODEL_11}) (carries the term)`,
      `dataset payments.transactions (${TX}) (a column carries the term)`,
      `feature transaction_features.txn_count_7d (${TXN_COUNT}) (carries the term)`,
    ]);
    const again = await cli('--output', 'json');
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).changes).toEqual([]);
  });
});
