// Plans and applies a 2,000-entity catalog against the embedded catalog, then re-plans it, and prints the
// time, HTTP round trips and memory of each step. A benchmark prints numbers; it asserts nothing.
// Run: npm run bench
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyPlan } from '../dist/apply/apply-plan.js';
import { createDataHubClient } from '../dist/client/datahub-client.js';
import { readLiveState } from '../dist/client/read-live-state.js';
import { buildCatalog } from '../dist/manifest/load-catalog.js';
import { createPlan } from '../dist/plan/create-plan.js';
import { startCatalogServer } from '../dist/server/create-server.js';

const SIZE = Number(process.argv[2] ?? 2000);

function manifests(size) {
  const docs = ['apiVersion: catalog/v1\nkind: Settings\ndefaults: { platform: feast, env: PROD }'];
  for (let t = 0; t < size / 100; t += 1) {
    const features = Array.from(
      { length: 50 },
      (_, f) => `  - { name: f${f}, dataType: CONTINUOUS, description: "feature ${f}" }`,
    );
    docs.push(
      `apiVersion: catalog/v1\nkind: MLFeatureTable\nname: table_${t}\nfeatures:\n${features.join('\n')}`,
    );
    docs.push(`apiVersion: catalog/v1\nkind: MLModelGroup\nname: group_${t}\nplatform: mlflow`);
    for (let m = 0; m < 24; m += 1)
      docs.push(
        `apiVersion: catalog/v1\nkind: MLModel\nname: model_${t}_${m}\nplatform: mlflow\ngroups: [group_${t}]\nfeatures: [table_${t}.f${m}]`,
      );
    for (let g = 0; g < 24; g += 1)
      docs.push(`apiVersion: catalog/v1\nkind: GlossaryTerm\nid: T${t}.term${g}\nname: term ${g}`);
  }
  return [{ path: 'bench.yaml', text: docs.join('\n---\n') }];
}

const dir = mkdtempSync(path.join(tmpdir(), 'catalog-bench-'));
let requests = 0;
const server = await startCatalogServer({
  db: path.join(dir, 'bench.db'),
  port: 0,
  onRequest: () => (requests += 1),
});
const client = createDataHubClient({ gmsUrl: server.url });
const context = {
  toolVersion: 'bench',
  target: server.url,
  git: { revision: null, dirty: false },
  prune: false,
  maxDeletes: 0,
};

async function step(name, work) {
  const startRequests = requests;
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  const heap = process.memoryUsage().heapUsed / 1024 / 1024;
  console.log(
    `${name.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms  ${String(requests - startRequests).padStart(5)} requests  heap ${heap.toFixed(0)} MiB`,
  );
  return result;
}

try {
  console.log(`catalog benchmark: ${SIZE} entities, embedded catalog on ${server.url}`);
  const load = await step('load + validate manifests', () => buildCatalog(manifests(SIZE)));
  const state = load.state;
  const plan = await step('plan (empty catalog)', async () =>
    createPlan(state, await readLiveState(client.restli, state, { prune: false }), context),
  );
  console.log(`  ${plan.changes.length} changes`);
  const result = await step('apply', () => applyPlan(plan, client, { runId: 'bench' }));
  console.log(`  ${result.applied} applied, ${result.failed} failed`);
  const again = await step('re-plan (no changes)', async () =>
    createPlan(state, await readLiveState(client.restli, state, { prune: false }), context),
  );
  console.log(`  ${again.changes.length} changes`);
} finally {
  await client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
