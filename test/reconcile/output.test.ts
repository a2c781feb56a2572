import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_LENGTH, renderPlanMarkdown } from '../../src/render/render-plan-markdown.js';
import { renderPlanText } from '../../src/render/render-plan-text.js';
import { createStyle, useColor } from '../../src/render/style.js';
import type { Change, Plan } from '../../src/plan/types.js';
import { EMPTY_SUMMARY, plan } from '../helpers/plan-builders.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const GOLDEN = 'test/fixtures/plans/example-create.txt';

function syntheticPlan(count: number): Plan {
  const changes: Change[] = Array.from({ length: count }, (_, index) => ({
    kind: 'upsertAspect',
    action: 'update',
    id: `mlFeatureProperties urn:li:mlFeature:(t,f${index})`,
    urn: `urn:li:mlFeature:(t,f${index})`,
    entityType: 'mlFeature',
    aspect: 'mlFeatureProperties',
    versionSeen: '1',
    source: { file: 'catalog/t.yaml', line: index + 1, column: 3 },
    before: { description: 'old' },
    after: { description: 'a much longer new description '.repeat(3) },
    fields: [{ path: 'description', before: 'old', after: 'a much longer new description '.repeat(3) }],
    markStatus: false,
  }));
  return plan(changes, {
    actor: 'urn:li:corpuser:catalog',
    git: { revision: 'abc', dirty: false, manifestDir: { local: '.', recorded: '.' } },
    options: { prune: false, maxDeletes: 0 },
    summary: { ...EMPTY_SUMMARY, update: count },
  });
}

describe('plan output', () => {
  it('uses colour only on a terminal, and never with NO_COLOR', () => {
    const tty = { write: () => undefined, isTTY: true };
    const pipe = { write: () => undefined, isTTY: false };
    expect(useColor(tty, {})).toBe(true);
    expect(useColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(useColor(pipe, {})).toBe(false);
    expect(useColor(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(renderPlanText(syntheticPlan(1), createStyle(true))).toContain('\u001b[33m~\u001b[39m');
    expect(renderPlanText(syntheticPlan(1), createStyle(false))).not.toContain('\u001b[');
  });

  it('shows field-level diffs of lists as unified diffs', () => {
    const plan = syntheticPlan(1);
    const list: Change = {
      ...(plan.changes[0] as Extract<Change, { kind: 'upsertAspect' }>),
      fields: [{ path: 'sources', before: ['a', 'b', 'c'], after: ['a', 'c', 'd'] }],
    };
    const text = renderPlanText({ ...plan, changes: [list] }, createStyle(false));
    expect(text).toContain(
      ['      ~ sources:', '            "a"', '          - "b"', '            "c"', '          + "d"'].join(
        '\n',
      ),
    );
  });

  it('keeps a markdown comment under 65,000 characters, with the summary whole and a note', () => {
    const markdown = renderPlanMarkdown(syntheticPlan(3000));
    expect(markdown.length).toBeLessThanOrEqual(MAX_MARKDOWN_LENGTH);
    expect(markdown).toContain(
      '**Plan: 0 to create, 3000 to update, 0 to delete; 0 term attachments to add, 0 to remove.**',
    );
    expect(markdown).toMatch(/✂️ \d+ more lines of this plan did not fit in a comment/);
    const small = renderPlanMarkdown(syntheticPlan(3));
    expect(small).not.toContain('✂️');
    expect(small).toContain(
      '| 🟡 update | update t.f0 (urn:li:mlFeature:(t,f0)) mlFeatureProperties | `catalog/t.yaml:1` |',
    );
  });
});

describe('plans against a token-protected DataHub', () => {
  const token = 'token-for-tests-0123456789';
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    server = await startTestServer({ token });
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it('sends DATAHUB_GMS_TOKEN and never prints it, even in errors', async () => {
    const wrong = await runCatalog(['reconcile', '--dry-run', '--server', server.url], {
      cwd: dir,
      env: { DATAHUB_GMS_TOKEN: 'wrong-token-0123456789' },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('answered 401');
    expect(wrong.stderr).toContain('set DATAHUB_GMS_TOKEN');
    expect(wrong.stderr + wrong.stdout).not.toContain('wrong-token-0123456789');

    const ingest = await runCatalog(['ingest', 'examples/datasets.json', '--server', server.url], {
      cwd: dir,
      env: { DATAHUB_GMS_TOKEN: token },
    });
    expect(ingest.code).toBe(0);
    const ok = await runCatalog(
      ['reconcile', '--dry-run', '--output', 'json', '--out', 'plan.json', '--server', server.url],
      { cwd: dir, env: { DATAHUB_GMS_TOKEN: token } },
    );
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain('with a token');
    expect(ok.stdout + ok.stderr + readFileSync(`${dir}/plan.json`, 'utf8')).not.toContain(token);
  });

  it('matches the golden text plan of the example catalog', async () => {
    const run = await runCatalog(['reconcile', '--dry-run', '--server', server.url], {
      cwd: dir,
      env: { DATAHUB_GMS_TOKEN: token },
    });
    expect(run.code).toBe(0);
    // The digest covers the target, whose port differs from run to run: the golden keeps its place.
    const stdout = run.stdout.replace(/^Plan digest: sha256:[0-9a-f]{64}$/m, 'Plan digest: sha256:<digest>');
    expect(stdout).not.toBe(run.stdout);
    if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(GOLDEN)) writeFileSync(GOLDEN, stdout);
    expect(stdout).toBe(readFileSync(GOLDEN, 'utf8'));
  });
});
