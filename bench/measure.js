// Runs one catalog CLI command in this process and prints, on the last line of stderr, its wall time and the
// process's peak memory and CPU time (user + system, which a busy machine inflates less than wall time):
// {"ms": …, "cpuMs": …, "maxRssMb": …, "exitCode": …}.
// Run: node bench/measure.js <catalog arguments…>
import { performance } from 'node:perf_hooks';
import { processIo } from '../dist/cli/io.js';
import { runCli } from '../dist/cli/program.js';

const start = performance.now();
const exitCode = await runCli(process.argv.slice(2), processIo());
const ms = performance.now() - start;
const usage = process.resourceUsage();
const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
process.stderr.write(`\n${JSON.stringify({ ms, cpuMs, maxRssMb: usage.maxRSS / 1024, exitCode })}\n`);
process.exitCode = exitCode;
