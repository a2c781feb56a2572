/**
 * Crash safety: the server (SIGKILL) and the client (SIGKILL) die at arbitrary points of an ingest and of an
 * apply, many times over. After every crash the database passes PRAGMA integrity_check and its search and
 * relationship index equals one rebuilt from the aspects; re-running the same command converges, and the result
 * exports exactly as a run that never crashed (nothing lost, nothing doubled). Where each crash lands is chosen
 * at random (the nth write request, a few milliseconds after it); what is asserted holds wherever it lands.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../bench/generate-catalog.js';
import { EntityIndex } from '../../src/server/store/entity-index.js';
import { AspectStore, latestAspectMap } from '../../src/server/store/aspect-store.js';
import { forward } from '../helpers/flaky-proxy.js';
import { runCatalog } from '../helpers/run-cli.js';
import { tempDir } from '../helpers/server.js';

const CLI = path.resolve('dist/cli/main.js');
const SIZE = 400;

function startServer(db: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [CLI, 'serve', '--db', db, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match !== null) resolve({ url: match[1] as string, child });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}

const killed = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/**
 * A proxy that calls `onWrite(n)` as it forwards the nth write request (Rest.li ingest or a GraphQL mutation).
 * Its target can change (a restarted server), and `idle()` waits until no forwarded request is in flight.
 */
async function writeCountingProxy(initialTarget: string, onWrite: (n: number) => void) {
  let writes = 0;
  let target = initialTarget;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const settle = (): void => {
    inFlight -= 1;
    if (inFlight === 0) for (const resolve of waiting.splice(0)) resolve();
  };
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const isWrite =
        /action=(ingestProposal|ingestProposalBatch|ingest|batchIngest)/.test(incoming.url ?? '') ||
        (incoming.url === '/api/graphql' && body.toString().includes('mutation'));
      inFlight += 1;
      let settled = false;
      const done = (): void => {
        if (!settled) settle();
        settled = true;
      };
      forward(
        target,
        incoming,
        body,
        (response, answer) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          outgoing.end(answer);
          done();
        },
        () => {
          outgoing.destroy();
          done();
        },
      );
      if (isWrite) onWrite((writes += 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget: (url: string): void => void (target = url),
    idle: (): Promise<void> =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
    close: (): Promise<void> => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * PRAGMA integrity_check, and the index rows equal to those rebuilt from the aspects once the catalog is opened
 * again (opening indexes what a crash left noted but unindexed; nothing is served before).
 */
function checkDatabase(file: string): void {
  new AspectStore(file).close();
  const db = new Database(file);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT COUNT(*) AS n FROM index_pending').get()).toEqual({ n: 0 });
    const snapshot = (): string =>
      JSON.stringify([
        db
          .prepare(
            'SELECT urn, entity_type, name, name_key, description, removed FROM search_entity ORDER BY urn',
          )
          .all(),
        db
          .prepare(
            'SELECT e.urn, f.facet, f.value FROM search_facet f JOIN search_entity e ON e.id = f.id ORDER BY 1, 2, 3',
          )
          .all(),
        db
          .prepare(
            'SELECT e.urn, t.name, t.description, t.fields, t.other FROM search_text t JOIN search_entity e ON e.id = t.rowid ORDER BY 1',
          )
          .all(),
        db.prepare('SELECT * FROM relationship ORDER BY 1, 2, 3, 4').all(),
      ]);
    const before = snapshot();
    db.exec('BEGIN');
    new EntityIndex(db, (urn) => latestAspectMap(db, urn)).rebuildAll();
    const rebuilt = snapshot();
    db.exec('ROLLBACK');
    expect(before === rebuilt, 'the search index differs from one rebuilt from the aspects').toBe(true);
  } finally {
    db.close();
  }
}

/** Every exported file, for comparing two catalogs entity by entity. */
async function exported(url: string, cwd: string, out: string): Promise<Map<string, string>> {
  const run = await runCatalog(['export', '--out', out, '--server', url, '--force'], { cwd });
  expect(run.code, run.stderr).toBe(0);
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(cwd, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else files.set(relative.slice(out.length + 1), readFileSync(path.join(cwd, relative), 'utf8'));
    }
  };
  walk(out);
  return files;
}

const random = (max: number): number => 1 + Math.floor(Math.random() * max);

