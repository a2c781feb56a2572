import path from 'node:path';
import { initProject, type FilePlan, type InitResult } from '../../engine/init/init-project.js';
import { INIT_RECORD } from '../../engine/init/init-record.js';
import { CATALOG_DIR, EXAMPLE_FILE, SAMPLE_TERMS_FILE, SETTINGS_FILE } from '../../engine/init/scaffold.js';
import { ACTION_REF, PACKAGE_NAME } from '../../engine/package-info.js';
import { assertNever } from '../../errors.js';
import type { CliIo } from '../io.js';

export interface InitOptions {
  /** A server to fill catalog/ from, by export, instead of the example manifest. */
  readonly from?: string;
  /** Replace the files that differ from what init writes. */
  readonly force: boolean;
  readonly action?: string;
  /**
   * Environments to declare, names separated by commas (`dev,prod`): each gets a server to edit, tokenEnv
   * DATAHUB_<NAME>_TOKEN and its env, and the workflows plan and sync each one. Settings that exist gain those
   * they lack.
   */
  readonly environments?: string;
  /** Which of them are protected (`prod`): applied only by their own nightly schedule. */
  readonly protect?: string;
  /** Show what would be written, and write nothing. */
  readonly dryRun?: boolean;
  /** Load the sample datasets into the embedded catalog, with a DatasetTerms manifest that uses one. */
  readonly sample?: boolean;
}

/**
 * `catalog init [dir]`: scaffolds a metadata repository, safe to run again (engine/init/init-project.ts): it says
 * what it wrote, brought up to date, kept, and left deleted, and what to do next.
 */
export async function runInit(dir: string, options: InitOptions, io: CliIo): Promise<number> {
  const dryRun = options.dryRun === true;
  const result = await initProject({
    cwd: io.cwd,
    env: io.env,
    dir,
    actionRef: options.action ?? ACTION_REF,
    force: options.force,
    dryRun,
    sample: options.sample === true,
    ...(options.environments === undefined ? {} : { environments: options.environments }),
    ...(options.protect === undefined ? {} : { protect: options.protect }),
    ...(options.from === undefined ? {} : { from: options.from }),
    exportFrom: async (catalogDir) => {
      // Export refuses to overwrite manifests without --force, as init does. Loaded only with --from: it brings
      // the client, which scaffolding alone does not need.
      const { exportManifests } = await import('../write-manifests.js');
      await exportManifests(
        {
          out: path.relative(io.cwd, catalogDir) || '.',
          urn: [],
          kind: [],
          force: options.force,
          ...(options.from === undefined ? {} : { server: options.from }),
        },
        io,
      );
    },
  });
  const shown = (file: string): string => (dir === '.' ? file : path.join(dir, file));
  if (result.environmentsIgnored) {
    io.stderr.write(
      `note: the Settings in ${shown(CATALOG_DIR)} declare their own environments, and --environments could not be added to them (edit them by hand, or --force replaces ${shown(SETTINGS_FILE)}); the workflows follow the Settings\n`,
    );
  }
  io.stdout.write(report(result, shown, dryRun, options.from !== undefined));
  return 0;
}

function report(
  result: InitResult,
  shown: (file: string) => string,
  dryRun: boolean,
  exported: boolean,
): string {
  const would = (verb: keyof typeof PAST): string => (dryRun ? `would ${verb}` : PAST[verb]);
  const lines = result.files.flatMap((file) => fileLine(file, shown, would));
  const unchanged = result.files.filter((file) => file.step === 'unchanged').length;
  if (result.gitignore.length > 0) {
    lines.push(`${would('add')} ${result.gitignore.join(', ')} to ${shown('.gitignore')}`);
  }
  if (result.recordChanged) {
    lines.push(
      `${would(result.recorded ? 'update' : 'write')} ${shown(INIT_RECORD)} (what init wrote: a later init adds only what is missing and never brings back what you deleted; commit it)`,
    );
  }
  if (unchanged > 0)
    lines.push(`${unchanged} ${unchanged === 1 ? 'file is' : 'files are'} already as init writes them`);
  if (result.sample !== undefined) {
    lines.push(
      `loaded the sample datasets (${result.sample.entities} entities) into ${result.sample.target}`,
    );
  } else if (dryRun && result.files.some((file) => file.path === SAMPLE_TERMS_FILE)) {
    lines.push('would load the sample datasets into the embedded catalog (.catalog/catalog.db)');
  }
  if (dryRun) {
    lines.push('', 'Dry run: nothing was written.', '');
    return lines.join('\n');
  }
  return [...lines, '', ...nextSteps(result, shown, exported), ''].join('\n');
}

const PAST = { write: 'wrote', update: 'updated', replace: 'replaced', add: 'added' } as const;

function fileLine(
  file: FilePlan,
  shown: (file: string) => string,
  would: (verb: keyof typeof PAST) => string,
): string[] {
  const name = shown(file.path);
  switch (file.step) {
    case 'create':
      return [`${would('write')} ${name}`];
    case 'update':
      return [`${would('update')} ${name} (init's own, untouched since it wrote it)`];
    case 'replace':
      return [`${would('replace')} ${name} (--force)`];
    case 'extend':
      return [`${would('add')} environments ${(file.added ?? []).join(', ')} to the Settings in ${name}`];
    case 'differs':
      return [`kept  ${name} (it differs from what init writes; --force replaces it)`];
    case 'deleted':
      return [`left  ${name} deleted (init wrote it before; it is not written again)`];
    case 'unchanged':
      return [];
    default:
      return assertNever(file.step);
  }
}

function nextSteps(result: InitResult, shown: (file: string) => string, exported: boolean): string[] {
  const catalogDir = shown(CATALOG_DIR);
  const example = result.files.some((file) => file.path === EXAMPLE_FILE && file.step !== 'deleted');
  const steps: [string, string][] = [
    ...(result.packageInstalled
      ? []
      : [
          [
            `npm install --save-dev ${PACKAGE_NAME}`,
            'the editor schema and `npx catalog` come from here',
          ] as [string, string],
        ]),
    [
      `npx catalog validate ${catalogDir}`,
      exported
        ? 'the manifests exported from the server'
        : example
          ? `edit ${shown(EXAMPLE_FILE)} first`
          : 'the manifests, offline',
    ],
    [
      `npx catalog reconcile ${catalogDir} --dry-run`,
      result.sample === undefined
        ? 'the plan; the embedded catalog unless a server is set'
        : 'the plan against the embedded catalog, sample datasets included',
    ],
    [`npx catalog reconcile ${catalogDir}`, 'shows the plan and asks before writing'],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  const tokens = [
    ...new Set(result.environments.flatMap((environment) => environment.tokenEnv ?? [])),
  ].sort();
  return [
    'Next:',
    ...steps.map(([command, why]) => `  ${command.padEnd(width)}   # ${why}`),
    ...(result.environments.length === 0
      ? [
          '  Then set the DATAHUB_GMS_URL and DATAHUB_GMS_TOKEN repository secrets: pull requests get a plan comment',
          '  and main is applied by the workflows in .github/workflows/.',
        ]
      : [
          `  Then set each environment's server in ${shown(SETTINGS_FILE)}${tokens.length === 0 ? '' : ` and the ${tokens.join(', ')} repository secrets`}:`,
          '  pull requests get one plan comment with a section per environment, and catalog-sync.yml syncs each',
          '  environment on its own schedule (edit the crons there).',
        ]),
  ];
}
