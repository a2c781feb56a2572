import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/apply/apply-plan.js';
import { createDataHubClient, type DataHubClient } from '../../src/client/datahub-client.js';
import { readLiveState } from '../../src/client/read-live-state.js';
import { chunkProposals } from '../../src/client/restli-client.js';
import { buildCatalog } from '../../src/manifest/load-catalog.js';
import type { DesiredState } from '../../src/model/desired-state.js';
import { parseMetadataRecords } from '../../src/model/metadata-file.js';
import { createPlan } from '../../src/plan/create-plan.js';
import { startFlakyProxy, type Fault } from '../helpers/flaky-proxy.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const noWait = {
  sleep: () => Promise.resolve(),
  random: () => 0.5,
  retry: { maxRetries: 8, baseDelayMs: 1, maxDelayMs: 1, maxTotalDelayMs: 1_000 },
};

function exampleState(): DesiredState {
  const files = [
    'catalog.yaml',
    'glossary/classification.yaml',
    'glossary/ml-usage.yaml',
    'features/shared-features.yaml',
    'features/user-features.yaml',
    'features/transaction-features.yaml',
    'models/fraud-detector.yaml',
    'datasets/users-profile.yaml',
    'datasets/payments-transactions.yaml',
    'governance/governance.yaml',
  ].map((file) => ({ path: `catalog/${file}`, text: readFileSync(`catalog/${file}`, 'utf8') }));
  const load = buildCatalog(files);
  expect(load.diagnostics).toEqual([]);
  return load.state!;
}

async function seed(server: TestServer): Promise<void> {
  const parsed = parseMetadataRecords(JSON.parse(readFileSync('examples/datasets.json', 'utf8')));
  if (!parsed.ok) throw new Error('bad example');
  const client = createDataHubClient({ gmsUrl: server.url });
  for (const chunk of chunkProposals(parsed.proposals)) await client.restli.ingestBatch(chunk);
  await client.close();
}

async function planWith(client: DataHubClient, state: DesiredState, prune = false) {
  const live = await readLiveState(client.restli, state, { prune });
  return createPlan(state, live, {
    toolVersion: 'test',
    target: 'test',
    git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
    prune,
    maxDeletes: 0,
  });
}

// The fault-injection tests run one request at a time and with 8 in flight: every safety rule must hold both ways.
describe.each([1, 8])('apply against an unreliable server, parallelism %i', (parallelism) => {
  let server: TestServer;
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await server.close();
  });

  it('converges through 503s and lost answers, with nothing lost or duplicated', async () => {
    server = await startTestServer();
    await seed(server);
    let writes = 0;
    const proxy = await startFlakyProxy(server.url, (request): Fault => {
      if (request.index % 3 === 1)
        return {
          kind: 'status',
          status: 503,
          body: { message: 'Service Unavailable' },
          headers: { 'Retry-After': '0' },
        };
      const isWrite =
        request.method === 'POST' &&
        (request.path.startsWith('/aspects') || request.body.includes('mutation'));
      if (isWrite && (writes += 1) % 2 === 1) return { kind: 'drop-after' };
      return { kind: 'pass' };
    });
    closers.push(proxy.close);
    const flaky = createDataHubClient({ gmsUrl: proxy.url, http: { ...noWait, parallelism } });
    closers.push(() => flaky.close());

    const state = exampleState();
    const plan = await planWith(flaky, state);
    expect(plan.changes.length).toBe(47);
    const result = await applyPlan(plan, flaky, { runId: 'test' });
    expect(result).toMatchObject({ ok: true, applied: 47, failed: 0, skipped: 0 });
    expect(proxy.seen.length).toBeGreaterThan(20);
    expect(writes).toBeGreaterThan(4);

    const direct = createDataHubClient({ gmsUrl: server.url });
    closers.push(() => direct.close());
    expect((await planWith(direct, state)).changes).toEqual([]);
    // Written once each: a retried write of the same value does not make a new version, and no edge is doubled.
    const live = await readLiveState(direct.restli, state, { prune: false });
    for (const entity of state.entities)
      expect(live.entities.get(entity.urn)?.aspects.get(entity.aspectName)?.version).toBe('1');
    for (const dataset of state.datasets) {
      const terms = live.entities.get(dataset.datasetUrn)?.aspects.get('glossaryTerms')?.value['terms'] as {
        urn: string;
      }[];
      expect(new Set(terms.map((term) => term.urn)).size).toBe(terms.length);
    }
  });

  it('converges a 2,000-entity catalog through 503s and lost answers, many batches in flight', async () => {
    server = await startTestServer();
    let writes = 0;
    const proxy = await startFlakyProxy(server.url, (request): Fault => {
      if (request.index % 5 === 2)
        return { kind: 'status', status: 503, body: {}, headers: { 'Retry-After': '0' } };
      const isWrite = request.method === 'POST' && request.path.startsWith('/aspects?action=ingest');
      if (isWrite && (writes += 1) % 3 === 1) return { kind: 'drop-after' };
      return { kind: 'pass' };
    });
    closers.push(proxy.close);
    const flaky = createDataHubClient({ gmsUrl: proxy.url, http: { ...noWait, parallelism } });
    closers.push(() => flaky.close());
    const state = bigCatalog(2000);
    const result = await applyPlan(await planWith(flaky, state), flaky, { runId: 'test' });
    expect(result).toMatchObject({ ok: true, applied: 2000, failed: 0, skipped: 0 });
    const direct = createDataHubClient({ gmsUrl: server.url });
    closers.push(() => direct.close());
    expect((await planWith(direct, state)).changes).toEqual([]);
    const live = await readLiveState(direct.restli, state, { prune: false });
    for (const entity of state.entities)
      expect(live.entities.get(entity.urn)?.aspects.get(entity.aspectName)?.version).toBe('1');
  });

  it('falls back, with a warning, when the server refuses conditional-write headers', async () => {
    server = await startTestServer();
    await seed(server);
    const proxy = await startFlakyProxy(server.url, (request): Fault =>
      request.path.startsWith('/aspects?action=ingestProposalBatch') && request.body.includes('"headers"')
        ? {
            kind: 'status',
            status: 422,
            body: {
              status: 422,
              message:
                "Parameters of method 'ingestProposalBatch' failed validation with error 'ERROR :: /proposals/0/headers :: unrecognized field found but not allowed'",
            },
          }
        : { kind: 'pass' },
    );
    closers.push(proxy.close);
    const client = createDataHubClient({ gmsUrl: proxy.url, http: { ...noWait, parallelism } });
    closers.push(() => client.close());
    const state = exampleState();
    const warnings: string[] = [];
    const result = await applyPlan(await planWith(client, state), client, {
      runId: 'test',
      onWarning: (message) => warnings.push(message),
    });
    expect(result.ok).toBe(true);
    expect(warnings).toEqual([expect.stringContaining('does not accept conditional-write headers')]);
    expect((await planWith(client, state)).changes).toEqual([]);
  });
});

