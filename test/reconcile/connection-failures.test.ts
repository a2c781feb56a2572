/**
 * What a user sees when the token or the server is wrong: one message that says what is wrong and what to do,
 * nothing retried that no retry cures (a 401, a port nobody listens on, a host name that does not resolve), and
 * the hint names what is actually set (a token refused, a token missing, where the URL came from).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'the-right-token-for-this-catalog';

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('authentication and connection failures', () => {
  let server: TestServer;
  const { dir, cleanup } = tempDir();

  beforeAll(async () => {
    server = await startTestServer({ token: TOKEN });
    copyExample(dir);
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');
  const reads = (): number => server.requests.filter((request) => request.path !== '/config').length;

  it('a wrong token: one message naming the variable it came from, nothing retried or sent after the 401', async () => {
    const before = reads();
    const run = await runCatalog(
      ['reconcile', 'catalog', '--dry-run', '--no-cache', '--server', server.url],
      {
        cwd: dir,
        env: { DATAHUB_GMS_TOKEN: 'a-wrong-token-value' },
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(lines(run.stderr)).toEqual([
      `reading ${server.url} (from --server, with a token)`,
      `error ${server.url} answered 401 Unauthorized: the token from DATAHUB_GMS_TOKEN was refused (mistyped, expired, revoked, or made on another DataHub): set DATAHUB_GMS_TOKEN to a valid personal access token [AUTH_FAILED]`,
    ]);
    expect(run.stderr).not.toContain('a-wrong-token-value');
    // The plan reads every entity type at once, four requests on the wire: those behind the first 401 are not sent.
    expect(reads() - before).toBeLessThanOrEqual(4);
  });

  it('no token: adopt says the server needs one and which variable to set, in one message', async () => {
    const run = await runCatalog(['adopt', 'catalog', '--dry-run', '--no-cache', '--server', server.url], {
      cwd: dir,
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `reading ${server.url} (from --server, no token)`,
      `error ${server.url} answered 401 Unauthorized: the server needs a token and none is set: set DATAHUB_GMS_TOKEN to a personal access token (DataHub: Settings > Access Tokens), or add one to ~/.datahubenv [AUTH_FAILED]`,
    ]);
  });

  it('the right token works (the same run, for contrast)', async () => {
    const env = { DATAHUB_GMS_TOKEN: TOKEN };
    const ingest = await runCatalog(['ingest', 'examples/datasets.json', '--server', server.url], {
      cwd: dir,
      env,
    });
    expect(ingest.code, ingest.stderr).toBe(0);
    const run = await runCatalog(
      ['reconcile', 'catalog', '--dry-run', '--no-cache', '--server', server.url],
      {
        cwd: dir,
        env: { DATAHUB_GMS_TOKEN: TOKEN },
      },
    );
    expect(run.code, run.stderr).toBe(0);
  });

  it('a closed port: one message with where the URL came from, no retry lines', async () => {
    const url = `http://127.0.0.1:${String(await closedPort())}`;
    const run = await runCatalog(['reconcile', 'catalog', '--dry-run', '--no-cache'], {
      cwd: dir,
      env: { DATAHUB_GMS_URL: url },
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `error cannot reach ${url}: connection refused (nothing listens there); the URL comes from DATAHUB_GMS_URL: check it, and that DataHub GMS is running there [NETWORK_ERROR]`,
    ]);
  });

  it('a host name that does not resolve: the same', async () => {
    // .invalid never resolves (RFC 2606).
    const run = await runCatalog(['reconcile', 'catalog', '--dry-run', '--no-cache'], {
      cwd: dir,
      env: { DATAHUB_GMS_URL: 'http://datahub.invalid:8080' },
    });
    expect(run.code).toBe(1);
    // ENOTFOUND, or EAI_AGAIN on a machine whose resolver does not answer at all.
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^error cannot reach http:\/\/datahub\.invalid:8080: the host name datahub\.invalid (does not resolve|could not be resolved \(no answer from DNS\)); the URL comes from DATAHUB_GMS_URL: check it, and that DataHub GMS is running there \[NETWORK_ERROR\]\n$/,
    );
  });

  it('a server without a scheme: suggests http://', async () => {
    const run = await runCatalog(['reconcile', 'catalog', '--dry-run', '--server', '127.0.0.1:18080'], {
      cwd: dir,
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      'error the server URL from --server has no scheme: 127.0.0.1:18080 (did you mean http://127.0.0.1:18080?) [CONFIG_INVALID]',
    ]);
  });
});