describe('crashes', () => {
  let dir: string;
  let cleanup: () => void;
  let reference: Map<string, string>;
  let metadataFile: string;
  /** How many write requests an ingest and a converging apply send: the crash points are chosen among them. */
  const writes = { ingest: 0, reconcile: 0 };

  beforeAll(async () => {
    ({ dir, cleanup } = tempDir());
    metadataFile = generateCatalog(dir, SIZE).metadataFile;
    // The catalog as a run that never crashed leaves it.
    const server = await startServer(path.join(dir, 'reference.db'));
    let counted = 0;
    const proxy = await writeCountingProxy(server.url, (n) => (counted = n));
    try {
      expect((await runCatalog(['ingest', metadataFile, '--server', proxy.url], { cwd: dir })).code).toBe(0);
      writes.ingest = counted;
      const flags = ['--server', proxy.url, '--parallelism', '4'];
      expect((await runCatalog(['reconcile', 'catalog', ...flags], { cwd: dir })).code).toBe(0);
      writes.reconcile = counted - writes.ingest;
      reference = await exported(server.url, dir, 'reference-export');
      expect(reference.size).toBeGreaterThan(5);
      expect(writes.reconcile).toBeGreaterThan(3);
    } finally {
      await proxy.close();
      await killed(server.child);
    }
  }, 120_000);
  afterAll(() => cleanup());

  /** Re-running reconcile converges, plans nothing more, and leaves exactly the catalog of a run without crashes. */
  const convergesToReference = async (url: string, exportDir: string): Promise<void> => {
    const converge = await runCatalog(['reconcile', 'catalog', '--server', url], { cwd: dir });
    expect(converge.code, converge.stderr).toBe(0);
    const again = await runCatalog(['reconcile', 'catalog', '--dry-run', '--server', url], { cwd: dir });
    expect(again.stdout).toContain('No changes.');
    expect(await exported(url, dir, exportDir)).toEqual(reference);
  };

  it('of the server during ingest and apply, many times: the database stays whole and re-running converges', async () => {
    const db = path.join(dir, 'server-crashes.db');
    let crashes = 0;
    // Each round: the server dies at a write, the database is checked while it is down, and a new server on the
    // same file takes over behind the proxy; the running command's retries then meet the new one.
    const crash = async (args: string[], rounds: number, writeCount: number): Promise<void> => {
      for (let round = 0; round < rounds; round += 1) {
        let server = await startServer(db);
        let restarted: Promise<void> = Promise.resolve();
        const at = random(Math.max(1, Math.ceil(writeCount / (round + 1))));
        const proxy = await writeCountingProxy(server.url, (n) => {
          if (n !== at) return;
          crashes += 1;
          const dying = server;
          restarted = new Promise<void>((resolve) => {
            setTimeout(
              () => {
                void killed(dying.child)
                  .then(() => checkDatabase(db))
                  .then(() => startServer(db))
                  .then((next) => {
                    server = next;
                    proxy.setTarget(next.url);
                  })
                  .then(resolve);
              },
              random(5) - 1,
            );
          });
        });
        await runCatalog([...args, '--server', proxy.url], { cwd: dir });
        await restarted;
        await proxy.close();
        await killed(server.child);
        checkDatabase(db);
      }
    };
    await crash(['ingest', metadataFile], 3, writes.ingest);
    await crash(['reconcile', 'catalog'], 6, writes.reconcile);
    expect(crashes).toBeGreaterThanOrEqual(4);

    const server = await startServer(db);
    try {
      expect((await runCatalog(['ingest', metadataFile, '--server', server.url], { cwd: dir })).code).toBe(0);
      await convergesToReference(server.url, 'server-crash-export');
    } finally {
      await killed(server.child);
    }
    checkDatabase(db);
  }, 180_000);

  it('of the client during ingest and apply, many times: the same', async () => {
    const db = path.join(dir, 'client-crashes.db');
    const server = await startServer(db);
    let crashes = 0;
    /** Runs the command in its own process and SIGKILLs it at a random write request, `rounds` times. */
    const crash = async (args: string[], rounds: number, writeCount: number): Promise<void> => {
      for (let round = 0; round < rounds; round += 1) {
        const at = random(Math.max(1, Math.ceil(writeCount / (round + 1))));
        const clientRef: { process?: ChildProcess } = {};
        const proxy = await writeCountingProxy(server.url, (n) => {
          if (n !== at) return;
          crashes += 1;
          setTimeout(() => clientRef.process?.kill('SIGKILL'), random(5) - 1);
        });
        const client = spawn('node', [CLI, ...args, '--server', proxy.url], { cwd: dir, stdio: 'ignore' });
        clientRef.process = client;
        await new Promise((resolve) => client.once('exit', resolve));
        // What the killed client had sent still completes on the live server: check once it has.
        await proxy.idle();
        await proxy.close();
        checkDatabase(db);
      }
    };
    try {
      await crash(['ingest', metadataFile], 2, writes.ingest);
      expect((await runCatalog(['ingest', metadataFile, '--server', server.url], { cwd: dir })).code).toBe(0);
      await crash(['reconcile', 'catalog', '--parallelism', '4'], 6, writes.reconcile);
      expect(crashes).toBeGreaterThanOrEqual(3);
      await convergesToReference(server.url, 'client-crash-export');
    } finally {
      await killed(server.child);
    }
    checkDatabase(db);
  }, 180_000);
});
