import { Command, CommanderError, Option } from 'commander';
import { CatalogError, DiagnosticsError } from '../errors.js';
import type { CliIo } from './io.js';
import { useColor } from './io.js';
import { linesOf, renderDiagnostics } from './output/render-diagnostics.js';
import { createStyle } from './output/style.js';

export const VERSION = '0.1.0';

/** Secrets never reach output: anything that prints an error goes through this first. */
export function redactSecrets(text: string, env: CliIo['env']): string {
  let result = text;
  for (const name of ['DATAHUB_GMS_TOKEN', 'CATALOG_SERVER_TOKEN']) {
    const secret = env[name];
    if (secret !== undefined && secret.length >= 4) result = result.split(secret).join('***');
  }
  return result;
}

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
  const style = createStyle(useColor(io.stderr, io.env));
  const write = (text: string): void => io.stderr.write(redactSecrets(text, io.env));
  if (error instanceof CommanderError) {
    // Commander has printed its own message (usage errors, --help, --version).
    return error.exitCode === 0 ? 0 : 1;
  }
  if (error instanceof DiagnosticsError) {
    const files = (error as DiagnosticsError & { files?: { path: string; text: string }[] }).files ?? [];
    write(renderDiagnostics(error.diagnostics, linesOf(files), style));
    write(`${style.red('✖')} ${error.message}\n`);
    return 1;
  }
  if (error instanceof CatalogError) {
    write(`${style.red('error')} ${error.message} ${style.dim(`[${error.code}]`)}\n`);
    return 1;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  write(`${style.red('internal error')} (a bug in catalog ${VERSION}; please report it):\n${detail}\n`);
  return 1;
}

export type SetExitCode = (code: number) => void;

function buildProgram(io: CliIo, setExitCode: SetExitCode): Command {
  const program = new Command('catalog')
    .description('Keep a DataHub catalog in step with YAML manifests: validate, plan, apply.')
    .version(VERSION)
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(redactSecrets(text, io.env)),
    });

  program
    .command('validate')
    .description('check the manifests offline and print what they declare')
    .argument('[dir]', 'catalog directory', 'catalog')
    .addOption(new Option('--output <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (dir: string, options: { output: 'text' | 'json' }) => {
      const { runValidate } = await import('./commands/validate.js');
      setExitCode(await runValidate(dir, options, io));
    });

  program
    .command('serve')
    .description('run the embedded DataHub-compatible catalog (Rest.li + GraphQL over SQLite)')
    .option('--db <path>', 'SQLite data file', '.catalog/catalog.db')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <host>', 'address to listen on (non-loopback needs a token)', '127.0.0.1')
    .addOption(
      new Option('--token <token>', 'require this bearer token (default: $CATALOG_SERVER_TOKEN)').hideHelp(),
    )
    .action(async (options: { db: string; port: string; host: string; token?: string }) => {
      const { runServe } = await import('./commands/serve.js');
      setExitCode(await runServe(options, io));
    });

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
    .requiredOption(
      '--aspect <name>',
      'aspect name (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--server <url>',
      'DataHub GMS URL (default: $DATAHUB_GMS_URL, ~/.datahubenv, else the embedded catalog)',
    )
    .action(async (options: { urn: string; aspect: string[]; server?: string }) => {
      const { runGet } = await import('./commands/get.js');
      setExitCode(await runGet(options, io));
    });

  return program;
}
