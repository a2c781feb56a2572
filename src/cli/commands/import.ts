import { importDatahubFiles } from '../../engine/import-datahub.js';
import {
  importDataProductFile,
  importFormsFile,
  importStructuredPropertiesFile,
  type YamlImport,
} from '../../engine/import-datahub-yaml.js';
import { importGlossaryFile, writeGlossaryManifests } from '../../engine/import-glossary.js';
import { CatalogError } from '../../errors.js';
import { plural } from '../../render/plural.js';
import type { CliIo } from '../io.js';
import { contextOf, targetOptionsOf, type TargetFlags } from '../target-flags.js';
import { writeManifests } from '../write-manifests.js';

export interface ImportGlossaryOptions extends TargetFlags {
  readonly out: string;
  readonly enableAutoId: boolean;
  readonly legacyIds: boolean;
  readonly force: boolean;
}

/**
 * `catalog import business-glossary <file>`: writes manifests that reconcile to what DataHub's business-glossary
 * source writes for the same file. Nothing is written when the file has a problem, or when a file would be
 * overwritten without --force. The target (--server, else the usual defaults, else the embedded catalog) is
 * contacted only when a term names its domain by name, which DataHub resolves through its server.
 */
export async function runImportBusinessGlossary(
  file: string,
  options: ImportGlossaryOptions,
  io: CliIo,
): Promise<number> {
  const { result, domains } = await importGlossaryFile({
    ...contextOf(io),
    ...targetOptionsOf(options),
    file,
    enableAutoId: options.enableAutoId,
    legacyIds: options.legacyIds,
  });
  for (const { domain, urn, how, target } of domains) {
    io.stderr.write(
      `domain ${domain} is ${urn} (${how === 'urn' ? 'that domain exists' : 'found by name'} in ${target})\n`,
    );
  }
  for (const warning of result.warnings) io.stderr.write(`warning ${warning}\n`);
  if (result.errors.length > 0) {
    for (const error of result.errors) io.stderr.write(`error ${error}\n`);
    throw new CatalogError(
      'INVALID_MANIFESTS',
      `${file} has ${plural(result.errors.length, 'problem')}; nothing was written`,
    );
  }
  await writeGlossaryManifests(result, { out: options.out, force: options.force, cwd: io.cwd, file });
  io.stdout.write(
    `imported ${plural(result.counts.nodes, 'glossary node')} and ${plural(result.counts.terms, 'term')} into ${plural(result.files.length, 'file')} under ${options.out}\n`,
  );
  return 0;
}

export interface ImportDatahubOptions {
  readonly out: string;
  readonly force: boolean;
}

/**
 * `catalog import datahub <file...>`: writes manifests of the entities DataHub metadata files hold (MCE and MCP
 * JSON, as the file sink writes them), so that validating them passes and reconciling them against a catalog that
 * ingested the same files changes no value. Every file is read whole first; nothing is written when one has a bad
 * record, or when a file would be overwritten without --force.
 */
export async function runImportDatahub(
  files: readonly string[],
  options: ImportDatahubOptions,
  io: CliIo,
): Promise<number> {
  const { errors, import: result } = await importDatahubFiles({ files, cwd: io.cwd });
  if (result === undefined || errors.length > 0) {
    for (const error of errors) io.stderr.write(`error ${error}\n`);
    throw new CatalogError(
      'INGEST_INVALID',
      `${plural(errors.length, 'problem')} in the metadata files; nothing was written`,
    );
  }
  for (const reason of result.skipped) io.stderr.write(`skipped ${reason}\n`);
  if (result.leftOut.size > 0) {
    const list = [...result.leftOut].map(([type, count]) => `${count} ${type}`).join(', ');
    io.stderr.write(`left out (not a kind this tool manages; reconcile leaves them alone): ${list}\n`);
  }
  if (result.files.size === 0) {
    throw new CatalogError(
      'INGEST_INVALID',
      'the files hold no entity a manifest can declare; nothing was written',
    );
  }
  await writeManifests(result, options, 'import', io);
  return 0;
}

export interface ImportYamlOptions {
  readonly out: string;
  readonly force: boolean;
}

/**
 * Reports an import of one of DataHub's YAML files: its warnings, then its errors (nothing is written), else the
 * manifests under --out (not over existing files without --force) and what was written.
 */
export async function finishYamlImport(
  file: string,
  command: string,
  result: YamlImport,
  options: ImportYamlOptions,
  io: CliIo,
): Promise<number> {
  for (const warning of result.warnings) io.stderr.write(`warning ${warning}\n`);
  if (result.errors.length > 0) {
    for (const error of result.errors) io.stderr.write(`error ${error}\n`);
    throw new CatalogError(
      'INVALID_MANIFESTS',
      `${file} has ${plural(result.errors.length, 'problem')}; nothing was written`,
    );
  }
  await writeGlossaryManifests(result, {
    out: options.out,
    force: options.force,
    cwd: io.cwd,
    file,
    command,
  });
  const counts = Object.entries(result.counts).map(([kind, count]) => `${count} ${kind}`);
  io.stdout.write(
    `imported ${counts.join(', ') || 'nothing'} into ${plural(result.files.length, 'file')} under ${options.out}\n`,
  );
  return 0;
}

/** `catalog import structured-properties <file>`: the file `datahub properties upsert` reads. */
export async function runImportStructuredProperties(
  file: string,
  options: ImportYamlOptions,
  io: CliIo,
): Promise<number> {
  const result = await importStructuredPropertiesFile({ ...contextOf(io), file });
  return finishYamlImport(file, 'structured-properties', result, options, io);
}

export interface ImportDataProductOptions extends ImportYamlOptions, TargetFlags {}

/** `catalog import data-product <file>`: the file `datahub dataproduct upsert` reads. */
export async function runImportDataProduct(
  file: string,
  options: ImportDataProductOptions,
  io: CliIo,
): Promise<number> {
  const { result, domains } = await importDataProductFile({
    ...contextOf(io),
    ...targetOptionsOf(options),
    file,
  });
  for (const { domain, urn, how, target } of domains) {
    io.stderr.write(
      `domain ${domain} is ${urn} (${how === 'urn' ? 'that domain exists' : 'found by name'} in ${target})\n`,
    );
  }
  return finishYamlImport(file, 'data-product', result, options, io);
}

/** `catalog import forms <file>`: the file `datahub forms upsert` reads. */
export async function runImportForms(file: string, options: ImportYamlOptions, io: CliIo): Promise<number> {
  const result = await importFormsFile({ ...contextOf(io), file });
  return finishYamlImport(file, 'forms', result, options, io);
}
