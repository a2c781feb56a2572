import { serveCatalog } from '../../engine/serve-catalog.js';
import { CatalogError } from '../../errors.js';
import type { CliIo } from '../io.js';

export interface ServeFlags {
  readonly db: string;
  readonly port: string;
  readonly host: string;
  readonly token?: string;
  /** A build of DataHub's web app to serve at `/`. */
  readonly datahubUi?: string;
  /** A user.props file of DataHub's users and passwords. */
  readonly users?: string;
}

/** `catalog serve`: runs the embedded catalog until interrupted, then shuts down cleanly. */
export async function runServe(options: ServeFlags, io: CliIo): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CatalogError('USAGE', `--port must be a port number (0-65535), got ${options.port}`);
  }
  const token = options.token ?? io.env['CATALOG_SERVER_TOKEN'];
  const server = await serveCatalog({
    db: options.db,
    port,
    host: options.host,
    ...(token === undefined ? {} : { token }),
    ...(options.datahubUi === undefined ? {} : { datahubUi: options.datahubUi }),
    ...(options.users === undefined ? {} : { usersFile: options.users }),
  });
  if (token === undefined && options.users === undefined) {
    io.stderr.write('no token configured: accepting requests without authentication, on loopback only\n');
  }
  io.stderr.write(`data file: ${options.db}\n`);
  io.stdout.write(`catalog server listening on ${server.url}\n`);
  if (options.datahubUi !== undefined) {
    io.stderr.write(
      `DataHub's web app at ${server.url}/ (${signInHint(token !== undefined, options.users)}); the catalog's own pages at ${server.url}/ui/search\n`,
    );
  }
  await io.waitForInterrupt();
  io.stderr.write('shutting down\n');
  await server.close();
  return 0;
}

function signInHint(hasToken: boolean, usersFile: string | undefined): string {
  if (usersFile !== undefined) return `sign in as a user of ${usersFile}`;
  return `sign in with any user name${hasToken ? ' and the server token as the password' : ''}`;
}
