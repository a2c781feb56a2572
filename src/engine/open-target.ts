import { CatalogError } from '../errors.js';
import { createDataHubClient, type DataHubClient } from '../client/datahub-client.js';
import { isValidParallelism, MAX_PARALLELISM, type HttpClientOptions } from '../client/http-client.js';
import {
  describeTarget,
  failureHintsOf,
  resolveTarget,
  type Target,
  type TargetInputs,
} from '../client/target.js';
import type { Environment } from '../manifest/select-environment.js';
import type { EngineContext, TargetOptions } from './context.js';

export { isValidParallelism, MAX_PARALLELISM } from '../client/http-client.js';

/** An open catalog: a DataHub, or the embedded catalog started in this process. Close it when done. */
export interface Connection {
  readonly client: DataHubClient;
  readonly target: Target;
  /** "http://… (from DATAHUB_GMS_URL, with a token)" or "the embedded catalog (…)"; never the token. */
  readonly description: string;
  close(): Promise<void>;
}

/** The target a Settings document names (`target.server`, `target.graphqlUrl`). */
export interface SettingsTarget {
  readonly server?: string;
  readonly graphqlUrl?: string;
}

export interface OpenTargetOptions extends EngineContext, TargetOptions {
  /** The Settings target: used when neither `server` nor DATAHUB_GMS_URL names one (resolveTarget). */
  readonly settings?: SettingsTarget;
  /**
   * The Settings environment worked in: its server and token replace the Settings target, DATAHUB_GMS_URL and
   * DATAHUB_GMS_TOKEN (a shell's variables for another DataHub must not send prod's manifests there); `server`
   * still wins.
   */
  readonly environment?: Environment;
}

/** The Settings target of a desired state's settings, as openTarget takes it. */
export function settingsTargetOf(settings: {
  readonly targetServer?: string;
  readonly targetGraphqlUrl?: string;
}): SettingsTarget {
  return {
    ...(settings.targetServer === undefined ? {} : { server: settings.targetServer }),
    ...(settings.targetGraphqlUrl === undefined ? {} : { graphqlUrl: settings.targetGraphqlUrl }),
  };
}

/** What a plan records as its target: `embedded`, or the GMS URL (a saved plan is applied to that target only). */
export function planTargetOf(target: Target): string {
  return target.kind === 'embedded' ? 'embedded' : target.gmsUrl;
}

/**
 * Refuses to apply to a protected environment unless the caller confirmed that very environment (the CLI:
 * `--environment NAME` on its command line, not only CATALOG_ENVIRONMENT, which a shell or CI job may have set for
 * another purpose, and `--yes`). A dry run is always allowed.
 */
export function checkProtection(
  environment: Pick<Environment, 'name' | 'protect'> | undefined,
  confirmed: string | undefined,
): void {
  if (environment?.protect !== true) return;
  if (confirmed === environment.name) return;
  throw new CatalogError(
    'USAGE',
    `environment ${environment.name} is protected: applying to it needs --environment ${environment.name} and --yes ` +
      '(plan it with --dry-run first); nothing was written',
  );
}

/**
 * Connects to the chosen target (resolveTarget decides which wins). The embedded catalog is started in-process on
 * a loopback port and reached through the same HTTP client as a real DataHub, so both paths run the same code.
 */
export async function openTarget(options: OpenTargetOptions): Promise<Connection> {
  const { environment } = options;
  const http = httpOptionsOf(options.parallelism);
  const connection = await connect(
    {
      ...(options.server === undefined ? {} : { serverFlag: options.server }),
      ...(options.graphqlUrl === undefined ? {} : { graphqlUrlFlag: options.graphqlUrl }),
      ...(options.settings?.server === undefined ? {} : { settingsServer: options.settings.server }),
      ...(options.settings?.graphqlUrl === undefined
        ? {}
        : { settingsGraphqlUrl: options.settings.graphqlUrl }),
      ...(environment?.server === undefined ? {} : { settingsServer: environment.server }),
      ...(environment?.graphqlUrl === undefined ? {} : { settingsGraphqlUrl: environment.graphqlUrl }),
      env: environment === undefined ? options.env : environmentVariables(environment, options),
      cwd: options.cwd,
      ...(environment?.tokenEnv === undefined ? {} : { tokenVariable: environment.tokenEnv }),
      ...(environment?.server === undefined ? {} : { environmentName: environment.name }),
    },
    options,
    http,
  );
  if (environment === undefined) return connection;
  const { target } = connection;
  if (target.kind === 'remote' && environment.tokenEnv !== undefined && target.token === undefined) {
    options.onEvent?.({
      type: 'warning',
      message: `${environment.tokenEnv} is not set: connecting to environment ${environment.name} without a token`,
    });
  }
  const where =
    target.kind === 'remote' && target.source === 'settings' && environment.server !== undefined
      ? `${target.gmsUrl} (environment ${environment.name}, ${target.token === undefined ? 'no token' : 'with a token'})`
      : `${connection.description}, environment ${environment.name}`;
  return { ...connection, description: where };
}

/** `parallelism`: an integer from 1 to 64 (default 4, what the benchmark shows GMS serves best). */
function httpOptionsOf(parallelism: number | undefined): HttpClientOptions {
  if (parallelism === undefined) return {};
  if (!isValidParallelism(parallelism)) {
    throw new CatalogError(
      'USAGE',
      `parallelism must be an integer from 1 to ${MAX_PARALLELISM}, got ${parallelism}`,
    );
  }
  return { parallelism };
}

/** The variables target selection sees for an environment: its token as DATAHUB_GMS_TOKEN, its server over DATAHUB_GMS_URL. */
function environmentVariables(environment: Environment, context: EngineContext): EngineContext['env'] {
  const env: Record<string, string | undefined> = { ...context.env };
  if (environment.server !== undefined) delete env['DATAHUB_GMS_URL'];
  if (environment.tokenEnv !== undefined) {
    context.onEvent?.({ type: 'token-variable', variable: environment.tokenEnv });
    env['DATAHUB_GMS_TOKEN'] = context.env[environment.tokenEnv];
  }
  return env;
}

async function connect(
  inputs: TargetInputs,
  context: EngineContext,
  http: HttpClientOptions,
): Promise<Connection> {
  const target = await resolveTarget(inputs);
  const onRetry: HttpClientOptions['onRetry'] = (event) => context.onEvent?.({ type: 'retry', ...event });
  if (target.kind === 'remote') {
    const client = createDataHubClient({
      gmsUrl: target.gmsUrl,
      graphqlUrl: target.graphqlUrl,
      http: {
        onRetry,
        hints: failureHintsOf(target, inputs),
        ...http,
        ...(target.token === undefined ? {} : { token: target.token }),
      },
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
