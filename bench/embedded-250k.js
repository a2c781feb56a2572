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
// Writes bench/results/embedded-250k.json and prints a table. It asserts nothing. The metadata is made in
// embedded-metadata.js, the floor in embedded-floor.js, and the serving figures in embedded-serving.js.
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
import { floorInsert } from './embedded-floor.js';
import { FILE_ENTITIES, generateFile, sampleModels } from './embedded-metadata.js';
import { measureServing, printServing, round } from './embedded-serving.js';
import { cli, machine, root, startProcess, stop } from './harness.js';

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

/** Search and pages on a kept database (--db): prints the figures and writes no results (they lack the ingest). */
async function measureKept(args) {
  const samples = {};
  for (let part = 0; part < args.entities / FILE_ENTITIES; part += 1) {
    const generated = generateFile(part);
    for (const [type, urns] of Object.entries(generated.samples)) (samples[type] ??= []).push(...urns);
    if (part === 0) samples.mlModel = sampleModels(generated.records);
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
      // Model URNs are read back from the file: a sample spread over the list.
      if (part === 0) samples.mlModel = sampleModels(generated.records);
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
