// The embedded catalog at scale (issue 21 item 4). Generates realistic metadata as DataHub metadata files (MCPs in
// the `json` form `catalog ingest` reads): datasets with schemas, dataset and column glossary terms, ML features in
// feature tables, models in model groups, glossary terms, owners and tags, with names made of the words such
// catalogs use. Then measures, side by side:
//   (a) `catalog ingest` of 50,000 entities into a fresh database, search and relationship index included (the
//       wall time of the CLI process, which indexes before it exits), against the floor: a process that reads the
//       same file and inserts the same rows of metadata_aspect_v2 with better-sqlite3 prepared statements, in one
//       transaction (as the ingest writes a file), into the same table without any search index;
//   (b) at 250,000 entities (five such files ingested one after another), search over GraphQL (one word, two
//       words, a type filter, a facet filter; each with the default facets, as DataHub's app asks) and the UI's
//       entity pages (GET /e/<urn> of datasets, features, tables, models, groups and terms), against
//       `catalog serve` in its own process on loopback: median and p99 of each kind, and of the requests of each
//       kind that ask a search for the first time (the catalog reuses an answer until its index changes).
// Writes bench/results/embedded-250k.json and prints a table. It asserts nothing.
//
// Run: npm run build && node bench/embedded-250k.js [--entities 250000] [--ingest-runs 3] [--requests 200]
//      [--ingest-only] [--keep] [--db <catalog.db>]
//   --keep leaves the generated files and the large catalog's database in place (its path is printed);
//   --db <catalog.db> measures search and pages on such a kept database of --entities entities, skipping the
//   generation's files and both ingests (to iterate on serving); --ingest-runs 0 skips part (a).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cli, machine, root, startProcess, stop } from './harness.js';

const FILE_ENTITIES = 50_000;

function parseArgs(argv) {
  const options = {
    entities: 250_000,
    ingestRuns: 3,
    requests: 200,
    keep: false,
    ingestOnly: false,
    db: undefined,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1];
    if (argv[i] === '--entities') options.entities = Number(value);
    if (argv[i] === '--ingest-runs') options.ingestRuns = Number(value);
    if (argv[i] === '--requests') options.requests = Number(value);
    if (argv[i] === '--keep') options.keep = true;
    if (argv[i] === '--ingest-only') options.ingestOnly = true;
    if (argv[i] === '--db') options.db = path.resolve(value);
  }
  if (options.entities % FILE_ENTITIES !== 0)
    throw new Error(`--entities must be a multiple of ${FILE_ENTITIES}`);
  return options;
}

// ---------------------------------------------------------------------------------------------------------------
// Realistic metadata

const SUBJECTS = ['customer', 'order', 'payment', 'transaction', 'session', 'product', 'merchant', 'account', 'device', 'invoice', 'shipment', 'refund', 'loan', 'card', 'subscription', 'campaign', 'inventory', 'store', 'driver', 'claim']; // prettier-ignore
const MEASURES = ['amount', 'count', 'revenue', 'balance', 'latency', 'clicks', 'visits', 'returns', 'spend', 'score', 'discount', 'quantity', 'duration', 'tenure', 'views']; // prettier-ignore
const AGGREGATIONS = ['avg', 'sum', 'max', 'min', 'count', 'ratio', 'stddev', 'last', 'distinct', 'median'];
const WINDOWS = ['1h', '24h', '7d', '30d', '90d', '365d'];
const DOMAINS = ['churn', 'fraud', 'risk', 'credit', 'marketing', 'growth', 'finance', 'logistics', 'pricing', 'recommendation']; // prettier-ignore
const PLATFORMS = ['hive', 'snowflake', 'bigquery', 'postgres', 'kafka'];
const LAYERS = ['raw', 'staging', 'curated', 'mart'];
const COLUMN_TYPES = [
  ['string', 'com.linkedin.schema.StringType', 'varchar'],
  ['number', 'com.linkedin.schema.NumberType', 'double'],
  ['long', 'com.linkedin.schema.NumberType', 'bigint'],
  ['time', 'com.linkedin.schema.TimeType', 'timestamp'],
  ['boolean', 'com.linkedin.schema.BooleanType', 'boolean'],
];
const TAGS = ['pii', 'gdpr', 'tier1', 'tier2', 'deprecated', 'certified', 'experimental', 'sensitive'];
const TERM_GROUPS = ['Finance', 'Customer', 'Risk', 'Marketing', 'Operations', 'Privacy'];

