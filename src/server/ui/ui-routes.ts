/**
 * The web UI's routes, served by `catalog serve` beside the API: `/ui/search` (search, also at `/` and `/search`),
 * `/e/<urn>` (an entity), `/e/<urn>/history`, `/e/<urn>/lineage`, `/ui/glossary` (also at `/glossary`), `/sign-in`, `/sign-out`, and
 * the static files under `/ui/`. Pages
 * are rendered on the server from the GraphQL API's answers; the one script only adds suggestions as you type.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { CatalogService } from '../catalog-service.js';
import { isCrossSite, sessionCookie, type Authenticator, type Caller } from '../http/auth.js';
import { CatalogReader } from './catalog-reader.js';
import { UI_GLOSSARY, UI_HOME, UI_SEARCH } from './ui-paths.js';
import { suggest } from './pages/suggest.js';
import { renderEntityPage } from './pages/entity-page.js';
import { renderGlossaryPage } from './pages/glossary-page.js';
import { parseComparison, renderHistoryPage } from './pages/history-page.js';
import { parseHops, renderLineagePage } from './pages/lineage-page.js';
import { errorPage } from './pages/layout.js';
import { parseSearchParams, renderSearchPage } from './pages/search-page.js';
import { renderSignInPage, safeNext } from './pages/sign-in-page.js';

export interface UiResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
}

export interface UiContext {
  readonly service: CatalogService;
  /** Who the UI's GraphQL reads run as. */
  readonly actor: string;
  /** Undefined when the server has no token (loopback only, no sign-in). */
  readonly auth: Authenticator | undefined;
  readonly caller: Caller;
}

const ASSETS: Readonly<Record<string, string>> = {
  'style.css': 'text/css; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'icon.svg': 'image/svg+xml',
};
const ASSET_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

/**
 * Pages may load their own script, style and icon, and talk to their own server; nothing else. No inline
 * script or style is needed, so none is allowed (a defence in depth behind the escaping).
 */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  // same-origin, not no-referrer: under no-referrer browsers send `Origin: null` with form posts, and the
  // cross-site check could no longer tell the server's own sign-out form from another site's.
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

export function isUiPath(path: string): boolean {
  return (
    path === '/' ||
    path === '/search' ||
    path === '/glossary' ||
    path === '/sign-in' ||
    path === '/sign-out' ||
    path === '/favicon.ico' ||
    path.startsWith('/e/') ||
    path.startsWith('/ui/')
  );
}

export async function handleUi(
  request: IncomingMessage,
  method: string,
  path: string,
  rawQuery: string,
  body: Buffer,
  context: UiContext,
): Promise<UiResponse> {
  if (path === '/ui/suggest') return suggestRoute(rawQuery, context);
  const isPage = path === UI_SEARCH || path === UI_GLOSSARY;
  if (!isPage && (path.startsWith('/ui/') || path === '/favicon.ico'))
    return asset(path === '/favicon.ico' ? 'icon.svg' : path.slice(4));
  const params = new URLSearchParams(rawQuery);
  const { auth, caller } = context;

  if (path === '/sign-in') return signIn(method, params, body, auth);
  if (path === '/sign-out') {
    if (method !== 'POST')
      return page(405, errorPage(405, 'Method not allowed', 'Sign out with the button.', false).text);
    if (isCrossSite(request))
      return page(403, errorPage(403, 'Refused', 'A request from another site.', false).text);
    auth?.endSession(request);
    return { status: 303, headers: { Location: UI_HOME, 'Set-Cookie': sessionCookie(undefined) }, body: '' };
  }
  if (auth !== undefined && caller === 'anonymous') {
    const next = safeNext(rawQuery === '' ? path : `${path}?${rawQuery}`);
    return { status: 303, headers: { Location: `/sign-in?next=${encodeURIComponent(next)}` }, body: '' };
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return page(
      405,
      errorPage(405, 'Method not allowed', 'The catalog pages are read-only.', caller === 'session').text,
    );
  }

  const signedIn = caller === 'session';
  const reader = new CatalogReader(context.service, context.actor);
  try {
    if (path === '/' || path === '/search' || path === UI_SEARCH) {
      return page(200, (await renderSearchPage(reader, parseSearchParams(params), signedIn)).text);
    }
    if (path === '/glossary' || path === UI_GLOSSARY)
      return page(200, (await renderGlossaryPage(reader, signedIn)).text);
    const rest = path.slice('/e/'.length);
    // A URN's own slashes are encoded in the path (entityPath), so a trailing /history or /lineage is the page's.
    const view = rest.endsWith('/history') ? 'history' : rest.endsWith('/lineage') ? 'lineage' : 'entity';
    const urn = decode(view === 'entity' ? rest : rest.slice(0, -`/${view}`.length));
    if (urn === undefined || urn === '') {
      return page(404, errorPage(404, 'Not found', 'There is no such page.', signedIn).text);
    }
    const result =
      view === 'history'
        ? await renderHistoryPage(reader, urn, parseComparison(params), signedIn)
        : view === 'lineage'
          ? await renderLineagePage(reader, urn, parseHops(params), signedIn)
          : await renderEntityPage(reader, urn, signedIn);
    return page(result.status, result.body.text);
  } catch {
    // A page whose query fails is a bug; say so without details (they may carry catalog data).
    return page(
      500,
      errorPage(
        500,
        'Something went wrong',
        'The page could not be built. Try again, or search instead.',
        signedIn,
      ).text,
    );
  }
}

/** Suggestions for the search box: names, types and pages of the best matches, as JSON. */
async function suggestRoute(rawQuery: string, context: UiContext): Promise<UiResponse> {
  if (context.auth !== undefined && context.caller === 'anonymous') {
    return { status: 401, headers: { 'Content-Type': 'application/json' }, body: '[]' };
  }
  const query = (new URLSearchParams(rawQuery).get('q') ?? '').trim().slice(0, 200);
  const suggestions =
    query.length < 2 ? [] : await suggest(new CatalogReader(context.service, context.actor), query);
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
    body: JSON.stringify(suggestions),
  };
}

function signIn(
  method: string,
  params: URLSearchParams,
  body: Buffer,
  auth: Authenticator | undefined,
): UiResponse {
  if (auth === undefined) return { status: 303, headers: { Location: UI_HOME }, body: '' };
  if (method === 'GET') return page(200, renderSignInPage(safeNext(params.get('next')), false).text);
  if (method !== 'POST')
    return page(405, errorPage(405, 'Method not allowed', 'Sign in with the form.', false).text);
  const form = new URLSearchParams(body.toString('utf8'));
  const next = safeNext(form.get('next'));
  const token = form.get('token') ?? '';
  // The server token, or a personal access token a user minted in DataHub's web app (the session is theirs).
  const bearer = token === '' ? undefined : auth.bearerActor(token);
  if (bearer === undefined) return page(401, renderSignInPage(next, true).text);
  return {
    status: 303,
    headers: { Location: next, 'Set-Cookie': sessionCookie(auth.startSession(bearer.actor)) },
    body: '',
  };
}

async function asset(name: string): Promise<UiResponse> {
  const type = ASSETS[name];
  if (type === undefined)
    return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found' };
  return {
    status: 200,
    headers: { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
    body: await readFile(`${ASSET_DIR}${name}`),
  };
}

function page(status: number, text: string): UiResponse {
  return { status, headers: PAGE_HEADERS, body: text };
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
