/**
 * The sync workflow `catalog init` writes for a catalog whose Settings declare environments
 * (docs/environments.md, "Syncing each environment on its own schedule"): one job per environment, each on its
 * own schedule and in its own concurrency group. Pure: the environments come from the Settings init leaves in
 * place, and the text is returned, not written.
 *
 * Jobs are written out one per environment rather than as a matrix: a job's `if:` cannot read the matrix, so
 * only separate jobs let a run that one environment's schedule started skip the others without starting a runner
 * for each, and a user changes one environment's schedule by editing its own job.
 */

/** What the workflows need to know of a Settings environment. */
export interface SyncEnvironment {
  readonly name: string;
  /** `protect: true`: applied only by its own schedule, never by a push. */
  readonly protect: boolean;
  /** The variable its token is read from; CI passes the repository secret of the same name. */
  readonly tokenEnv?: string;
}

/**
 * How one environment is synced. `drift`: applied on every push to main (and by hand), drift-checked on its
 * schedule. `apply`: promoted by applying main on its schedule only (a protected environment); the action passes
 * `--environment <name> --yes`.
 */
export interface SyncSchedule {
  readonly environment: SyncEnvironment;
  /** The job's id in the workflow (an environment name may hold a `.`, which a job id may not). */
  readonly jobId: string;
  readonly cron: string;
  readonly scheduled: 'drift' | 'apply';
}

/** A non-protected environment is kept at main on every push; its schedule only checks for drift. */
const DRIFT_CRON = '*/30 * * * *';

/**
 * A protected environment is promoted once a night; each one an hour after the one before (sorted by name), so
 * two promotions do not start together and a failed one is noticed before the next.
 */
function nightlyCron(index: number): string {
  return `17 ${(3 + index) % 24} * * *`;
}

/** The default schedule of every environment, in the order given (readEnvironments sorts by name). */
export function planSyncSchedules(environments: readonly SyncEnvironment[]): readonly SyncSchedule[] {
  const used = new Set<string>();
  let protectedCount = 0;
  return environments.map((environment) => {
    const jobId = uniqueJobId(environment.name, used);
    if (environment.protect) {
      return { environment, jobId, cron: nightlyCron(protectedCount++), scheduled: 'apply' };
    }
    return { environment, jobId, cron: DRIFT_CRON, scheduled: 'drift' };
  });
}

function uniqueJobId(name: string, used: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9_-]/g, '_');
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
  used.add(id);
  return id;
}

/** A YAML scalar for a name the Settings schema allows (letters, digits, `_`, `.`, `-`): plain when it reads back as a string. */
function scalar(text: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(text) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(text)
    ? text
    : JSON.stringify(text);
}

