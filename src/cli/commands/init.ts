import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError, DiagnosticsError } from '../../errors.js';
import { loadCatalog } from '../../manifest/load-catalog.js';
import { ENVIRONMENT_NAME, readEnvironments } from '../../manifest/select-environment.js';
import type { CliIo } from '../io.js';
import {
  CATALOG_DIR,
  GITIGNORE_LINES,
  scaffoldCatalogFiles,
  scaffoldWorkflows,
  tokenEnvFor,
} from '../init/scaffold.js';
import type { SyncEnvironment } from '../init/sync-environments.js';
import { ACTION_REF, PACKAGE_NAME } from '../package-info.js';
import { plural } from '../../render/plural.js';

export interface InitOptions {
  /** A server to fill catalog/ from, by export, instead of the example manifest. */
  readonly from?: string;
  readonly force: boolean;
  readonly action?: string;
  /**
   * Environments to declare in the new catalog.yaml, names separated by commas (`dev,prod`): each gets a server to
   * edit, tokenEnv DATAHUB_<NAME>_TOKEN and its env, and the workflows plan and sync each one.
   */
  readonly environments?: string;
  /** Which of them are protected (`prod`): applied only by their own nightly schedule. */
  readonly protect?: string;
}

/**
 * `catalog init [dir]`: scaffolds a metadata repository. Existing files are kept (and named) unless --force;
 * .gitignore only ever gains lines. What it writes is validated before it says it is done.
 */
export async function runInit(dir: string, options: InitOptions, io: CliIo): Promise<number> {
  const root = path.resolve(io.cwd, dir);
  const declared = declaredEnvironments(options);
  const actionRef = options.action ?? ACTION_REF;
  const written: string[] = [];
  const kept: string[] = [];
  const writeFiles = async (files: ReadonlyMap<string, string>): Promise<void> => {
    for (const [file, text] of files) {
      const target = path.join(root, file);
      if (!options.force && (await exists(target))) {
        kept.push(file);
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
      written.push(file);
    }
  };
  await writeFiles(
    scaffoldCatalogFiles({
      actionRef,
      example: options.from === undefined,
      ...(options.from === undefined ? {} : { server: options.from }),
      environments: declared,
    }),
  );
  const settingsKept = kept.includes(`${CATALOG_DIR}/catalog.yaml`);
  if (settingsKept && declared.length > 0) {
    io.stderr.write(
      `note: ${path.join(dir, CATALOG_DIR, 'catalog.yaml')} exists, so --environments declared nothing; the workflows follow the environments its Settings declare (--force overwrites it)\n`,
    );
  }

  if (options.from !== undefined) {
    // Export refuses to overwrite manifests without --force, as init does.
    const { runExport } = await import('./export.js');
    const exported = await runExport(
      {
        out: path.relative(io.cwd, path.join(root, CATALOG_DIR)) || '.',
        urn: [],
        kind: [],
        force: options.force,
        server: options.from,
      },
      io,
    );
    if (exported !== 0) return exported;
  }

  // The workflows follow the Settings left in place: the one just written, or the user's own with its
  // environments (a kept catalog.yaml, or another file of catalog/ that holds the Settings).
  const load = await loadCatalog(path.join(root, CATALOG_DIR), io.cwd);
  const settings = load.documents.find((document) => document.manifest.kind === 'Settings');
  const environments: SyncEnvironment[] = readEnvironments(settings?.manifest).map((environment) => ({
    name: environment.name,
    protect: environment.protect,
    ...(environment.tokenEnv === undefined ? {} : { tokenEnv: environment.tokenEnv }),
  }));
  await writeFiles(scaffoldWorkflows(actionRef, environments));
  if (await appendGitignore(path.join(root, '.gitignore'))) written.push('.gitignore');

  // A kept file (no --force) may be the user's own and invalid: then say so now, with every problem located. With
  // environments, the manifests are read as each environment reads them (a ${var.…} is an error without one).
  const checks =
    environments.length === 0
      ? [{ load, environment: undefined }]
      : await Promise.all(
          environments.map(async ({ name }) => ({
            load: await loadCatalog(path.join(root, CATALOG_DIR), io.cwd, undefined, name),
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

  io.stdout.write(report(dir, written, kept, options.from !== undefined, environments));
  return 0;
}

/** --environments and --protect as environments to declare; a name the Settings schema refuses is refused here. */
function declaredEnvironments(options: InitOptions): SyncEnvironment[] {
  const names = (text: string | undefined): string[] => [
    ...new Set((text ?? '').split(/[\s,]+/).filter((name) => name !== '')),
  ];
  const declared = names(options.environments);
  const protect = names(options.protect);
  for (const name of [...declared, ...protect]) {
    if (!ENVIRONMENT_NAME.test(name)) {
      throw new CatalogError(
        'CONFIG_INVALID',
        `"${name}" is not an environment name (letters, digits, "_", "." and "-", starting with a letter or digit)`,
      );
    }
  }
  const unknown = protect.filter((name) => !declared.includes(name));
  if (unknown.length > 0) {
    throw new CatalogError(
      'CONFIG_INVALID',
      `--protect ${unknown.join(',')}: not among --environments ${declared.join(',') || '(none)'}`,
    );
  }
  return declared.map((name) => ({ name, protect: protect.includes(name), tokenEnv: tokenEnvFor(name) }));
}

function report(
  dir: string,
  written: readonly string[],
  kept: readonly string[],
  exported: boolean,
  environments: readonly SyncEnvironment[],
): string {
  const lines: string[] = [];
  const shown = (file: string): string => (dir === '.' ? file : path.join(dir, file));
  for (const file of written) lines.push(`wrote ${shown(file)}`);
  for (const file of kept) lines.push(`kept  ${shown(file)} (it exists; --force overwrites it)`);
  const catalogDir = shown(CATALOG_DIR);
  const steps: [string, string][] = [
    [`npm install --save-dev ${PACKAGE_NAME}`, 'the editor schema and `npx catalog` come from here'],
    [
      `npx catalog validate ${catalogDir}`,
      exported
        ? 'the manifests exported from the server'
        : `edit ${shown(`${CATALOG_DIR}/example.yaml`)} first`,
    ],
    [
      `npx catalog reconcile ${catalogDir} --dry-run`,
      'the plan; the embedded catalog unless a server is set',
    ],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  const tokens = [...new Set(environments.flatMap((environment) => environment.tokenEnv ?? []))].sort();
  lines.push(
    '',
    'Next:',
    ...steps.map(([command, why]) => `  ${command.padEnd(width)}   # ${why}`),
    ...(environments.length === 0
      ? [
          '  Then set the DATAHUB_GMS_URL and DATAHUB_GMS_TOKEN repository secrets: pull requests get a plan comment',
          '  and main is applied by the workflows in .github/workflows/.',
        ]
      : [
          `  Then set each environment's server in ${shown(`${CATALOG_DIR}/catalog.yaml`)}${tokens.length === 0 ? '' : ` and the ${tokens.join(', ')} repository secrets`}:`,
          '  pull requests get one plan comment with a section per environment, and catalog-sync.yml syncs each',
          '  environment on its own schedule (edit the crons there).',
        ]),
    '',
  );
  return lines.join('\n');
}

/** Adds the lines .gitignore lacks; true when it changed. */
async function appendGitignore(file: string): Promise<boolean> {
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
