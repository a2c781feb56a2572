import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError, DiagnosticsError } from '../../errors.js';
import { ENVIRONMENT_NAME } from '../../manifest/select-environment.js';
import { plural } from '../../render/plural.js';
import { declaredEnvironments, loadCatalog, type LoadedCatalog } from '../load-catalog.js';
import { CATALOG_DIR, GITIGNORE_LINES, tokenEnvFor } from './scaffold.js';
import type { SyncEnvironment } from './sync-environments.js';

/** What `catalog init` did with each file: written, or kept because it exists (without force). */
export interface ProjectFiles {
  readonly written: string[];
  readonly kept: string[];
}

/** Writes scaffolded files under `root`, keeping (and listing) those that exist unless `force`. */
export async function writeProjectFiles(
  root: string,
  files: ReadonlyMap<string, string>,
  force: boolean,
  done: ProjectFiles,
): Promise<void> {
  for (const [file, text] of files) {
    const target = path.join(root, file);
    if (!force && (await exists(target))) {
      done.kept.push(file);
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    done.written.push(file);
  }
}

/**
 * Environments to declare, from names separated by commas or white space (`dev,prod`), and which of them are
 * protected; a name the Settings schema refuses is refused here (CONFIG_INVALID).
 */
export function parseEnvironmentList(environments?: string, protect?: string): SyncEnvironment[] {
  const names = (text: string | undefined): string[] => [
    ...new Set((text ?? '').split(/[\s,]+/).filter((name) => name !== '')),
  ];
  const declared = names(environments);
  const protectedNames = names(protect);
  for (const name of [...declared, ...protectedNames]) {
    if (!ENVIRONMENT_NAME.test(name)) {
      throw new CatalogError(
        'CONFIG_INVALID',
        `"${name}" is not an environment name (letters, digits, "_", "." and "-", starting with a letter or digit)`,
      );
    }
  }
  const unknown = protectedNames.filter((name) => !declared.includes(name));
  if (unknown.length > 0) {
    throw new CatalogError(
      'CONFIG_INVALID',
      `--protect ${unknown.join(',')}: not among --environments ${declared.join(',') || '(none)'}`,
    );
  }
  return declared.map((name) => ({
    name,
    protect: protectedNames.includes(name),
    tokenEnv: tokenEnvFor(name),
  }));
}

/**
 * The catalog left in place under `root` and the environments its Settings declare (the one just written, or the
 * user's own: a kept catalog.yaml, or another file of catalog/ that holds the Settings).
 */
export async function readProjectCatalog(
  root: string,
  cwd: string,
): Promise<{ load: LoadedCatalog; environments: SyncEnvironment[] }> {
  const load = await loadCatalog({ dir: path.join(root, CATALOG_DIR), cwd });
  const environments = declaredEnvironments(load).map((environment) => ({
    name: environment.name,
    protect: environment.protect,
    ...(environment.tokenEnv === undefined ? {} : { tokenEnv: environment.tokenEnv }),
  }));
  return { load, environments };
}

/**
 * A kept file (no force) may be the user's own and invalid: every problem is reported, located. With environments,
 * the manifests are read as each environment reads them (a ${var.…} is an error without one). `dir` is the
 * project directory as the user named it.
 */
export async function checkProjectCatalog(
  root: string,
  dir: string,
  cwd: string,
  load: LoadedCatalog,
  environments: readonly SyncEnvironment[],
): Promise<void> {
  const checks =
    environments.length === 0
      ? [{ load, environment: undefined }]
      : await Promise.all(
          environments.map(async ({ name }) => ({
            load: await loadCatalog({ dir: path.join(root, CATALOG_DIR), cwd, environment: name }),
            environment: name,
          })),
        );
  for (const check of checks) {
    const errors = check.load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    if (errors.length === 0) continue;
    const where = path.join(dir, CATALOG_DIR);
    const validate =
      check.environment === undefined
        ? '`catalog validate`'
        : `\`catalog validate --environment ${check.environment}\``;
    throw new DiagnosticsError(
      'INVALID_MANIFESTS',
      check.load.diagnostics,
      `${plural(errors.length, 'problem')} in ${where}${check.environment === undefined ? '' : ` (environment ${check.environment})`}; fix them and run ${validate}`,
      check.load.files,
    );
  }
}

/** Adds the lines .gitignore lacks; true when it changed. */
export async function appendGitignore(file: string): Promise<boolean> {
  const current = (await exists(file)) ? await readFile(file, 'utf8') : '';
  const present = new Set(current.split(/\r?\n/).map((line) => line.trim()));
  const missing = GITIGNORE_LINES.filter((line) => !present.has(line));
  if (missing.length === 0) return false;
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  const header = "# catalog: the embedded catalog's data and the parse cache\n";
  await appendFile(file, `${separator}${header}${missing.join('\n')}\n`);
  return true;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
