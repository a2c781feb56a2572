import { loadCatalog, type CatalogLoad } from '../../manifest/load-catalog.js';
import { MANIFEST_KINDS } from '../../manifest/schemas.js';
import { stableStringify } from '../../model/json.js';
import type { CliIo } from '../io.js';
import { parseCacheOptions } from '../parse-cache-options.js';
import { useColor } from '../io.js';
import { diagnosticToJson, linesOf, renderDiagnostics } from '../output/render-diagnostics.js';
import { createStyle } from '../output/style.js';
import { plural } from '../output/plural.js';

export interface ValidateOptions {
  readonly output: 'text' | 'json';
  /** false with --no-cache. */
  readonly cache?: boolean;
}

/** `catalog validate [dir]`: offline; exit 0 when the manifests are valid, 1 when not. */
export async function runValidate(dir: string, options: ValidateOptions, io: CliIo): Promise<number> {
  const load = await loadCatalog(dir, io.cwd, parseCacheOptions(io.cwd, options.cache !== false));
  const errors = load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const counts = countKinds(load);

  if (options.output === 'json') {
    const report = {
      formatVersion: 1,
      valid: errors === 0,
      files: load.files.length,
      counts,
      diagnostics: load.diagnostics.map(diagnosticToJson),
    };
    io.stdout.write(`${stableStringify(report, 2)}\n`);
    return errors === 0 ? 0 : 1;
  }

  const style = createStyle(useColor(io.stderr, io.env));
  if (load.diagnostics.length > 0)
    io.stderr.write(renderDiagnostics(load.diagnostics, linesOf(load.files), style));
  if (errors > 0) {
    const files = new Set(load.diagnostics.map((diagnostic) => diagnostic.location?.file)).size;
    io.stderr.write(
      `${style.red('✖')} ${plural(errors, 'problem')} in ${plural(files, 'file')}; nothing was loaded\n`,
    );
    return 1;
  }
  io.stdout.write(`${summaryLine(dir, load, counts)}\n`);
  return 0;
}

function countKinds(load: CatalogLoad): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(MANIFEST_KINDS.map((kind) => [kind, 0]));
  for (const { manifest } of load.documents) counts[manifest.kind] = (counts[manifest.kind] ?? 0) + 1;
  return counts;
}

function summaryLine(dir: string, load: CatalogLoad, counts: Record<string, number>): string {
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
  return (
    `✔ ${dir} is valid: ${plural(load.documents.length, 'document')} in ${plural(load.files.length, 'file')}` +
    `${kinds === '' ? '' : ` (${kinds})`}; ${plural(state?.entities.length ?? 0, 'entity', 'entities')}` +
    ` (${plural(features, 'feature')}), ${plural(edges, 'term attachment')}`
  );
}
