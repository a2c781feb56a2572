// The side-by-side benchmark: `catalog reconcile` against a per-entity read-modify-write client (the service
// interface's section 4.2), on the same embedded server, through a latency proxy in its own process, at several
// catalog sizes and latencies. For each: converge from empty, then a no-op reconcile; wall time, requests and
// peak memory, and the ratio. Writes bench/results/latest.json and bench/results/chart.svg. Asserts nothing.
//
// Run: npm run bench   (or: npm run build && node bench/run.js [--sizes 1000,10000,50000] [--latencies 0,20]
//                       [--baseline-limit 2000] [--parallelism 4])
// The per-entity client is slow by nature (hours at 50,000 entities and 20 ms): above --baseline-limit entities
// it runs on a catalog of that size and its time and requests are scaled to the full size (marked
// "extrapolatedFrom" in the results). --baseline-limit 0 runs it in full everywhere.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { environment, machine, measureCli, root, run } from './harness.js';
import { generateCatalog } from './generate-catalog.js';
import { renderChart } from './chart.js';

const args = parseArgs(process.argv.slice(2));

function parseArgs(argv) {
  const options = {
    sizes: [1000, 10000, 50000],
    latencies: [0, 20],
    baselineLimit: 2000,
    parallelism: undefined,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1];
    if (argv[i] === '--sizes') options.sizes = value.split(',').map(Number);
    if (argv[i] === '--latencies') options.latencies = value.split(',').map(Number);
    if (argv[i] === '--baseline-limit') options.baselineLimit = Number(value);
    if (argv[i] === '--parallelism') options.parallelism = Number(value);
  }
  return options;
}

async function measureTool(work, url, requests, extra = []) {
  const parallelism = args.parallelism === undefined ? [] : ['--parallelism', String(args.parallelism)];
  const argv = ['reconcile', 'catalog', '--server', url, ...parallelism, ...extra];
  // latest.json keeps its fields: wall time, requests, peak memory (floors.js reports the CPU time).
  const { seconds, requests: sent, peakMb } = await measureCli(work, argv, requests);
  return { seconds, requests: sent, peakMb };
}

async function measureBaseline(work, url, requests) {
  const before = await requests();
  const start = performance.now();
  const result = await run('node', [path.join(root, 'bench/per-entity-client.js'), 'catalog', url], work);
  if (result.code !== 0) throw new Error(`per-entity client failed: ${result.stderr}`);
  const stats = JSON.parse(result.stdout.trim().split('\n').at(-1));
  return {
    seconds: (performance.now() - start) / 1000,
    requests: (await requests()) - before,
    peakMb: Math.round(stats.maxRssMb),
  };
}

const scale = (measure, factor) => ({
  ...measure,
  seconds: measure.seconds * factor,
  requests: Math.round(measure.requests * factor),
});

const results = [];
const base = mkdtempSync(path.join(tmpdir(), 'catalog-bench-'));
try {
  for (const size of args.sizes) {
    const work = path.join(base, `tool-${size}`);
    const { metadataFile, counts } = generateCatalog(work, size);
    const baselineSize = args.baselineLimit > 0 ? Math.min(size, args.baselineLimit) : size;
    const baselineWork = baselineSize === size ? work : path.join(base, `baseline-${baselineSize}`);
    const baselineMetadata =
      baselineSize === size ? metadataFile : generateCatalog(baselineWork, baselineSize).metadataFile;
    for (const latency of args.latencies) {
      const row = { size, latencyMs: latency, counts };
      let env = await environment(work, metadataFile, latency);
      try {
        // Converging starts as a fresh clone would: no parse cache (.catalog/cache) left by an earlier run.
        rmSync(path.join(work, '.catalog'), { recursive: true, force: true });
        const converge = await measureTool(work, env.url, env.requests);
        await env.settle();
        row.tool = {
          converge,
          // The no-op as a second run in the same checkout finds it: with the parse cache the converge left.
          noop: await measureTool(work, env.url, env.requests),
          // And as a fresh clone would run it (a scheduled CI job without a cache).
          noopNoCache: await measureTool(work, env.url, env.requests, ['--no-cache']),
        };
      } finally {
        await env.close();
      }
      env = await environment(baselineWork, baselineMetadata, latency);
      try {
        const factor = size / baselineSize;
        const converge = scale(await measureBaseline(baselineWork, env.url, env.requests), factor);
        await env.settle();
        row.baseline = {
          converge,
          noop: scale(await measureBaseline(baselineWork, env.url, env.requests), factor),
          ...(factor === 1 ? {} : { extrapolatedFrom: baselineSize }),
        };
      } finally {
        await env.close();
      }
      row.ratio = {
        converge: row.baseline.converge.seconds / row.tool.converge.seconds,
        noop: row.baseline.noop.seconds / row.tool.noop.seconds,
        noopNoCache: row.baseline.noop.seconds / row.tool.noopNoCache.seconds,
      };
      results.push(row);
      const t = row.tool;
      const b = row.baseline;
      console.log(
        `${String(size).padStart(6)} entities, ${String(latency).padStart(2)} ms/request | tool: converge ${t.converge.seconds.toFixed(1)} s ` +
          `(${t.converge.requests} req, ${t.converge.peakMb} MB), no-op ${t.noop.seconds.toFixed(1)} s (${t.noop.requests} req, ${t.noop.peakMb} MB) | ` +
          `per-entity: converge ${b.converge.seconds.toFixed(1)} s (${b.converge.requests} req), no-op ${b.noop.seconds.toFixed(1)} s` +
          `${b.extrapolatedFrom === undefined ? '' : ` (scaled from ${b.extrapolatedFrom})`} | ` +
          `${row.ratio.converge.toFixed(0)}x / ${row.ratio.noop.toFixed(0)}x faster ` +
          `(no-op without the parse cache: ${t.noopNoCache.seconds.toFixed(1)} s, ${row.ratio.noopNoCache.toFixed(0)}x)`,
      );
    }
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

const report = { date: new Date().toISOString(), machine: machine(), options: args, results };
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(root, 'bench/results/chart.svg'), renderChart(report));
console.log('wrote bench/results/latest.json and bench/results/chart.svg');
