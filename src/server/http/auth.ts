/**
 * Who may call the server when it has a token: API clients send `Authorization: Bearer <token>`; people sign in
 * once in the web UI and carry an HttpOnly, SameSite=Strict session cookie. A request that changes data and
 * carries only the cookie must come from the server's own pages: a cross-site Origin is refused (the cookie
 * would otherwise let any site a signed-in user visits write to the catalog).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'catalog_session';
/** Sessions last a working day; signing in again is one field. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** Sessions kept at most (oldest dropped first): the store is memory, and sign-ins need the token anyway. */
const MAX_SESSIONS = 1_000;

export type Caller = 'token' | 'session' | 'anonymous';

export class Authenticator {
  private readonly expected: Buffer;
  /**
   * session id digest → expiry (epoch ms) and, for sessions DataHub's web app signed in, the user it named.
   * Digests, so a memory dump shows no usable cookie.
   */
  private readonly sessions = new Map<string, { readonly expires: number; readonly actor?: string }>();

  constructor(
    token: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.expected = digest(token);
  }

  /** Whether a presented token is the server's (compared in constant time). */
  matches(token: string): boolean {
    return timingSafeEqual(digest(token), this.expected);
  }

  caller(request: IncomingMessage): Caller {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    if (bearer !== null && this.matches(bearer[1] as string)) return 'token';
    const session = cookies(request).get(SESSION_COOKIE);
    if (session !== undefined && this.isLive(session)) return 'session';
    return 'anonymous';
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
