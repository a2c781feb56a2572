import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson } from '../model/json.js';
import { CatalogService, SERVER_ACTOR, ServiceError } from './catalog-service.js';
import { executeGraphQL, parseGraphQLRequest } from './graphql/graphql-endpoint.js';
import { parseRestliQuery, sendJson, sendRestliError } from './http/restli.js';
import { openApiEntityRoute, type OpenApiReply } from './http/openapi-routes.js';
import { runsAction } from './http/runs-routes.js';
import {
  batchGetEntities,
  entitiesAction,
  getAspect,
  getTimeseriesAspectValues,
  getEntity,
  ingestProposals,
  serverConfig,
  type RestliReply,
} from './http/restli-routes.js';
import { Authenticator, isCrossSite, type Identity } from './http/auth.js';
import { AccessTokens } from './auth/access-tokens.js';
import { UserDirectory } from './auth/user-directory.js';
import { bootstrapRootUser } from './catalog/bootstrap.js';
import { AspectStore } from './store/aspect-store.js';
import { handleUi, isUiPath, type UiResponse } from './ui/ui-routes.js';
import { PATHS_GIVEN_TO_DATAHUB_UI } from './ui/ui-paths.js';
import { BundleFiles } from './datahub-ui/bundle-files.js';
import { DataHubUi, type DataHubUiReply } from './datahub-ui/datahub-ui-routes.js';
import { mergedConfig } from './datahub-ui/frontend-config.js';
import { errorMessage } from '../model/error-message.js';

/** GMS refuses request bodies over 16,000,000 bytes (the reason DataHub's emitter keeps batches under 15 MiB). */
export const MAX_BODY_BYTES = 16_000_000;

export interface CatalogServerOptions {
  /** SQLite file, or ':memory:'. */
  readonly db: string;
  readonly port?: number;
  readonly host?: string;
  /** When set, every endpoint but /config requires `Authorization: Bearer <token>` (or a session, or a PAT). */
  readonly token?: string;
  /**
   * Users who sign in to DataHub's web app with a password (a user.props file's entries). When set, every
   * endpoint but /config requires a caller who proved who they are, as GMS with authentication enabled.
   */
  readonly users?: readonly { readonly username: string; readonly password: string }[];
  /** Observes each request (tests count round trips with it). */
  readonly onRequest?: (request: { readonly method: string; readonly path: string }) => void;
  readonly clock?: () => number;
  /**
   * A build of DataHub's web app (datahub-web-react's dist/) to serve at `/` with the routes DataHub's frontend
   * gives it; the catalog's own pages move to /ui/search and /ui/glossary (entity pages stay at /e/).
   */
  readonly datahubUi?: string;
}