const pick = (list, i) => list[((i % list.length) + list.length) % list.length];
const AUDIT = { time: 1700000000000, actor: 'urn:li:corpuser:ingestion' };

/** Every entity of one file (`part` makes its URNs distinct from the other files'), as MCP records. */
function generateFile(part) {
  const records = [];
  const mcp = (entityType, entityUrn, aspectName, json) =>
    records.push({ entityType, entityUrn, changeType: 'UPSERT', aspectName, aspect: { json } });
  const owners = (i) => ({
    owners: [
      { owner: `urn:li:corpuser:${pick(['ana', 'bo', 'chen', 'dev', 'eli', 'fatima', 'goran', 'hana'], i)}.${i % 61}`, type: 'TECHNICAL_OWNER' }, // prettier-ignore
      ...(i % 3 === 0
        ? [{ owner: `urn:li:corpGroup:${pick(DOMAINS, i)}-team`, type: 'BUSINESS_OWNER' }]
        : []),
    ],
    lastModified: AUDIT,
  });
  const tags = (i) => ({ tags: [{ tag: `urn:li:tag:${pick(TAGS, i)}` }] });
  const counts = {
    glossaryTerm: 2000,
    mlFeatureTable: 500,
    mlFeature: 25_000,
    mlModelGroup: 500,
    mlModel: 4000,
  };
  counts.dataset = FILE_ENTITIES - Object.values(counts).reduce((a, b) => a + b, 0);
  const p = `p${part}`;

  const termUrn = (t) => `urn:li:glossaryTerm:${pick(TERM_GROUPS, t)}.${p}_${pick(SUBJECTS, t)}_${pick(MEASURES, t >> 2)}_${t}`; // prettier-ignore
  for (let t = 0; t < counts.glossaryTerm; t += 1) {
    const subject = pick(SUBJECTS, t);
    const measure = pick(MEASURES, t >> 2);
    mcp('glossaryTerm', termUrn(t), 'glossaryTermInfo', {
      name: `${subject[0].toUpperCase()}${subject.slice(1)} ${measure} ${t}`,
      definition: `The ${measure} of a ${subject}, as the ${pick(DOMAINS, t)} team reports it; see the ${pick(TERM_GROUPS, t)} policy.`, // prettier-ignore
      termSource: 'INTERNAL',
    });
    mcp('glossaryTerm', termUrn(t), 'ownership', owners(t));
  }

  const featureUrn = (f) => {
    const table = Math.floor(f / 50);
    const name = `${pick(SUBJECTS, f)}_${pick(MEASURES, f >> 1)}_${pick(AGGREGATIONS, f >> 3)}_${pick(WINDOWS, f >> 5)}`;
    return `urn:li:mlFeature:(${p}_${pick(DOMAINS, table)}_${pick(SUBJECTS, table >> 1)}_features_${table},${name}_${f % 50})`;
  };
  const datasetUrn = (d) =>
    `urn:li:dataset:(urn:li:dataPlatform:${pick(PLATFORMS, d)},${pick(LAYERS, d >> 1)}.${pick(DOMAINS, d >> 3)}.${pick(SUBJECTS, d)}_${pick(MEASURES, d >> 2)}_${p}_${d},PROD)`; // prettier-ignore
  for (let f = 0; f < counts.mlFeature; f += 1) {
    const urn = featureUrn(f);
    mcp('mlFeature', urn, 'mlFeatureProperties', {
      description: `${pick(AGGREGATIONS, f >> 3)} of ${pick(SUBJECTS, f)} ${pick(MEASURES, f >> 1)} over ${pick(WINDOWS, f >> 5)}, for ${pick(DOMAINS, f >> 6)} models.`, // prettier-ignore
      dataType: pick(['CONTINUOUS', 'COUNT', 'ORDINAL', 'BINARY'], f),
      sources: [datasetUrn((f * 7) % counts.dataset)],
    });
    if (f % 4 === 0) mcp('mlFeature', urn, 'globalTags', tags(f));
  }

  const tableUrn = (t) => `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,${p}_${pick(DOMAINS, t)}_${pick(SUBJECTS, t >> 1)}_features_${t})`; // prettier-ignore
  for (let t = 0; t < counts.mlFeatureTable; t += 1) {
    mcp('mlFeatureTable', tableUrn(t), 'mlFeatureTableProperties', {
      description: `${pick(SUBJECTS, t >> 1)} features for ${pick(DOMAINS, t)}, refreshed daily.`,
      mlFeatures: Array.from({ length: 50 }, (_, k) => featureUrn(t * 50 + k)),
      customProperties: { owner_team: `${pick(DOMAINS, t)}-team`, online_store: 'redis' },
    });
    mcp('mlFeatureTable', tableUrn(t), 'ownership', owners(t));
  }

  const groupUrn = (g) => `urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,${p}_${pick(DOMAINS, g)}_${pick(SUBJECTS, g >> 2)}_model_${g},PROD)`; // prettier-ignore
  for (let g = 0; g < counts.mlModelGroup; g += 1) {
    mcp('mlModelGroup', groupUrn(g), 'mlModelGroupProperties', {
      description: `Every version of the ${pick(DOMAINS, g)} model for ${pick(SUBJECTS, g >> 2)}s.`,
    });
    mcp('mlModelGroup', groupUrn(g), 'ownership', owners(g));
  }
  for (let m = 0; m < counts.mlModel; m += 1) {
    const g = m % counts.mlModelGroup;
    const urn = `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${p}_${pick(DOMAINS, g)}_${pick(SUBJECTS, g >> 2)}_model_${g}_v${Math.floor(m / counts.mlModelGroup) + 1},PROD)`; // prettier-ignore
    mcp('mlModel', urn, 'mlModelProperties', {
      description: `Predicts ${pick(DOMAINS, g)} for ${pick(SUBJECTS, g >> 2)}s from ${pick(MEASURES, m)} and ${pick(MEASURES, m + 3)} features.`, // prettier-ignore
      type: pick(['xgboost', 'lightgbm', 'logistic_regression', 'transformer'], m),
      mlFeatures: [0, 1, 2, 3, 4].map((k) => featureUrn((m * 5 + k * 13) % counts.mlFeature)),
      groups: [groupUrn(g)],
      customProperties: { framework: pick(['sklearn', 'pytorch', 'xgboost'], m), stage: pick(['Production', 'Staging', 'Archived'], m) }, // prettier-ignore
      hyperParams: [
        { name: 'learning_rate', value: '0.05' },
        { name: 'max_depth', value: String(4 + (m % 6)) },
      ],
      trainingMetrics: [{ name: 'auc', value: (0.7 + (m % 25) / 100).toFixed(2) }],
    });
    mcp('mlModel', urn, 'ownership', owners(m));
    if (m % 3 === 0) mcp('mlModel', urn, 'globalTags', tags(m));
  }

  const TOOL = { actor: 'urn:li:corpuser:catalog', context: '{"managedBy":"catalog"}' };
  for (let d = 0; d < counts.dataset; d += 1) {
    const urn = datasetUrn(d);
    const subject = pick(SUBJECTS, d);
    const width = 5 + ((d * 11) % 26);
    const columns = Array.from({ length: width }, (_, c) => {
      const [, type, native] = pick(COLUMN_TYPES, c + d);
      const name =
        c === 0
          ? `${subject}_id`
          : c === 1
            ? 'event_ts'
            : `${pick(SUBJECTS, d + c)}_${pick(MEASURES, c)}${c % 4 === 0 ? `_${pick(WINDOWS, c)}` : ''}_${c}`;
      return { name, type, native };
    });
    mcp('dataset', urn, 'datasetProperties', {
      name: `${subject}_${pick(MEASURES, d >> 2)}_${p}_${d}`,
      description: `${pick(LAYERS, d >> 1)} ${subject} ${pick(MEASURES, d >> 2)} for ${pick(DOMAINS, d >> 3)}; one row per ${subject} per day.`, // prettier-ignore
      customProperties: { retention_days: String(30 + (d % 12) * 30), source_system: pick(['sap', 'salesforce', 'stripe', 'segment'], d) }, // prettier-ignore
      tags: [],
    });
    mcp('dataset', urn, 'schemaMetadata', {
      schemaName: `${subject}_${d}`,
      platform: `urn:li:dataPlatform:${pick(PLATFORMS, d)}`,
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: columns.map((column, c) => ({
        fieldPath: column.name,
        nullable: c > 0,
        type: { type: { [column.type]: {} } },
        nativeDataType: column.native,
        recursive: false,
        ...(c % 3 === 1 ? { description: `The ${column.name.replace(/_/g, ' ')} of the ${subject}.` } : {}),
      })),
    });
    mcp('dataset', urn, 'subTypes', { typeNames: [d % 7 === 0 ? 'View' : 'Table'] });
    mcp('dataset', urn, 'ownership', owners(d));
    if (d % 3 === 0) mcp('dataset', urn, 'globalTags', tags(d));
    if (d % 5 < 3) {
      mcp('dataset', urn, 'glossaryTerms', {
        terms: [{ urn: termUrn(d % counts.glossaryTerm), ...TOOL }],
        auditStamp: AUDIT,
      });
    }
    if (d % 5 < 2) {
      mcp('dataset', urn, 'editableSchemaMetadata', {
        editableSchemaFieldInfo: [2, 3]
          .filter((c) => c < width)
          .map((c) => ({
            fieldPath: columns[c].name,
            glossaryTerms: {
              terms: [{ urn: termUrn((d + c) % counts.glossaryTerm), ...TOOL }],
              auditStamp: AUDIT,
            },
          })),
        created: AUDIT,
        lastModified: AUDIT,
      });
    }
  }
  const samples = {
    dataset: Array.from({ length: 50 }, (_, i) => datasetUrn((i * 353) % counts.dataset)),
    mlFeature: Array.from({ length: 50 }, (_, i) => featureUrn((i * 499) % counts.mlFeature)),
    mlFeatureTable: Array.from({ length: 50 }, (_, i) => tableUrn((i * 9) % counts.mlFeatureTable)),
    mlModelGroup: Array.from({ length: 50 }, (_, i) => groupUrn((i * 9) % counts.mlModelGroup)),
    glossaryTerm: Array.from({ length: 50 }, (_, i) => termUrn((i * 39) % counts.glossaryTerm)),
  };
  return { records, counts, samples };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

function run(command, argv, options = {}) {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: performance.now() - start }));
  });
}

