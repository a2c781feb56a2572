/**
 * Who may call the server when it has a token or a users file: API clients send `Authorization: Bearer <token>`
 * (the server token, or a personal access token a user minted); people sign in once in a web UI (with the server
 * token, or their user name and password) and carry an HttpOnly, SameSite=Strict session cookie. A request that changes data and
 * carries only the cookie must come from the server's own pages: a cross-site Origin is refused (the cookie
 * would otherwise let any site a signed-in user visits write to the catalog).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { UserDirectory } from '../auth/user-directory.js';

export const SESSION_COOKIE = 'catalog_session';
/** Sessions last a working day; signing in again is one field. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** Sessions kept at most (oldest dropped first): the store is memory, and signing in again is cheap. */
const MAX_SESSIONS = 1_000;

/**
 * How a request proved who it is: the server token, a personal access token, a session cookie, or nothing.
 * `actor` is the user it acts as, when known (a session of the catalog's own pages names no one).
 */
export type Caller = 'token' | 'accessToken' | 'session' | 'anonymous';
export interface Identity {
  readonly caller: Caller;
  readonly actor?: string;
}

export interface AuthenticatorOptions {
  /** The server token (`--token`): API clients present it as a bearer token. */
  readonly token?: string;
  /** The users who sign in to DataHub's web app with a password (`--users`, a user.props file). */
  readonly users?: UserDirectory;
  /** The user a personal access token acts for, undefined when it is not a live token of this catalog. */
  readonly accessTokenActor?: (token: string) => string | undefined;
  readonly clock?: () => number;
}

/** Who the server token acts as (DataHub's root user, as GMS's system client maps to it). */
const TOKEN_ACTOR = 'urn:li:corpuser:datahub';

export class Authenticator {
  private readonly expected: Buffer | undefined;
  private readonly clock: () => number;
  /**
   * session id digest → expiry (epoch ms) and, for sessions DataHub's web app signed in, the user it named.
   * Digests, so a memory dump shows no usable cookie.
   */
  private readonly sessions = new Map<string, { readonly expires: number; readonly actor?: string }>();

  constructor(private readonly options: AuthenticatorOptions) {
    this.expected = options.token === undefined ? undefined : digest(options.token);
    this.clock = options.clock ?? Date.now;
  }

  /** Whether callers must prove who they are (a token or users are configured); else loopback is trusted. */
  get required(): boolean {
    return this.expected !== undefined || this.options.users !== undefined;
  }

  /** The users file, when sign-in checks passwords against one. */
  get users(): UserDirectory | undefined {
    return this.options.users;
  }

  /** Whether a presented token is the server's (compared in constant time). */
  matches(token: string): boolean {
    return this.expected !== undefined && timingSafeEqual(digest(token), this.expected);
  }

  /** The user a bearer token acts as: the server token's root user, or a personal access token's user. */
  bearerActor(token: string): { readonly caller: Caller; readonly actor: string } | undefined {
    if (this.matches(token)) return { caller: 'token', actor: TOKEN_ACTOR };
    const actor = this.options.accessTokenActor?.(token);
    return actor === undefined ? undefined : { caller: 'accessToken', actor };
  }

  identify(request: IncomingMessage): Identity {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    if (bearer !== null) {
      const known = this.bearerActor((bearer[1] as string).trim());
      if (known !== undefined) return known;
    }
    const id = cookies(request).get(SESSION_COOKIE);
    if (id !== undefined && this.isLive(id)) {
      const actor = this.sessions.get(digest(id).toString('hex'))?.actor;
      return actor === undefined ? { caller: 'session' } : { caller: 'session', actor };
    }
    return { caller: 'anonymous' };
  }

  caller(request: IncomingMessage): Caller {
    return this.identify(request).caller;
  }

  /**
   * Starts a session; the returned id goes into the cookie and nowhere else. `actor` is the user DataHub's web
   * app signed in as (its /logIn names one); the catalog's own pages sign in no one in particular.
   */
  startSession(actor?: string): string {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock();
    for (const [key, session] of this.sessions) if (session.expires <= now) this.sessions.delete(key);
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    const expires = now + SESSION_SECONDS * 1000;
    this.sessions.set(digest(id).toString('hex'), actor === undefined ? { expires } : { expires, actor });
    return id;
  }

  /** The user a live session cookie of the request was started for, if it names one. */
  sessionActor(request: IncomingMessage): string | undefined {
    const id = cookies(request).get(SESSION_COOKIE);
    if (id === undefined || !this.isLive(id)) return undefined;
    return this.sessions.get(digest(id).toString('hex'))?.actor;
  }

  endSession(request: IncomingMessage): void {
    const session = cookies(request).get(SESSION_COOKIE);
    if (session !== undefined) this.sessions.delete(digest(session).toString('hex'));
  }

  private isLive(id: string): boolean {
    const key = digest(id).toString('hex');
    const expires = this.sessions.get(key)?.expires;
    if (expires === undefined) return false;
    if (expires > this.clock()) return true;
    this.sessions.delete(key);
    return false;
  }
}

/** The Set-Cookie value of a new session, or of one being ended (an expired, empty cookie). */
export function sessionCookie(id: string | undefined): string {
  const value = id ?? '';
  const maxAge = id === undefined ? 0 : SESSION_SECONDS;
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}`;
}

/**
 * Whether a request comes from another site: its Origin (or, without one, Sec-Fetch-Site) names a site that is
 * not this server. Requests without either (curl, scripts) are not cross-site: they cannot carry a browser's
 * cookie without its owner handing it over.
 */
export function isCrossSite(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const host = request.headers.host;
    if (host === undefined || origin === 'null') return true;
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export function cookies(request: IncomingMessage): Map<string, string> {
  const result = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    result.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  return result;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
