import { CatalogError } from '../errors.js';
import { createDataHubClient, type DataHubClient } from '../client/datahub-client.js';
import { isValidParallelism, MAX_PARALLELISM, type HttpClientOptions } from '../client/http-client.js';
import { describeTarget, resolveTarget, type Target, type TargetInputs } from '../client/target.js';
import type { CliIo } from './io.js';

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

/** The target flags every command that talks to a catalog takes (--server, --graphql-url, --parallelism). */
export interface TargetFlags {
  readonly server?: string;
  readonly graphqlUrl?: string;
  readonly parallelism?: string;
}

/** Connects with the target flags and, for reconcile, the Settings target (resolveTarget decides which wins). */
export function connectWithFlags(
  options: TargetFlags,
  io: CliIo,
  settings: Pick<TargetInputs, 'settingsServer' | 'settingsGraphqlUrl'> = {},
): Promise<Connection> {
  return connect(
    {
      ...(options.server === undefined ? {} : { serverFlag: options.server }),
      ...(options.graphqlUrl === undefined ? {} : { graphqlUrlFlag: options.graphqlUrl }),
      ...settings,
    },
    io,
    httpOptionsFrom(options),
  );
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
