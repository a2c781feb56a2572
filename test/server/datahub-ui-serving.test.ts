/**
 * `catalog serve --datahub-ui <dir>`: the routes DataHub's frontend gives its web app, over a tiny stand-in for
 * a build (an index.html with the `<base href="@basePath">` placeholder and one asset). The real app is driven
 * in test/datahub-ui/ (npm run test:datahub-ui), since it needs the built bundle.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'datahub-ui-test-token-0123456789';
const INDEX = `<!doctype html><html><head><base href="@basePath" /><title>DataHub</title></head>
<body><div id="root"></div><script type="module" src="assets/index-abc123.js"></script></body></html>`;
const ME = '{ me { corpUser { urn } } }';

function fakeBundle(): { dir: string; cleanup: () => void } {
  const folder = tempDir();
  mkdirSync(path.join(folder.dir, 'assets'));
  writeFileSync(path.join(folder.dir, 'index.html'), INDEX);
  writeFileSync(path.join(folder.dir, 'assets/index-abc123.js'), 'console.log("app");\n');
  writeFileSync(path.join(folder.dir, 'assets/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(folder.dir, 'manifest.json'), '{"name":"DataHub"}');
  return folder;
}

/** Set-Cookie values of a response, by cookie name. */
function setCookies(response: Response): Map<string, string> {
  const result = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf('='));
    result.set(name, line);
  }
  return result;
}

function cookieValue(setCookie: string | undefined): string {
  return (setCookie ?? '').split(';')[0]!.split('=').slice(1).join('=');
}

