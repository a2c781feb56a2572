import { PACKAGE_NAME } from '../package-info.js';
import { syncEnvironmentsWorkflow, type SyncEnvironment } from './sync-environments.js';

/**
 * The files `catalog init` writes, as values (path relative to the project root → text). Pure, so tests can
 * check every file without touching a disk, and the command only decides what to do with existing files.
 */
export interface ScaffoldOptions {
  /** The action reference the workflows use, e.g. `owner/repo@v1`. */
  readonly actionRef: string;
  /** The server `--from` exported from: it becomes the Settings target. */
  readonly server?: string;
  /** false with `--from` (catalog/ is filled by export instead), and for a catalog/ that has manifests of its own. */
  readonly example: boolean;
  /**
   * With the example, `--sample`: a DatasetTerms manifest attaching the example's term to a dataset of the sample
   * the embedded catalog is seeded with (SAMPLE_DATASETS).
   */
  readonly sample?: boolean;
  /**
   * Settings environments: declared in the new catalog.yaml, planned in one comment and synced each on its own
   * schedule by the workflows. None: one target, as the manifests are written.
   */
  readonly environments?: readonly SyncEnvironment[];
}

export const CATALOG_DIR = 'catalog';
export const SETTINGS_FILE = `${CATALOG_DIR}/catalog.yaml`;
export const EXAMPLE_FILE = `${CATALOG_DIR}/example.yaml`;
export const SAMPLE_TERMS_FILE = `${CATALOG_DIR}/sample-dataset-terms.yaml`;
/** The manifests init writes itself: a catalog/ with any other is the team's, and gets no example. */
export const SCAFFOLD_MANIFESTS: ReadonlySet<string> = new Set([
  SETTINGS_FILE,
  EXAMPLE_FILE,
  SAMPLE_TERMS_FILE,
]);
/**
 * The embedded catalog's data and the parse cache (`.catalog/`), and the installed packages: a repository that
 * `npm install`s the tool must not commit node_modules.
 */
export const GITIGNORE_LINES: readonly string[] = ['node_modules/', '.catalog/'];

/**
 * The sample DataHub metadata file the package ships (examples/datasets.json: three datasets with schemas), which
 * `catalog init --sample` loads into the embedded catalog. Relative to this module, built or not: dist/engine/init/
 * and src/engine/init/ are both three levels below the package root.
 */
export const SAMPLE_DATASETS = new URL('../../../examples/datasets.json', import.meta.url);

/** Where the editor finds the manifest schema: the copy inside the installed package. */
export const SCHEMA_PATH = `./node_modules/${PACKAGE_NAME}/schemas/catalog.schema.json`;

export function scaffoldFiles(options: ScaffoldOptions): ReadonlyMap<string, string> {
  return new Map([
    ...scaffoldCatalogFiles(options),
    ...scaffoldWorkflows(options.actionRef, options.environments ?? []),
  ]);
}

/** The files other than the workflows: catalog/, the editor settings. */
export function scaffoldCatalogFiles(options: ScaffoldOptions): ReadonlyMap<string, string> {
  const files = new Map<string, string>();
  files.set(SETTINGS_FILE, settingsManifest(options.server, options.environments ?? []));
  if (options.example) files.set(EXAMPLE_FILE, EXAMPLE_MANIFEST);
  if (options.example && options.sample === true) files.set(SAMPLE_TERMS_FILE, SAMPLE_TERMS_MANIFEST);
  files.set('.vscode/settings.json', vscodeSettings());
  return files;
}

/**
 * The workflows, for the environments the catalog's Settings declare (init reads them from the catalog.yaml it
 * leaves in place, so a kept one with environments gets per-environment workflows too).
 */
export function scaffoldWorkflows(
  actionRef: string,
  environments: readonly SyncEnvironment[],
): ReadonlyMap<string, string> {
  return new Map([
    ['.github/workflows/catalog-plan.yml', planWorkflow(actionRef, environments)],
    [
      '.github/workflows/catalog-sync.yml',
      environments.length === 0
        ? syncWorkflow(actionRef)
        : syncEnvironmentsWorkflow(actionRef, CHECKOUT, environments),
    ],
  ]);
}

/** The variable a declared environment's token is read from: DATAHUB_DEV_TOKEN for dev. */
export function tokenEnvFor(name: string): string {
  return `DATAHUB_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_TOKEN`;
}

/** DataHub's FabricType for the usual environment names; others keep defaults.env (the user writes one). */
const FABRIC_TYPES: Readonly<Record<string, string>> = {
  dev: 'DEV',
  development: 'DEV',
  test: 'TEST',
  qa: 'QA',
  uat: 'UAT',
  stage: 'STG',
  staging: 'STG',
  stg: 'STG',
  sandbox: 'SANDBOX',
  prod: 'PROD',
  production: 'PROD',
  prd: 'PRD',
};

