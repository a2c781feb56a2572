import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toWireProposal, type Proposal } from '../model/proposal.js';
import { HttpClient } from './http-client.js';
import { chunkProposals, RestliClient } from './restli-client.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function answering(status: number, body: string): Promise<string> {
  const server = createServer((_request, response) => response.writeHead(status).end(body));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const fast = new HttpClient({
  sleep: () => Promise.resolve(),
  retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1, maxTotalDelayMs: 100 },
});
const proposal = (index: number, bytes = 10): Proposal => ({
  entityType: 'mlFeature',
  entityUrn: `urn:li:mlFeature:(t,f${index})`,
  changeType: 'UPSERT',
  aspectName: 'mlFeatureProperties',
  aspect: { description: 'x'.repeat(bytes) },
});

describe('RestliClient against a broken server', () => {
  it('names garbage as a bad response', async () => {
    const client = new RestliClient(fast, await answering(200, '<html>not json</html>'));
    await expect(client.batchGet(['urn:li:mlFeature:(t,a)'], ['mlFeatureProperties'])).rejects.toThrow(
      /answered batch read of 1 entities with invalid JSON/,
    );
  });

  it('reports a persistent 500 with the server message and what was being done', async () => {
    const client = new RestliClient(
      fast,
      await answering(500, '{"message":"boom","status":500,"stackTrace":"very long"}'),
    );
    const error = await client.ingestBatch([proposal(1)]).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(
      /^ingestProposalBatch of mlFeatureProperties of urn:li:mlFeature:\(t,f1\) failed: http:\/\/127\.0\.0\.1:\d+ answered 500: boom$/,
    );
    expect(error?.message).not.toContain('very long');
  });

  it("refuses a URL that is DataHub's frontend rather than GMS", async () => {
    const client = new RestliClient(fast, await answering(200, '{"config": {}}'));
    await expect(client.config()).rejects.toThrow(/does not look like DataHub GMS/);
  });
});

describe('RestliClient.batchGet', () => {
  it('keeps of each aspect what `keep` makes of it, as the answer is read', async () => {
    const urn = 'urn:li:mlFeature:(t,a)';
    const answer = {
      results: {
        [urn]: {
          aspects: {
            mlFeatureProperties: {
              value: { description: 'd' },
              systemMetadata: { version: '2', runId: 'r' },
              created: { time: 1, actor: 'urn:li:corpuser:x' },
            },
          },
        },
      },
    };
    const client = new RestliClient(fast, await answering(200, JSON.stringify(answer)));
    const whole = await client.batchGet([urn], ['mlFeatureProperties']);
    expect(whole.get(urn)?.get('mlFeatureProperties')).toEqual({
      value: { description: 'd' },
      version: '2',
      systemMetadata: { version: '2', runId: 'r' },
      created: { time: 1, actor: 'urn:li:corpuser:x' },
    });
    const seen: string[] = [];
    const kept = await client.batchGet([urn], ['mlFeatureProperties'], (name, aspect) => {
      seen.push(name);
      return { value: aspect.value };
    });
    expect(seen).toEqual(['mlFeatureProperties']);
    expect(kept.get(urn)?.get('mlFeatureProperties')).toEqual({ value: { description: 'd' } });
  });
});

describe('chunkProposals', () => {
  it("starts a new request at 200 proposals, as DataHub's emitter does", () => {
    expect(
      chunkProposals(Array.from({ length: 450 }, (_, i) => proposal(i))).map((chunk) => chunk.length),
    ).toEqual([200, 200, 50]);
  });

  it('starts a new request before 15 MiB, and sends an oversize proposal on its own', () => {
    const big = Array.from({ length: 4 }, (_, i) => proposal(i, 6 * 1024 * 1024));
    expect(chunkProposals(big).map((chunk) => chunk.length)).toEqual([2, 2]);
    expect(chunkProposals([proposal(0, 20 * 1024 * 1024), proposal(1)]).map((chunk) => chunk.length)).toEqual(
      [1, 1],
    );
  });
});

describe('ingestBatch', () => {
  it('sends the batch as JSON.stringify writes it, each aspect double encoded, chunked first or not', async () => {
    const bodies: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        response.writeHead(200).end('{}');
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const client = new RestliClient(fast, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const proposals = [
      proposal(1),
      { ...proposal(2), aspect: { description: 'quote " backslash \\ line\n é \u2028' } },
      { ...proposal(3), systemMetadata: { runId: 'r' }, headers: { 'If-Version-Match': '2' } },
    ];
    const [chunk] = chunkProposals(proposals);
    await client.ingestBatch(chunk ?? []);
    await client.ingestBatch(proposals.slice(1));
    expect(bodies).toEqual([
      JSON.stringify({ proposals: proposals.map(toWireProposal), async: 'false' }),
      JSON.stringify({ proposals: proposals.slice(1).map(toWireProposal), async: 'false' }),
    ]);
  });
});
