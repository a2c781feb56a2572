// Load on the embedded catalog: 16, 32 and 64 concurrent clients for a bounded time each, mixing batch reads,
// aspect writes, GraphQL entity queries and searches against a `catalog serve` process (its own process, as
// in use). Records per level: requests, throughput, p50 and p99 latency per kind, error answers, and any
// SQLITE_BUSY that reached a client, in bench/results/load.json. It prints and records; it asserts nothing.
// Run: npm run bench (or: npm run build && node bench/load.js [--seconds 8] [--clients 16,32,64])
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  return index < 0 ? fallback : argv[index + 1];
};
const SECONDS = Number(option('--seconds', '8'));
const LEVELS = String(option('--clients', '16,32,64')).split(',').map(Number);
const ENTITIES = 2000;

const work = mkdtempSync(path.join(tmpdir(), 'catalog-load-'));
const server = await new Promise((resolve, reject) => {
  const child = spawn(
    'node',
    [path.join(root, 'dist/cli/main.js'), 'serve', '--db', path.join(work, 'load.db'), '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(output);
    if (match !== null) resolve({ child, url: match[1] });
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
});
const agent = new Agent({ connections: 128 });

const urnOf = (i) => `urn:li:mlFeature:(load_table,feature_${i})`;
const proposalFor = (i, text) => ({
  entityUrn: urnOf(i),
  entityType: 'mlFeature',
  changeType: 'UPSERT',
  aspectName: 'mlFeatureProperties',
  aspect: {
    value: JSON.stringify({
      description: `${text} feature ${i} for fraud and churn models`,
      dataType: 'CONTINUOUS',
    }),
    contentType: 'application/json',
  },
});

async function call(method, pathAndQuery, body) {
  const response = await request(`${server.url}${pathAndQuery}`, {
    method,
    dispatcher: agent,
    headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.body.text();
  return { status: response.statusCode, text };
}

// Seed: ENTITIES features in batches.
for (let start = 0; start < ENTITIES; start += 200) {
  const proposals = Array.from({ length: Math.min(200, ENTITIES - start) }, (_, k) =>
    proposalFor(start + k, 'seeded'),
  );
  const reply = await call('POST', '/aspects?action=ingestProposalBatch', { proposals });
  if (reply.status !== 200) throw new Error(`seeding failed: ${reply.status} ${reply.text}`);
}

const KINDS = {
  read: () => {
    const ids = Array.from({ length: 20 }, () =>
      encodeURIComponent(urnOf(Math.floor(Math.random() * ENTITIES))),
    );
    return call('GET', `/entitiesV2?ids=List(${ids.join(',')})&aspects=List(mlFeatureProperties)`);
  },
  write: () =>
    call('POST', '/aspects?action=ingestProposal', {
      proposal: proposalFor(Math.floor(Math.random() * ENTITIES), `written ${Date.now()}`),
    }),
  graphql: () =>
    call('POST', '/api/graphql', {
      query: `{ entity(urn: "${urnOf(Math.floor(Math.random() * ENTITIES))}") { urn type ... on MLFeature { name properties { description } } } }`,
    }),
  search: () =>
    call('POST', '/api/graphql', {
      query: `{ searchAcrossEntities(input: {types: [MLFEATURE], query: "${['fraud', 'churn', 'feature', 'written'][Math.floor(Math.random() * 4)]}", start: 0, count: 10}) { total } }`,
    }),
};
const MIX = ['read', 'read', 'read', 'read', 'write', 'write', 'graphql', 'graphql', 'search', 'search'];

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const results = [];
for (const clients of LEVELS) {
  const latencies = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, []]));
  let errors = 0;
  let busy = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = client; performance.now() < deadline; n += 1) {
        const kind = MIX[n % MIX.length];
        const begin = performance.now();
        const reply = await KINDS[kind]().catch((error) => ({ status: 0, text: String(error) }));
        latencies[kind].push(performance.now() - begin);
        if (reply.status !== 200 || reply.text.includes('"errors":[')) errors += 1;
        if (/SQLITE_BUSY|database is locked/i.test(reply.text)) busy += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const all = Object.values(latencies)
    .flat()
    .sort((a, b) => a - b);
  const perKind = Object.fromEntries(
    Object.entries(latencies).map(([kind, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        kind,
        {
          requests: sorted.length,
          p50Ms: +percentile(sorted, 50).toFixed(2),
          p99Ms: +percentile(sorted, 99).toFixed(2),
        },
      ];
    }),
  );
  const row = {
    clients,
    seconds: +elapsed.toFixed(2),
    requests: all.length,
    throughputPerSecond: Math.round(all.length / elapsed),
    p50Ms: +percentile(all, 50).toFixed(2),
    p99Ms: +percentile(all, 99).toFixed(2),
    errorAnswers: errors,
    sqliteBusyAnswers: busy,
    perKind,
  };
  results.push(row);
  console.log(
    `${String(clients).padStart(3)} clients: ${row.requests} requests in ${row.seconds} s, ${row.throughputPerSecond}/s, ` +
      `p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${errors} error answers, ${busy} SQLITE_BUSY`,
  );
}

await agent.close();
server.child.kill('SIGTERM');
rmSync(work, { recursive: true, force: true });
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
};
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench/results/load.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, options: { seconds: SECONDS, levels: LEVELS, entities: ENTITIES, mix: MIX }, results }, null, 2)}\n`,
);
console.log('wrote bench/results/load.json');
