import { readFile } from 'node:fs/promises';
import { CatalogError, DiagnosticsError, type Diagnostic } from '../errors.js';
import { parseUserProps, type UserEntry } from '../server/auth/user-props.js';
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
  /**
   * A user.props file (DataHub's users and passwords, `user:password` a line): its users sign in to DataHub's web
   * app, and every caller must then prove who they are (a session, a personal access token or the server token).
   */
  readonly usersFile?: string;
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
  if (token === undefined && options.usersFile === undefined && !isLoopback(options.host)) {
    throw new CatalogError(
      'USAGE',
      `refusing to listen on ${options.host} without a token; set CATALOG_SERVER_TOKEN (or --token) first`,
    );
  }
  const users = options.usersFile === undefined ? undefined : await readUsers(options.usersFile);
  return startCatalogServer({
    db: options.db,
    port: options.port,
    host: options.host,
    ...(token === undefined ? {} : { token }),
    ...(options.datahubUi === undefined ? {} : { datahubUi: options.datahubUi }),
    ...(users === undefined ? {} : { users }),
  }).catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot start the server: ${errorMessage(error)}`);
  });
}

/**
 * The users of a user.props file; its mistakes are reported at file:line:column, without the file's lines (they
 * hold passwords).
 */
async function readUsers(file: string): Promise<readonly UserEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogError('FILE_ERROR', `cannot read the users file ${file}: ${errorMessage(error)}`);
  }
  const { users, problems } = parseUserProps(text, file);
  if (problems.length > 0) {
    const diagnostics: Diagnostic[] = problems.map((problem) => ({
      code: problem.code,
      severity: 'error',
      message: problem.message,
      location: problem.location,
      hint: problem.hint,
      ...(problem.related === undefined ? {} : { related: problem.related }),
    }));
    throw new DiagnosticsError('CONFIG_INVALID', diagnostics, `the users file ${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}`); // prettier-ignore
  }
  return users;
}