const startServer = (db) =>
  startProcess('node', [cli, 'serve', '--db', db, '--port', '0'], /listening on (http:\/\/[^\s]+)/);

/** `catalog ingest <file>` into the embedded catalog of `work` (its .catalog/catalog.db); the process's wall time. */
async function ingest(work, file) {
  // HOME: no ~/.datahubenv of the machine's user may send the ingest elsewhere.
  const env = { ...process.env, HOME: work };
  delete env.DATAHUB_GMS_URL;
  const result = await run('node', [cli, 'ingest', file], { cwd: work, env });
  if (result.code !== 0) throw new Error(`ingest failed: ${result.stderr}`);
  return result.ms;
}

/** The floor, in its own process (floor-insert mode of this script). */
async function floor(file, db) {
  const result = await run('node', [fileURLToPath(import.meta.url), '--floor', file, db]);
  if (result.code !== 0) throw new Error(`floor failed: ${result.stderr}`);
  return { ms: result.ms, ...JSON.parse(result.stdout.trim().split('\n').at(-1)) };
}

/**
 * The floor: reads and parses the file, turns each record into the row the catalog stores (value as JSON text,
 * system metadata, and a key aspect row per entity), and inserts the rows with one prepared statement in one
 * transaction, journaled as the embedded ingest writes a file, into metadata_aspect_v2 with its index and no
 * search or relationship index. Prints the time of its parts.
 */
