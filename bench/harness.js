// What the benchmarks share: child processes, and a fresh embedded catalog behind a latency proxy.
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const cli = path.join(root, 'dist/cli/main.js');

/** Starts a child process and resolves with it and the URL it prints when ready. */
export function startProcess(command, argv, pattern) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match !== null) resolve({ child, url: match[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${argv.join(' ')} exited ${code}: ${output}`)));
  });
}

/** Runs a child process to its end; with `keepStdout: false` its output is drained, not kept (a plan's tens of MB). */
export function run(command, argv, cwd, { keepStdout = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      if (keepStdout) stdout += chunk;
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export const stop = (child) =>
  new Promise((resolve) =>
    child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
  );

/** A fresh embedded catalog holding the catalog's datasets, and a proxy adding `latency` ms in front of it. */
export async function environment(work, metadataFile, latency) {
  const server = await startProcess(
    'node',
    [cli, 'serve', '--db', path.join(work, `db-${Date.now()}.db`), '--port', '0'],
    /listening on (http:\/\/[^\s]+)/,
  );
  const ingest = await run('node', [cli, 'ingest', metadataFile, '--server', server.url], work);
  if (ingest.code !== 0) throw new Error(ingest.stderr);
  // The datasets are indexed before anything is measured: a catalog in use has long indexed what it holds, and
  // the first read of a measured command would otherwise wait for the indexing of the load that just ended.
  await searchOnce(server.url);
  const proxy = await startProcess(
    'node',
    [path.join(root, 'bench/latency-proxy.js'), server.url, String(latency)],
    /listening (http:\/\/[^\s]+)/,
  );
  const requests = async () => (await (await fetch(`${proxy.url}/__stats`)).json()).requests;
  // The embedded catalog indexes written entities once writes pause, and before any search: a search sent
  // straight to it (not counted) returns once the converge's entities are indexed. The no-op is measured after
  // that, as a scheduled drift check would find the catalog, not racing the indexing of a converge that just ended.
  const settle = () => searchOnce(server.url);
  return {
    url: proxy.url,
    requests,
    settle,
    close: async () => {
      await stop(proxy.child);
      await stop(server.child);
    },
  };
}

/**
 * Runs one catalog command through bench/measure.js (wall time of the command, the process's CPU time and peak
 * RSS, as the process itself reports them); requests are counted by the proxy when one is given.
 */
export async function measureCli(work, argv, requests) {
  const before = requests === undefined ? 0 : await requests();
  const result = await run('node', [path.join(root, 'bench/measure.js'), ...argv], work, {
    keepStdout: false,
  });
  const stats = JSON.parse(result.stderr.trim().split('\n').at(-1));
  if (stats.exitCode !== 0)
    throw new Error(`catalog ${argv.join(' ')} failed: ${result.stderr.slice(0, 4000)}`);
  return {
    seconds: stats.ms / 1000,
    cpuSeconds: stats.cpuMs / 1000,
    ...(requests === undefined ? {} : { requests: (await requests()) - before }),
    peakMb: Math.round(stats.maxRssMb),
  };
}

/** One search sent straight to the embedded catalog: it answers once every written entity is indexed. */
async function searchOnce(url) {
  const response = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ searchAcrossEntities(input: {query: "*", count: 1}) { total } }' }),
  });
  if (!response.ok) throw new Error(`search failed: ${response.status}`);
}

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
  };
}
