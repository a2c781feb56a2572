/**
 * The routes datahub-frontend's Play server gives DataHub's web app (v1.7.0 datahub-frontend/conf/routes), for
 * `catalog serve --datahub-ui <dir>`: the app's files and client-side routes, sign-in (`/authenticate`, `/logIn`,
 * `/logOut`), `/mfe/config`, and the tracking endpoints, accepted and dropped. GraphQL (`/api/v2/graphql`) and
 * `/config` stay with the server; this module tells it who the app's caller is.
 *
 * Sign-in: with a users file (`catalog serve --users`, DataHub's user.props), `/logIn` checks the user's
 * password as the frontend's JAAS PropertyFileLoginModule does, and a visitor without a session is sent to the
 * login page. Without one, a server token is the password (any user name; the session remembers it); without
 * either the server trusts anyone on loopback, so `/authenticate` signs the visitor in as DataHub's root user, as
 * a frontend with no authentication configured does, and `/logIn` takes whatever name is given.
 */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { parseJson, isJsonObject } from '../../model/json.js';
import { cookies, isCrossSite, sessionCookie, type Authenticator, type Caller } from '../http/auth.js';
import type { BundleFiles } from './bundle-files.js';
import { ACTOR_COOKIE_HOURS, MFE_CONFIG_YAML } from './frontend-config.js';

/** The cookie the app reads to know it is signed in, holding the user's URN (AuthUtils.ACTOR). */
export const ACTOR_COOKIE = 'actor';
/** Who `/authenticate` signs in when the server has no token (AuthenticationController's DEFAULT_ACTOR_URN). */
export const DEFAULT_ACTOR = 'urn:li:corpuser:datahub';
const CORPUSER_PREFIX = 'urn:li:corpuser:';

export interface DataHubUiReply {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: string | Buffer;
}

export interface DataHubUiRequest {
  readonly request: IncomingMessage;
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly body: Buffer;
  /** Undefined when the server has no token (loopback only). */
  readonly auth: Authenticator | undefined;
  readonly caller: Caller;
}

/** Paths of the server's APIs: never the app's, whatever the method. */
const API_PREFIXES = ['/api/', '/aspects', '/entities', '/openapi/', '/relationships'];
const API_PATHS = new Set(['/config', '/health']);
/** Analytics and tracing the app posts (the DataHub analytics plugin, the OpenTelemetry link): kept nowhere. */
const DROPPED_PATHS = new Set(['/track', '/openapi/v1/tracking/track', '/otel/v1/traces']);
const SIGN_IN_PATHS = new Set(['/authenticate', '/logIn', '/logOut', '/mfe/config', '/sso', '/signUp']);

export class DataHubUi {
  constructor(
    private readonly bundle: BundleFiles,
    /** Paths the catalog's own web UI keeps while the app has `/` (see ui-routes.ts). */
    private readonly isCatalogUiPath: (path: string) => boolean,
  ) {}

  /** Whether a request is the app's to answer; it is then answered without the API's token check. */
  owns(method: string, path: string): boolean {
    if (DROPPED_PATHS.has(path) || SIGN_IN_PATHS.has(path)) return true;
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
    return !this.isCatalogUiPath(path);
  }

  /** The user the app's actor cookie names: who its requests run as when the server trusts loopback. */
  cookieActor(request: IncomingMessage): string | undefined {
    return readActorCookie(request);
  }

  async handle(call: DataHubUiRequest): Promise<DataHubUiReply> {
    const { method, path } = call;
    if (DROPPED_PATHS.has(path)) return { status: 200, headers: { 'Content-Length': 0 }, body: '' };
    switch (path) {
      case '/authenticate':
        return this.authenticate(call);
      case '/logIn':
        return method === 'POST' ? this.logIn(call) : methodNotAllowed('POST');
      case '/logOut':
        call.auth?.endSession(call.request);
        return {
          status: 302,
          headers: {
            Location: '/login',
            'Set-Cookie': [sessionCookie(undefined), actorCookie(undefined)],
          },
          body: '',
        };
      case '/mfe/config':
        return {
          status: 200,
          headers: { 'Content-Type': 'application/yaml', 'Cache-Control': 'private, max-age=300' },
          body: MFE_CONFIG_YAML,
        };
      case '/sso':
        // No single sign-on here: as the frontend without SSO, back to the login page with the reason.
        return redirect(`/login?error_msg=${encodeURIComponent('SSO is not configured')}`);
      case '/signUp':
        return json(400, { message: 'Native authentication is not enabled on the server.' });
    }
    return this.serveFile(path);
  }

