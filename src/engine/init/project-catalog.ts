/**
 * The project's catalog/ as init leaves it: the files on disk with what init writes laid over them. Read before
 * anything is written, it is what `--dry-run` shows; after, the same files. The workflows follow the environments
 * its Settings declare, and it must validate before init says it is done.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DiagnosticsError } from '../../errors.js';
import { buildCatalog, type CatalogLoad } from '../../manifest/load-catalog.js';
import type { SourceFile } from '../../manifest/parse-documents.js';
import { readManifestFiles, toDisplayPath } from '../../manifest/read-manifest-files.js';
import { plural } from '../../render/plural.js';
import { addPolicies, declaredEnvironments } from '../load-catalog.js';
import { writes, type FilePlan } from './plan-init-files.js';
import { CATALOG_DIR } from './scaffold.js';
import type { SyncEnvironment } from './sync-environments.js';

/** The manifests of `<root>/catalog/` with the planned texts laid over them (paths as shown, relative to cwd). */
export async function catalogAsPlanned(
  root: string,
  cwd: string,
  plans: readonly FilePlan[],
): Promise<SourceFile[]> {
  const dir = path.join(root, CATALOG_DIR);
  const onDisk = (await isDirectory(dir)) ? await readManifestFiles(dir, cwd) : [];
  const planned = new Map(
    plans
      .filter((plan) => writes(plan.step) && /\.ya?ml$/.test(plan.path))
      .map((plan) => [toDisplayPath(path.join(root, plan.path), cwd), plan.text]),
  );
  const files = onDisk.map((file) => {
    const text = planned.get(file.path);
    planned.delete(file.path);
    return text === undefined ? file : { path: file.path, text };
  });
  for (const [shown, text] of planned) files.push({ path: shown, text });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The manifests of `<root>/catalog/` now, relative to the root (`catalog/…`); none when it does not exist. */
export async function existingManifests(root: string): Promise<string[]> {
  const dir = path.join(root, CATALOG_DIR);
  if (!(await isDirectory(dir))) return [];
  return (await readManifestFiles(dir, root)).map((file) => file.path);
}

/** The environments the catalog's Settings declare, as the workflows need them. */
export function environmentsOf(files: readonly SourceFile[]): SyncEnvironment[] {
  return declaredEnvironments(buildCatalog(files)).map((environment) => ({
    name: environment.name,
    protect: environment.protect,
    ...(environment.tokenEnv === undefined ? {} : { tokenEnv: environment.tokenEnv }),
  }));
}

/**
 * Every problem of the catalog init leaves, located (a kept file may be the user's, and invalid). With
 * environments, the manifests are read as each environment reads them (a `${var.…}` is an error without one).
 * `dir` is the project directory as the user named it.
 */
export async function checkProjectCatalog(
  files: readonly SourceFile[],
  dir: string,
  environments: readonly SyncEnvironment[],
): Promise<void> {
  // Policies compiled too, as `catalog validate` checks them.
  const load = (environment?: string): Promise<CatalogLoad> =>
    addPolicies(buildCatalog(files, undefined, environment));
  const checks: { load: CatalogLoad; environment: string | undefined }[] =
    environments.length === 0
      ? [{ load: await load(), environment: undefined }]
      : await Promise.all(
          environments.map(async ({ name }) => ({ load: await load(name), environment: name })),
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

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
