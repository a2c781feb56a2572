// The tool against the floors (issue 21): what the tool takes, side by side with what the same work takes
// when nothing but the work itself is done. At each catalog size (bench/generate-catalog.js):
//   parse    a cold `catalog validate --no-cache` (read, parse with positions, validate, resolve) against the
//            parse floor: reading the files and parsing them with the fastest conforming YAML parser measured
//            (js-yaml), and with `yaml` (the tool's parser) without positions (bench/parse-floor.js);
//   plan     `catalog reconcile --dry-run --no-cache --output json --out plan.json`, from an empty catalog and as
//            a no-op once the catalog is in step: wall time, time per entity and peak RSS of the process;
//   converge `catalog reconcile --no-cache` from an empty catalog, against the floor: the parse floor plus a
//            blind writer sending the same aspects in batches of 200 with the same parallelism and no reads
//            (bench/blind-writer.js), each against a fresh embedded catalog behind the same latency proxy.
// Up to --no-impact-limit entities (default 50,000), converge also runs with --no-impact (what the plan's impact,
// read after planning, adds). Cold measures (parse, validate) are the median of --runs processes. Writes bench/results/floors.json and
// bench/results/floors.svg and prints a table. Asserts nothing: the goals are read off the table.
//
// Run: npm run build && node bench/floors.js [--sizes 10000,50000,250000] [--latency 20] [--runs 3] [--parallelism 4]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { environment, machine, measureCli, root, run } from './harness.js';
import { generateCatalog } from './generate-catalog.js';
import { renderFloorsChart } from './floors-chart.js';

function parseArgs(argv) {
  const options = {
    sizes: [10000, 50000, 250000],
    latency: 20,
    runs: 3,
    parallelism: 4,
    noImpactLimit: 50000,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1];
    if (argv[i] === '--sizes') options.sizes = value.split(',').map(Number);
    if (argv[i] === '--latency') options.latency = Number(value);
    if (argv[i] === '--runs') options.runs = Number(value);
    if (argv[i] === '--parallelism') options.parallelism = Number(value);
    if (argv[i] === '--no-impact-limit') options.noImpactLimit = Number(value);
  }
  return options;
}
const args = parseArgs(process.argv.slice(2));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function parseFloor(work, parser) {
  const seconds = [];
  let peakMb = 0;
  for (let i = 0; i < args.runs; i += 1) {
    const result = await run('node', [path.join(root, 'bench/parse-floor.js'), parser, 'catalog'], work);
    if (result.code !== 0) throw new Error(`parse floor (${parser}) failed: ${result.stderr}`);
    const stats = JSON.parse(result.stdout.trim().split('\n').at(-1));
    seconds.push(stats.ms / 1000);
    peakMb = Math.max(peakMb, Math.round(stats.maxRssMb));
  }
  return { seconds: median(seconds), runs: seconds, peakMb };
}

async function coldValidate(work) {
  const measures = [];
  for (let i = 0; i < args.runs; i += 1)
    measures.push(await measureCli(work, ['validate', 'catalog', '--no-cache']));
  return {
    seconds: median(measures.map((m) => m.seconds)),
    runs: measures.map((m) => m.seconds),
    peakMb: Math.max(...measures.map((m) => m.peakMb)),
  };
}

async function blindWrite(work, planFile, url, requests) {
  const before = await requests();
  const result = await run(
    'node',
    [path.join(root, 'bench/blind-writer.js'), planFile, url, String(args.parallelism)],
    work,
  );
  if (result.code !== 0) throw new Error(`blind writer failed: ${result.stderr}`);
  const stats = JSON.parse(result.stdout.trim().split('\n').at(-1));
  return {
    seconds: stats.ms / 1000,
    requests: (await requests()) - before,
    proposals: stats.proposals,
    peakMb: Math.round(stats.maxRssMb),
  };
}

