import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../errors.js';
import { importStructuredProperties } from '../import/structured-properties-yaml.js';
import type { YamlImport } from '../import/yaml-input.js';
import type { EngineContext } from './context.js';

export type { YamlImport } from '../import/yaml-input.js';

export interface YamlImportOptions extends EngineContext {
  /** The file DataHub's CLI verb reads (relative to cwd). */
  readonly file: string;
}

/** The text of the file an import reads. */
export async function readImportFile(options: YamlImportOptions): Promise<string> {
  return readFile(path.resolve(options.cwd, options.file), 'utf8').catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read ${options.file}: ${(error as Error).message}`);
  });
}

/**
 * `catalog import structured-properties`: the file `datahub properties upsert` reads, as StructuredProperty
 * manifests that reconcile to the propertyDefinition aspects DataHub's CLI emits for it. Nothing is to be written
 * while the result has errors (each located in the file).
 */
export async function importStructuredPropertiesFile(options: YamlImportOptions): Promise<YamlImport> {
  return importStructuredProperties(await readImportFile(options), options.file);
}
