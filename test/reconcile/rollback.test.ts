/**
 * Issue 37, item 3: `catalog rollback RUN_ID` undoes one run as a plan (shown, judged, applied with conditional
 * writes, read back), keeps and lists what a steward changed after the run, finishes on a re-run after being
 * killed half way without doubling an edge, and refuses an unknown run, a run that wrote nothing and a run whose
 * replaced versions the catalog no longer has, writing nothing. `catalog runs` lists the runs.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample, editManifest } from '../helpers/catalog-dir.js';
import { MODEL_10, MODEL_11, USERS } from '../helpers/example-urns.js';
import { forward } from '../helpers/flaky-proxy.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const CLI = path.resolve('dist/cli/main.js');
const RUN_ID = /^Run (\S+) · plan/;

describe('catalog rollback', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const runIdOf = (stdout: string): string => RUN_ID.exec(stdout)?.[1] ?? '';
  const terms = async (urn: string): Promise<string[]> =>
    ((await server.aspect(urn, 'glossaryTerms'))?.terms ?? []).map((term: { urn: string }) => term.urn);
  const description = async (): Promise<string> =>
    (await server.aspect(MODEL_11, 'mlModelProperties')).description;

  /** The example applied (run 1), then a change to a model and to a dataset's terms applied (run 2). */
  const twoRuns = async (): Promise<{ first: string; second: string }> => {
    const first = await run('reconcile', 'catalog');
    expect(first.code, first.stderr).toBe(0);
    editManifest(
      dir,
      'models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'Retrained.',
    );
    editManifest(
      dir,
      'datasets/users-profile.yaml',
      'terms: [Classification.PII, MLUsage.TrainingData]',
      'terms: [Classification.PII, Classification.Confidential]',
    );
    const second = await run('reconcile', 'catalog');
    expect(second.code, second.stderr).toBe(0);
    return { first: runIdOf(first.stdout), second: runIdOf(second.stdout) };
  };

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    server = await startTestServer();
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('undoes a run: shown first, applied, read back; the run is listed as rolled back', async () => {
    const { first, second } = await twoRuns();
    expect(await description()).toBe('Retrained.');
    expect(await terms(USERS)).toEqual([
      'urn:li:glossaryTerm:Classification.PII',
      'urn:li:glossaryTerm:Classification.Confidential',
    ]);

    const listed = await run('runs');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.split('\n');
    expect(lines[0]).toMatch(/^RUN\s+TIME \(UTC\)\s+STATUS\s+COMMIT\s+ACTOR\s+ASPECTS\s+APPLIED\s+VERIFIED$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${second}\\s.*SUCCESS\\s+-\\s+urn:li:corpuser:catalog-bot\\s+2\\s+2\\s+2/2$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^${first}\\s.*SUCCESS\\s.*\\s49\\s+76/76$`));

    const dry = await run('rollback', second, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`Rollback of run ${second}`);
    expect(dry.stdout).toContain(`~ update fraud-detector-2026-11 (${MODEL_11}) mlModelProperties`);
    expect(dry.stdout).toContain(
      '~ description: "Retrained." → "November retrain; adds the merchant risk score."',
    );
    expect(dry.stdout).toContain(`~ update users.profile (${USERS}) glossaryTerms`);
    expect(await description()).toBe('Retrained.');

    const undone = await run('rollback', second);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toMatch(/^Run catalog-rollback-\S+ · plan sha256:[0-9a-f]{64}\n/);
    expect(undone.stdout).toMatch(/Apply complete: 2 applied, 0 failed, 0 skipped; verified 2\/2\.\n$/);
    expect(await description()).toBe('November retrain; adds the merchant risk score.');
    expect(await terms(USERS)).toEqual([
      'urn:li:glossaryTerm:Classification.PII',
      'urn:li:glossaryTerm:MLUsage.TrainingData',
    ]);

    // Again: nothing left to undo, nothing written.
    const again = await run('rollback', second);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');
    expect(again.stderr).toContain(`2 aspects of run ${second} already as before it: left alone`);

    const json = JSON.parse((await run('runs', '--output', 'json')).stdout);
    const byId = new Map(json.runs.map((entry: { runId: string }) => [entry.runId, entry]));
    expect(byId.get(second)).toMatchObject({ rows: 0, record: { status: 'ROLLED_BACK' } });
    expect([...byId.values()]).toContainEqual(
      expect.objectContaining({
        record: expect.objectContaining({ task: 'catalog rollback', rollbackOf: second }),
      }),
    );
  });

  it("keeps and lists a steward's edit made after the run, and undoes the rest", async () => {
    const { second } = await twoRuns();
    // A steward adds a term to the dataset in DataHub's UI after run 2.
    const added = await server.graphql(
      `mutation { addTerm(input: { termUrn: "urn:li:glossaryTerm:Classification.Location", resourceUrn: "${USERS}" }) }`,
    );
    expect(added.errors).toBeUndefined();
    const stewarded = await terms(USERS);
    expect(stewarded).toContain('urn:li:glossaryTerm:Classification.Location');

    const undone = await run('rollback', second);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain('Notes:');
    expect(undone.stdout).toMatch(
      new RegExp(
        `users\\.profile \\(${escapeRegExp(USERS)}\\): glossaryTerms: changed after run ${second} by a write without a run id at \\S+: kept as it is`,
      ),
    );
    expect(undone.stdout).toMatch(/Apply complete: 1 applied, 0 failed, 0 skipped; verified 1\/1\.\n$/);
    expect(await terms(USERS)).toEqual(stewarded);
    expect(await description()).toBe('November retrain; adds the merchant risk score.');
  });

  it('finishes a rollback killed half way on a re-run, without doubling an edge', async () => {
    const { second } = await twoRuns();
    let writes = 0;
    let child: ReturnType<typeof spawn> | undefined;
    // A proxy that lets the rollback's first write of an aspect through, then kills it (SIGKILL) before it hears
    // the answer.
    const proxy = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        // A write of the catalog's aspects (the run's record is written first, and does not count).
        const isWrite =
          (incoming.url ?? '').includes('action=ingestProposalBatch') &&
          !body.toString().includes('dataHubExecutionRequest');
        forward(server.url, incoming, body, (response, answer) => {
          if (isWrite && (writes += 1) === 1) {
            child?.kill('SIGKILL');
            outgoing.destroy();
            return;
          }
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          outgoing.end(answer);
        });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const killed = await new Promise<number | null>((resolve) => {
        child = spawn('node', [CLI, 'rollback', second, '--server', proxyUrl, '--parallelism', '1'], {
          cwd: dir,
          stdio: 'ignore',
          env: { ...process.env, NO_COLOR: '1' },
        });
        child.on('exit', (code, signal) => resolve(signal === 'SIGKILL' ? null : (code ?? 0)));
      });
      expect(killed).toBeNull();
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
    // Half done: one of the two aspects is back.
    const half = [await description(), (await terms(USERS)).join(',')];
    expect(half).not.toEqual([
      'Retrained.',
      'urn:li:glossaryTerm:Classification.PII,urn:li:glossaryTerm:Classification.Confidential',
    ]);

    const finished = await run('rollback', second);
    expect(finished.code, finished.stderr).toBe(0);
    expect(finished.stdout).toMatch(/Apply complete: 1 applied, 0 failed, 0 skipped; verified 1\/1\.\n$/);
    expect(finished.stderr).toContain(`1 aspect of run ${second} already as before it: left alone`);
    expect(await description()).toBe('November retrain; adds the merchant risk score.');
    expect(await terms(USERS)).toEqual([
      'urn:li:glossaryTerm:Classification.PII',
      'urn:li:glossaryTerm:MLUsage.TrainingData',
    ]);
  });

  it('restores an entity the run soft-deleted (prune)', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    editManifest(
      dir,
      'models/fraud-detector.yaml',
      /---\napiVersion: catalog\/v1\nkind: MLModel\nname: fraud-detector-2026-10[\s\S]*?(?=---)/,
      '',
    );
    const pruned = await run('reconcile', 'catalog', '--prune', '--max-deletes', '1');
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(await server.aspect(MODEL_10, 'status')).toEqual({ removed: true });

    const undone = await run('rollback', runIdOf(pruned.stdout));
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain(
      `~ restore fraud-detector-2026-10 (${MODEL_10}) (status.removed = false)`,
    );
    expect(await server.aspect(MODEL_10, 'status')).toEqual({ removed: false });
  });

  it('soft-deletes what the run created only within --max-deletes, and keeps what others wrote to since', async () => {
    const { first } = await twoRuns();
    const refused = await run('rollback', first);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /the rollback would soft-delete \d+ entities run \S+ created \(.*\), more than --max-deletes 0/,
    );
    // Run 2 wrote to the November model since run 1 created it: it is kept, and said so.
    const dry = await run('rollback', first, '--dry-run', '--max-deletes', '100');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(
      `fraud-detector-2026-11 (${MODEL_11}): created by run ${first}, and written to since (mlModelProperties, by run `,
    );
    expect(dry.stdout).toContain('soft-delete fraud-detector-2026-10');
  });

  it('refuses an unknown run, a run that wrote nothing, and one whose replaced versions are gone, writing nothing', async () => {
    const unknown = await run('rollback', 'catalog-2020_01_01-00_00_00-nosuch');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('run catalog-2020_01_01-00_00_00-nosuch is not in this catalog');
    expect((await run('rollback', 'not a run id')).stderr).toContain('"not a run id" is not a run id');

    // A run recorded with no writes (every change failed before it wrote anything).
    const empty = 'catalog-2020_01_01-00_00_00-empty1';
    const record = `urn:li:dataHubExecutionRequest:${empty}`;
    await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(record, 'dataHubExecutionRequestInput', {
          task: 'catalog apply',
          args: { runId: empty },
          executorId: '__catalog_cli_',
          source: { type: 'CLI_INGESTION_SOURCE' },
          requestedAt: 1,
        }),
      ],
    });
    const nothing = await run('rollback', empty);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(`run ${empty} wrote nothing: there is nothing to roll back`);

    const { second } = await twoRuns();
    // The catalog keeps no older version of the model's properties any more (a retention policy of one).
    const db = new Database(server.dbPath);
    db.prepare(
      "DELETE FROM metadata_aspect_v2 WHERE urn = ? AND aspect = 'mlModelProperties' AND version > 0",
    ).run(MODEL_11);
    db.close();
    const gone = await run('rollback', second);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(
      `the catalog no longer has the version run ${second} replaced of 1 aspect (mlModelProperties of fraud-detector-2026-11 (${MODEL_11}))`,
    );
    expect(await description()).toBe('Retrained.');
    expect(await terms(USERS)).toContain('urn:li:glossaryTerm:Classification.Confidential');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
