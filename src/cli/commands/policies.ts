import { loadCatalog } from '../../manifest/load-catalog.js';
import { environmentNameOf } from '../connect.js';
import { stableStringify } from '../../model/json.js';
import type { PolicyTestReport, PolicyTestResult } from '../../policy/test-policies.js';
import type { CliIo } from '../io.js';
import { parseCacheOptions } from '../parse-cache-options.js';
import { diagnosticToJson, linesOf, renderDiagnostics } from '../../render/render-diagnostics.js';
import { plural } from '../../render/plural.js';
import { createStyle, useColor, type Style } from '../../render/style.js';

export interface PoliciesTestOptions {
  readonly output: 'text' | 'json';
  /** false with --no-cache. */
  readonly cache?: boolean;
  /** The Settings environment whose env and variables the manifests are read with (else CATALOG_ENVIRONMENT). */
  readonly environment?: string;
}

const NO_TESTS: PolicyTestReport = { results: [], untested: [] };

/**
 * `catalog policies test [dir]`: runs each policy against the examples it declares (examples.pass must satisfy
 * it, examples.fail must violate it), like conftest's tests. Offline. Exit 1 when a test fails or the catalog
 * has errors (a broken expression, a duplicate name), 0 otherwise.
 */
export async function runPoliciesTest(dir: string, options: PoliciesTestOptions, io: CliIo): Promise<number> {
  const load = await loadCatalog(
    dir,
    io.cwd,
    parseCacheOptions(io.cwd, options.cache !== false),
    environmentNameOf(options, io.env),
  );
  const errors = load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const policies = load.policies ?? [];
  let report = NO_TESTS;
  if (errors === 0 && policies.length > 0) {
    const { testPolicies } = await import('../../policy/test-policies.js');
    report = testPolicies(policies);
  }
  const failed = report.results.filter((result) => !result.passed).length;
  const ok = errors === 0 && failed === 0;

  if (options.output === 'json') {
    const json = {
      formatVersion: 1,
      ok,
      policies: policies.length,
      summary: { tests: report.results.length, passed: report.results.length - failed, failed },
      tests: report.results.map(resultToJson),
      untested: report.untested,
      diagnostics: load.diagnostics.map(diagnosticToJson),
    };
    io.stdout.write(`${stableStringify(json, 2)}\n`);
    return ok ? 0 : 1;
  }

  const err = createStyle(useColor(io.stderr, io.env));
  if (load.diagnostics.length > 0)
    io.stderr.write(renderDiagnostics(load.diagnostics, linesOf(load.files), err));
  if (errors > 0) {
    const files = new Set(load.diagnostics.map((diagnostic) => diagnostic.location?.file)).size;
    io.stderr.write(
      `${err.red('✖')} ${plural(errors, 'problem')} in ${plural(files, 'file')}; no policy was tested\n`,
    );
    return 1;
  }
  const out = createStyle(useColor(io.stdout, io.env));
  io.stdout.write(renderReport(report, policies.length, dir, out));
  return ok ? 0 : 1;
}

function renderReport(report: PolicyTestReport, policies: number, dir: string, style: Style): string {
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

function resultToJson(result: PolicyTestResult): Record<string, unknown> {
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
