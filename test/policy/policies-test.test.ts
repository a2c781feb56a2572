import { afterEach, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const POLICY = `apiVersion: catalog/v1
kind: Policy
name: described
match: { kinds: [MLFeature] }
rule: has(entity.description)
examples:
  pass: [{ name: a, description: A }]
  fail: [{ name: b }]
`;

const BROKEN_EXAMPLES = `apiVersion: catalog/v1
kind: Policy
name: tagged
match: { kinds: [MLModel], where: 'entity.env == "PROD"' }
rule: size(entity.tags) > 0
examples:
  pass: [{ env: PROD, tags: [] }]
  fail:
    - { env: PROD, tags: [urn:li:tag:gold] }
    - { env: DEV, tags: [] }
---
apiVersion: catalog/v1
kind: Policy
name: untested
match: { kinds: [Tag] }
rule: 'true'
`;

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

function catalogWith(files: Record<string, string>): string {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  writeManifests(dir, files);
  return dir;
}

const test = (cwd: string, ...args: string[]) =>
  runCatalog(['policies', 'test', 'catalog', '--no-cache', ...args], { cwd });

describe('catalog policies test', () => {
  it('passes when every example does what it says (exit 0)', async () => {
    const run = await test(catalogWith({ 'catalog/policies.yaml': POLICY }));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      'PASS described/pass[0]\nPASS described/fail[0]\n\n2 tests, 2 passed, 0 failed\n',
    );
  });

  it('fails on an example that does not do what it says, with where and why (exit 1)', async () => {
    const run = await test(catalogWith({ 'catalog/policies.yaml': BROKEN_EXAMPLES }));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        'FAIL catalog/policies.yaml:7:10 tagged/pass[0]: violates it: the rule is false',
        'FAIL catalog/policies.yaml:9:7 tagged/fail[0]: satisfies the rule; a fail example must violate it',
        'FAIL catalog/policies.yaml:10:7 tagged/fail[1]: does not match: where is false for it, so it cannot violate the rule',
        '',
        '3 tests, 0 passed, 3 failed; 1 policy without examples: untested',
        '',
      ].join('\n'),
    );
  });

  it('--output json: every test with its outcome and place', async () => {
    const run = await test(
      catalogWith({ 'catalog/policies.yaml': `${POLICY}---\n${BROKEN_EXAMPLES}` }),
      '--output',
      'json',
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      formatVersion: 1,
      ok: false,
      policies: 3,
      summary: { tests: 5, passed: 2, failed: 3 },
      untested: ['untested'],
      diagnostics: [],
    });
    expect((report['tests'] as Record<string, unknown>[])[1]).toEqual({
      policy: 'described',
      example: 'fail[0]',
      expected: 'fail',
      passed: true,
      detail: 'violates it: the rule is false',
      file: 'catalog/policies.yaml',
      line: 8,
      column: 10,
    });
  });

  it('tests nothing while the catalog has errors, such as a broken expression (exit 1)', async () => {
    const cwd = catalogWith({
      'catalog/policies.yaml': POLICY.replace('has(entity.description)', 'has(entity.)'),
    });
    const run = await test(cwd);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^catalog\/policies\.yaml:5:7 error invalid rule: .* \[INVALID_EXPRESSION\]/);
    expect(run.stderr).toContain('✖ 1 problem in 1 file; no policy was tested');
    const json = JSON.parse((await test(cwd, '--output', 'json')).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({
      ok: false,
      tests: [],
      diagnostics: [{ code: 'INVALID_EXPRESSION', line: 5 }],
    });
  });

  it('says so when the catalog has no policies (exit 0)', async () => {
    const run = await test(
      catalogWith({ 'catalog/tags.yaml': 'apiVersion: catalog/v1\nkind: Tag\nid: gold\n' }),
    );
    expect(run).toEqual({ code: 0, stdout: 'no policies in catalog\n', stderr: '' });
  });

  it('passes the starter policies of the example catalog', async () => {
    const run = await runCatalog(['policies', 'test', 'catalog', '--no-cache']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\n10 tests, 10 passed, 0 failed\n$/);
    expect(run.stdout).not.toContain('FAIL');
  });
});
