import { sortDiagnostics } from '../../errors.js';
import { loadCatalog, type CatalogLoad } from '../../manifest/load-catalog.js';
import { environmentNameOf } from '../connect.js';
import { MANIFEST_KINDS } from '../../manifest/schemas.js';
import { stableStringify } from '../../model/json.js';
import { violationToDiagnostic, violationToJson } from '../../policy/report-violations.js';
import type { PolicyViolation } from '../../policy/types.js';
import type { CliIo } from '../io.js';
import { parseCacheOptions } from '../parse-cache-options.js';
import { diagnosticToJson, linesOf, renderDiagnostics } from '../../render/render-diagnostics.js';
import { createStyle, useColor } from '../../render/style.js';
import { plural } from '../../render/plural.js';

export interface ValidateOptions {
  readonly output: 'text' | 'json';
  /** false with --no-cache. */
  readonly cache?: boolean;
  /** The Settings environment whose env and variables the manifests are read with (else CATALOG_ENVIRONMENT). */
  readonly environment?: string;
}

/**
 * `catalog validate [dir]`: offline; exit 0 when the manifests are valid, 1 when not. The catalog's policies are
 * evaluated on the declared entities (`after` is an empty map offline): a violation of an error policy fails
 * like any other located error, a warning is printed and the exit code stays 0.
 */
export async function runValidate(dir: string, options: ValidateOptions, io: CliIo): Promise<number> {
  const load = await loadCatalog(
    dir,
    io.cwd,
    parseCacheOptions(io.cwd, options.cache !== false),
    environmentNameOf(options, io.env),
  );
  const violations = await evaluateOffline(load);
  const diagnostics = sortDiagnostics([...load.diagnostics, ...violations.map(violationToDiagnostic)]);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const counts = countKinds(load);

  if (options.output === 'json') {
    const report = {
      formatVersion: 1,
      valid: errors === 0,
      files: load.files.length,
      counts,
      diagnostics: diagnostics.map(diagnosticToJson),
      violations: violations.map(violationToJson),
    };
    io.stdout.write(`${stableStringify(report, 2)}\n`);
    return errors === 0 ? 0 : 1;
  }

  const style = createStyle(useColor(io.stderr, io.env));
  if (diagnostics.length > 0) io.stderr.write(renderDiagnostics(diagnostics, linesOf(load.files), style));
  if (errors > 0) {
    const files = new Set(diagnostics.map((diagnostic) => diagnostic.location?.file)).size;
    // Policies are evaluated only on a catalog that loaded, so errors are either the manifests' or policies'.
    const outcome =
      load.state === undefined ? 'nothing was loaded' : 'violations of error policies (docs/policies.md)';
    io.stderr.write(
      `${style.red('✖')} ${plural(errors, 'problem')} in ${plural(files, 'file')}; ${outcome}\n`,
    );
    return 1;
  }
  io.stdout.write(`${summaryLine(dir, load, counts, violations)}\n`);
  return 0;
}

/** The policies' violations on the declared entities; none when there are no policies or the catalog has errors. */
async function evaluateOffline(load: CatalogLoad): Promise<PolicyViolation[]> {
  const policies = load.policies ?? [];
  if (policies.length === 0 || load.state === undefined) return [];
  const { evaluatePolicies, policySubjects } = await import('../../policy/index.js');
  return evaluatePolicies(policies, policySubjects(load));
}

function countKinds(load: CatalogLoad): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(MANIFEST_KINDS.map((kind) => [kind, 0]));
  for (const { manifest } of load.documents) counts[manifest.kind] = (counts[manifest.kind] ?? 0) + 1;
  return counts;
}

function summaryLine(
  dir: string,
  load: CatalogLoad,
  counts: Record<string, number>,
  violations: readonly PolicyViolation[],
): string {
  const kinds = MANIFEST_KINDS.filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => `${counts[kind]} ${kind}`)
    .join(', ');
  const state = load.state;
  const features = state?.entities.filter((entity) => entity.entityType === 'mlFeature').length ?? 0;
  const edges =
    state?.datasets.reduce(
      (sum, dataset) =>
        sum + dataset.terms.length + dataset.columns.reduce((n, column) => n + column.terms.length, 0),
      0,
    ) ?? 0;
  const policies = load.policies?.length ?? 0;
  const checked =
    policies === 0
      ? ''
      : `; ${plural(policies, 'policy', 'policies')} checked, ${plural(violations.length, 'warning')}`;
  return (
    `✔ ${dir} is valid: ${plural(load.documents.length, 'document')} in ${plural(load.files.length, 'file')}` +
    `${kinds === '' ? '' : ` (${kinds})`}; ${plural(state?.entities.length ?? 0, 'entity', 'entities')}` +
    ` (${plural(features, 'feature')}), ${plural(edges, 'term attachment')}${checked}`
  );
}
