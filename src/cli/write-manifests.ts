import { exportCatalog, writeManifestFiles, type ExportKind } from '../engine/export-catalog.js';
import { plural } from '../render/plural.js';
import type { CliIo } from './io.js';
import { contextOf, environmentNameOf, targetOptionsOf, type TargetFlags } from './target-flags.js';

/** What `catalog export` takes (init's --from exports with them too). */
export interface ExportFlags extends TargetFlags {
  readonly out: string;
  readonly urn: string[];
  readonly kind: ExportKind[];
  readonly force: boolean;
}

/**
 * Exports the live catalog as manifests under --out: what was left out on stderr, the files written, then how
 * many of each kind. Existing files are never overwritten without --force (and then nothing is written).
 */
export async function exportManifests(options: ExportFlags, io: CliIo): Promise<void> {
  const environment = environmentNameOf(options, io.env);
  const exported = await exportCatalog({
    ...contextOf(io),
    ...targetOptionsOf(options),
    out: options.out,
    urns: options.urn,
    kinds: options.kind,
    ...(environment === undefined ? {} : { environment }),
  });
  for (const reason of exported.skipped) io.stderr.write(`skipped ${reason}\n`);
  await writeManifests(exported, options, 'export', io);
}

/**
 * Writes the manifests export or import made under --out, and says how many of each kind. Nothing is written when
 * a file would be overwritten without --force.
 */
export async function writeManifests(
  output: { readonly files: ReadonlyMap<string, string>; readonly counts: Readonly<Record<string, number>> },
  options: { readonly out: string; readonly force: boolean },
  command: 'export' | 'import',
  io: CliIo,
): Promise<void> {
  await writeManifestFiles(output.files, { out: options.out, force: options.force, cwd: io.cwd }, command);
  const summary = Object.entries(output.counts)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  io.stdout.write(
    `${command === 'export' ? 'exported' : 'imported'} ${plural(output.files.size, 'file')} to ${options.out}${summary === '' ? '' : ` (${summary})`}\n`,
  );
}
