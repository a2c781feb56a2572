import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { importDatahubMetadata, type DatahubImport, type MetadataFile } from '../import/datahub-metadata.js';
import { errorMessage } from '../model/error-message.js';
import { parseJson } from '../model/json.js';
import { MAX_METADATA_FILE_BYTES } from '../server/bulk-load/read-metadata-file.js';

export type { DatahubImport } from '../import/datahub-metadata.js';

/** The files read and turned into manifests, or why they could not be (then `import` is absent). */
export interface DatahubFilesImport {
  /** Files that cannot be read, are too large or are not JSON; else the records the reader refuses. */
  readonly errors: readonly string[];
  /** Present when every file was read: the manifests (nothing is to be written while it has errors). */
  readonly import?: DatahubImport;
}

/**
 * `catalog import datahub`: reads DataHub metadata files (MCE and MCP JSON, as the file sink writes them) whole and
 * turns the entities they hold into manifests, so that validating them passes and reconciling them against a
 * catalog that ingested the same files changes no value. `files` are relative to cwd.
 */
export async function importDatahubFiles(options: {
  readonly files: readonly string[];
  readonly cwd: string;
}): Promise<DatahubFilesImport> {
  const inputs: MetadataFile[] = [];
  const problems: string[] = [];
  for (const file of options.files) {
    const absolute = path.resolve(options.cwd, file);
    const size = await stat(absolute).then(
      (stats) => stats.size,
      (error: unknown) => {
        problems.push(`${file}: cannot read it (${errorMessage(error)})`);
        return undefined;
      },
    );
    if (size === undefined) continue;
    if (size > MAX_METADATA_FILE_BYTES) {
      problems.push(`${file}: ${size} bytes is over the ${MAX_METADATA_FILE_BYTES}-byte limit`);
      continue;
    }
    const json = parseJson(await readFile(absolute, 'utf8'));
    if (json.ok) inputs.push({ file, content: json.value });
    else problems.push(`${file}: not valid JSON (${json.error})`);
  }
  if (problems.length > 0) return { errors: problems };
  const imported = importDatahubMetadata(inputs);
  return { errors: imported.errors, import: imported };
}
