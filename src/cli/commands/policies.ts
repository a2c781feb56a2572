import { testCatalogPolicies } from '../../engine/validate-catalog.js';
import { stableStringify } from '../../model/json.js';
import { plural } from '../../render/plural.js';
import { diagnosticToJson, linesOf, renderDiagnostics } from '../../render/render-diagnostics.js';
import { policyTestToJson, renderPolicyTests } from '../../render/render-policy-tests.js';
import { createStyle, useColor } from '../../render/style.js';
import type { CliIo } from '../io.js';
import { environmentNameOf } from '../target-flags.js';

export interface PoliciesTestOptions {
  readonly output: 'text' | 'json';
  /** false with --no-cache. */
  readonly cache?: boolean;
  /** The Settings environment whose env and variables the manifests are read with (else CATALOG_ENVIRONMENT). */
  readonly environment?: string;
}

/**
 * `catalog policies test [dir]`: runs each policy against the examples it declares (examples.pass must satisfy
 * it, examples.fail must violate it), like conftest's tests. Offline. Exit 1 when a test fails or the catalog
 * has errors (a broken expression, a duplicate name), 0 otherwise.
 */
export async function runPoliciesTest(dir: string, options: PoliciesTestOptions, io: CliIo): Promise<number> {
  const environment = environmentNameOf(options, io.env);
  const { load, report, errors, ok } = await testCatalogPolicies({
    dir,
    cwd: io.cwd,
    cache: options.cache !== false,
    ...(environment === undefined ? {} : { environment }),
  });
  const { policies } = load;

  if (options.output === 'json') {
    const failed = report.results.filter((result) => !result.passed).length;
    const json = {
      formatVersion: 1,
      ok,
      policies: policies.length,
      summary: { tests: report.results.length, passed: report.results.length - failed, failed },
      tests: report.results.map(policyTestToJson),
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
  io.stdout.write(renderPolicyTests(report, policies.length, dir, out));
  return ok ? 0 : 1;
}
