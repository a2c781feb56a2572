import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { CatalogError } from '../../errors.js';
import { importBusinessGlossary } from '../../import/business-glossary.js';
import type { CliIo } from '../io.js';
import { plural } from '../output/plural.js';

export interface ImportGlossaryOptions {
  readonly out: string;
  readonly enableAutoId: boolean;
  readonly legacyIds: boolean;
  readonly force: boolean;
}

/**
 * `catalog import business-glossary <file>`: writes manifests that reconcile to what DataHub's business-glossary
 * source writes for the same file. Nothing is written when the file has a problem, or when a file would be
 * overwritten without --force.
 */
export async function runImportBusinessGlossary(
  file: string,
  options: ImportGlossaryOptions,
  io: CliIo,
): Promise<number> {
  const text = await readFile(path.resolve(io.cwd, file), 'utf8').catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read ${file}: ${(error as Error).message}`);
  });
  const result = importBusinessGlossary(text, file, {
    enableAutoId: options.enableAutoId,
    legacyIds: options.legacyIds,
  });
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