/** A single-quoted YAML string (a cron has `*`, which plain YAML would read as an alias). */
function quoted(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function syncEnvironmentsWorkflow(
  actionRef: string,
  checkout: string,
  environments: readonly SyncEnvironment[],
): string {
  const schedules = planSyncSchedules(environments);
  const width = Math.max(...schedules.map((schedule) => schedule.environment.name.length));
  const summary = schedules.map((schedule) =>
    schedule.scheduled === 'drift'
      ? `#   ${schedule.environment.name.padEnd(width)}  applied on every push to main; drift-checked on '${schedule.cron}'`
      : `#   ${schedule.environment.name.padEnd(width)}  protected: promoted by applying main on '${schedule.cron}' only (--environment ${schedule.environment.name} --yes)`,
  );
  // One on.schedule line per distinct cron, naming the environments it starts.
  const crons = new Map<string, string[]>();
  for (const schedule of schedules) {
    crons.set(schedule.cron, [...(crons.get(schedule.cron) ?? []), schedule.environment.name]);
  }
  const pushed = schedules.some((schedule) => schedule.scheduled === 'drift');
  const on = [
    'on:',
    ...(pushed ? ['  push:', '    branches: [main]', '    paths:', "      - 'catalog/**'"] : []),
    '  schedule:',
    ...[...crons].map(([cron, names]) => `    - cron: ${quoted(cron)} # ${names.join(', ')}`),
    '  workflow_dispatch:',
  ];
  const jobs = schedules.flatMap((schedule) => [
    ...syncJob(actionRef, checkout, schedule),
    ...(schedule.scheduled === 'drift' ? adoptJob(actionRef, checkout, schedule) : []),
  ]);
  return [
    '# Keep each DataHub environment of catalog/catalog.yaml true to main, each on its own schedule',
    '# (docs/environments.md):',
    ...summary,
    "# To change an environment's schedule, edit its cron in on.schedule and in its job's `if:` (GitHub starts",
    '# runs only on the crons on.schedule lists, and a job knows which one started it by github.event.schedule).',
    "# Each job reads its environment's token from the repository secret named like its tokenEnv. A drift check",
    '# fails the run when the environment drifted, unless the repository variable CATALOG_DRIFT_ACTION is "pr":',
    "# then that environment's adopt job proposes what was changed in its DataHub as one pull request (it needs",
    '# "Allow GitHub Actions to create and approve pull requests" in the repository\'s Actions settings).',
    'name: catalog sync',
    '',
    ...on,
    '',
    'permissions:',
    '  contents: read',
    '',
    '# No workflow-wide concurrency group: one would queue every environment behind the others and drop a',
    "# pending run when the next one queues. Each environment's jobs have their own group instead.",
    'jobs:',
    ...jobs,
  ].join('\n');
}

function tokenLines(environment: SyncEnvironment, indent: string): string[] {
  if (environment.tokenEnv === undefined) {
    return [`${indent}# ${environment.name} declares no tokenEnv: the action connects without a token.`];
  }
  return [`${indent}env:`, `${indent}  ${environment.tokenEnv}: \${{ secrets.${environment.tokenEnv} }}`];
}

function syncJob(actionRef: string, checkout: string, schedule: SyncSchedule): string[] {
  const { environment, cron } = schedule;
  const name = scalar(environment.name);
  const drift = schedule.scheduled === 'drift';
  return [
    `  sync-${schedule.jobId}:`,
    `    name: sync ${environment.name}`,
    drift
      ? '    # Applied on every push to main (and by hand); its schedule checks for drift.'
      : '    # Protected: applied only by its own schedule, never by a push (the action passes --environment and --yes).',
    drift
      ? `    if: github.event_name != 'schedule' || github.event.schedule == ${quoted(cron)}`
      : `    if: github.event.schedule == ${quoted(cron)}`,
    '    runs-on: ubuntu-latest',
    '    timeout-minutes: 30',
    `    # One sync of ${environment.name} at a time; a sync in progress is not cancelled mid-apply.`,
    '    concurrency:',
    `      group: catalog-sync-${schedule.jobId}`,
    '      cancel-in-progress: false',
    '    steps:',
    `      - uses: ${checkout}`,
    '        with:',
    '          persist-credentials: false',
    `      - uses: ${actionRef}`,
    '        id: catalog',
    ...tokenLines(environment, '        '),
    '        with:',
    drift
      ? "          command: ${{ github.event_name == 'schedule' && 'drift' || 'apply' }}"
      : '          command: apply',
    '          directory: catalog',
    `          environments: ${name}`,
    `          artifact-name: catalog-plan-${schedule.jobId}`,
    ...(drift
      ? [
          '      - name: fail on drift',
          "        if: github.event_name == 'schedule' && steps.catalog.outputs.changes == 'true' && vars.CATALOG_DRIFT_ACTION != 'pr'",
          '        run: |',
          `          echo "::error::${environment.name}'s DataHub differs from main; see the job summary."`,
          '          exit 1',
        ]
      : []),
    '',
  ];
}

function adoptJob(actionRef: string, checkout: string, schedule: SyncSchedule): string[] {
  const { environment, cron } = schedule;
  const name = scalar(environment.name);
  return [
    `  # After ${environment.name}'s drift check worked: with drift, one pull request with the adopted manifests; without, an open`,
    '  # adoption pull request is closed. The only jobs that may push.',
    `  adopt-${schedule.jobId}:`,
    `    name: adopt ${environment.name}`,
    `    needs: sync-${schedule.jobId}`,
    `    if: github.event.schedule == ${quoted(cron)} && vars.CATALOG_DRIFT_ACTION == 'pr'`,
    '    runs-on: ubuntu-latest',
    '    timeout-minutes: 30',
    '    concurrency:',
    `      group: catalog-adopt-${schedule.jobId}`,
    '      cancel-in-progress: false',
    '    permissions:',
    '      contents: write',
    '      pull-requests: write',
    '    steps:',
    `      - uses: ${checkout}`,
    '        with:',
    '          persist-credentials: false',
    `      - uses: ${actionRef}`,
    ...tokenLines(environment, '        '),
    '        with:',
    '          command: adopt',
    '          directory: catalog',
    `          environments: ${name}`,
    `          adopt-branch: catalog/adopt-datahub-changes-${schedule.jobId}`,
    '',
  ];
}