async function floorInsert(file, dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const { keyAspectFromUrn } = await import('../dist/model/registry.js');
  const { parseRawUrn } = await import('../dist/model/urn.js');
  const t0 = performance.now();
  const records = JSON.parse(readFileSync(file, 'utf8'));
  const t1 = performance.now();
  const proposals = records.map((record) => ({
    entityType: record.entityType,
    entityUrn: record.entityUrn,
    changeType: 'UPSERT',
    aspectName: record.aspectName,
    aspect: record.aspect.json,
  }));
  const db = new Database(dbFile);
  // Journaled as the catalog writes a bulk load when it has the file to itself (AspectStore.openTransaction): a
  // rollback journal, synchronous FULL. Through the write-ahead log this floor took about 0.5 s more (4.26 s
  // against 3.78 s, median of three, 2026-11-25).
  db.pragma('journal_mode = DELETE');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE metadata_aspect_v2 (
       urn TEXT NOT NULL, aspect TEXT NOT NULL, version INTEGER NOT NULL, metadata TEXT NOT NULL,
       systemmetadata TEXT NOT NULL, createdon INTEGER NOT NULL, createdby TEXT NOT NULL,
       PRIMARY KEY (urn, aspect, version)) WITHOUT ROWID;
     CREATE INDEX metadata_aspect_v2_latest ON metadata_aspect_v2 (aspect, version, urn);`);
  const insert = db.prepare('INSERT INTO metadata_aspect_v2 VALUES (?, ?, 0, ?, ?, ?, ?)');
  const now = Date.now();
  const systemMetadata = JSON.stringify({ lastObserved: now, version: '1' });
  const actor = 'urn:li:corpuser:datahub';
  const t2 = performance.now();
  let rows = 0;
  const keyed = new Set();
  db.transaction(() => {
    for (const proposal of proposals) {
      insert.run(
        proposal.entityUrn,
        proposal.aspectName,
        JSON.stringify(proposal.aspect),
        systemMetadata,
        now,
        actor,
      );
      rows += 1;
      if (!keyed.has(proposal.entityUrn)) {
        keyed.add(proposal.entityUrn);
        const raw = parseRawUrn(proposal.entityUrn);
        const key = keyAspectFromUrn(raw.value.entityType, raw.value.parts);
        insert.run(proposal.entityUrn, key.aspectName, JSON.stringify(key.value), systemMetadata, now, actor);
        rows += 1;
      }
    }
  })();
  db.close();
  const t3 = performance.now();
  console.log(JSON.stringify({ readParseMs: t1 - t0, insertMs: t3 - t2, rows, transactions: 1 }));
}

// ---------------------------------------------------------------------------------------------------------------
// Latency

function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    requests: sorted.length,
    medianMs: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1)),
  };
}
const round = (ms) => Math.round(ms * 10) / 10;

async function timeRequests(count, send) {
  return summarize(await timesOf(count, send));
}

async function timesOf(count, send) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await send(i);
    times.push(performance.now() - start);
  }
  return times;
}

const SEARCH = `query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) {
  start count total
  searchResults { entity { urn type ... on MLFeature { name description } ... on Dataset { name properties { name description } platform { name } } ... on MLModel { name description } ... on GlossaryTerm { name properties { name } } } matchedFields { name value } }
  facets { field displayName aggregations { value count } } } }`;

function searchCases() {
  const words = [...SUBJECTS, ...MEASURES, ...DOMAINS];
  return [
    ['one word', (i) => ({ query: pick(words, i * 7), count: 10 })],
    ['two words', (i) => ({ query: `${pick(SUBJECTS, i * 3)} ${pick(MEASURES, i * 5 + 1)}`, count: 10 })],
    [
      'word + type filter',
      (i) => ({
        query: pick(SUBJECTS, i * 3),
        types: [pick(['MLFEATURE', 'DATASET', 'MLMODEL'], i)],
        count: 10,
      }),
    ],
    [
      'word + facet filter',
      (i) => ({
        query: pick(DOMAINS, i * 3),
        orFilters: [
          {
            and: [
              i % 2 === 0
                ? { field: 'platform', values: [`urn:li:dataPlatform:${pick(PLATFORMS, i)}`] }
                : { field: 'tags', values: [`urn:li:tag:${pick(TAGS, i)}`] },
            ],
          },
        ],
        count: 10,
      }),
    ],
  ];
}

async function measureServing(url, samples, requests) {
  const post = async (input) => {
    const response = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: SEARCH, variables: { input } }),
    });
    const body = await response.json();
    if (!response.ok || body.errors)
      throw new Error(`search failed: ${JSON.stringify(body.errors ?? response.status)}`);
    return body.data.searchAcrossEntities.total;
  };
  // The first read waits for any indexing left (timed apart): what follows runs on a fully indexed catalog.
  const settleStart = performance.now();
  const total = await post({ query: '*', count: 1 });
  const settleMs = performance.now() - settleStart;
  const search = {};
  for (const [name, input] of searchCases()) {
    // One warm-up request per kind (statement preparation, page cache) before the timed ones.
    await post(input(requests));
    const times = await timesOf(requests, (i) => post(input(i)));
    // The requests asking a search for the first time (the catalog keeps answers until the index changes):
    // what a search nobody asked before takes.
    const seen = new Set([JSON.stringify(input(requests))]);
    const first = times.filter((_, i) => {
      const key = JSON.stringify(input(i));
      return !seen.has(key) && seen.add(key) !== undefined;
    });
    search[name] = { ...summarize(times), firstAsked: summarize(first) };
  }
  const pages = {};
  const types = [...Object.keys(samples), 'mlModel'];
  for (const type of types) {
    const urns = type === 'mlModel' ? samples.mlModel : samples[type];
    const get = async (i) => {
      const urn = urns[i % urns.length];
      const response = await fetch(`${url}/e/${encodeURIComponent(urn)}`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET /e/${urn}: ${response.status} ${text.slice(0, 200)}`);
    };
    await get(0);
    pages[type] = await timeRequests(Math.ceil(requests / types.length), get);
  }
  const allPages = Object.values(pages);
  return {
    total,
    settleMs: round(settleMs),
    search,
    pages,
    pagesRequests: allPages.reduce((a, b) => a + b.requests, 0),
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** Search and pages on a kept database (--db): prints the figures and writes no results (they lack the ingest). */
async function measureKept(args) {
  const samples = {};
  for (let part = 0; part < args.entities / FILE_ENTITIES; part += 1) {
    const generated = generateFile(part);
    for (const [type, urns] of Object.entries(generated.samples)) (samples[type] ??= []).push(...urns);
    if (part === 0) {
      const models = generated.records.filter(
        (r) => r.entityType === 'mlModel' && r.aspectName === 'mlModelProperties',
      );
      samples.mlModel = Array.from({ length: 50 }, (_, i) => models[(i * 79) % models.length].entityUrn);
    }
  }
  const server = await startServer(args.db);
  let serving;
  try {
    serving = await measureServing(server.url, samples, args.requests);
  } finally {
    await stop(server.child);
  }
  console.log(
    `at ${serving.total} entities (${Math.round(statSync(args.db).size / 2 ** 20)} MiB database, kept; first search ${serving.settleMs} ms):`,
  );
  printServing(serving);
}

function printServing(serving) {
  console.log(
    `  ${'kind'.padEnd(34)} ${'requests'.padStart(8)} ${'median'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)}`,
  );
  const line = (name, s) =>
    console.log(`  ${name.padEnd(34)} ${String(s.requests).padStart(8)} ${`${s.medianMs} ms`.padStart(9)} ${`${s.p99Ms} ms`.padStart(9)} ${`${s.maxMs} ms`.padStart(9)}`); // prettier-ignore
  for (const [name, s] of Object.entries(serving.search)) {
    line(`search: ${name}`, s);
    line(`  asked for the first time`, s.firstAsked);
  }
  for (const [name, s] of Object.entries(serving.pages)) line(`page /e/<${name}>`, s);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.db !== undefined) {
    await measureKept(args);
    return;
  }
  const base = mkdtempSync(path.join(tmpdir(), 'catalog-bench-embedded-'));
  const files = [];
  const samples = {};
  let counts;
  try {
    for (let part = 0; part < args.entities / FILE_ENTITIES; part += 1) {
      const generated = generateFile(part);
      const file = path.join(base, `metadata-${part}.json`);
      writeFileSync(file, JSON.stringify(generated.records));
      files.push(file);
      counts = generated.counts;
      for (const [type, urns] of Object.entries(generated.samples)) (samples[type] ??= []).push(...urns);
      if (part === 0) {
        // Model URNs are read back from the file: a sample spread over the list.
        const models = generated.records.filter(
          (r) => r.entityType === 'mlModel' && r.aspectName === 'mlModelProperties',
        );
        samples.mlModel = Array.from({ length: 50 }, (_, i) => models[(i * 79) % models.length].entityUrn);
      }
    }
    const fileMb = statSync(files[0]).size / 2 ** 20;
    const aspects = JSON.parse(readFileSync(files[0], 'utf8')).length;
    console.log(
      `generated ${files.length} files of ${FILE_ENTITIES} entities (${aspects} aspects, ${fileMb.toFixed(0)} MiB each): ` +
        Object.entries(counts)
          .map(([type, n]) => `${n} ${type}`)
          .join(', '),
    );

    // (a) ingest of 50,000 entities into a fresh database vs the floor, alternating, several runs.
    const ingestRuns = [];
    for (let r = 0; r < args.ingestRuns; r += 1) {
      const work = path.join(base, `ingest-${r}`);
      mkdirSync(work);
      // The machine's load (1-minute average) as the pair starts: other work on its two cores slows the ingest,
      // which uses both, more than the floor, which uses one.
      const load = Math.round(loadavg()[0] * 100) / 100;
      const floorRun = await floor(files[0], path.join(work, 'floor.db'));
      const ingestMs = await ingest(work, files[0]);
      ingestRuns.push({ load, ingestMs: round(ingestMs), floor: { ...floorRun, ms: round(floorRun.ms) } });
      console.log(
        `run ${r + 1}: catalog ingest ${(ingestMs / 1000).toFixed(2)} s | floor ${(floorRun.ms / 1000).toFixed(2)} s ` +
          `(read+parse ${(floorRun.readParseMs / 1000).toFixed(2)} s, inserts ${(floorRun.insertMs / 1000).toFixed(2)} s, ` +
          `${floorRun.rows} rows in ${floorRun.transactions} transactions) | load ${load}`,
      );
      rmSync(work, { recursive: true, force: true });
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const ingestMs = median(ingestRuns.map((r) => r.ingestMs));
    const floorMs = median(ingestRuns.map((r) => r.floor.ms));
    const insertMs = median(ingestRuns.map((r) => r.floor.insertMs));
    if (ingestRuns.length > 0)
      console.log(
        `median: ingest ${(ingestMs / 1000).toFixed(2)} s, floor ${(floorMs / 1000).toFixed(2)} s (${(ingestMs / floorMs).toFixed(2)}x), inserts alone ${(insertMs / 1000).toFixed(2)} s (${(ingestMs / insertMs).toFixed(2)}x)`,
      );
    if (args.ingestOnly) return;

    // (b) the catalog at `entities`: every file ingested, one after another, into one database.
    const big = path.join(base, 'big');
    mkdirSync(big);
    const loads = [];
    for (const file of files) {
      loads.push(round(await ingest(big, file)));
      console.log(`ingested ${file} into the large catalog in ${(loads.at(-1) / 1000).toFixed(1)} s`);
    }
    const db = path.join(big, '.catalog/catalog.db');
    const dbMb = statSync(db).size / 2 ** 20;
    const server = await startServer(db);
    let serving;
    try {
      serving = await measureServing(server.url, samples, args.requests);
    } finally {
      await stop(server.child);
    }

    const report = {
      date: new Date().toISOString(),
      machine: machine(),
      options: args,
      ingest: {
        entities: FILE_ENTITIES,
        aspects,
        fileMb: round(fileMb),
        counts,
        runs: ingestRuns,
        medianIngestMs: ingestMs,
        medianFloorMs: floorMs,
        medianFloorInsertMs: insertMs,
        ratioToFloor: Math.round((ingestMs / floorMs) * 100) / 100,
        ratioToInsertsOnly: Math.round((ingestMs / insertMs) * 100) / 100,
      },
      serving: { entities: serving.total, dbMb: Math.round(dbMb), loadsMs: loads, ...serving },
    };
    // Without part (a) the report would lack the ingest figures: it is printed, not written.
    if (ingestRuns.length > 0) {
      mkdirSync(path.join(root, 'bench/results'), { recursive: true });
      writeFileSync(
        path.join(root, 'bench/results/embedded-250k.json'),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    }

    console.log('');
    if (ingestRuns.length === 0) {
      console.log(`at ${serving.total} entities (${Math.round(dbMb)} MiB database):`);
      printServing(serving);
      return;
    }
    console.log(
      `ingest of ${FILE_ENTITIES} entities (${aspects} aspects), median of ${args.ingestRuns} runs:`,
    );
    console.log(`  catalog ingest (index included)         ${(ingestMs / 1000).toFixed(2).padStart(7)} s`);
    console.log(
      `  floor: read, parse, insert (no index)   ${(floorMs / 1000).toFixed(2).padStart(7)} s   ratio ${report.ingest.ratioToFloor}x`,
    );
    console.log(
      `  floor: the inserts alone                ${(insertMs / 1000).toFixed(2).padStart(7)} s   ratio ${report.ingest.ratioToInsertsOnly}x`,
    );
    console.log(`at ${serving.total} entities (${Math.round(dbMb)} MiB database):`);
    printServing(serving);
    console.log('wrote bench/results/embedded-250k.json');
  } finally {
    if (!args.keep) rmSync(base, { recursive: true, force: true });
    else console.log(`kept ${base}`);
  }
}

if (process.argv[2] === '--floor') await floorInsert(process.argv[3], process.argv[4]);
else await main();
