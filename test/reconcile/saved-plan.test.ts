/**
 * Issue 37, item 4: a saved plan cannot change between review and apply. It carries its digest (shown in the
 * plan and its comment); `catalog apply` refuses a plan whose content does not match it, a plan other than the one
 * approved (--expect-digest), and a plan whose live versions moved, naming what changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample, editManifest } from '../helpers/catalog-dir.js';
import { MODEL_11 } from '../helpers/example-urns.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

describe('a saved plan', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const planFile = () => path.join(dir, 'plan.json');

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    server = await startTestServer();
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    editManifest(
      dir,
      'models/fraud-detector.yaml',
      'November retrain; adds the merchant risk score.',
      'Retrained.',
    );
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('carries its digest, shown with the plan, and applies only as it was made', async () => {
    const saved = await run(
      'reconcile',
      'catalog',
      '--dry-run',
      '--out',
      'plan.json',
      '--output',
      'markdown',
    );
    expect(saved.code).toBe(0);
    const digest = JSON.parse(readFileSync(planFile(), 'utf8')).digest as string;
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(saved.stdout).toContain(`Plan digest: \`${digest}\``);

    // Someone edits the reviewed plan: the description the apply would write.
    const text = readFileSync(planFile(), 'utf8');
    writeFileSync(
      planFile(),
      text.replace('"description": "Retrained."', '"description": "Mallory was here."'),
    );
    const tampered = await run('apply', 'plan.json');
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain(
      `plan.json is not a usable plan: its content does not match its digest (${digest} when it was made, sha256:`,
    );
    expect((await server.aspect(MODEL_11, 'mlModelProperties')).description).not.toBe('Mallory was here.');

    // The reviewed plan, whole: refused unless it is the one approved, then applied.
    writeFileSync(planFile(), text);
    const other = await run('apply', 'plan.json', '--expect-digest', `sha256:${'0'.repeat(64)}`);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`plan.json is not the plan that was approved: its digest is ${digest}`);
    const applied = await run(
      'apply',
      'plan.json',
      '--expect-digest',
      digest.slice('sha256:'.length, 'sha256:'.length + 12),
    );
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout.split('\n')[0]).toMatch(new RegExp(`^Run catalog-\\S+ · plan ${digest}$`));
    expect(applied.stdout).toMatch(/Apply complete: 1 applied, 0 failed, 0 skipped; verified 1\/1\.\n$/);
    // Every write of it names the plan.
    const read = await server.get(
      `/entitiesV2/${encodeURIComponent(MODEL_11)}?aspects=List(mlModelProperties)`,
    );
    expect(read.json.aspects.mlModelProperties.systemMetadata.properties.planDigest).toBe(digest);
  });

  it('is refused when a version it read moved, naming the entity, the aspect and the run that moved it', async () => {
    expect((await run('reconcile', 'catalog', '--dry-run', '--out', 'plan.json')).code).toBe(0);
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(
        MODEL_11,
        'mlModelProperties',
        { description: 'edited meanwhile' },
        {
          systemMetadata: { runId: 'ingestion-2026_01_01-00_00_00-abcdef' },
        },
      ),
    });
    const stale = await run('apply', 'plan.json');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(
      `mlModelProperties of fraud-detector-2026-11 (${MODEL_11}) (version 1 → 2, now written by run ingestion-2026_01_01-00_00_00-abcdef)`,
    );
  });
});