/** A catalog of `size` entities: terms, groups, feature tables with inline features, models. */
function bigCatalog(size: number): DesiredState {
  const docs: string[] = ['apiVersion: catalog/v1\nkind: Settings\ndefaults: { platform: feast, env: PROD }'];
  const tables = size / 100;
  for (let t = 0; t < tables; t += 1) {
    const features = Array.from(
      { length: 50 },
      (_, f) => `  - { name: f${f}, dataType: CONTINUOUS, description: "feature ${f}" }`,
    ).join('\n');
    docs.push(
      `apiVersion: catalog/v1\nkind: MLFeatureTable\nname: table_${t}\ndescription: table ${t}\nfeatures:\n${features}`,
    );
    docs.push(`apiVersion: catalog/v1\nkind: MLModelGroup\nname: group_${t}\nplatform: mlflow`);
    for (let m = 0; m < 24; m += 1) {
      docs.push(
        `apiVersion: catalog/v1\nkind: MLModel\nname: model_${t}_${m}\nplatform: mlflow\ngroups: [group_${t}]\nfeatures: [table_${t}.f${m}]`,
      );
    }
    for (let g = 0; g < 24; g += 1)
      docs.push(
        `apiVersion: catalog/v1\nkind: GlossaryTerm\nid: T${t}.term${g}\nname: term ${g}\ntermSource: EXTERNAL`,
      );
  }
  const load = buildCatalog([{ path: 'big.yaml', text: docs.join('\n---\n') }]);
  expect(load.diagnostics).toEqual([]);
  expect(load.state!.entities).toHaveLength(size);
  return load.state!;
}

describe('round trips', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('plans a 2,000-entity catalog in a handful of reads, and applies it in batches', async () => {
    server = await startTestServer();
    const client = createDataHubClient({ gmsUrl: server.url });
    const state = bigCatalog(2000);
    const reads = () => server.requests.filter((request) => request.path.startsWith('/entitiesV2')).length;

    const plan = await planWith(client, state);
    expect(plan.changes).toHaveLength(2000);
    // One batch_get per entity type, and per 1,000 URNs: terms, groups, features (1,000), tables, models.
    expect(reads()).toBe(5);

    const before = server.requests.length;
    const result = await applyPlan(plan, client, { runId: 'test' });
    expect(result.ok).toBe(true);
    const writes = server.requests
      .slice(before)
      .filter((request) => request.path.startsWith('/aspects?action'));
    // 2,000 aspects + 2,000 status marks, 200 per request, split by dependency phase.
    expect(writes.length).toBeLessThanOrEqual(25);

    const again = server.requests.length;
    expect((await planWith(client, state)).changes).toEqual([]);
    expect(server.requests.length - again).toBe(5);

    const small = bigCatalog(200);
    const smallStart = server.requests.length;
    await planWith(client, small);
    expect(server.requests.length - smallStart).toBe(5);
    await client.close();
  });
});