describe('serve --datahub-ui with a server token', () => {
  let bundle: { dir: string; cleanup: () => void };
  let server: TestServer;
  const get = (target: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${target}`, { headers, redirect: 'manual' });
  const logIn = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/logIn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    bundle = fakeBundle();
    server = await startTestServer({ datahubUi: bundle.dir, token: TOKEN });
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  it('serves the app at / with the @basePath placeholder filled, as the frontend does', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<base href="/" />');
    expect(html).not.toContain('@basePath');
  });

  it("answers the app's client-side routes with index.html (SPA fallback), without a session", async () => {
    for (const route of [
      '/search?query=churn',
      '/glossary',
      '/mlModels/urn:li:mlModel:(x,y,PROD)/Summary',
      '/login',
    ]) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain('<base href="/" />');
    }
  });

  it('serves static files with their content types; a missing asset is 404, and nothing outside the build', async () => {
    const script = await get('/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log("app");\n');
    expect((await get('/assets/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await get('/manifest.json')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await get('/assets/missing-123.js')).status).toBe(404);
    const escape = await get('/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(escape.status).toBe(404);
  });

  it('refuses GraphQL without a session (401, which sends the app to /authenticate)', async () => {
    const response = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: ME }),
    });
    expect(response.status).toBe(401);
  });

  it('sends an anonymous visitor from /authenticate to the login page, keeping where they were going', async () => {
    const response = await get('/authenticate?redirect_uri=%2Fglossary');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirect_uri=%2Fglossary');
    // Another site as the target is refused: back to the app's home instead.
    const offsite = await get('/authenticate?redirect_uri=%2F%2Fevil.example');
    expect(offsite.headers.get('location')).toBe('/login?redirect_uri=%2F');
  });

  it('refuses a sign-in with a wrong token or no user name, as the frontend answers (400 with a message)', async () => {
    const wrong = await logIn({ username: 'alice', password: 'not-the-token-0123456789' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: 'Invalid Credentials' });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const noName = await logIn({ username: '', password: TOKEN });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({ message: 'User name must not be empty.' });
    const crossSite = await logIn({ username: 'alice', password: TOKEN }, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });

  it('signs in with the token as the password: session and actor cookies; GraphQL runs as that user', async () => {
    const response = await logIn({ username: 'alice', password: TOKEN });
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    const actor = cookies.get('actor');
    const session = cookies.get('catalog_session');
    // The app reads `actor` from script: not HttpOnly. The session is HttpOnly.
    expect(actor).toMatch(/^actor=urn:li:corpuser:alice; Path=\/; SameSite=Lax; Max-Age=86400$/);
    expect(session).toContain('HttpOnly');
    const cookieHeader = `actor=${cookieValue(actor)}; catalog_session=${cookieValue(session)}`;

    const graphql = await fetch(`${server.url}/api/v2/graphql?operationName=getMe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookieHeader, Origin: server.url },
      body: JSON.stringify({ query: ME, operationName: null }),
    });
    expect(graphql.status).toBe(200);
    expect(await graphql.json()).toMatchObject({
      data: { me: { corpUser: { urn: 'urn:li:corpuser:alice' } } },
    });

    // Signed in, /authenticate goes straight on.
    const again = await get('/authenticate?redirect_uri=%2Fglossary', { Cookie: cookieHeader });
    expect(again.headers.get('location')).toBe('/glossary');

    // A forged actor cookie with a real session still runs as the session's user.
    const forged = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `actor=urn:li:corpuser:mallory; catalog_session=${cookieValue(session)}`,
      },
      body: JSON.stringify({ query: ME }),
    });
    expect(await forged.json()).toMatchObject({
      data: { me: { corpUser: { urn: 'urn:li:corpuser:alice' } } },
    });

    // /logOut ends the session and both cookies, and goes to the login page.
    const out = await get('/logOut', { Cookie: cookieHeader });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login');
    expect(cookieValue(setCookies(out).get('actor'))).toBe('');
    expect(setCookies(out).get('actor')).toContain('Max-Age=0');
    const after = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookieHeader },
      body: JSON.stringify({ query: ME }),
    });
    expect(after.status).toBe(401);
  });

  it("answers /config as the frontend does, over GMS's fields (API clients still read theirs)", async () => {
    const response = await get('/config');
    const config = (await response.json()) as Record<string, any>;
    expect(config['status']).toBe('ok');
    expect(config['config']).toMatchObject({
      application: 'datahub-frontend',
      appVersion: 'v1.7.0',
      basePath: '/',
    });
    expect(config['noCode']).toBe('true');
    expect(config['versions']['acryldata/datahub']['version']).toBe('v1.7.0');
  });

  it('answers /mfe/config with no micro-frontends, and accepts and drops tracking', async () => {
    const mfe = await get('/mfe/config');
    expect(mfe.status).toBe(200);
    expect(mfe.headers.get('content-type')).toBe('application/yaml');
    expect(await mfe.text()).toBe('subNavigationMode: false\nmicroFrontends: []\n');
    for (const target of ['/track', '/openapi/v1/tracking/track']) {
      const response = await fetch(`${server.url}${target}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'PageViewEvent' }),
      });
      expect(response.status, target).toBe(200);
    }
  });

  it("keeps the catalog's own pages reachable: /ui/search, /ui/glossary and entity pages", async () => {
    const search = await get('/ui/search', { Authorization: `Bearer ${TOKEN}` });
    // Token callers are not browsers; the UI sends anonymous visitors to its own sign-in page.
    expect([200, 303]).toContain(search.status);
    const page = await get('/ui/glossary');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/sign-in?next=%2Fui%2Fglossary');
    expect((await get('/ui/style.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });
});

describe('serve --datahub-ui without a token (loopback)', () => {
  let bundle: { dir: string; cleanup: () => void };
  let server: TestServer;

  beforeAll(async () => {
    bundle = fakeBundle();
    server = await startTestServer({ datahubUi: bundle.dir });
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  it("signs the visitor in as DataHub's root user at /authenticate, as a frontend without authentication", async () => {
    const response = await fetch(`${server.url}/authenticate?redirect_uri=%2Fsearch`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/search');
    expect(setCookies(response).get('actor')).toMatch(/^actor=urn:li:corpuser:datahub;/);
  });

  it('takes any user name at /logIn, and GraphQL runs as the user the actor cookie names', async () => {
    const response = await fetch(`${server.url}/logIn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bob', password: 'anything' }),
    });
    expect(response.status).toBe(200);
    const actor = cookieValue(setCookies(response).get('actor'));
    expect(actor).toBe('urn:li:corpuser:bob');
    const graphql = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `actor=${actor}` },
      body: JSON.stringify({ query: ME }),
    });
    expect(await graphql.json()).toMatchObject({
      data: { me: { corpUser: { urn: 'urn:li:corpuser:bob' } } },
    });
  });
});

describe('serve without --datahub-ui', () => {
  it("keeps the catalog's own UI at / and /search, and its pages also at /ui/search", async () => {
    const server = await startTestServer();
    try {
      for (const target of ['/', '/search', '/ui/search', '/glossary', '/ui/glossary']) {
        const response = await fetch(`${server.url}${target}`);
        expect(response.status, target).toBe(200);
        expect(await response.text(), target).toContain('· catalog</title>');
      }
      expect((await fetch(`${server.url}/authenticate`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a folder that is no build, with the command that makes one', async () => {
    const empty = tempDir();
    try {
      await expect(startTestServer({ datahubUi: empty.dir })).rejects.toThrow(/npm run datahub-ui:build/);
    } finally {
      empty.cleanup();
    }
  });
});
