import { Command, CommanderError, Option } from 'commander';
import { EXPORT_KINDS } from '../engine/export-kinds.js';
import { ACTION_REF } from '../engine/package-info.js';
import { PARSE_CACHE_DIR } from '../engine/parse-cache.js';
import { VERSION } from '../engine/version.js';
import { redactSecrets } from '../render/redact-secrets.js';
import { renderError } from '../render/render-error.js';
import { createStyle, useColor } from '../render/style.js';
import type { AdoptOptions } from './commands/adopt.js';
import type { ApplyCommandOptions } from './commands/apply.js';
import type { ExportOptions } from './commands/export.js';
import type {
  ImportDataProductOptions,
  ImportDatahubOptions,
  ImportGlossaryOptions,
  ImportYamlOptions,
} from './commands/import.js';
import type { InitOptions } from './commands/init.js';
import type { ReconcileOptions } from './commands/reconcile.js';
import type { RollbackCommandOptions } from './commands/rollback.js';
import type { RunsCommandOptions } from './commands/runs.js';
import type { CliIo } from './io.js';
import { tokenVariablesOf } from './token-variables.js';

export { VERSION };

/**
 * Runs the CLI and returns its exit code. This is the one error boundary (house rule 6): commands throw or
 * return a code; only here do errors turn into messages on stderr and an exit code.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const setExitCode = (code: number): void => {
    exitCode = code;
  };
  const program = buildProgram(io, setExitCode);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Commander has printed its own message (usage errors, --help, --version).
    return error.exitCode === 0 ? 0 : 1;
  }
  const style = createStyle(useColor(io.stderr, io.env));
  io.stderr.write(redactSecrets(renderError(error, style, VERSION), io.env, tokenVariablesOf(io)));
  return 1;
}

export type SetExitCode = (code: number) => void;

/** The commander program (exported so tests can check that the commands scripts run exist). */
export function buildProgram(io: CliIo, setExitCode: SetExitCode): Command {
  const program = new Command('catalog')
    .description('Keep a DataHub catalog in step with YAML manifests: validate, plan, apply.')
    .version(VERSION)
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(redactSecrets(text, io.env)),
    });

  offlineReadOptions(
    program.command('validate').description('check the manifests offline and print what they declare'),
  ).action(async (dir: string, options: OfflineReadOptions) => {
    const { runValidate } = await import('./commands/validate.js');
    setExitCode(await runValidate(dir, options, io));
  });

  const policiesTest = program
    .command('policies')
    .description("the catalog's Policy documents (docs/policies.md)")
    .command('test')
    .description(
      'check each policy against its own examples: examples.pass must satisfy it, examples.fail violate it',
    );
  offlineReadOptions(policiesTest).action(async (dir: string, options: OfflineReadOptions) => {
    const { runPoliciesTest } = await import('./commands/policies.js');
    setExitCode(await runPoliciesTest(dir, options, io));
  });

  program
    .command('init')
    .description(
      'scaffold a metadata repository (catalog/ with Settings and an example, editor schema, .gitignore, workflows); safe to run again',
    )
    .argument('[dir]', 'project directory', '.')
    .option('--from <server>', 'fill catalog/ by exporting this DataHub instead of writing the example')
    .option('--action <ref>', 'the GitHub Action the workflows use', ACTION_REF)
    .option('--force', 'replace the files init names as differing from what it writes', false)
    .option('--dry-run', 'show what init would write, keep and leave, and write nothing', false)
    .option(
      '--sample',
      'load sample datasets into the embedded catalog, with a DatasetTerms manifest that uses one',
      false,
    )
    .option(
      '--environments <names>',
      'declare these Settings environments (dev,prod) and sync each on its own schedule',
    )
    .option(
      '--protect <names>',
      'which of --environments are protected (applied only by their nightly schedule)',
    )
    .action(async (dir: string, options: InitOptions) => {
      const { runInit } = await import('./commands/init.js');
      setExitCode(await runInit(dir, options, io));
    });

  program
    .command('serve')
    .description(
      'run the embedded DataHub-compatible catalog: Rest.li and GraphQL APIs with search, and a web UI at / (SQLite)',
    )
    .option('--db <path>', 'SQLite data file', '.catalog/catalog.db')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <host>', 'address to listen on (non-loopback needs a token)', '127.0.0.1')
    .addOption(
      new Option(
        '--token <token>',
        'require this bearer token (prefer $CATALOG_SERVER_TOKEN: flags end up in shell history)',
      ),
    )
    .option(
      '--datahub-ui <dir>',
      "serve a build of DataHub's web app at / (npm run datahub-ui:build); the catalog's pages move to /ui/search",
    )
    .option(
      '--users <file>',
      "DataHub's users and passwords (a user.props file, user:password a line): they sign in to DataHub's web app, and every caller must authenticate",
    )
    .action(
      async (options: {
        db: string;
        port: string;
        host: string;
        token?: string;
        datahubUi?: string;
        users?: string;
      }) => {
        const { runServe } = await import('./commands/serve.js');
        setExitCode(await runServe(options, io));
      },
    );

  program
    .command('ingest')
    .description(
      'load DataHub metadata files (MCE snapshots and MCPs, as the file sink writes them) into the target',
    )
    .argument('<file...>', 'JSON metadata files')
    .option(
      '--server <url>',
      'DataHub GMS URL (default: $DATAHUB_GMS_URL, ~/.datahubenv, else the embedded catalog)',
    )
    .action(async (files: string[], options: { server?: string }) => {
      const { runIngest } = await import('./commands/ingest.js');
      setExitCode(await runIngest(files, options, io));
    });

  program
    .command('get')
    .description('print aspects of an entity as JSON, keyed by aspect name (like `datahub get`)')
    .requiredOption('--urn <urn>', 'entity URN')
    .requiredOption('--aspect <name>', 'aspect name (repeatable)', collect, [])
    .option(
      '--server <url>',
      'DataHub GMS URL (default: $DATAHUB_GMS_URL, ~/.datahubenv, else the embedded catalog)',
    )
    .action(async (options: { urn: string; aspect: string[]; server?: string }) => {
      const { runGet } = await import('./commands/get.js');
      setExitCode(await runGet(options, io));
    });

  const targetOptions = (command: Command): Command =>
    command
      .option(
        '--server <url>',
        'DataHub GMS URL (default: $DATAHUB_GMS_URL, Settings target, ~/.datahubenv, else the embedded catalog)',
      )
      .option('--graphql-url <url>', 'GraphQL endpoint (default: <server>/api/graphql)')
      .option('--parallelism <n>', 'requests in flight at most, within each phase (1-64)', '4');
  // docs/environments.md: the Settings environment (server, token variable, env, variables) to work in.
  const environmentOption = (command: Command): Command =>
    command.option(
      '--environment <name>',
      'a Settings environment: its server, token variable, env and variables (default: $CATALOG_ENVIRONMENT)',
    );
  const yesOption = (command: Command): Command =>
    command.option('--yes', 'confirm applying to a protected environment (with --environment <name>)', false);
  // On a terminal reconcile asks before writing; --yes answers that question too.
  const approveOptions = (command: Command): Command =>
    command
      .option(
        '--yes',
        'apply without asking, and confirm applying to a protected environment (with --environment <name>)',
        false,
      )
      .option('--auto-approve', 'apply without asking (reconcile asks on a terminal; CI never asks)', false);

  const reconcile = targetOptions(
    program
      .command('reconcile')
      .description(
        'plan the writes that make the catalog match the manifests, and apply them (unless --dry-run; on a terminal it asks first)',
      )
      .argument('[dir]', 'catalog directory', 'catalog')
      .option('--dry-run', 'plan only: print what would change and write nothing', false)
      .addOption(
        new Option('--output <format>', 'plan format').choices(['text', 'json', 'markdown']).default('text'),
      )
      .option('--out <file>', 'also save the plan as JSON (apply it later with `catalog apply <file>`)')
      .option(
        '--detailed-exitcode',
        'exit 0 when there are no changes, 1 on error, 2 when there are changes',
        false,
      )
      .option(
        '--prune',
        'soft-delete entities (and remove term edges) this tool managed that the manifests no longer declare',
        false,
      )
      .option('--max-deletes <n>', 'refuse a plan with more deletions than this', '0')
      .addOption(
        new Option('--prune-strategy <strategy>', 'how a rename (kind Moved) retires the old entity')
          .choices(['delete', 'deprecate', 'ignore'])
          .default('deprecate'),
      )
      .option(
        '--base <ref>',
        'git revision whose manifests tell manifest changes from drift (e.g. origin/main)',
      )
      .option(
        '--changed-since <ref>',
        'plan only the entities whose manifests changed since this git revision',
      )
      .option('--no-impact', 'read no relationships: the plan lists no impact and draws no picture')
      .option('--no-verify', 'do not read the written aspects back after applying (no "verified N/N")')
      .option('--no-cache', `parse every manifest afresh (no ${PARSE_CACHE_DIR})`),
  );
  approveOptions(environmentOption(reconcile)).action(async (dir: string, options: ReconcileOptions) => {
    const { runReconcile } = await import('./commands/reconcile.js');
    setExitCode(await runReconcile(dir, options, io));
  });

  const adopt = targetOptions(
    program
      .command('adopt')
      .description(
        'bring what was changed in DataHub (drift, UI edits that shadow the manifests) into the manifest files, in place',
      )
      .argument('[dir]', 'catalog directory', 'catalog')
      .option('--dry-run', 'print the unified diff of the manifests and change nothing', false)
      .option(
        '--unmanaged',
        'also adopt owners, tags, links and term attachments others added to declared entities (the tool owns them from the next apply)',
        false,
      )
      .option(
        '--base <ref>',
        'three-way: a field changed both in the manifests since this git revision and in DataHub is a conflict, left as it is',
      )
      .option(
        '--take-over',
        'also clear the UI edits it adopted (a planned write, shown and applied), so the manifest is the only source',
        false,
      )
      .addOption(new Option('--output <format>', 'output format').choices(['text', 'json']).default('text'))
      .option(
        '--detailed-exitcode',
        'exit 0 when there is nothing to adopt, 1 on error, 2 when manifests changed (or would change)',
        false,
      )
      .option('--no-cache', `parse every manifest afresh (no ${PARSE_CACHE_DIR})`),
  );
  environmentOption(adopt).action(async (dir: string, options: AdoptOptions) => {
    const { runAdopt } = await import('./commands/adopt.js');
    setExitCode(await runAdopt(dir, options, io));
  });

  const apply = targetOptions(
    program
      .command('apply')
      .description('apply a saved plan; refused when the catalog changed since the plan was made')
      .argument('<plan>', 'plan file written by reconcile --out')
      .addOption(
        new Option('--output <format>', 'format of the plan shown before applying')
          .choices(['text', 'markdown'])
          .default('text'),
      )
      .option(
        '--expect-digest <digest>',
        'refuse the plan unless its digest is this one (sha256:…, or its first 12 hex digits as the plan comment shows)',
      )
      .option('--no-verify', 'do not read the written aspects back after applying (no "verified N/N")'),
  );
  yesOption(environmentOption(apply)).action(async (file: string, options: ApplyCommandOptions) => {
    const { runApply } = await import('./commands/apply.js');
    setExitCode(await runApply(file, options, io));
  });

  const rollback = targetOptions(
    program
      .command('rollback')
      .description(
        'undo one run: each aspect it wrote back to the version it replaced, what it created soft-deleted; what others changed since is kept and listed',
      )
      .argument('<run-id>', 'the run to undo (catalog runs lists them; every apply prints its own)')
      .argument('[dir]', 'catalog directory: its Settings and policies, when it exists', 'catalog')
      .option('--dry-run', 'plan only: print the undo and write nothing', false)
      .addOption(
        new Option('--output <format>', 'plan format').choices(['text', 'json', 'markdown']).default('text'),
      )
      .option('--max-deletes <n>', 'refuse to soft-delete more entities the run created than this', '0')
      .option('--no-verify', 'do not read the written aspects back after applying (no "verified N/N")'),
  );
  yesOption(environmentOption(rollback)).action(
    async (runId: string, dir: string, options: RollbackCommandOptions) => {
      const { runRollback } = await import('./commands/rollback.js');
      setExitCode(await runRollback(runId, dir, options, io));
    },
  );

  environmentOption(
    targetOptions(
      program
        .command('runs')
        .description(
          'list the runs the catalog holds, the latest first: id, time, status, commit, actor and counts',
        )
        .option('--dir <dir>', 'catalog directory: its Settings choose the target, when it exists', 'catalog')
        .addOption(
          new Option('--output <format>', 'output format').choices(['text', 'json']).default('text'),
        ),
    ),
  ).action(async (options: RunsCommandOptions) => {
    const { runRuns } = await import('./commands/runs.js');
    setExitCode(await runRuns(options, io));
  });

  environmentOption(
    targetOptions(
      program
        .command('export')
        .description(
          'write the live catalog as manifests (one file per feature table, model group, glossary and dataset, and tags.yaml)',
        )
        .option('--out <dir>', 'directory to write into', 'catalog')
        .option('--urn <urn>', 'export only this entity (repeatable)', collect, [])
        .addOption(
          new Option('--kind <kind>', 'export only this kind (repeatable)')
            .choices([...EXPORT_KINDS])
            .argParser(collect)
            .default([]),
        )
        .option('--force', 'overwrite existing files', false),
    ),
  ).action(async (options: ExportOptions) => {
    const { runExport } = await import('./commands/export.js');
    setExitCode(await runExport(options, io));
  });

  const importCommand = program.command('import').description("turn another tool's files into manifests");
  // Target flags: a term's domain given by name is resolved at the target, as DataHub's source does.
  targetOptions(importCommand.command('business-glossary'))
    .argument('<file>', "the business-glossary YAML file (what the source's `file` option names)")
    .description(
      "write manifests from a DataHub business-glossary file: reconciled, they give the URNs and aspects DataHub's business-glossary source writes",
    )
    .option('--out <dir>', 'directory to write into', 'catalog')
    .option('--enable-auto-id', "hashed ids for every node and term, as the source's enable_auto_id", false)
    .option(
      '--legacy-ids',
      'ids as DataHub releases before the name cleaning made them (raw paths, spaces kept)',
      false,
    )
    .option('--force', 'overwrite existing files', false)
    .action(async (file: string, options: ImportGlossaryOptions) => {
      const { runImportBusinessGlossary } = await import('./commands/import.js');
      setExitCode(await runImportBusinessGlossary(file, options, io));
    });
  importCommand
    .command('structured-properties')
    .argument('<file>', 'the YAML file `datahub properties upsert` reads (a list of structured properties)')
    .description(
      "write StructuredProperty manifests from DataHub's structured properties YAML: reconciled, they give the URNs and propertyDefinition aspects DataHub's CLI writes",
    )
    .option('--out <dir>', 'directory to write into', 'catalog')
    .option('--force', 'overwrite existing files', false)
    .action(async (file: string, options: ImportYamlOptions) => {
      const { runImportStructuredProperties } = await import('./commands/import.js');
      setExitCode(await runImportStructuredProperties(file, options, io));
    });
  // Target flags: the product's domain given by name is resolved at the target, as DataHub's CLI does.
  targetOptions(importCommand.command('data-product'))
    .argument('<file>', 'the YAML file `datahub dataproduct upsert` reads (one data product)')
    .description(
      "write a DataProduct manifest from DataHub's data product YAML: reconciled, it gives the URN and aspects DataHub's CLI writes",
    )
    .option('--out <dir>', 'directory to write into', 'catalog')
    .option('--force', 'overwrite existing files', false)
    .action(async (file: string, options: ImportDataProductOptions) => {
      const { runImportDataProduct } = await import('./commands/import.js');
      setExitCode(await runImportDataProduct(file, options, io));
    });
  importCommand
    .command('forms')
    .argument('<file>', 'the YAML file `datahub forms upsert` reads (a list of forms)')
    .description(
      "write Form manifests from DataHub's forms YAML: reconciled, they give the forms, assignments and filters DataHub's CLI makes",
    )
    .option('--out <dir>', 'directory to write into', 'catalog')
    .option('--force', 'overwrite existing files', false)
    .action(async (file: string, options: ImportYamlOptions) => {
      const { runImportForms } = await import('./commands/import.js');
      setExitCode(await runImportForms(file, options, io));
    });
  importCommand
    .command('datahub')
    .argument('<file...>', 'DataHub metadata files (MCE and MCP JSON, as the file sink writes them)')
    .description(
      'write manifests of the ML entities, glossary, tags and term attachments in DataHub metadata files: reconciled against a catalog that ingested the same files, they change no value',
    )
    .option('--out <dir>', 'directory to write into', 'catalog')
    .option('--force', 'overwrite existing files', false)
    .action(async (files: string[], options: ImportDatahubOptions) => {
      const { runImportDatahub } = await import('./commands/import.js');
      setExitCode(await runImportDatahub(files, options, io));
    });

  return program;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The options of the commands that only read the manifests (validate, policies test). */
interface OfflineReadOptions {
  readonly output: 'text' | 'json';
  readonly cache: boolean;
  readonly environment?: string;
}

function offlineReadOptions(command: Command): Command {
  return command
    .argument('[dir]', 'catalog directory', 'catalog')
    .addOption(new Option('--output <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--no-cache', `parse every manifest afresh (no ${PARSE_CACHE_DIR})`)
    .option('--environment <name>', 'read the manifests with this Settings environment (env, variables)');
}
