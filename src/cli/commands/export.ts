import type { CliIo } from '../io.js';
import { exportManifests, type ExportFlags } from '../write-manifests.js';

export type ExportOptions = ExportFlags;

/**
 * `catalog export`: writes the live catalog's features, tables, models, groups, terms and term attachments as
 * manifests. Existing files are never overwritten without --force (and then nothing is written if any check
 * fails first).
 */
export async function runExport(options: ExportOptions, io: CliIo): Promise<number> {
  await exportManifests(options, io);
  return 0;
}