/** The schema comment makes editors without the workspace setting check the file too. */
const schemaComment = `# yaml-language-server: $schema=../node_modules/${PACKAGE_NAME}/schemas/catalog.schema.json`;

function settingsManifest(server: string | undefined, environments: readonly SyncEnvironment[]): string {
  const target =
    server === undefined
      ? [
          '# target:',
          '#   server: https://datahub-gms.example.com   # or $DATAHUB_GMS_URL; none: the embedded catalog',
        ]
      : ['target:', `  server: ${JSON.stringify(server)}   # $DATAHUB_GMS_URL and --server override it`];
  return [
    schemaComment,
    '# Settings for the whole catalog: defaults for documents that do not name a platform or env, who the',
    '# tool writes as, and which DataHub it talks to.',
    'apiVersion: catalog/v1',
    'kind: Settings',
    'defaults:',
    '  platform: feast   # dataPlatform of ML entities that do not name one',
    '  env: PROD         # FabricType of models, groups and datasets that do not name one',
    'actor: urn:li:corpuser:catalog-bot   # audit stamps, and the marker on the term attachments it owns',
    ...target,
    ...environmentsLines(environments),
    '',
  ].join('\n');
}

/** The `environments:` block of a Settings document. */
function environmentsLines(environments: readonly SyncEnvironment[]): string[] {
  if (environments.length === 0) return [];
  return [
    '# The DataHubs the same manifests go to: `--environment NAME` (or CATALOG_ENVIRONMENT) selects one. Each is',
    '# synced on its own schedule by .github/workflows/catalog-sync.yml (docs/environments.md).',
    'environments:',
    ...environmentEntries(environments),
  ];
}

/**
 * The entries of an `environments:` block, one per environment, indented by two spaces (init adds them to a
 * Settings of the user's that lacks them, indented as its own).
 */
export function environmentEntries(environments: readonly SyncEnvironment[]): string[] {
  return environments.flatMap((environment) => {
    const env = FABRIC_TYPES[environment.name.toLowerCase()];
    return [
      `  ${environment.name}:`,
      `    server: https://datahub-${environment.name.toLowerCase()}.example.com/api/gms   # edit: ${environment.name}'s DataHub GMS`,
      ...(environment.tokenEnv === undefined
        ? []
        : [
            `    tokenEnv: ${environment.tokenEnv}   # its token; in CI the repository secret of the same name`,
          ]),
      env === undefined
        ? `    # env: DEV   # the FabricType in ${environment.name}'s URNs (default: defaults.env)`
        : `    env: ${env}   # the FabricType in ${environment.name}'s URNs`,
      ...(environment.protect
        ? ['    protect: true   # apply needs --environment ' + environment.name + ' and --yes']
        : []),
    ];
  });
}

const EXAMPLE_MANIFEST = `${schemaComment}
# An example to edit or delete. Every *.yaml under catalog/ is read; one file may hold several documents,
# separated by ---. \`catalog validate\` checks them offline; \`catalog reconcile --dry-run\` shows the plan.

# A glossary node groups terms (urn:li:glossaryNode:Classification).
apiVersion: catalog/v1
kind: GlossaryNode
id: Classification
name: Classification
definition: How sensitive a piece of data is.
---
# A term (urn:li:glossaryTerm:Classification.PII). Attach it to datasets and columns with kind DatasetTerms.
apiVersion: catalog/v1
kind: GlossaryTerm
id: Classification.PII
name: PII
parent: Classification
definition: Personally identifiable information.
---
# A feature table with its features inline: urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)
# and urn:li:mlFeature:(user_features,age). The platform comes from catalog.yaml's defaults.
apiVersion: catalog/v1
kind: MLFeatureTable
name: user_features
description: Features describing a user.
features:
  - name: age
    dataType: CONTINUOUS   # a DataHub MLFeatureDataType
    description: Age in years.
  - name: country
    dataType: NOMINAL
    description: Country of residence.
---
# A model that uses those features (<table>.<feature>, or full URNs).
apiVersion: catalog/v1
kind: MLModel
name: churn-predictor
description: Predicts which users will leave.
features: [user_features.age, user_features.country]
`;

const SAMPLE_TERMS_MANIFEST = `${schemaComment}
# Term attachments on a dataset of the sample \`catalog init --sample\` loaded into the embedded catalog
# (.catalog/catalog.db: hive users.profile, hive payments.transactions, kafka clickstream.events, with their
# columns). Those datasets are not in your DataHub: delete this file before you plan against one, and attach
# terms to your own datasets the same way.
apiVersion: catalog/v1
kind: DatasetTerms
dataset: { platform: hive, name: users.profile, env: PROD }
terms: [Classification.PII]
columns:
  email: [Classification.PII]
`;

