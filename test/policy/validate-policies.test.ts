import { afterEach, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const MODELS = `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: MLModel
name: owned
owners: [{ owner: ana }]
---
apiVersion: catalog/v1
kind: MLModel
name: orphan
`;

const policy = (severity: string, rule = 'size(entity.owners) > 0') => `apiVersion: catalog/v1
kind: Policy
name: models-are-owned
severity: ${severity}
match: { kinds: [MLModel] }
rule: '${rule}'
message: 'model {{name}} has no owner'
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

const validate = (cwd: string, ...args: string[]) =>
  runCatalog(['validate', 'catalog', '--no-cache', ...args], { cwd });

describe('catalog validate with policies', () => {
  it('fails on a violation of an error policy, located at the entity with the policy named (exit 1)', async () => {
    const cwd = catalogWith({ 'catalog/models.yaml': MODELS, 'catalog/policies.yaml': policy('error') });
    const run = await validate(cwd);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      [
        'catalog/models.yaml:12:7 error model orphan has no owner (policy models-are-owned) [POLICY_VIOLATION]',
        '  12 | name: orphan',
        '     |       ^',
        "  hint: policy 'models-are-owned' is at catalog/policies.yaml:3",
        '✖ 1 problem in 1 file; violations of error policies (docs/policies.md)',
        '',
      ].join('\n'),
    );

    const json = await validate(cwd, '--output', 'json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as {
      valid: boolean;
      counts: Record<string, number>;
      diagnostics: Record<string, unknown>[];
      violations: Record<string, unknown>[];
    };
    expect(report.valid).toBe(false);
    expect(report.counts['Policy']).toBe(1);
    expect(report.diagnostics.map((d) => [d['code'], d['severity'], d['file'], d['line']])).toEqual([
      ['POLICY_VIOLATION', 'error', 'catalog/models.yaml', 12],
    ]);
    expect(report.violations).toEqual([
      {
        policy: 'models-are-owned',
        policyFile: 'catalog/policies.yaml',
        policyLine: 3,
        severity: 'error',
        kind: 'MLModel',
        urn: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,orphan,PROD)',
        file: 'catalog/models.yaml',
        line: 12,
        column: 7,
        message: 'model orphan has no owner',
        reason: null,
      },
    ]);
  });

  it('prints a violation of a warning policy and stays valid (exit 0)', async () => {
    const cwd = catalogWith({ 'catalog/models.yaml': MODELS, 'catalog/policies.yaml': policy('warning') });
    const run = await validate(cwd);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'catalog/models.yaml:12:7 warning model orphan has no owner (policy models-are-owned) [POLICY_VIOLATION]',
    );
    expect(run.stdout).toBe(
      '✔ catalog is valid: 4 documents in 2 files (1 Settings, 2 MLModel, 1 Policy); 2 entities (0 features), 0 term attachments; 1 policy checked, 1 warning\n',
    );
    const json = JSON.parse((await validate(cwd, '--output', 'json')).stdout) as {
      valid: boolean;
      violations: { severity: string }[];
    };
    expect(json.valid).toBe(true);
    expect(json.violations.map((v) => v.severity)).toEqual(['warning']);
  });

  it('reports a rule that fails on an entity as a violation with the reason', async () => {
    const cwd = catalogWith({
      'catalog/models.yaml': MODELS,
      'catalog/policies.yaml': policy('error', 'entity.description != ""'),
    });
    const run = await validate(cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "hint: the rule failed on this entity: field not found: description; policy 'models-are-owned' is at catalog/policies.yaml:3",
    );
  });

  it('refuses a broken expression at its line and column, with the CEL message, before evaluating anything', async () => {
    const cwd = catalogWith({
      'catalog/models.yaml': MODELS,
      'catalog/policies.yaml': policy('error', 'entity.owners.exists(o, o.type == "X"'),
    });
    const run = await validate(cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      [
        'catalog/policies.yaml:6:7 error invalid rule: found . but expecting end of input (column 14 of the expression) [INVALID_EXPRESSION]',
        `  6 | rule: 'entity.owners.exists(o, o.type == "X"'`,
        '    |       ^',
        '✖ 1 problem in 1 file; nothing was loaded',
        '',
      ].join('\n'),
    );
  });

  it('leaves what the catalog declares as it is: policies declare no entity', async () => {
    const without = await validate(catalogWith({ 'catalog/models.yaml': MODELS }), '--output', 'json');
    const withPolicy = await validate(
      catalogWith({ 'catalog/models.yaml': MODELS, 'catalog/policies.yaml': policy('warning', 'true') }),
    );
    expect(JSON.parse(without.stdout)).toMatchObject({ valid: true, violations: [] });
    expect(withPolicy.stdout).toContain('2 entities (0 features)');
  });

  it('passes the example catalog with its starter policies: warnings, no error', async () => {
    const run = await runCatalog(['validate', 'catalog', '--output', 'json', '--no-cache']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      counts: Record<string, number>;
      violations: Record<string, unknown>[];
    };
    expect(report.counts['Policy']).toBe(3);
    expect(report.violations.map((v) => [v['policy'], v['severity'], v['line']])).toEqual([
      ['models-have-a-technical-owner', 'warning', 19],
      ['models-have-a-technical-owner', 'warning', 34],
    ]);
  });

  it("reads an entity's structured property values: every model in production has a risk tier", async () => {
    const cwd = catalogWith({
      'catalog/models.yaml': `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.riskTier
type: string
allowedValues: [{ value: "1" }, { value: "2" }, { value: "3" }]
entityTypes: [mlModel]
---
apiVersion: catalog/v1
kind: MLModel
name: tiered
env: PROD
properties: { io.example.riskTier: "2" }
---
apiVersion: catalog/v1
kind: MLModel
name: untiered
env: PROD
---
apiVersion: catalog/v1
kind: MLModel
name: experiment
env: DEV
`,
      'catalog/policies.yaml': `apiVersion: catalog/v1
kind: Policy
name: production-models-have-a-risk-tier
severity: error
match: { kinds: [MLModel], where: 'entity.env == "PROD"' }
rule: "'io.example.riskTier' in entity.properties"
message: 'model {{name}} is in production without a risk tier'
examples:
  pass: [{ env: PROD, properties: { io.example.riskTier: ["1"] } }]
  fail: [{ env: PROD, properties: {} }]
`,
    });
    const run = await validate(cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('catalog/models.yaml:20:7');
    expect(run.stderr).toContain('model untiered is in production without a risk tier');
    expect(run.stderr).not.toContain('model tiered is in');
    expect(run.stderr).not.toContain('experiment');
    const tested = await runCatalog(['policies', 'test', 'catalog', '--no-cache'], { cwd });
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);
  });
});
