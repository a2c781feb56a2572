import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { CatalogError } from '../errors.js';
import {
  importBusinessGlossary,
  withResolvedDomains,
  type ImportResult,
} from '../import/business-glossary.js';
import { resolveDomains } from '../import/domain-registry.js';
import { plural } from '../render/plural.js';
import type { EngineContext, TargetOptions } from './context.js';
import { openTarget } from './open-target.js';
import { targetDomainLookup } from './target-domain-lookup.js';

export type { ImportResult } from '../import/business-glossary.js';

export interface GlossaryImportOptions extends EngineContext, TargetOptions {
  /** The business-glossary YAML file (relative to cwd), what DataHub's source's `file` option names. */
  readonly file: string;
  /** Hashed ids for every node and term, as the source's enable_auto_id; default false. */
  readonly enableAutoId?: boolean;
  /** Ids as DataHub releases before the name cleaning made them (raw paths, spaces kept); default false. */
  readonly legacyIds?: boolean;
}

/** A domain given by name, resolved at the target. */
export interface ResolvedDomain {
  readonly domain: string;
  readonly urn: string;
  /** `urn`: urn:li:domain:<name> exists; `name`: the first domain with that name. */
  readonly how: 'urn' | 'name';
  /** Where it was looked up (the target as shown to people). */
  readonly target: string;
}

export interface GlossaryImport {
  /** The manifests to write, with the file's problems (`errors`: nothing is to be written) and warnings. */
  readonly result: ImportResult;
  /** The domains given by name, resolved at the target (which is contacted only for them). */
  readonly domains: readonly ResolvedDomain[];
}

/**
 * `catalog import business-glossary`: turns a DataHub business-glossary file into manifests that reconcile to what
 * DataHub's source writes for it. The target is contacted only when a term names its domain by name, which DataHub
 * resolves through its server; a domain it cannot find is DataHub's error, located in the file.
 */
export async function importGlossaryFile(options: GlossaryImportOptions): Promise<GlossaryImport> {
  const { file } = options;
  const text = await readFile(path.resolve(options.cwd, file), 'utf8').catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read ${file}: ${(error as Error).message}`);
  });
  const imported = importBusinessGlossary(text, file, {
    enableAutoId: options.enableAutoId === true,
    legacyIds: options.legacyIds === true,
    env: options.env,
  });
  if (imported.errors.length > 0 || imported.domains.length === 0) return { result: imported, domains: [] };
  return resolveDomainNames(imported, options);
}

/** DomainRegistry against the chosen target; a domain it cannot find is DataHub's error, located in the file. */
async function resolveDomainNames(
  result: ImportResult,
  options: GlossaryImportOptions,
): Promise<GlossaryImport> {
  const { file: _file, enableAutoId: _auto, legacyIds: _legacy, ...target } = options;
  const connection = await openTarget(target);
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
    const domains: ResolvedDomain[] = [];
    for (const [domain, resolution] of resolutions) {
      if (resolution.ok)
        domains.push({ domain, urn: resolution.urn, how: resolution.how, target: connection.description });
    }
    return {
      result: { ...withResolvedDomains(result, resolved), errors: [...result.errors, ...errors] },
      domains,
    };
  } finally {
    await connection.close();
  }
}

/**
 * Writes the imported glossary's manifests under `out`, each headed by where it came from. Nothing is written when
 * a file would be overwritten without `force`.
 */
export async function writeGlossaryManifests(
  result: Pick<ImportResult, 'files'>,
  options: {
    readonly out: string;
    readonly force: boolean;
    readonly cwd: string;
    readonly file: string;
    /** The import command named in each file's header (default business-glossary). */
    readonly command?: string;
  },
): Promise<void> {
  const outDir = path.resolve(options.cwd, options.out);
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
      `# Imported from ${path.basename(options.file)} by \`catalog import ${options.command ?? 'business-glossary'}\`.\n${body}`,
    );
  }
}