function vscodeSettings(): string {
  // The YAML extension (redhat.vscode-yaml) checks and completes every manifest against the schema.
  const settings = {
    'yaml.schemas': { [SCHEMA_PATH]: [`${CATALOG_DIR}/**/*.yaml`, `${CATALOG_DIR}/**/*.yml`] },
  };
  return `${JSON.stringify(settings, null, 2)}\n`;
}

const CHECKOUT = 'actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2';

function planWorkflow(actionRef: string, environments: readonly SyncEnvironment[]): string {
  return `# On a pull request that changes catalog/: validate the manifests, plan against the catalog and post the plan
# as one sticky comment (updated on every push). Fails on invalid manifests or errors, not on changes.
name: catalog plan

on:
  pull_request:
    paths:
      - 'catalog/**'

permissions:
  contents: read
  pull-requests: write

concurrency:
  group: catalog-plan-\${{ github.event.pull_request.number }}
  cancel-in-progress: true

jobs:
  plan:
    runs-on: ubuntu-latest
    timeout-minutes: 15
    steps:
      - uses: ${CHECKOUT}
        with:
          fetch-depth: 0 # the base branch's manifests tell manifest changes from drift
          persist-credentials: false
      - uses: ${actionRef}
${environments.length === 0 ? PLAN_ONE_TARGET : planEnvironments(environments)}`;
}

const PLAN_ONE_TARGET = `        with:
          command: plan
          directory: catalog
          server: \${{ secrets.DATAHUB_GMS_URL }}
          token: \${{ secrets.DATAHUB_GMS_TOKEN }}
          comment: true
          # With Settings environments (dev, prod), plan each into this comment, one section each; give each
          # environment's token variable (its tokenEnv) to this step's env (docs/environments.md):
          # environments: all
`;

/**
 * Every environment in one comment, a section each. No server or token input: --server would win over each
 * environment's own server, and each environment reads its token from its own variable.
 */
function planEnvironments(environments: readonly SyncEnvironment[]): string {
  const tokens = [...new Set(environments.flatMap((environment) => environment.tokenEnv ?? []))].sort();
  return [
    ...(tokens.length === 0
      ? []
      : ['        env:', ...tokens.map((name) => `          ${name}: \${{ secrets.${name} }}`)]),
    '        with:',
    '          command: plan',
    '          directory: catalog',
    '          comment: true',
    "          environments: all # every environment of catalog/'s Settings, one section each",
    '',
  ].join('\n');
}

function syncWorkflow(actionRef: string): string {
  return `# Keep DataHub true to main: apply on every push to main that changes catalog/, and check for drift on a
# schedule (the job summary shows it). The run fails when the catalog drifted, unless the repository variable
# CATALOG_DRIFT_ACTION is "pr": then the adopt job brings what was changed in DataHub into the manifests as one
# pull request, "Adopt changes made in DataHub" (it needs "Allow GitHub Actions to create and approve pull
# requests" in the repository's Actions settings).
name: catalog sync

on:
  push:
    branches: [main]
    paths:
      - 'catalog/**'
  schedule:
    - cron: '17 */6 * * *'
  workflow_dispatch:

permissions:
  contents: read

# One sync at a time; a sync in progress is not cancelled mid-apply.
concurrency:
  group: catalog-sync
  cancel-in-progress: false

jobs:
  sync:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
      - uses: ${CHECKOUT}
        with:
          persist-credentials: false
      - uses: ${actionRef}
        id: catalog
        with:
          command: \${{ github.event_name == 'schedule' && 'drift' || 'apply' }}
          directory: catalog
          server: \${{ secrets.DATAHUB_GMS_URL }}
          token: \${{ secrets.DATAHUB_GMS_TOKEN }}
          # With Settings environments: one job per environment, each on its own schedule (a matrix over
          # environment and cron, docs/environments.md), and environments: \${{ matrix.environment }} here.
      - name: fail on drift
        if: github.event_name == 'schedule' && steps.catalog.outputs.changes == 'true' && vars.CATALOG_DRIFT_ACTION != 'pr'
        run: |
          echo "::error::The live catalog differs from main; see the job summary."
          exit 1

  # After every drift check that worked: with drift, one pull request with the adopted manifests (a re-run with
  # nothing new changes nothing); without, an open adoption pull request is closed.
  adopt:
    needs: sync
    if: github.event_name == 'schedule' && vars.CATALOG_DRIFT_ACTION == 'pr'
    runs-on: ubuntu-latest
    timeout-minutes: 30
    permissions:
      contents: write
      pull-requests: write
    steps:
      - uses: ${CHECKOUT}
        with:
          persist-credentials: false
      - uses: ${actionRef}
        with:
          command: adopt
          directory: catalog
          server: \${{ secrets.DATAHUB_GMS_URL }}
          token: \${{ secrets.DATAHUB_GMS_TOKEN }}
`;
}
