/**
 * Issue 37, items 1 and 2: every apply is a run. Its id is printed first and carried by every write
 * (systemMetadata.runId, with the plan's digest and the commit in its properties), the catalog holds its record,
 * and the apply reads back every aspect it wrote: a server that drops one write while answering 200 is caught,
 * named (entity, aspect, field), and the writes that did land are still reported.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample, editManifest } from '../helpers/catalog-dir.js';
import { forward } from '../helpers/flaky-proxy.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { MODEL_11 } from '../helpers/example-urns.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const RUN_LINE = /^Run (catalog-\d{4}_\d\d_\d\d-\d\d_\d\d_\d\d-[a-z0-9]{6}) · plan (sha256:[0-9a-f]{64})\n/;

describe('an apply is a run, read back', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (target: string, ...args: string[]) => runCatalog([...args, '--server', target], { cwd: dir });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' }).toString().trim();

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=ci@example.com', '-c', 'user.name=ci', 'commit', '-qm', 'catalog');
    server = await startTestServer();
    expect((await run(server.url, 'ingest', 'examples/datasets.json')).code).toBe(0);
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('prints its run id first, stamps it on every write with the digest and commit, and records the run', async () => {
    const applied = await run(server.url, 'reconcile', 'catalog');
    expect(applied.code, applied.stderr).toBe(0);
    const [, runId, digest] = RUN_LINE.exec(applied.stdout) ?? [];
    expect(runId).toBeDefined();
    expect(applied.stderr).toContain(`as run ${runId}`);
    expect(applied.stdout).toContain(`Plan digest: ${digest}`);
    expect(applied.stdout).toMatch(/Apply complete: 49 applied, 0 failed, 0 skipped; verified 76\/76\.\n$/);

    const read = await server.get(
      `/entitiesV2/${encodeURIComponent(MODEL_11)}?aspects=List(mlModelProperties,status)`,
    );
    for (const name of ['mlModelProperties', 'status']) {
      const systemMetadata = read.json.aspects[name].systemMetadata;
      expect(systemMetadata.runId).toBe(runId);
      expect(systemMetadata.properties).toMatchObject({
        planDigest: digest,
        gitRevision: git('rev-parse', 'HEAD'),
      });
    }

    // The record, where DataHub's CLI keeps its runs' (a dataHubExecutionRequest named by the run id).
    const record = `urn:li:dataHubExecutionRequest:${runId}`;
    const input = await server.aspect(record, 'dataHubExecutionRequestInput');
    expect(input).toMatchObject({
      task: 'catalog apply',
      args: {
        runId,
        actor: 'urn:li:corpuser:catalog-bot',
        commit: git('rev-parse', 'HEAD'),
        planDigest: digest,
      },
      source: { type: 'CLI_INGESTION_SOURCE' },
    });
    const result = await server.aspect(record, 'dataHubExecutionRequestResult');
    expect(result.status).toBe('SUCCESS');
    const report = JSON.parse(result.structuredReport.serializedValue);
    expect(report.counts).toEqual({ applied: 49, failed: 0, skipped: 0, verified: 76, checked: 76 });
    expect(report.writes).toHaveLength(76);
    expect(report.writes).toContainEqual([MODEL_11, 'mlModelProperties', '-1', '1']);
    // The record is about the run, not part of it: its own writes carry no run id.
    const recordRead = await server.get(
      `/entitiesV2/${encodeURIComponent(record)}?aspects=List(dataHubExecutionRequestResult)`,
    );
    expect(recordRead.json.aspects.dataHubExecutionRequestResult.systemMetadata.runId).toBeUndefined();

    // The JSON report carries the run too.
    editManifest(
      dir,
      'models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'Retrained.',
    );
    const json = await run(server.url, 'reconcile', 'catalog', '--output', 'json');
    expect(json.code).toBe(0);
    const { apply, digest: jsonDigest } = JSON.parse(json.stdout);
    expect(apply.planDigest).toBe(jsonDigest);
    expect(apply).toMatchObject({
      ok: true,
      applied: 1,
      verification: { checked: 1, verified: 1, failures: [] },
    });
    expect(apply.runId).toMatch(/^catalog-/);
    expect(apply.runId).not.toBe(runId);
  });

  it('catches a write the server answered 200 but dropped, naming it, and still reports what landed', async () => {
    // A proxy that takes the model's mlModelProperties out of the batch it forwards, and answers as if all landed.
    const proxy = await startDroppingProxy(server.url, (proposal) => {
      const body = proposal as { entityUrn?: string; aspectName?: string };
      return body.entityUrn === MODEL_11 && body.aspectName === 'mlModelProperties';
    });
    try {
      const applied = await run(proxy.url, 'reconcile', 'catalog', '--output', 'text');
      expect(applied.code).toBe(1);
      expect(applied.stdout).toMatch(
        /Apply incomplete: 49 applied, 0 failed, 0 skipped; verified 75\/76\.\n$/,
      );
      expect(applied.stderr).toContain(
        `not as planned: mlModelProperties of fraud-detector-2026-11 (${MODEL_11}): the aspect is not there`,
      );
      expect(applied.stderr).toContain('The other 75 aspects written read back as planned.');
      expect(proxy.dropped).toBe(1);

      // With --no-verify nothing is read back, and nothing is caught.
      const unverified = await run(proxy.url, 'reconcile', 'catalog', '--no-verify');
      expect(unverified.code).toBe(0);
      expect(unverified.stdout).toMatch(
        /Apply complete: 1 applied, 0 failed, 0 skipped; not verified \(--no-verify\)\.\n$/,
      );

      // The JSON report lists both: every step applied, and the aspect that did not read back.
      const json = await run(proxy.url, 'reconcile', 'catalog', '--output', 'json');
      expect(json.code).toBe(1);
      const { apply } = JSON.parse(json.stdout);
      expect(apply.steps).toEqual([
        expect.objectContaining({ status: 'applied', urn: MODEL_11, name: 'fraud-detector-2026-11' }),
      ]);
      expect(apply.verification).toEqual({
        checked: 1,
        verified: 0,
        failures: [
          expect.objectContaining({
            urn: MODEL_11,
            name: 'fraud-detector-2026-11',
            aspect: 'mlModelProperties',
            field: '(aspect)',
          }),
        ],
      });
    } finally {
      await proxy.close();
    }
  });

  it('names the field that reads back otherwise', async () => {
    expect((await run(server.url, 'reconcile', 'catalog')).code).toBe(0);
    editManifest(
      dir,
      'models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'Retrained.',
    );
    // The proxy forwards the write with another description than planned (a rule on the way that rewrites it).
    const proxy = await startRewritingProxy(server.url, (text) => text.replace('Retrained.', 'Retrained?'));
    try {
      const applied = await run(proxy.url, 'reconcile', 'catalog');
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain(
        `not as planned: mlModelProperties of fraud-detector-2026-11 (${MODEL_11}): description reads back as "Retrained?", planned "Retrained."`,
      );
    } finally {
      await proxy.close();
    }
  });
});

/** Forwards everything; in ingestProposalBatch requests, drops the proposals `drop` picks and answers success. */
async function startDroppingProxy(target: string, drop: (proposal: unknown) => boolean) {
  let dropped = 0;
  return {
    ...(await startProxy(target, (path, body) => {
      if (!path.includes('action=ingestProposalBatch')) return body;
      const parsed = JSON.parse(body) as { proposals: { entityUrn: string; aspectName: string }[] };
      const kept = parsed.proposals.filter((proposal) => {
        if (!drop(proposal)) return true;
        dropped += 1;
        return false;
      });
      return JSON.stringify({ ...parsed, proposals: kept });
    })),
    get dropped() {
      return dropped;
    },
  };
}

async function startRewritingProxy(target: string, rewrite: (text: string) => string) {
  return startProxy(target, (path, body) => (path.includes('action=ingestProposal') ? rewrite(body) : body));
}

async function startProxy(target: string, change: (path: string, body: string) => string) {
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = change(incoming.url ?? '/', Buffer.concat(chunks).toString('utf8'));
      delete incoming.headers['content-length'];
      forward(target, incoming, body, (response, answer) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        outgoing.end(answer);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
