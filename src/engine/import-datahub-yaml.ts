import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../errors.js';
import { importDataProduct } from '../import/data-product-yaml.js';
import { importForms } from '../import/forms-yaml.js';
import { resolveDomains } from '../import/domain-registry.js';
import { importStructuredProperties } from '../import/structured-properties-yaml.js';
import type { YamlImport } from '../import/yaml-input.js';
import type { EngineContext, TargetOptions } from './context.js';
import type { ResolvedDomain } from './import-glossary.js';
import { openTarget } from './open-target.js';
import { targetDomainLookup } from './target-domain-lookup.js';

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

export interface DataProductImportOptions extends YamlImportOptions, TargetOptions {}

/**
 * `catalog import data-product`: the file `datahub dataproduct upsert` reads, as a DataProduct manifest that
 * reconciles to the aspects DataHub's CLI emits for it. A domain given by name is resolved at the target as
 * DataHub's DomainRegistry does (the target is contacted only then); one it cannot find is DataHub's error,
 * located in the file.
 */
export async function importDataProductFile(
  options: DataProductImportOptions,
): Promise<{ readonly result: YamlImport; readonly domains: readonly ResolvedDomain[] }> {
  const imported = importDataProduct(await readImportFile(options), options.file);
  if (imported.errors.length > 0 || imported.domains.length === 0) return { result: imported, domains: [] };
  const { file: _file, ...target } = options;
  const connection = await openTarget(target);
  try {
    const resolutions = await resolveDomains(
      imported.domains.map((use) => use.domain),
      targetDomainLookup(connection.client),
    );
    const errors: string[] = [];
    const resolved = new Map<string, string>();
    const domains: ResolvedDomain[] = [];
    for (const use of imported.domains) {
      const resolution = resolutions.get(use.domain);
      if (resolution === undefined) continue;
      if (!resolution.ok) {
        errors.push(`${use.where}: ${resolution.message} (looked up in ${connection.description})`);
        continue;
      }
      resolved.set(use.domain, resolution.urn);
      domains.push({
        domain: use.domain,
        urn: resolution.urn,
        how: resolution.how,
        target: connection.description,
      });
    }
    const files = imported.files.map((file) => ({
      ...file,
      documents: file.documents.map((doc) => {
        const urn = typeof doc['domain'] === 'string' ? resolved.get(doc['domain']) : undefined;
        return urn === undefined ? doc : { ...doc, domain: urn };
      }),
    }));
    return {
      result: { ...imported, files: errors.length > 0 ? [] : files, errors },
      domains,
    };
  } finally {
    await connection.close();
  }
}

/**
 * `catalog import forms`: the file `datahub forms upsert` reads, as Form manifests that reconcile to the forms, their
 * assignments and filters DataHub's CLI makes. Nothing is to be written while the result has errors.
 */
export async function importFormsFile(options: YamlImportOptions): Promise<YamlImport> {
  return importForms(await readImportFile(options), options.file);
}
