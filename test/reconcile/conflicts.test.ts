import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { forward } from '../helpers/flaky-proxy.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const FEATURES = 300;

/** A feature table whose features all carry `description` (the two writers differ only there). */
function catalog(description: string): Record<string, string> {
  const features = Array.from(
    { length: FEATURES },
    (_, index) => `  - name: f${index}\n    dataType: CONTINUOUS\n    description: ${description}\n`,
  ).join('');
  return {
    'catalog/catalog.yaml': 'apiVersion: catalog/v1\nkind: Settings\ndefaults: { platform: feast }\n',
    'catalog/features.yaml': `apiVersion: catalog/v1\nkind: MLFeatureTable\nname: shared\ndescription: Shared.\nfeatures:\n${features}`,
  };
}

/**
 * A proxy that holds every aspect write until both writers have reached their first one, so that both have
 * planned and passed the stale-plan check against the same catalog: then their writes really race.
 */
async function racingProxies(target: string): Promise<{ urls: string[]; close: () => Promise<void> }> {
  let arrived = 0;
  let release: () => void = () => undefined;
  const barrier = new Promise<void>((resolve) => (release = resolve));
  const arrivedFrom = new Set<number>();
  const servers = [0, 1].map((writer) =>
    createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const pass = (): void =>
          forward(target, incoming, Buffer.concat(chunks), (response, body) => {
            outgoing.writeHead(response.statusCode ?? 502, response.headers);
            outgoing.end(body);
          });
        if (incoming.url?.includes('action=ingestProposalBatch') === true) {
          if (!arrivedFrom.has(writer)) {
            arrivedFrom.add(writer);
            arrived += 1;
            if (arrived === 2) release();
          }
          void barrier.then(pass);
        } else pass();
      });
    }),
  );
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))),
  );
  return {
    urls: servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: async () => {
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
}

describe('two applies racing on the same entities', () => {
  let server: TestServer;
  const dirs: { dir: string; cleanup: () => void }[] = [];
  beforeEach(async () => {
    server = await startTestServer();
    dirs.push(tempDir(), tempDir());
  });
  afterEach(async () => {
    await server.close();
    for (const { cleanup } of dirs.splice(0)) cleanup();
  });

  it("never lose an update: each aspect holds one writer's value, the other is told in a few lines, and re-running converges", async () => {
    const a = dirs[0] as { dir: string };
    const b = dirs[1] as { dir: string };
    writeManifests(a.dir, catalog('written by A'));
    writeManifests(b.dir, catalog('written by B'));
    const proxies = await racingProxies(server.url);
    const [runA, runB] = await Promise.all([
      runCatalog(['reconcile', 'catalog', '--server', proxies.urls[0] as string, '--parallelism', '4'], {
        cwd: a.dir,
      }),
      runCatalog(['reconcile', 'catalog', '--server', proxies.urls[1] as string, '--parallelism', '4'], {
        cwd: b.dir,
      }),
    ]);
    await proxies.close();

    // What each feature holds now: one writer's whole value, never a mix and never nothing.
    const urns = Array.from({ length: FEATURES }, (_, index) => `urn:li:mlFeature:(shared,f${index})`);
    const read = await server.get(
      `/entitiesV2?ids=List(${urns.map((urn) => encodeURIComponent(urn)).join(',')})&aspects=List(mlFeatureProperties)`,
    );
    const values = urns.map(
      (urn) => read.json.results[urn]?.aspects?.mlFeatureProperties?.value?.description,
    );
    expect(values.every((value) => value === 'written by A' || value === 'written by B')).toBe(true);
    const heldByA = values.filter((value) => value === 'written by A').length;
    const heldByB = FEATURES - heldByA;

    // Each writer's report: the conflicts it lost, counted exactly, in a few lines.
    const conflicts = (stderr: string): number => Number(/conflict: (\d+) aspects?/.exec(stderr)?.[1] ?? 0);
    expect(conflicts(runA.stderr)).toBe(heldByB);
    expect(conflicts(runB.stderr)).toBe(heldByA);
    expect(heldByA + heldByB).toBe(FEATURES);
    for (const run of [runA, runB]) {
      if (run.code !== 0) {
        const reportLines = run.stderr
          .split('\n')
          .filter((line) => line.startsWith('  ') || line.startsWith('Run '));
        expect(reportLines.length, run.stderr).toBeLessThanOrEqual(4);
        expect(run.stderr).toMatch(/changed by someone else while this apply ran \(\S+ \(urn:li:mlFeature:/);
        expect(run.stderr).toContain('Run the same command again');
      }
    }
    expect([runA.code, runB.code]).toContain(1);

    // The loser runs again: it now sees the other's values as drift and converges to its own manifests.
    const loser = runA.code === 0 ? b : a;
    const again = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: loser.dir });
    expect(again.code, again.stderr).toBe(0);
    const noop = await runCatalog(['reconcile', 'catalog', '--dry-run', '--server', server.url], {
      cwd: loser.dir,
    });
    expect(noop.stdout).toContain('No changes.');
  });
});
