import { CatalogError } from '../../errors.js';
import { isLoopback, startCatalogServer } from '../../server/create-server.js';
import type { CliIo } from '../io.js';
import { errorMessage } from '../../model/error-message.js';

export interface ServeOptions {
  readonly db: string;
  readonly port: string;
  readonly host: string;
  readonly token?: string;
  /** A build of DataHub's web app to serve at `/`. */
  readonly datahubUi?: string;
}

/** `catalog serve`: runs the embedded catalog until interrupted, then shuts down cleanly. */
export async function runServe(options: ServeOptions, io: CliIo): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CatalogError('USAGE', `--port must be a port number (0-65535), got ${options.port}`);
  }
  const token = options.token ?? io.env['CATALOG_SERVER_TOKEN'];
  if (token !== undefined && token.length < 16) {
    throw new CatalogError('USAGE', 'the server token must be at least 16 characters long');
  }
  if (token === undefined && !isLoopback(options.host)) {
    throw new CatalogError(
      'USAGE',
      `refusing to listen on ${options.host} without a token; set CATALOG_SERVER_TOKEN (or --token) first`,
    );
  }
  const server = await startCatalogServer({
    db: options.db,
    port,
    host: options.host,
    ...(token === undefined ? {} : { token }),
    ...(options.datahubUi === undefined ? {} : { datahubUi: options.datahubUi }),
  }).catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot start the server: ${errorMessage(error)}`);
  });
  if (token === undefined) {
    io.stderr.write('no token configured: accepting requests without authentication, on loopback only\n');
  }
  io.stderr.write(`data file: ${options.db}\n`);
  io.stdout.write(`catalog server listening on ${server.url}\n`);
  if (options.datahubUi !== undefined) {
    io.stderr.write(
      `DataHub's web app at ${server.url}/ (sign in with any user name${token === undefined ? '' : ' and the server token as the password'}); the catalog's own pages at ${server.url}/ui/search\n`,
    );
  }
  await io.waitForInterrupt();
  io.stderr.write('shutting down\n');
  await server.close();
  return 0;
}
