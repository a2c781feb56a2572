// Runs one catalog CLI command in this process and prints, on the last line of stderr, its wall time and the
// process's peak memory: {"ms": …, "maxRssMb": …, "exitCode": …}.
// Run: node bench/measure.js <catalog arguments…>
import { performance } from 'node:perf_hooks';
import { processIo } from '../dist/cli/io.js';
import { runCli } from '../dist/cli/program.js';

const start = performance.now();
const exitCode = await runCli(process.argv.slice(2), processIo());
const ms = performance.now() - start;
process.stderr.write(
  `\n${JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, exitCode })}\n`,
);
process.exitCode = exitCode;
