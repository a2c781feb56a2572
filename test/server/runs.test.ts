/**
 * GMS's runs resource in the embedded catalog (issue 37, item 1): the calls `datahub ingest list-runs`, `show` and
 * `rollback` make (metadata-ingestion/src/datahub/cli/ingest_cli.py at v1.7.0), answered as GMS answers them
 * (BatchIngestionRunResource, RollbackService).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const A = 'urn:li:mlFeature:(runs,a)';
const B = 'urn:li:mlFeature:(runs,b)';

const written = (urn: string, description: string, runId?: string, lastObserved = 1_000) =>
  proposal(
    urn,
    'mlFeatureProperties',
    { description },
    {
      systemMetadata: { lastObserved, ...(runId === undefined ? {} : { runId }) },
    },
  );

describe('the runs resource', () => {
  let server: TestServer;
  const ingest = async (...proposals: unknown[]) =>
    expect((await server.post('/aspects?action=ingestProposalBatch', { proposals })).status).toBe(200);
  const runs = (action: string, body: unknown) => server.post(`/runs?action=${action}`, body);
  // What the catalog bootstraps at start (the root user, as GMS's root-user.yaml) is written without a run id, and
  // GMS lists those aspects under its default run id as any other: these tests look at the runs they wrote.
  const BOOTSTRAP = 'no-run-id-provided';
  const listRuns = async (body: unknown) =>
    ((await runs('list', body)).json.value as { runId: string }[]).filter((run) => run.runId !== BOOTSTRAP);

  beforeEach(async () => {
    server = await startTestServer();
    // run-1 creates A and B; run-2 changes A; someone without a run changes B's description afterwards.
    await ingest(written(A, 'a1', 'run-1', 1_000), written(B, 'b1', 'run-1', 1_000));
    await ingest(written(A, 'a2', 'run-2', 2_000));
  });
  afterEach(async () => {
    await server.close();
  });

  it('lists runs, the latest first, with their rows (as `datahub ingest list-runs` asks)', async () => {
    const listed = await runs('list', { pageOffset: 0, pageSize: 100, includeSoft: false });
    expect(listed.status).toBe(200);
    expect(listed.json.value.map((run: { runId: string }) => run.runId)).toContain(BOOTSTRAP);
    // run-1: B's properties and the key aspects of A and B; run-2: A's properties.
    expect(await listRuns({ pageOffset: 0, pageSize: 100, includeSoft: false })).toEqual([
      { runId: 'run-2', timestamp: 2_000, rows: 1 },
      { runId: 'run-1', timestamp: 1_000, rows: 3 },
    ]);
    expect((await runs('list', { pageOffset: 2, pageSize: 1 })).json.value).toEqual([
      { runId: 'run-1', timestamp: 1_000, rows: 3 },
    ]);
  });

  it('describes the latest aspects a run wrote (as `datahub ingest show` asks), with the aspect when asked', async () => {
    const shown = await runs('describe', {
      runId: 'run-1',
      start: 0,
      count: 100,
      includeSoft: false,
      includeAspect: false,
    });
    expect(shown.json.value).toEqual([
      { runId: 'run-1', aspectName: 'mlFeatureKey', urn: A, timestamp: 1_000, keyAspect: true },
      { runId: 'run-1', aspectName: 'mlFeatureKey', urn: B, timestamp: 1_000, keyAspect: true },
      { runId: 'run-1', aspectName: 'mlFeatureProperties', urn: B, timestamp: 1_000, keyAspect: false },
    ]);
    const withAspect = await runs('describe', { runId: 'run-2', start: 0, count: 10, includeAspect: true });
    expect(withAspect.json.value).toEqual([
      expect.objectContaining({ urn: A, aspectName: 'mlFeatureProperties', aspect: { description: 'a2' } }),
    ]);
    expect((await runs('describe', { runId: 'run-1' })).status).toBe(400);
    expect((await runs('describe', { start: 0, count: 1 })).json.message).toBe(
      "Parameter 'runId' is required",
    );
  });

  it('keeps the previous run of a rewritten aspect as lastRunId, as GMS does', async () => {
    const read = await server.get(`/entitiesV2/${encodeURIComponent(A)}?aspects=List(mlFeatureProperties)`);
    expect(read.json.aspects.mlFeatureProperties.systemMetadata).toMatchObject({
      runId: 'run-2',
      lastRunId: 'run-1',
      version: '2',
    });
  });

  it('rolls a run back as GMS does: the version before it returns, what it created goes (dry run first)', async () => {
    const dry = await runs('rollback', { runId: 'run-2', dryRun: true, safe: true });
    expect(dry.json.value).toMatchObject({ entitiesAffected: 1, aspectsReverted: 1, entitiesDeleted: 0 });
    expect(await server.aspect(A, 'mlFeatureProperties')).toEqual({ description: 'a2' });

    const done = await runs('rollback', { runId: 'run-2', dryRun: false, safe: true });
    expect(done.json.value).toMatchObject({
      entitiesAffected: 1,
      aspectsReverted: 1,
      unsafeEntitiesCount: 0,
    });
    expect(await server.aspect(A, 'mlFeatureProperties')).toEqual({ description: 'a1' });
    expect((await listRuns({})).map((run) => run.runId)).toEqual(['run-1']);

    // run-1 created B (its key aspect): a safe rollback soft-deletes it; A (now run-1's again) goes back to nothing.
    const first = await runs('rollback', { runId: 'run-1', dryRun: false });
    expect(first.json.value).toMatchObject({ entitiesDeleted: 2 });
    expect(await server.aspect(B, 'status')).toEqual({ removed: true });
    expect(await server.aspect(A, 'mlFeatureProperties')).toBeUndefined();
  });

  it('lists as unsafe an entity the run created that someone else wrote to since', async () => {
    const before = await runs('rollback', { runId: 'run-1', dryRun: true });
    // A: created by run-1, its properties rewritten by run-2.
    expect(before.json.value).toMatchObject({ unsafeEntitiesCount: 1, unsafeEntities: [{ urn: A }] });
    await ingest(proposal(B, 'globalTags', { tags: [] }));
    const after = await runs('rollback', { runId: 'run-1', dryRun: true });
    expect(after.json.value).toMatchObject({
      unsafeEntitiesCount: 2,
      unsafeEntities: [{ urn: A }, { urn: B }],
    });
  });

  it("refuses DataHub's default run id, which is no run", async () => {
    const refused = await runs('rollback', { runId: 'no-run-id-provided' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('You cannot delete using this reserved run-id');
  });
});