const perEntityMs = (measure, size) => (measure.seconds * 1000) / size;
const results = [];
const base = mkdtempSync(path.join(tmpdir(), 'catalog-floors-'));
const parallelism = ['--parallelism', String(args.parallelism)];
try {
  for (const size of args.sizes) {
    const work = path.join(base, `catalog-${size}`);
    const { metadataFile, counts } = generateCatalog(work, size);
    const row = { size, counts, latencyMs: args.latency };
    row.parse = {
      floorJsYaml: await parseFloor(work, 'js-yaml'),
      floorYaml: await parseFloor(work, 'yaml'),
      validate: await coldValidate(work),
    };
    const planFile = path.join(work, 'plan.json');
    let env = await environment(work, metadataFile, args.latency);
    try {
      const dryRun = ['reconcile', 'catalog', '--server', env.url, ...parallelism, '--no-cache', '--dry-run'];
      const empty = await measureCli(work, [...dryRun, '--output', 'json', '--out', planFile], env.requests);
      const converge = await measureCli(
        work,
        ['reconcile', 'catalog', '--server', env.url, ...parallelism, '--no-cache'],
        env.requests,
      );
      await env.settle();
      const noop = await measureCli(
        work,
        [...dryRun, '--output', 'json', '--out', path.join(work, 'noop.json')],
        env.requests,
      );
      row.plan = {
        empty: { ...empty, perEntityMs: perEntityMs(empty, size) },
        noop: { ...noop, perEntityMs: perEntityMs(noop, size) },
      };
      row.converge = { tool: { ...converge, perEntityMs: perEntityMs(converge, size) } };
    } finally {
      await env.close();
    }
    env = await environment(work, metadataFile, args.latency);
    try {
      row.converge.blindWrite = await blindWrite(work, planFile, env.url, env.requests);
    } finally {
      await env.close();
    }
    // What the impact of the plan (issue 20: the dependency graph read after planning, and the picture) adds.
    if (size <= args.noImpactLimit) {
      env = await environment(work, metadataFile, args.latency);
      try {
        const argv = [
          'reconcile',
          'catalog',
          '--server',
          env.url,
          ...parallelism,
          '--no-cache',
          '--no-impact',
        ];
        const noImpact = await measureCli(work, argv, env.requests);
        row.converge.toolNoImpact = { ...noImpact, perEntityMs: perEntityMs(noImpact, size) };
      } finally {
        await env.close();
      }
    }
    const floor = row.parse.floorJsYaml.seconds + row.converge.blindWrite.seconds;
    row.converge.floorSeconds = floor;
    row.ratio = {
      validateToParseFloor: row.parse.validate.seconds / row.parse.floorJsYaml.seconds,
      validateToYamlFloor: row.parse.validate.seconds / row.parse.floorYaml.seconds,
      convergeToFloor: row.converge.tool.seconds / floor,
      ...(row.converge.toolNoImpact === undefined
        ? {}
        : { convergeNoImpactToFloor: row.converge.toolNoImpact.seconds / floor }),
    };
    results.push(row);
    printRow(row);
    rmSync(work, { recursive: true, force: true });
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

function printRow(row) {
  const s = (measure) => `${measure.seconds.toFixed(2)} s`;
  const { parse, plan, converge, ratio } = row;
  console.log(
    [
      `${row.size.toLocaleString('en')} entities, ${row.latencyMs} ms/request`,
      `  parse: validate --no-cache ${s(parse.validate)} (${parse.validate.peakMb} MB) | floor js-yaml ${s(parse.floorJsYaml)}, yaml without positions ${s(parse.floorYaml)} | ${ratio.validateToParseFloor.toFixed(2)}x the floor`,
      `  plan:  from empty ${s(plan.empty)} (${plan.empty.perEntityMs.toFixed(3)} ms/entity, ${plan.empty.requests} req, ${plan.empty.peakMb} MB) | no-op ${s(plan.noop)} (${plan.noop.perEntityMs.toFixed(3)} ms/entity, ${plan.noop.requests} req, ${plan.noop.peakMb} MB)`,
      `  converge: ${s(converge.tool)} (${converge.tool.requests} req, ${converge.tool.peakMb} MB) | floor ${converge.floorSeconds.toFixed(2)} s = parse ${s(parse.floorJsYaml)} + blind write ${s(converge.blindWrite)} (${converge.blindWrite.requests} req) | ${ratio.convergeToFloor.toFixed(2)}x the floor`,
      ...(converge.toolNoImpact === undefined
        ? []
        : [
            `  converge --no-impact: ${s(converge.toolNoImpact)} (${converge.toolNoImpact.requests} req, ${converge.toolNoImpact.peakMb} MB) | ${ratio.convergeNoImpactToFloor.toFixed(2)}x the floor`,
          ]),
    ].join('\n'),
  );
}

const report = { date: new Date().toISOString(), machine: machine(), options: args, results };
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/floors.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(root, 'bench/results/floors.svg'), renderFloorsChart(report));
console.log('wrote bench/results/floors.json and bench/results/floors.svg');
