import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, parseRetryAfter, type RetryEvent } from './http-client.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A loopback server answering each request with the next scripted reply. */
async function scripted(replies: { status: number; headers?: Record<string, string>; body?: string }[]) {
  const seen: { authorization?: string }[] = [];
  const server = createServer((request, response) => {
    seen.push({
      ...(request.headers.authorization === undefined
        ? {}
        : { authorization: request.headers.authorization }),
    });
    const reply = replies.shift() ?? { status: 200, body: 'ok' };
    response.writeHead(reply.status, reply.headers).end(reply.body ?? '');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function client(events: RetryEvent[], waits: number[], token?: string) {
  return new HttpClient({
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    random: () => 1,
    onRetry: (event) => events.push(event),
    retry: { maxRetries: 4, baseDelayMs: 100, maxDelayMs: 1_000, maxTotalDelayMs: 5_000 },
    ...(token === undefined ? {} : { token }),
  });
}

describe('HttpClient', () => {
  it('retries 429 and 5xx with exponential backoff, honouring Retry-After, then succeeds', async () => {
    const server = await scripted([
      { status: 503 },
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 500 },
      { status: 200, body: 'done' },
    ]);
    const events: RetryEvent[] = [];
    const waits: number[] = [];
    const response = await client(events, waits).request(
      'POST',
      `${server.url}/aspects?action=ingestProposalBatch`,
      { body: '{}' },
    );
    expect(response).toMatchObject({ status: 200, text: 'done' });
    expect(waits).toEqual([100, 2_000, 400]);
    expect(events.map((event) => event.reason)).toEqual(['HTTP 503', 'HTTP 429', 'HTTP 500']);
    expect(events[0]?.url).toBe(`${server.url}/aspects`);
  });

  it('does not retry other statuses', async () => {
    const server = await scripted([{ status: 422, body: '{"message":"no"}' }]);
    const waits: number[] = [];
    expect((await client([], waits).request('GET', server.url)).status).toBe(422);
    expect(waits).toEqual([]);
  });

  it('gives up after the retry budget, and returns the last answer', async () => {
    const server = await scripted(Array.from({ length: 10 }, () => ({ status: 503 })));
    const waits: number[] = [];
    expect((await client([], waits).request('GET', server.url)).status).toBe(503);
    expect(waits).toHaveLength(4);
  });

  it('stops waiting when the server asks for more than the total budget', async () => {
    const server = await scripted([{ status: 503, headers: { 'Retry-After': '3600' } }]);
    await expect(client([], []).request('GET', server.url)).rejects.toThrow(
      /kept failing \(HTTP 503\).*asked to wait 3600s/,
    );
  });

  it('tries a server that never answered briefly and quietly, then says it cannot reach it', async () => {
    const events: RetryEvent[] = [];
    const waits: number[] = [];
    const failing = new HttpClient({
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      onRetry: (event) => events.push(event),
      token: 'very-secret-token',
      hints: { auth: () => '', unreachable: 'the URL comes from --server: check it' },
    });
    const error = await failing.request('GET', 'http://127.0.0.1:9/config?x=1').then(
      () => new Error('expected a failure'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toBe(
      'cannot reach http://127.0.0.1:9: connection refused (nothing listens there); the URL comes from --server: check it',
    );
    expect(waits).toEqual([250, 250]);
    expect(events).toEqual([]);
    await failing.close();
  });

  it('retries a connection error in full once the server has answered (a restart in the middle of a run)', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const events: RetryEvent[] = [];
    const http = client(events, [], 'very-secret-token');
    expect((await http.request('GET', url)).status).toBe(200);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await http.request('GET', `${url}/config`).then(
      () => new Error('expected a failure'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/config failed after 5 attempts: ECONNREFUSED/,
    );
    expect(error.message).not.toContain('very-secret-token');
    expect(events).toHaveLength(4);
    await http.close();
  });

  it('fails at once on 401 with what to do, and sends nothing more', async () => {
    const server = await scripted([{ status: 401 }, { status: 200 }]);
    const waits: number[] = [];
    const http = new HttpClient({
      parallelism: 1,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      hints: { auth: (code) => `hint for ${code}` },
    });
    // Three at once, one on the wire at a time: the first is refused, the two queued behind it are not sent.
    const answers = await Promise.allSettled([
      http.request('GET', `${server.url}/entitiesV2?ids=List(a)`),
      http.request('GET', `${server.url}/entitiesV2?ids=List(b)`),
      http.request('POST', `${server.url}/aspects?action=ingestProposal`, { body: '{}' }),
    ]);
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 'rejected',
        reason: { code: 'AUTH_FAILED', message: `${server.url} answered 401 Unauthorized: hint for 401` },
      });
    }
    expect(server.seen).toHaveLength(1);
    expect(waits).toEqual([]);
    await http.close();
  });

  it('fails a 403 at once, that request only (policies may allow the caller other entities)', async () => {
    const server = await scripted([{ status: 403 }, { status: 200, body: 'ok' }]);
    const waits: number[] = [];
    const http = new HttpClient({
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      hints: { auth: (code) => `hint for ${code}` },
    });
    await expect(http.request('POST', `${server.url}/aspects?action=ingestProposal`)).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: `${server.url} answered 403 Forbidden to POST /aspects: hint for 403`,
    });
    expect((await http.request('GET', `${server.url}/config`)).text).toBe('ok');
    expect(waits).toEqual([]);
    await http.close();
  });

  it('sends the token as a bearer header', async () => {
    const server = await scripted([{ status: 200 }]);
    await client([], [], 'tok').request('GET', server.url);
    expect(server.seen[0]?.authorization).toBe('Bearer tok');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3_000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('HttpClient with requests in flight', () => {
  it('keeps at most `parallelism` requests on the wire', async () => {
    let inFlight = 0;
    let most = 0;
    const server = createServer((_request, response) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setImmediate(() => {
        inFlight -= 1;
        response.end('ok');
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = new HttpClient({ parallelism: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => http.request('GET', url)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(most).toBeLessThanOrEqual(3);
    await http.close();
  });

  it('pauses every request, not just the refused one, when the server asks for a pause', async () => {
    const { url, seen } = await scripted([{ status: 429, headers: { 'Retry-After': '2' } }]);
    let clock = 0;
    const sleeps: number[] = [];
    // Every sleep blocks until released, and says it started: nothing here depends on how long anything takes.
    let releaseFirst = (): void => undefined;
    const firstSleep = new Promise<void>((resolve) => (releaseFirst = resolve));
    let slept = (): void => undefined;
    const sleeping = (count: number): Promise<void> =>
      sleeps.length >= count ? Promise.resolve() : new Promise<void>((resolve) => (slept = resolve));
    const http = new HttpClient({
      parallelism: 2,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        slept();
        await firstSleep;
        clock += ms;
      },
    });
    const refused = http.request('GET', url);
    await sleeping(1);
    // The first request is waiting out the server's 2 s; a new request must wait with it, not go out now.
    const second = http.request('GET', url);
    await sleeping(2);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([2000, 2000]);
    releaseFirst();
    expect((await refused).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(seen).toHaveLength(3);
    await http.close();
  });

  it('retries nothing once closed: a request waiting to retry fails at once, and says nothing', async () => {
    const { url } = await scripted([{ status: 503 }]);
    const events: RetryEvent[] = [];
    let slept = (): void => undefined;
    const sleeping = new Promise<void>((resolve) => (slept = resolve));
    const http = new HttpClient({
      onRetry: (event) => events.push(event),
      // A sleep that never ends by itself: only close ends it.
      sleep: () => {
        slept();
        return new Promise<void>(() => undefined);
      },
    });
    const waiting = http.request('GET', url).then(
      () => new Error('expected a failure'),
      (e: unknown) => e as Error,
    );
    await sleeping;
    await http.close();
    expect((await waiting).message).toBe(`GET ${url}/ was not sent: the client is closed`);
    await expect(http.request('GET', url)).rejects.toThrow('the client is closed');
    expect(events).toHaveLength(1);
  });
});
