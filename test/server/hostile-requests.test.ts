import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/create-server.js';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,m,PROD)';

/** Sends raw bytes, whatever they are; resolves with the status, or with the socket error. */
function send(
  url: string,
  method: string,
  path: string,
  body?: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: {
          'Content-Type': 'application/json',
          ...(body === undefined ? {} : { 'Content-Length': body.length }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const urnish = fc.oneof(
  fc.constantFrom(
    MODEL,
    'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)',
    'urn:li:glossaryTerm:A',
    'urn:li:nope:x',
    'urn:li:dataset:(((',
    'urn:li:mlModel:(a,b',
    'not-a-urn',
    '',
    'urn:li:corpuser:\u001b[31m',
    'urn:li:tag:%E2%28',
  ),
  fc.string({ maxLength: 40 }),
);

/** JSON nested `depth` levels deep. */
const deep = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const bodies = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => Buffer.from(JSON.stringify(value))),
  fc.string({ maxLength: 200 }).map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => Buffer.from(deep(depth))),
  fc.integer({ min: 1, max: 2_000_000 }).map((length) =>
    Buffer.from(
      JSON.stringify({
        proposal: proposal(MODEL, 'mlModelProperties', { description: 'x'.repeat(length) }),
      }),
    ),
  ),
  fc
    .tuple(
      urnish,
      fc.constantFrom('mlModelProperties', 'status', 'noSuchAspect', 'ownership', ''),
      fc.jsonValue({ maxDepth: 3 }),
    )
    .map(([urn, aspect, value]) => Buffer.from(JSON.stringify({ proposal: proposal(urn, aspect, value) }))),
  fc
    .array(fc.tuple(urnish, fc.jsonValue({ maxDepth: 2 })), { maxLength: 5 })
    .map((items) =>
      Buffer.from(
        JSON.stringify({ proposals: items.map(([urn, value]) => proposal(urn, 'mlModelProperties', value)) }),
      ),
    ),
  fc.string({ maxLength: 300 }).map((query) => Buffer.from(JSON.stringify({ query }))),
  fc.constantFrom(
    Buffer.from(
      '{"query":"{ search(input: {type: DATASET, query: \\"*\\", start: -5, count: 100000}) { total } }"}',
    ),
    Buffer.from(
      '{"query":"mutation { addTerms(input: {termUrns: [\\"\\\\u0000\\"], resourceUrn: \\"x\\"}) }"}',
    ),
    Buffer.from('{"query":"{ entity(urn: \\"urn:li:dataset:(\\") { urn } }"}'),
    Buffer.from('{"query": 5, "variables": "x"}'),
  ),
);

const requests = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
  path: fc.oneof(
    fc.constantFrom(
      '/aspects?action=ingestProposal',
      '/aspects?action=ingestProposalBatch',
      '/aspects?action=getTimeseriesAspectValues',
      '/entities?action=ingest',
      '/entities?action=batchIngest',
      '/entities?action=listUrns',
      '/entities?action=exists',
      '/api/graphql',
      '/config',
    ),
    urnish.map((urn) => `/entitiesV2/${encodeURIComponent(urn)}?aspects=List(mlModelProperties,status)`),
    urnish.map((urn) => `/aspects/${encodeURIComponent(urn)}?aspect=mlModelProperties&version=0`),
    fc
      .array(urnish, { maxLength: 4 })
      .map((urns) => `/entitiesV2?ids=List(${urns.map((urn) => encodeURIComponent(urn)).join(',')})`),
    fc.string({ maxLength: 30 }).map((text) => `/entitiesV2/${text.replace(/[^\x21-\x7e]/g, '%')}`),
  ),
  body: fc.option(bodies, { nil: undefined }),
});

describe('the embedded catalog under hostile requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers every malformed, wrong, deep, huge or invalid request with a 4xx or a success, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(requests, async ({ method, path, body }) => {
        const reply = await send(server.url, method, path, body);
        expect(reply.status, `${method} ${path} → ${reply.text.slice(0, 300)}`).toBeLessThan(500);
        expect(reply.status).toBeGreaterThanOrEqual(200);
      }),
      { numRuns: 300 },
    );
    // And it is still up and consistent.
    expect((await server.get('/config')).status).toBe(200);
    const integrity = await server.graphql(
      '{ search(input: {type: MLMODEL, query: "*", start: 0, count: 10}) { total } }',
    );
    expect(integrity.errors, JSON.stringify(integrity.errors)).toBeUndefined();
  });

  it('writes nothing of a batch with one bad proposal', async () => {
    const urn = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,batch-atomic,PROD)';
    const reply = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(urn, 'mlModelProperties', { description: 'good' }),
        proposal(urn, 'mlModelProperties', { description: 5 }),
      ],
    });
    expect(reply.status).toBe(422);
    const read = await server.get(`/entitiesV2/${encodeURIComponent(urn)}?aspects=List(mlModelProperties)`);
    expect(read.json.aspects?.mlModelProperties).toBeUndefined();
  });

  it('refuses a body over 16,000,000 bytes with 413, whether declared or streamed', async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
    const reply = await send(server.url, 'POST', '/aspects?action=ingestProposal', big);
    expect(reply.status).toBe(413);
    expect(MAX_BODY_BYTES).toBe(16_000_000);
  });

  it('refuses a body that is not UTF-8 instead of storing U+FFFD', async () => {
    const body = Buffer.concat([
      Buffer.from('{"proposal":{"entityUrn":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(
        '","changeType":"UPSERT","aspectName":"status","aspect":{"value":"{}","contentType":"application/json"}}}',
      ),
    ]);
    const reply = await send(server.url, 'POST', '/aspects?action=ingestProposal', body);
    expect(reply.status).toBe(400);
    expect(reply.text).toContain('not valid UTF-8');
  });

  it("limits GraphQL queries by depth and complexity like DataHub's defaults (50, 2000)", async () => {
    // Each aliased field costs 1 (graphql-java counts __typename as free, so a real field is used).
    const urn = 'urn:li:tag:none';
    const aliases = Array.from({ length: 5000 }, (_, index) => `a${index}: entityExists(urn: "${urn}")`);
    const wide = await server.graphql(`{ ${aliases.join(' ')} }`);
    expect(wide.data).toBeNull();
    expect(wide.errors[0].message).toBe('maximum query complexity exceeded 5000 > 2000');
    expect(wide.errors[0].extensions.classification).toBe('ExecutionAborted');

    // 51 levels: entity → relationships → relationships … (each level one more field deep).
    let selection = 'urn';
    for (let level = 0; level < 25; level += 1)
      selection = `relationships(input: {types: ["IsPartOf"], direction: OUTGOING}) { relationships { entity { urn ${selection.startsWith('urn') ? '' : `... on GlossaryNode { ${selection} }`} } } }`;
    const nested = await server.graphql(`{ glossaryNode(urn: "urn:li:glossaryNode:A") { ${selection} } }`);
    expect(nested.errors?.[0]?.message ?? '').toMatch(/^maximum query depth exceeded \d+ > 50$/);

    const fine = await server.graphql(`{ ${aliases.slice(0, 2000).join(' ')} }`);
    expect(fine.errors).toBeUndefined();
  });
});
