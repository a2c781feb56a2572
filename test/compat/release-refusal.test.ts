/**
 * The release check as a user meets it: `catalog reconcile --dry-run` against a DataHub whose /config says it is
 * an older release fails before anything is written when the plan needs what that release lacks, naming the
 * release and what is missing; what the release can take plans as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { forward } from '../helpers/flaky-proxy.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const TAGGED_TERM = `apiVersion: catalog/v1
kind: GlossaryTerm
id: Revenue
name: Revenue
definition: Money earned.
tags: [finance]
---
apiVersion: catalog/v1
kind: Tag
id: finance
name: Finance
`;

/** A GMS in front of the embedded catalog that reports another release in /config and forwards everything else. */
async function startOlderRelease(target: string, version: string) {
  const writes: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = incoming.url ?? '/';
      if (url === '/config') {
        outgoing.writeHead(200, { 'Content-Type': 'application/json' });
        outgoing.end(JSON.stringify({ noCode: 'true', versions: { 'acryldata/datahub': { version } } }));
        return;
      }
      if (url.includes('action=ingestProposal') || url.startsWith('/api/graphql')) writes.push(url);
      forward(target, incoming, Buffer.concat(chunks), (response, body) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        outgoing.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    writes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a plan against an older DataHub release', () => {
  let catalog: TestServer;
  beforeAll(async () => {
    catalog = await startTestServer();
  });
  afterAll(() => catalog.close());

  it('is refused in --dry-run, naming the release and what it lacks, when it needs what the release lacks', async () => {
    const proxy = await startOlderRelease(catalog.url, 'v1.2.0');
    const dir = tempDir();
    try {
      writeManifests(dir.dir, { 'glossary.yaml': TAGGED_TERM });
      const run = await runCatalog(['reconcile', '.', '--dry-run', '--server', proxy.url], { cwd: dir.dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/DataHub v1\.2\.0 lacks the globalTags aspect on glossaryTerm/);
      expect(run.stderr).toMatch(/nothing was written/);
      expect(run.stdout).toBe('');
      expect(proxy.writes).toEqual([]);
    } finally {
      dir.cleanup();
      await proxy.close();
    }
  });

  it('plans as usual when the release has all the plan needs', async () => {
    const proxy = await startOlderRelease(catalog.url, 'v1.2.0');
    const dir = tempDir();
    try {
      writeManifests(dir.dir, { 'glossary.yaml': TAGGED_TERM.replace('tags: [finance]\n', '') });
      const run = await runCatalog(['reconcile', '.', '--dry-run', '--server', proxy.url], { cwd: dir.dir });
      expect(run.stderr).not.toMatch(/lacks/);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/create Revenue \(urn:li:glossaryTerm:Revenue\)/);
    } finally {
      dir.cleanup();
      await proxy.close();
    }
  });
});
