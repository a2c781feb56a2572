import type { PolicyTestReport, PolicyTestResult } from '../policy/test-policies.js';
import { plural } from './plural.js';
import type { Style } from './style.js';

/** `catalog policies test`'s report: a line per test (conftest's shape), then the counts. */
export function renderPolicyTests(
  report: PolicyTestReport,
  policies: number,
  dir: string,
  style: Style,
): string {
  if (policies === 0) return `no policies in ${dir}\n`;
  const lines = report.results.map((result) => renderResult(result, style));
  const failed = report.results.filter((result) => !result.passed).length;
  const untested =
    report.untested.length === 0
      ? ''
      : `; ${plural(report.untested.length, 'policy', 'policies')} without examples: ${report.untested.join(', ')}`;
  const summary = `${plural(report.results.length, 'test')}, ${report.results.length - failed} passed, ${failed} failed${untested}`;
  return `${lines.join('')}${lines.length === 0 ? '' : '\n'}${failed > 0 ? style.red(summary) : summary}\n`;
}

/** conftest's shape: PASS name, or FAIL file:line:column name: why. */
function renderResult(result: PolicyTestResult, style: Style): string {
  const name = `${result.policy}/${result.example}`;
  if (result.passed) return `${style.green('PASS')} ${name}\n`;
  const { file, line, column } = result.source;
  return `${style.red('FAIL')} ${file}:${line}:${column} ${name}: ${result.detail}\n`;
}

export function policyTestToJson(result: PolicyTestResult): Record<string, unknown> {
  return {
    policy: result.policy,
    example: result.example,
    expected: result.expected,
    passed: result.passed,
    detail: result.detail,
    file: result.source.file,
    line: result.source.line,
    column: result.source.column,
  };
}
