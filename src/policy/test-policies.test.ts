import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { parsePolicies } from './parse-policies.js';
import { testPolicies } from './test-policies.js';

const policies = (...bodies: string[]) => {
  const load = buildCatalog([
    {
      path: 'c/p.yaml',
      text: bodies.map((body) => `apiVersion: catalog/v1\nkind: Policy\n${body}\n`).join('---\n'),
    },
  ]);
  expect(load.diagnostics).toEqual([]);
  return parsePolicies(load.documents).policies;
};

describe('testPolicies', () => {
  it('passes pass examples that satisfy the policy and fail examples that violate it', () => {
    const report = testPolicies(
      policies(
        [
          'name: owned',
          'match: { kinds: [MLModel] }',
          'rule: entity.owners.exists(o, o.type == "TECHNICAL_OWNER")',
          'examples:',
          '  pass: [{ name: m1, owners: [{ owner: urn:li:corpuser:ana, type: TECHNICAL_OWNER }] }]',
          '  fail: [{ name: m2, owners: [] }, { name: m3 }]',
        ].join('\n'),
        'name: untested\nmatch: { kinds: [Tag] }\nrule: "true"',
      ),
    );
    expect(report.untested).toEqual(['untested']);
    expect(report.results.map((r) => [r.example, r.expected, r.passed, r.detail])).toEqual([
      ['pass[0]', 'pass', true, 'satisfies the rule'],
      ['fail[0]', 'fail', true, 'violates it: the rule is false'],
      // As in a run: a rule that fails on an entity is a violation.
      ['fail[1]', 'fail', true, 'violates it: the rule failed on this entity: field not found: owners'],
    ]);
    expect(report.results[2]?.source).toEqual({ file: 'c/p.yaml', line: 8, column: 36 });
  });

  it('fails a pass example that violates the policy and a fail example that satisfies it', () => {
    const report = testPolicies(
      policies(
        'name: described\nmatch: { kinds: [MLFeature] }\nrule: has(entity.description)\nexamples:\n  pass: [{ name: a }]\n  fail: [{ name: b, description: B }]',
      ),
    );
    expect(report.results.map((r) => [r.policy, r.example, r.passed, r.detail])).toEqual([
      ['described', 'pass[0]', false, 'violates it: the rule is false'],
      ['described', 'fail[0]', false, 'satisfies the rule; a fail example must violate it'],
    ]);
  });

  it('where: a pass example it does not match passes, a fail example it does not match fails', () => {
    const report = testPolicies(
      policies(
        [
          'name: pii',
          'match:',
          '  kinds: [DatasetTerms]',
          '  where: has(after.globalTags) && after.globalTags.tags.exists(t, t.tag == "urn:li:tag:pii")',
          'rule: entity.columns.all(c, size(entity.columns[c]) > 0)',
          'examples:',
          '  pass:',
          '    - { columns: { email: [] } }',
          '  fail:',
          '    - { columns: { email: [] } }',
          '    - { columns: { email: [] }, after: { globalTags: { tags: [{ tag: "urn:li:tag:pii" }] } } }',
        ].join('\n'),
      ),
    );
    expect(report.results.map((r) => [r.example, r.passed, r.detail])).toEqual([
      ['pass[0]', true, 'not matched by where'],
      ['fail[0]', false, 'does not match: where is false for it, so it cannot violate the rule'],
      ['fail[1]', true, 'violates it: the rule is false'],
    ]);
  });

  it('fills kind with the first of match.kinds, unless the example names one', () => {
    const report = testPolicies(
      policies(
        'name: k\nmatch: { kinds: [MLModel, MLModelGroup] }\nrule: entity.kind == "MLModel"\nexamples:\n  pass: [{}]\n  fail: [{ kind: MLModelGroup }]',
      ),
    );
    expect(report.results.every((r) => r.passed)).toBe(true);
  });
});