  private async serveFile(path: string): Promise<DataHubUiReply> {
    const file = await this.bundle.file(path);
    if (file !== undefined) {
      const isIndex = file.body === this.bundle.indexPage().body;
      return {
        status: 200,
        headers: {
          'Content-Type': file.contentType,
          // Built file names carry a content hash; index.html does not and must be asked for each time.
          'Cache-Control': isIndex ? 'no-cache' : 'public, max-age=3600',
          'X-Content-Type-Options': 'nosniff',
        },
        body: file.body,
      };
    }
    // Assets.at answers a missing asset with 404; every other path is one of the app's client-side routes.
    if (path.startsWith('/assets/') || path.startsWith('/node_modules/')) {
      return { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Not found' };
    }
    const index = this.bundle.indexPage();
    return {
      status: 200,
      headers: { 'Content-Type': index.contentType, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' }, // prettier-ignore
      body: index.body,
    };
  }

  /** AuthenticationController.authenticate: a signed-in visitor goes on; the others sign in first. */
  private authenticate(call: DataHubUiRequest): DataHubUiReply {
    const target = safeRedirect(new URLSearchParams(call.rawQuery).get('redirect_uri'));
    if (call.auth === undefined) {
      // No authentication configured: the frontend signs everyone in as its default user.
      return { ...redirect(target), headers: { Location: target, 'Set-Cookie': actorCookie(DEFAULT_ACTOR) } };
    }
    if (call.caller !== 'anonymous') return redirect(target);
    return redirect(`/login?redirect_uri=${encodeURIComponent(target)}`);
  }

  /** AuthenticationController.logIn: `{username, password}`; 200 with the cookies, or 400 with a message. */
  private logIn(call: DataHubUiRequest): DataHubUiReply {
    // A sign-in posted by another site would sign the visitor in to a session of the other site's choosing.
    if (isCrossSite(call.request)) return json(403, { message: 'Cross-site sign-in refused' });
    const parsed = parseJson(call.body.toString('utf8'));
    const credentials = parsed.ok && isJsonObject(parsed.value) ? parsed.value : {};
    const username = credentials['username'];
    const password = credentials['password'];
    if (typeof username !== 'string' || username.trim() === '') {
      return json(400, { message: 'User name must not be empty.' });
    }
    if (username.length > 256 || [...username].some((char) => char.charCodeAt(0) < 0x20)) {
      return json(400, { message: 'Invalid Credentials' });
    }
    const actor = `${CORPUSER_PREFIX}${username}`;
    const cookiesSet = [actorCookie(actor)];
    if (call.auth !== undefined) {
      const users = call.auth.users;
      const valid =
        typeof password === 'string' &&
        password !== '' &&
        (users === undefined ? call.auth.matches(password) : users.verify(username, password));
      if (!valid) return json(400, { message: 'Invalid Credentials' });
      cookiesSet.unshift(sessionCookie(call.auth.startSession(actor)));
    }
    return { status: 200, headers: { 'Set-Cookie': cookiesSet, 'Content-Length': 0 }, body: '' };
  }
}

/**
 * The actor cookie as AuthUtils.createActorCookie sets it: readable by the app's script (not HttpOnly), SameSite
 * Lax, a day long; an undefined actor ends it. The URN is percent-encoded but for its colons, as js-cookie reads.
 */
export function actorCookie(actor: string | undefined): string {
  const value = actor === undefined ? '' : encodeURIComponent(actor).replaceAll('%3A', ':');
  const maxAge = actor === undefined ? 0 : ACTOR_COOKIE_HOURS * 3600;
  return `${ACTOR_COOKIE}=${value}; Path=/; SameSite=Lax; Max-Age=${maxAge}`;
}

function readActorCookie(request: IncomingMessage): string | undefined {
  const raw = cookies(request).get(ACTOR_COOKIE);
  if (raw === undefined) return undefined;
  let actor: string;
  try {
    actor = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return actor.startsWith(CORPUSER_PREFIX) && actor.length > CORPUSER_PREFIX.length ? actor : undefined;
}

/** Only a path on this server (not `//other.site`, not `https://…`), as the controller checks; else `/`. */
function safeRedirect(target: string | null): string {
  if (target === null || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return '/';
  return target;
}

function redirect(location: string): DataHubUiReply {
  return { status: 302, headers: { Location: location, 'Content-Length': 0 }, body: '' };
}

function json(status: number, body: Record<string, unknown>): DataHubUiReply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}

function methodNotAllowed(allow: string): DataHubUiReply {
  return { status: 405, headers: { Allow: allow, 'Content-Length': 0 }, body: '' };
}
