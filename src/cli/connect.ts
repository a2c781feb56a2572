import { CatalogError } from '../errors.js';
import { createDataHubClient, type DataHubClient } from '../client/datahub-client.js';
import { isValidParallelism, MAX_PARALLELISM, type HttpClientOptions } from '../client/http-client.js';
import { describeTarget, resolveTarget, type Target, type TargetInputs } from '../client/target.js';
import type { Environment } from '../manifest/select-environment.js';
import type { CliIo } from './io.js';
import { rememberTokenVariable } from './token-variables.js';

export interface Connection {
  readonly client: DataHubClient;
  readonly target: Target;
  /** "http://… (from DATAHUB_GMS_URL, with a token)" or "the embedded catalog (…)"; never the token. */
  readonly description: string;
  close(): Promise<void>;
}

/** `--parallelism <n>`: an integer from 1 to 64 (default 4, what the benchmark shows GMS serves best). */
export function httpOptionsFrom(options: { readonly parallelism?: string }): HttpClientOptions {
  if (options.parallelism === undefined) return {};
  const parallelism = Number(options.parallelism);
  if (!isValidParallelism(parallelism)) {
    throw new CatalogError(
      'USAGE',
      `--parallelism must be an integer from 1 to ${MAX_PARALLELISM}, got ${options.parallelism}`,
    );
  }
  return { parallelism };
}

/**
 * The target flags every command that talks to a catalog takes (--server, --graphql-url, --parallelism,
 * --environment).
 */
export interface TargetFlags {
  readonly server?: string;
  readonly graphqlUrl?: string;
  readonly parallelism?: string;
  readonly environment?: string;
}

/** The environment asked for: `--environment NAME`, else CATALOG_ENVIRONMENT; none when neither is set. */
export function environmentNameOf(options: TargetFlags, env: CliIo['env']): string | undefined {
  if (options.environment !== undefined) return options.environment;
  const fromEnv = env['CATALOG_ENVIRONMENT']?.trim();
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}

/**
 * Refuses to apply to a protected environment unless it was named on the command line (`--environment NAME`,
 * not only CATALOG_ENVIRONMENT, which a shell or CI job may have set for another purpose) and `--yes` was given.
 * A dry run is always allowed.
 */
export function checkProtection(
  environment: Pick<Environment, 'name' | 'protect'> | undefined,
  options: { readonly environment?: string; readonly yes?: boolean },
): void {
  if (environment?.protect !== true) return;
  if (options.environment === environment.name && options.yes === true) return;
  throw new CatalogError(
    'USAGE',
    `environment ${environment.name} is protected: applying to it needs --environment ${environment.name} and --yes ` +
      '(plan it with --dry-run first); nothing was written',
  );
}

/** The target the Settings document names (`target.server`, `target.graphqlUrl`), as connectWithFlags takes it. */
export function settingsTargetOf(settings: {
  readonly targetServer?: string;
  readonly targetGraphqlUrl?: string;
}): Pick<TargetInputs, 'settingsServer' | 'settingsGraphqlUrl'> {
  return {
    ...(settings.targetServer === undefined ? {} : { settingsServer: settings.targetServer }),
    ...(settings.targetGraphqlUrl === undefined ? {} : { settingsGraphqlUrl: settings.targetGraphqlUrl }),
  };
}

/**
 * Connects with the target flags and, for reconcile, the Settings target (resolveTarget decides which wins). With
 * an environment, its server and token replace the Settings target, DATAHUB_GMS_URL and DATAHUB_GMS_TOKEN (a
 * shell's variables for another DataHub must not send prod's manifests there); a --server flag still wins.
 */
export async function connectWithFlags(
  options: TargetFlags,
  io: CliIo,
  settings: Pick<TargetInputs, 'settingsServer' | 'settingsGraphqlUrl'> = {},
  environment?: Environment,
): Promise<Connection> {
  const scoped = environment === undefined ? io : { ...io, env: environmentVariables(environment, io) };
  const connection = await connect(
    {
      ...(options.server === undefined ? {} : { serverFlag: options.server }),
      ...(options.graphqlUrl === undefined ? {} : { graphqlUrlFlag: options.graphqlUrl }),
      ...settings,
      ...(environment?.server === undefined ? {} : { settingsServer: environment.server }),
      ...(environment?.graphqlUrl === undefined ? {} : { settingsGraphqlUrl: environment.graphqlUrl }),
    },
    scoped,
    httpOptionsFrom(options),
  );
  if (environment === undefined) return connection;
  const { target } = connection;
  if (target.kind === 'remote' && environment.tokenEnv !== undefined && target.token === undefined) {
    io.stderr.write(
      `warning: ${environment.tokenEnv} is not set: connecting to environment ${environment.name} without a token\n`,
    );
  }
  const where =
    target.kind === 'remote' && target.source === 'settings' && environment.server !== undefined
      ? `${target.gmsUrl} (environment ${environment.name}, ${target.token === undefined ? 'no token' : 'with a token'})`
      : `${connection.description}, environment ${environment.name}`;
  return { ...connection, description: where };
}

/** The variables target selection sees for an environment: its token as DATAHUB_GMS_TOKEN, its server over DATAHUB_GMS_URL. */
function environmentVariables(environment: Environment, io: CliIo): CliIo['env'] {
  const env: Record<string, string | undefined> = { ...io.env };
  if (environment.server !== undefined) delete env['DATAHUB_GMS_URL'];
  if (environment.tokenEnv !== undefined) {
    rememberTokenVariable(io, environment.tokenEnv);
    env['DATAHUB_GMS_TOKEN'] = io.env[environment.tokenEnv];
  }
  return env;
}

/**
 * Connects to the chosen target. The embedded catalog is started in-process on a loopback port and reached
 * through the same HTTP client as a real DataHub, so both paths run the same code.
 */
export async function connect(
  inputs: Omit<TargetInputs, 'env' | 'cwd'>,
  io: CliIo,
  http: HttpClientOptions = {},
): Promise<Connection> {
  const target = await resolveTarget({ ...inputs, env: io.env, cwd: io.cwd });
  const onRetry: HttpClientOptions['onRetry'] = (event) =>
    io.stderr.write(
      `retrying ${event.method} ${event.url} in ${(event.delayMs / 1000).toFixed(1)}s (${event.reason})\n`,
    );
  if (target.kind === 'remote') {
    const client = createDataHubClient({
      gmsUrl: target.gmsUrl,
      graphqlUrl: target.graphqlUrl,
      http: { onRetry, ...http, ...(target.token === undefined ? {} : { token: target.token }) },
    });
    return { client, target, description: describeTarget(target), close: () => client.close() };
  }
  // Loaded only for the embedded target: the server (GraphQL, SQLite, the web UI) is a third of the CLI's
  // start-up time, which runs against a remote DataHub do not need to pay.
  const { startCatalogServer } = await import('../server/create-server.js');
  const server = await startCatalogServer({ db: target.dbPath, port: 0, host: '127.0.0.1' });
  const client = createDataHubClient({ gmsUrl: server.url, http: { onRetry, ...http } });
  return {
    client,
    target,
    description: describeTarget(target),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
