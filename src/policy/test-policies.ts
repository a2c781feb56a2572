import type { SourceLocation } from '../errors.js';
import { toCelValue } from './compile-expression.js';
import { evaluatePolicy } from './evaluate-policies.js';
import type { Policy, PolicyExample } from './types.js';

export interface PolicyTestResult {
  readonly policy: string;
  /** e.g. "pass[0]". */
  readonly example: string;
  readonly expected: 'pass' | 'fail';
  readonly passed: boolean;
  /** What the policy made of the example, in a few words. */
  readonly detail: string;
  readonly source: SourceLocation;
}

export interface PolicyTestReport {
  /** Policy by policy in catalog order, pass examples before fail examples. */
  readonly results: readonly PolicyTestResult[];
  /** Policies that declare no example, by name. */
  readonly untested: readonly string[];
}

/**
 * Runs each policy against the examples it declares, like conftest's tests: a pass example must satisfy the
 * policy (a `where` that does not match it counts as satisfied: the policy lets it through), and a fail example
 * must violate it (one that `where` does not match fails the test: it tests nothing). Evaluation is exactly
 * that of a run, so a rule that fails on a fail example (a missing field) is a violation there too.
 */
export function testPolicies(policies: readonly Policy[]): PolicyTestReport {
  const results: PolicyTestResult[] = [];
  const untested: string[] = [];
  for (const policy of policies) {
    const { pass, fail } = policy.examples;
    if (pass.length + fail.length === 0) untested.push(policy.name);
    pass.forEach((example, index) => results.push(runExample(policy, example, 'pass', index)));
    fail.forEach((example, index) => results.push(runExample(policy, example, 'fail', index)));
  }
  return { results, untested };
}

function runExample(
  policy: Policy,
  example: PolicyExample,
  expected: 'pass' | 'fail',
  index: number,
): PolicyTestResult {
  const outcome = evaluatePolicy(policy, toCelValue(example.entity), toCelValue(example.after));
  const result = (passed: boolean, detail: string): PolicyTestResult => ({
    policy: policy.name,
    example: `${expected}[${index}]`,
    expected,
    passed,
    detail,
    source: example.source,
  });
  switch (outcome.status) {
    case 'not-matched':
      return expected === 'pass'
        ? result(true, 'not matched by where')
        : result(false, 'does not match: where is false for it, so it cannot violate the rule');
    case 'compliant':
      return expected === 'pass'
        ? result(true, 'satisfies the rule')
        : result(false, 'satisfies the rule; a fail example must violate it');
    case 'violated': {
      const why = outcome.reason ?? 'the rule is false';
      return expected === 'fail' ? result(true, `violates it: ${why}`) : result(false, `violates it: ${why}`);
    }
  }
}
