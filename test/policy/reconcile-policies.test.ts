/**
 * Policies during a plan: `after` is the aspects once the plan is applied (what others wrote included), a violation
 * of an error policy stops the run before any write, and warnings are part of the plan in every format.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample, writeManifests } from '../helpers/catalog-dir.js';
import { USERS } from '../helpers/example-urns.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const MODEL_11 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';

describe('policies in reconcile', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });

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

  it('lists warnings in the text, markdown and JSON plans, at the entity and with the policy', async () => {
    const text = await run('reconcile', 'catalog', '--dry-run');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      '⚠ fraud-detector-2026-11 (urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)): model fraud-detector-2026-11 has no technical owner (policy models-have-a-technical-owner at catalog/policies/models-have-a-technical-owner.yaml:',
    );
    expect(text.stdout).toContain('(catalog/models/fraud-detector.yaml:34:7)');

    const markdown = await run('reconcile', 'catalog', '--dry-run', '--output', 'markdown');
    expect(markdown.stdout).toContain('**Policy warnings**');
    expect(markdown.stdout).toContain('`catalog/models/fraud-detector.yaml:34`');

    const json = JSON.parse((await run('reconcile', 'catalog', '--dry-run', '--output', 'json')).stdout);
    expect(json.policyWarnings).toEqual([
      expect.objectContaining({
        policy: 'models-have-a-technical-owner',
        severity: 'warning',
        urn: expect.stringContaining('2026-10'),
      }),
      expect.objectContaining({
        policy: 'models-have-a-technical-owner',
        urn: MODEL_11,
        source: { file: 'catalog/models/fraud-detector.yaml', line: 34, column: 7 },
      }),
    ]);
  });

  it('sees `after`: a dataset tagged PII in DataHub needs its columns classified, and the error stops the write', async () => {
    // A steward tags the users dataset PII in DataHub; the manifests leave a column of it without a term.
    expect(
      (
        await server.post('/aspects?action=ingestProposal', {
          proposal: proposal(USERS, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] }),
        })
      ).status,
    ).toBe(200);
    writeManifests(dir, {
      'catalog/datasets/users-profile.yaml': `apiVersion: catalog/v1
kind: DatasetTerms
dataset: ${USERS}
terms: [Classification.PII]
columns:
  email: [Classification.PII]
  signup_channel: []
`,
    });
    // Offline, `after` is empty: the policy does not apply.
    expect((await runCatalog(['validate', 'catalog'], { cwd: dir })).code).toBe(0);

    const plan = await run('reconcile', 'catalog');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('[POLICY_VIOLATION]');
    expect(plan.stderr).toContain('catalog/datasets/users-profile.yaml');
    expect(plan.stderr).toContain('violation of error policies; nothing was written');
    // Nothing was written: the models the plan would create are not there.
    expect(await server.aspect(MODEL_11, 'mlModelProperties')).toBeUndefined();
  });

  it('judges what the plan is about to write: a model given an owner in the manifests satisfies the rule', async () => {
    const fixed = await run('reconcile', 'catalog', '--dry-run', '--output', 'json');
    expect(JSON.parse(fixed.stdout).policyWarnings).toHaveLength(2);
    writeManifests(dir, {
      'catalog/policies/models-have-a-technical-owner.yaml': `apiVersion: catalog/v1
kind: Policy
name: models-have-a-technical-owner
severity: warning
match: { kinds: [MLModel] }
rule: 'has(after.ownership) && after.ownership.owners.exists(o, o.type == "TECHNICAL_OWNER")'
message: 'model {{name}} has no technical owner'
`,
    });
    const before = await run('reconcile', 'catalog', '--dry-run', '--output', 'json');
    expect(JSON.parse(before.stdout).policyWarnings).toHaveLength(2);
    // An owner added in DataHub by someone else counts too: `after` holds the live aspects.
    const owner = {
      owners: [{ owner: 'urn:li:corpuser:sam', type: 'TECHNICAL_OWNER' }],
      lastModified: { time: 1, actor: 'urn:li:corpuser:sam' },
    };
    expect(
      (
        await server.post('/aspects?action=ingestProposal', {
          proposal: proposal(MODEL_11, 'ownership', owner),
        })
      ).status,
    ).toBe(200);
    const after = await run('reconcile', 'catalog', '--dry-run', '--output', 'json');
    expect(JSON.parse(after.stdout).policyWarnings.map((w: { urn: string }) => w.urn)).toEqual([
      expect.stringContaining('2026-10'),
    ]);
  });
});
