import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { CatalogError } from '../../errors.js';
import {
  importBusinessGlossary,
  withResolvedDomains,
  type ImportResult,
} from '../../import/business-glossary.js';
import { importDatahubMetadata, type MetadataFile } from '../../import/datahub-metadata.js';
import { resolveDomains } from '../../import/domain-registry.js';
import { parseJson } from '../../model/json.js';
import { errorMessage } from '../../model/error-message.js';
import { writeOutFiles } from './export.js';
import { MAX_METADATA_FILE_BYTES } from './ingest.js';
import { targetDomainLookup } from '../../import/target-domain-lookup.js';
import { connectWithFlags } from '../connect.js';
import type { CliIo } from '../io.js';
import { plural } from '../../render/plural.js';

export interface ImportGlossaryOptions {
  readonly out: string;
  readonly enableAutoId: boolean;
  readonly legacyIds: boolean;
  readonly force: boolean;
  /** The usual target flags: a domain given by name is resolved there, as DataHub's DomainRegistry does. */
  readonly server?: string;
  readonly graphqlUrl?: string;
  readonly parallelism?: string;
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
  const text = await readFile(path.resolve(io.cwd, file), 'utf8').catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read ${file}: ${(error as Error).message}`);
  });
  const imported = importBusinessGlossary(text, file, {
    enableAutoId: options.enableAutoId,
    legacyIds: options.legacyIds,
    env: io.env,
  });
  const result =
    imported.errors.length === 0 && imported.domains.length > 0
      ? await resolveDomainNames(imported, options, io)
      : imported;
  for (const warning of result.warnings) io.stderr.write(`warning ${warning}\n`);
  if (result.errors.length > 0) {
    for (const error of result.errors) io.stderr.write(`error ${error}\n`);
    throw new CatalogError(
      'INVALID_MANIFESTS',
      `${file} has ${plural(result.errors.length, 'problem')}; nothing was written`,
    );
  }
  const outDir = path.resolve(io.cwd, options.out);
  const existing: string[] = [];
  for (const output of result.files) {
    const target = path.join(outDir, output.path);
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      existing.push(path.join(options.out, output.path));
  }
  if (existing.length > 0 && !options.force) {
    throw new CatalogError(
      'FILE_ERROR',
      `import would overwrite ${plural(existing.length, 'existing file')} (${existing.slice(0, 5).join(', ')}); nothing was written. Choose another --out, or pass --force`,
    );
  }
  for (const output of result.files) {
    const target = path.join(outDir, output.path);
    await mkdir(path.dirname(target), { recursive: true });
    const body = output.documents.map((doc) => stringify(doc, { lineWidth: 0 })).join('---\n');
    await writeFile(
      target,
      `# Imported from ${path.basename(file)} by \`catalog import business-glossary\`.\n${body}`,
    );
  }
  io.stdout.write(
    `imported ${plural(result.counts.nodes, 'glossary node')} and ${plural(result.counts.terms, 'term')} into ${plural(result.files.length, 'file')} under ${options.out}\n`,
  );
  return 0;
}

/** DomainRegistry against the chosen target; a domain it cannot find is DataHub's error, located in the file. */
async function resolveDomainNames(
  result: ImportResult,
  options: ImportGlossaryOptions,
  io: CliIo,
): Promise<ImportResult> {
  const connection = await connectWithFlags(options, io);
  try {
    const resolutions = await resolveDomains(
      result.domains.map((use) => use.domain),
      targetDomainLookup(connection.client),
    );
    const resolved = new Map<string, string>();
    const errors: string[] = [];
    for (const use of result.domains) {
      const resolution = resolutions.get(use.domain);
      if (resolution === undefined) continue;
      if (resolution.ok) resolved.set(use.domain, resolution.urn);
      else errors.push(`${use.where}: ${resolution.message} (looked up in ${connection.description})`);
    }
    for (const [domain, resolution] of resolutions) {
      if (resolution.ok)
        io.stderr.write(
          `domain ${domain} is ${resolution.urn} (${resolution.how === 'urn' ? 'that domain exists' : 'found by name'} in ${connection.description})\n`,
        );
    }
    return { ...withResolvedDomains(result, resolved), errors: [...result.errors, ...errors] };
  } finally {
    await connection.close();
  }
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
  const inputs: MetadataFile[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const absolute = path.resolve(io.cwd, file);
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
  const result = problems.length === 0 ? importDatahubMetadata(inputs) : undefined;
  const errors = result === undefined ? problems : result.errors;
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
  await writeOutFiles(result, options, 'import', io);
  return 0;
}
