import { validateCatalog, type Validation } from '../../engine/validate-catalog.js';
import { stableStringify } from '../../model/json.js';
import { plural } from '../../render/plural.js';
import { linesOf, renderDiagnostics } from '../../render/render-diagnostics.js';
import { validationToJson } from '../../render/render-validation.js';
import { createStyle, useColor } from '../../render/style.js';
import type { CliIo } from '../io.js';
import { environmentNameOf } from '../target-flags.js';

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
  const environment = environmentNameOf(options, io.env);
  const validation = await validateCatalog({
    dir,
    cwd: io.cwd,
    cache: options.cache !== false,
    ...(environment === undefined ? {} : { environment }),
  });
  const { load, diagnostics, errors } = validation;

  if (options.output === 'json') {
    const report = validationToJson({ ...validation, files: load.files.length });
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
  io.stdout.write(`${summaryLine(dir, validation)}\n`);
  return 0;
}

/** What a valid catalog declares, in one line. */
function summaryLine(dir: string, { load, counts, violations }: Validation): string {
  // counts lists every manifest kind, in the schemas' order.
  const kinds = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  const state = load.state;
  const features = state?.entities.filter((entity) => entity.entityType === 'mlFeature').length ?? 0;
  const edges =
    state?.datasets.reduce(
      (sum, dataset) =>
        sum + dataset.terms.length + dataset.columns.reduce((n, column) => n + column.terms.length, 0),
      0,
    ) ?? 0;
  const policies = load.policies.length;
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
