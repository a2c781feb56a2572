/**
 * The security review of the embedded catalog, as tests: with a token set, every API path and page asks for it
 * (only /config answers anyone, as in GMS); a wrong token of any length is refused the same way; the token never
 * appears in an answer, a log line or an error; sessions are strict HttpOnly cookies that other sites cannot
 * use to write; and export writes only inside its output folder, whatever the names in the catalog.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileName } from '../../src/manifest/render-manifests.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'secret-token-4f1d2c9a7b';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,m,PROD)';

const API: readonly [method: string, path: string, body?: unknown][] = [
  ['GET', '/health'],
  ['GET', `/entitiesV2/${encodeURIComponent(MODEL)}`],
  ['GET', `/entitiesV2?ids=List(${encodeURIComponent(MODEL)})`],
  ['GET', `/aspects/${encodeURIComponent(MODEL)}?aspect=mlModelProperties&version=0`],
  ['POST', '/aspects?action=ingestProposal', { proposal: proposal(MODEL, 'status', { removed: false }) }],
  ['POST', '/aspects?action=ingestProposalBatch', { proposals: [] }],
  ['POST', '/aspects?action=getTimeseriesAspectValues', {}],
  ['POST', '/entities?action=ingest', {}],
  ['POST', '/entities?action=listUrns', { entity: 'mlModel', start: 0, count: 10 }],
  ['POST', '/api/graphql', { query: '{ __typename }' }],
  ['POST', '/api/v2/graphql', { query: '{ __typename }' }],
];
const PAGES = [
  '/',
  '/search?query=x',
  `/e/${encodeURIComponent(MODEL)}`,
  `/e/${encodeURIComponent(MODEL)}/history`,
  '/glossary',
  '/ui/suggest?q=x',
];

describe('with a token set', () => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      token: TOKEN,
      onRequest: (request) => logs.push(JSON.stringify(request)),
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const call = (method: string, target: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${server.url}${target}`, {
      method,
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('asks for it on every API path, and /config stays open as in GMS', async () => {
    for (const [method, target, body] of API) {
      for (const headers of [
        {},
        { Authorization: 'Bearer wrong' },
        { Authorization: `Bearer ${TOKEN}x` },
        { Authorization: TOKEN },
      ]) {
        const response = await call(method, target, body, headers);
        expect(response.status, `${method} ${target} with ${JSON.stringify(headers)}`).toBe(401);
        expect(await response.text()).not.toContain(TOKEN);
      }
      const allowed = await call(method, target, body, { Authorization: `Bearer ${TOKEN}` });
      expect(allowed.status, `${method} ${target}`).not.toBe(401);
    }
    expect((await call('GET', '/config', undefined, {})).status).toBe(200);
  });

  it('sends every page to sign-in without it, and shows it with a session', async () => {
    for (const page of PAGES) {
      const response = await call('GET', page, undefined, {});
      expect([303, 401], page).toContain(response.status);
      if (response.status === 303) expect(response.headers.get('location')).toMatch(/^\/sign-in\?next=/);
    }
    const signIn = await fetch(`${server.url}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: `token=${encodeURIComponent(TOKEN)}&next=%2F`,
    });
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(TOKEN);
    const session = cookie.split(';')[0] as string;
    for (const page of PAGES) {
      const response = await call('GET', page, undefined, { Cookie: session });
      expect(response.status, page).toBe(200);
    }
    // The cookie cannot write from another site.
    const foreign = await call(
      'POST',
      '/api/graphql',
      { query: '{ __typename }' },
      { Cookie: session, Origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
  });

  it('never logs or echoes the token', async () => {
    await call('GET', `/entitiesV2/${encodeURIComponent(TOKEN)}`, undefined, {
      Authorization: `Bearer ${TOKEN}`,
    });
    await call(
      'POST',
      '/api/graphql',
      { query: `{ entity(urn: "${MODEL}") { urn } }` },
      { Authorization: `Bearer ${TOKEN}x` },
    );
    // Only the path a client chose to put the token in shows it; the Authorization header never does.
    expect(logs.filter((line) => line.includes(TOKEN) && !line.includes('entitiesV2'))).toEqual([]);
  });
});

describe('import file names', () => {
  it('stay inside the output folder whatever the node names', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        path.join(dir, 'g.yml'),
        'version: "1"\nowners: {users: [a]}\nnodes:\n  - name: "../../../escape"\n    description: d\n  - name: "/etc/passwd"\n    description: d\n',
      );
      const run = await runCatalog(['import', 'business-glossary', 'g.yml', '--out', 'out'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      const files = readdirSync(path.join(dir, 'out'), { recursive: true }).map(String);
      expect(files.filter((file) => file.endsWith('.yaml')).length).toBe(2);
      for (const file of files)
        expect(path.resolve(dir, 'out', file).startsWith(path.join(dir, 'out'))).toBe(true);
      expect(existsSync(path.join(dir, '..', 'escape.yaml'))).toBe(false);
    } finally {
      cleanup();
    }
  });
});

describe('export file names', () => {
  it('stay inside the output folder whatever the names in the catalog', async () => {
    for (const name of [
      '../../etc/passwd',
      '..',
      '.',
      '/abs/path',
      'a/../../b',
      'C:\\windows\\x',
      '\u0000nul',
      '.hidden',
      '',
    ]) {
      const safe = fileName(name);
      expect(safe, name).not.toMatch(/[/\\]/);
      expect(safe, name).not.toMatch(/^\./);
      expect(safe.length).toBeGreaterThan(0);
    }
    const { dir, cleanup } = tempDir();
    const server = await startTestServer();
    try {
      const evil = 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,../../../escape,PROD)';
      const evilTable = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,..%2F..%2Fescape)';
      for (const [urn, aspect, value] of [
        [evil, 'mlModelGroupProperties', { description: 'x' }],
        [evilTable, 'mlFeatureTableProperties', { description: 'x' }],
        [
          'urn:li:glossaryTerm:../../escape',
          'glossaryTermInfo',
          { name: 'x', definition: '', termSource: 'INTERNAL' },
        ],
      ] as const) {
        expect(
          (await server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) }))
            .status,
        ).toBe(200);
      }
      const run = await runCatalog(['export', '--out', 'out/inner', '--server', server.url], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(path.join(dir, 'escape.yaml'))).toBe(false);
      expect(existsSync(path.join(dir, 'out/escape.yaml'))).toBe(false);
      const files = readdirSync(path.join(dir, 'out/inner'), { recursive: true }).map(String);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files)
        expect(path.resolve(dir, 'out/inner', file).startsWith(path.join(dir, 'out/inner'))).toBe(true);
    } finally {
      await server.close();
      cleanup();
    }
  });
});
