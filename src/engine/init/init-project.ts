import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogError } from '../../errors.js';
import { ENVIRONMENT_NAME } from '../../manifest/select-environment.js';
import type { EngineContext } from '../context.js';
import { ingestFiles } from '../ingest-files.js';
import { PACKAGE_NAME } from '../package-info.js';
import { INIT_RECORD, readInitRecord, renderInitRecord } from './init-record.js';
import { addEnvironments, nextRecord, planFile, writes, type FilePlan } from './plan-init-files.js';
import {
  catalogAsPlanned,
  checkProjectCatalog,
  environmentsOf,
  existingManifests,
} from './project-catalog.js';
import {
  CATALOG_DIR,
  EXAMPLE_FILE,
  environmentEntries,
  GITIGNORE_LINES,
  SAMPLE_DATASETS,
  SAMPLE_TERMS_FILE,
  SCAFFOLD_MANIFESTS,
  scaffoldCatalogFiles,
  scaffoldWorkflows,
  SETTINGS_FILE,
  tokenEnvFor,
} from './scaffold.js';
import type { SyncEnvironment } from './sync-environments.js';

export type { FilePlan, FileStep } from './plan-init-files.js';

export interface InitProjectOptions extends EngineContext {
  /** The project directory, relative to cwd. */
  readonly dir: string;
  /** The action reference the workflows use, e.g. `owner/repo@v1`. */
  readonly actionRef: string;
  /** Environments to declare (`dev,prod`), and which of them are protected. */
  readonly environments?: string;
  readonly protect?: string;
  /** A server catalog/ is filled from by export (`exportFrom` does it) instead of the example. */
  readonly from?: string;
  /** Replace the files that differ from what init writes (never one that was deleted). */
  readonly force: boolean;
  /** Decide everything and write nothing. */
  readonly dryRun: boolean;
  /** Load the sample datasets into the embedded catalog, and attach the example's term to one. */
  readonly sample: boolean;
  /** Exports `from` into the catalog directory (the CLI's `catalog export`); called once the catalog files are written. */
  readonly exportFrom?: (catalogDir: string) => Promise<void>;
}

export interface InitResult {
  /** Every file init scaffolds, in order, with what it did (or would do) with it. */
  readonly files: readonly FilePlan[];
  /** The lines .gitignore gains. */
  readonly gitignore: readonly string[];
  /** Whether the record of what init wrote (.catalog-init.json) changes, and whether there was one. */
  readonly recordChanged: boolean;
  readonly recorded: boolean;
  /** The environments the workflows follow: those the catalog's Settings declare. */
  readonly environments: readonly SyncEnvironment[];
  /** --environments named some the catalog's Settings do not declare (and could not be given: see addEnvironments). */
  readonly environmentsIgnored: boolean;
  /** `--sample`: the datasets loaded into the embedded catalog (none in a dry run). */
  readonly sample?: { readonly entities: number; readonly target: string };
  /** The package is installed in the project (node_modules): the next steps need no `npm install`. */
  readonly packageInstalled: boolean;
}

/**
 * `catalog init`: scaffolds a metadata repository, and is safe to run again. It adds what is missing, brings its
 * own untouched files up to date, keeps the user's (and names them; --force replaces those), never writes again
 * what was deleted (the record, init-record.ts, tells), and gives a catalog/ that already has manifests no example.
 * What it leaves is validated before it says it is done; with `dryRun` nothing is written.
 */
