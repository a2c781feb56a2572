import { CatalogError } from '../errors.js';
import { errorMessage } from '../model/error-message.js';
import { isLoopback, startCatalogServer } from '../server/create-server.js';

export interface ServeOptions {
  /** The SQLite data file. */
  readonly db: string;
  /** 0 picks a free one. */
  readonly port: number;
  readonly host: string;
  /** Require this bearer token (at least 16 characters); without one, only loopback is allowed. */
  readonly token?: string;
  /** A build of DataHub's web app to serve at `/` (the catalog's own pages move to /ui/search). */
  readonly datahubUi?: string;
}

/** A running embedded catalog. */
export interface ServedCatalog {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `catalog serve`: starts the embedded DataHub-compatible catalog (Rest.li and GraphQL APIs with search, and a web
 * UI), refusing a short token or a non-loopback address without one.
 */
export async function serveCatalog(options: ServeOptions): Promise<ServedCatalog> {
  const { token } = options;
  if (token !== undefined && token.length < 16) {
    throw new CatalogError('USAGE', 'the server token must be at least 16 characters long');
  }
  if (token === undefined && !isLoopback(options.host)) {
    throw new CatalogError(
      'USAGE',
      `refusing to listen on ${options.host} without a token; set CATALOG_SERVER_TOKEN (or --token) first`,
    );
  }
  return startCatalogServer({
    db: options.db,
    port: options.port,
    host: options.host,
    ...(token === undefined ? {} : { token }),
    ...(options.datahubUi === undefined ? {} : { datahubUi: options.datahubUi }),
  }).catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot start the server: ${errorMessage(error)}`);
  });
}
