import path from 'node:path';
import {
  appendGitignore,
  checkProjectCatalog,
  parseEnvironmentList,
  readProjectCatalog,
  writeProjectFiles,
  type ProjectFiles,
} from '../../engine/init/init-project.js';
import { CATALOG_DIR, scaffoldCatalogFiles, scaffoldWorkflows } from '../../engine/init/scaffold.js';
import type { SyncEnvironment } from '../../engine/init/sync-environments.js';
import { ACTION_REF, PACKAGE_NAME } from '../../engine/package-info.js';
import type { CliIo } from '../io.js';

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
  const declared = parseEnvironmentList(options.environments, options.protect);
  const actionRef = options.action ?? ACTION_REF;
  const files: ProjectFiles = { written: [], kept: [] };
  await writeProjectFiles(
    root,
    scaffoldCatalogFiles({
      actionRef,
      example: options.from === undefined,
      ...(options.from === undefined ? {} : { server: options.from }),
      environments: declared,
    }),
    options.force,
    files,
  );
  const settingsKept = files.kept.includes(`${CATALOG_DIR}/catalog.yaml`);
  if (settingsKept && declared.length > 0) {
    io.stderr.write(
      `note: ${path.join(dir, CATALOG_DIR, 'catalog.yaml')} exists, so --environments declared nothing; the workflows follow the environments its Settings declare (--force overwrites it)\n`,
    );
  }

  if (options.from !== undefined) {
    // Export refuses to overwrite manifests without --force, as init does. Loaded only with --from: it brings the
    // client, which scaffolding alone does not need.
    const { exportManifests } = await import('../write-manifests.js');
    await exportManifests(
      {
        out: path.relative(io.cwd, path.join(root, CATALOG_DIR)) || '.',
        urn: [],
        kind: [],
        force: options.force,
        server: options.from,
      },
      io,
    );
  }

  // The workflows follow the Settings left in place: the one just written, or the user's own with its
  // environments (a kept catalog.yaml, or another file of catalog/ that holds the Settings).
  const { load, environments } = await readProjectCatalog(root, io.cwd);
  await writeProjectFiles(root, scaffoldWorkflows(actionRef, environments), options.force, files);
  if (await appendGitignore(path.join(root, '.gitignore'))) files.written.push('.gitignore');
  await checkProjectCatalog(root, dir, io.cwd, load, environments);

  io.stdout.write(report(dir, files.written, files.kept, options.from !== undefined, environments));
  return 0;
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