export async function initProject(options: InitProjectOptions): Promise<InitResult> {
  const root = path.resolve(options.cwd, options.dir);
  const declared = parseEnvironmentList(options.environments, options.protect);
  if (options.sample && options.from !== undefined) {
    throw new CatalogError(
      'USAGE',
      '--sample seeds the embedded catalog for the example; it has no use with --from',
    );
  }
  const record = await readInitRecord(root);
  const fresh = (await existingManifests(root)).every((file) => SCAFFOLD_MANIFESTS.has(file));
  const example = options.from === undefined && fresh;
  const scaffold = scaffoldCatalogFiles({
    actionRef: options.actionRef,
    example,
    sample: options.sample,
    ...(options.from === undefined ? {} : { server: options.from }),
    environments: declared,
  });
  const catalogPlans: FilePlan[] = [];
  for (const [file, text] of scaffold) {
    const settings = file === SETTINGS_FILE;
    const plan = planFile(file, text, await readText(root, file), record, options.force, settings);
    // Settings that lack environments --environments names gain them (lines added; the rest stays).
    const extended =
      settings && plan.step === 'differs' && plan.current !== undefined
        ? addEnvironments(plan.current, declared, environmentEntries)
        : undefined;
    catalogPlans.push(
      extended === undefined ? plan : { ...plan, step: 'extend', text: extended.text, added: extended.added },
    );
  }
  // The sample's term attachments name the example's term: without the example, they are not written.
  const exampleDeleted = catalogPlans.some((plan) => plan.path === EXAMPLE_FILE && plan.step === 'deleted');
  if (exampleDeleted)
    removeWhere(catalogPlans, (plan) => plan.path === SAMPLE_TERMS_FILE && plan.step === 'create');

  // Exported manifests are on disk only once written; without --from, nothing is written until all is checked.
  if (!options.dryRun && options.from !== undefined) {
    await writePlans(root, catalogPlans);
    await options.exportFrom?.(path.join(root, CATALOG_DIR));
  }
  // The workflows follow the Settings left in place: init's, or the user's with its environments.
  const files = await catalogAsPlanned(root, options.cwd, catalogPlans);
  const environments = environmentsOf(files);
  const workflowPlans: FilePlan[] = [];
  for (const [file, text] of scaffoldWorkflows(options.actionRef, environments)) {
    workflowPlans.push(planFile(file, text, await readText(root, file), record, options.force));
  }
  const plans = [...catalogPlans, ...workflowPlans];
  const recordText = renderInitRecord(nextRecord(record, plans));
  const recordBefore = await readText(root, INIT_RECORD);
  const recordChanged = recordBefore !== recordText;
  const gitignore = await missingGitignoreLines(root);
  await checkProjectCatalog(files, options.dir, environments);

  let sample: InitResult['sample'];
  if (!options.dryRun) {
    await writePlans(root, options.from === undefined ? plans : workflowPlans);
    await appendGitignore(path.join(root, '.gitignore'), gitignore);
    if (recordChanged) await writeFile(path.join(root, INIT_RECORD), recordText);
    if (options.sample) sample = await seedSample(root);
  }
  return {
    files: plans,
    gitignore,
    recordChanged,
    recorded: recordBefore !== undefined,
    environments,
    environmentsIgnored: declared.some(
      (environment) => !environments.some((declaredThere) => declaredThere.name === environment.name),
    ),
    ...(sample === undefined ? {} : { sample }),
    packageInstalled: await exists(path.join(root, 'node_modules', PACKAGE_NAME, 'package.json')),
  };
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

function removeWhere<T>(list: T[], match: (item: T) => boolean): void {
  const index = list.findIndex(match);
  if (index !== -1) list.splice(index, 1);
}

async function writePlans(root: string, plans: readonly FilePlan[]): Promise<void> {
  for (const plan of plans) {
    if (!writes(plan.step)) continue;
    const target = path.join(root, plan.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, plan.text);
  }
}

/** The lines .gitignore lacks (it only ever gains lines). */
async function missingGitignoreLines(root: string): Promise<string[]> {
  const current = (await readText(root, '.gitignore')) ?? '';
  const present = new Set(current.split(/\r?\n/).map((line) => line.trim()));
  return GITIGNORE_LINES.filter((line) => !present.has(line) && !present.has(line.replace(/\/$/, '')));
}

async function appendGitignore(file: string, missing: readonly string[]): Promise<void> {
  if (missing.length === 0) return;
  const current = (await exists(file)) ? await readFile(file, 'utf8') : '';
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  const header = "# catalog: installed packages, the embedded catalog's data and the parse cache\n";
  await appendFile(file, `${separator}${header}${missing.join('\n')}\n`);
}

/**
 * Loads the package's sample datasets into the project's embedded catalog (.catalog/catalog.db), whatever server
 * the shell's variables or ~/.datahubenv name: the sample is for trying the tool, never for a real DataHub.
 */
async function seedSample(root: string): Promise<InitResult['sample']> {
  const outcomes = await ingestFiles({ cwd: root, env: {}, files: [fileURLToPath(SAMPLE_DATASETS)] });
  const [outcome] = outcomes;
  if (outcome?.kind !== 'ingested') {
    throw new CatalogError(
      'INTERNAL_ERROR',
      `the sample datasets could not be loaded: ${outcome?.message ?? 'no outcome'}`,
    );
  }
  return { entities: outcome.entities, target: outcome.target };
}

async function readText(root: string, file: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(root, file), 'utf8');
  } catch {
    return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