export interface CatalogServer {
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly service: CatalogService;
  /** Stops accepting requests, lets those in flight finish, and closes the database. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

/** Starts the embedded DataHub-compatible catalog. */
export async function startCatalogServer(options: CatalogServerOptions): Promise<CatalogServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.token === undefined && options.users === undefined && !isLoopback(host)) {
    throw new Error(`refusing to listen on ${host} without a token: set --token or CATALOG_SERVER_TOKEN`);
  }
  // Read before the store opens, so a folder that is no build fails the start and leaves nothing open.
  const datahubUi =
    options.datahubUi === undefined
      ? undefined
      : new DataHubUi(
          new BundleFiles(options.datahubUi),
          (path) => isUiPath(path) && !PATHS_GIVEN_TO_DATAHUB_UI.has(path),
        );
  const store = new AspectStore(options.db);
  const service = new CatalogService(store, options.clock);
  bootstrapRootUser(service);
  const accessTokens = new AccessTokens(service);
  const auth = new Authenticator({
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.users === undefined ? {} : { users: new UserDirectory(options.users) }),
    accessTokenActor: (token) => accessTokens.authenticate(token),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });

  const server = createServer((request, response) => {
    options.onRequest?.({ method: request.method ?? 'GET', path: request.url ?? '/' });
    handle(request, response, service, auth, datahubUi).catch((error: unknown) => {
      // Last resort: a bug must not take the server down. Nothing was half-written (writes are transactional).
      if (!response.headersSent)
        sendRestliError(response, 500, `Internal server error: ${errorMessage(error)}`);
      else response.destroy();
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    host,
    service,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  service: CatalogService,
  authenticator: Authenticator,
  datahubUi: DataHubUi | undefined,
): Promise<void> {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  let rawQuery = queryStart < 0 ? '' : url.slice(queryStart + 1);
  let method = request.method ?? 'GET';

  const identity = authenticator.identify(request);
  const caller = identity.caller;
  // Without a token or users the server trusts loopback callers, and its pages have no sign-in.
  const auth = authenticator.required ? authenticator : undefined;
  const isDataHubUi = datahubUi?.owns(method, path) === true;
  const isUi = !isDataHubUi && isUiPath(path);
  if (!isUi && !isDataHubUi && path !== '/config' && auth !== undefined) {
    if (caller === 'anonymous') {
      request.resume();
      return sendRestliError(
        response,
        401,
        'Unauthorized to perform this action. Please provide a valid token.',
      );
    }
    // The session cookie rides along with any request a browser makes, whichever site asks: only this
    // server's own pages may use it for anything but reading.
    if (caller === 'session' && method !== 'GET' && method !== 'HEAD' && isCrossSite(request)) {
      request.resume();
      return sendRestliError(response, 403, 'Cross-site request refused: sign in on this server to use it');
    }
  }

  let body: Buffer;
  try {
    body = await readBody(request);
  } catch (error) {
    if (error instanceof ServiceError) return sendRestliError(response, error.status, error.message);
    throw error;
  }

  // Rest.li query tunnelling: a GET too long for a URL arrives as a POST carrying the query in its body.
  if (method === 'POST' && request.headers['x-http-method-override'] === 'GET') {
    method = 'GET';
    rawQuery = body.toString('utf8');
  }

  if (isDataHubUi) {
    return sendDataHubUi(
      response,
      await datahubUi.handle({ request, method, path, rawQuery, body, auth, caller }),
    );
  }
  if (isUi) {
    return sendUi(
      response,
      await handleUi(request, method, path, rawQuery, body, { service, actor: SERVER_ACTOR, auth, caller }),
    );
  }

  try {
    if (path === '/api/graphql' || path === '/api/v2/graphql') {
      if (method !== 'POST')
        return sendJson(response, 405, { error: 'Method not allowed' }, { Allow: 'POST' });
      const parsed = parseJson(bodyText(body));
      const graphqlRequest = parsed.ok ? parseGraphQLRequest(parsed.value) : undefined;
      if (graphqlRequest === undefined) {
        // DataHub's GraphQLController answers unparsable requests with a bare 400.
        response.writeHead(400, { 'Content-Length': 0 }).end();
        return;
      }
      const actor = actorOf(identity, request, auth, datahubUi);
      const result = await executeGraphQL(graphqlRequest, service, actor);
      return sendJson(response, 200, result, { 'Content-Type': 'application/json;charset=utf-8' });
    }
    const actor = actorOf(identity, request, auth, datahubUi);
    const openApi = openApiEntityRoute(method, path, rawQuery, service, actor);
    if (openApi !== undefined) return sendOpenApi(response, openApi);
    const reply = route(method, path, rawQuery, body, service, actor);
    // With DataHub's web app, /config answers as its frontend does, over GMS's fields (frontend-config.ts).
    if (datahubUi !== undefined && path === '/config' && reply.status === 200) {
      return sendJson(response, 200, mergedConfig(reply.body, '/'));
    }
    return sendJson(response, reply.status, reply.body);
  } catch (error) {
    if (error instanceof ServiceError) return sendRestliError(response, error.status, error.message);
    throw error;
  }
}

function route(
  method: string,
  path: string,
  rawQuery: string,
  body: Buffer,
  service: CatalogService,
  actor: string,
): RestliReply {
  const params = parseRestliQuery(rawQuery);
  const action = params.get('action');
  const jsonBody = (): unknown => {
    const parsed = parseJson(bodyText(body));
    if (!parsed.ok) throw new ServiceError(400, `Malformed JSON in the request body: ${parsed.error}`);
    return parsed.value;
  };
  if (method === 'GET' && (path === '/config' || path === '/health')) {
    return path === '/config' ? serverConfig() : { status: 200, body: { status: 'GOOD' } };
  }
  if (
    method === 'POST' &&
    path === '/aspects' &&
    (action === 'ingestProposal' || action === 'ingestProposalBatch')
  ) {
    return ingestProposals(action, jsonBody(), service, actor);
  }
  if (method === 'POST' && path === '/aspects' && action === 'getTimeseriesAspectValues') {
    return getTimeseriesAspectValues(jsonBody(), service);
  }
  if (method === 'POST' && path === '/runs' && typeof action === 'string') {
    return runsAction(action, jsonBody(), service);
  }
  if (method === 'POST' && path === '/entities' && typeof action === 'string') {
    return entitiesAction(action, jsonBody(), service, actor);
  }
  if (method === 'GET' && path.startsWith('/aspects/')) {
    return getAspect(decodeSegment(path.slice('/aspects/'.length)), params, service);
  }
  if (method === 'GET' && path.startsWith('/entitiesV2/')) {
    return getEntity(decodeSegment(path.slice('/entitiesV2/'.length)), params, service);
  }
  if (method === 'GET' && path === '/entitiesV2') return batchGetEntities(params, service);
  throw new ServiceError(404, `No resource for ${method} ${path}`);
}

/**
 * Who a request acts as: the user its token or session names; the server token and the catalog's own pages act
 * as DataHub's root user. Without authentication (loopback trusted), DataHub's web app acts as the user its actor
 * cookie names, as anyone on loopback may be anyone.
 */
function actorOf(
  identity: Identity,
  request: IncomingMessage,
  auth: Authenticator | undefined,
  datahubUi: DataHubUi | undefined,
): string {
  if (identity.actor !== undefined) return identity.actor;
  if (auth === undefined && datahubUi !== undefined) return datahubUi.cookieActor(request) ?? SERVER_ACTOR;
  return SERVER_ACTOR;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body as text: invalid UTF-8 is refused (400), never turned into U+FFFD and stored. */
function bodyText(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new ServiceError(400, 'The request body is not valid UTF-8');
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ServiceError(400, `Malformed percent-encoding in ${segment}`);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    request.resume();
    throw new ServiceError(
      413,
      `Request body of ${declared} bytes exceeds the limit of ${MAX_BODY_BYTES} bytes`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      request.resume();
      throw new ServiceError(413, `Request body exceeds the limit of ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** An OpenAPI controller's answer: JSON, or no body at all for a `void` method. */
function sendOpenApi(response: ServerResponse, reply: OpenApiReply): void {
  if (reply.body === undefined) {
    response.writeHead(reply.status, { 'Content-Length': 0 }).end();
    return;
  }
  sendJson(response, reply.status, reply.body, { 'Content-Type': 'application/json' });
}

function sendUi(response: ServerResponse, reply: UiResponse): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  response.writeHead(reply.status, { ...reply.headers, 'Content-Length': body.length });
  response.end(body);
}

function sendDataHubUi(response: ServerResponse, reply: DataHubUiReply): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  response.writeHead(reply.status, { ...reply.headers, 'Content-Length': body.length });
  response.end(body);
}
