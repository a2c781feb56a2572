import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | { readonly kind: 'pass' }
  /** Answer with this status without forwarding. */
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly body?: unknown;
      readonly headers?: Record<string, string>;
    }
  /** Forward, let the server apply it, then drop the connection: the client never sees the answer. */
  | { readonly kind: 'drop-after' };

export interface ProxyRequest {
  readonly index: number;
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

/** An HTTP proxy in front of the real server that injects faults chosen per request. */
export async function startFlakyProxy(target: string, decide: (request: ProxyRequest) => Fault) {
  const seen: ProxyRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = {
        index: seen.length,
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        body,
      };
      seen.push(request);
      const fault = decide(request);
      if (fault.kind === 'status') {
        const text = fault.body === undefined ? '' : JSON.stringify(fault.body);
        outgoing.writeHead(fault.status, { 'Content-Type': 'application/json', ...fault.headers });
        outgoing.end(text);
        return;
      }
      forward(target, incoming, body, (response, responseBody) => {
        if (fault.kind === 'drop-after') {
          outgoing.socket?.destroy();
          return;
        }
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        outgoing.end(responseBody);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends a request the proxy received on to `target` and hands over the whole answer (for the test proxies);
 * `failed` is told when the target cannot be reached or drops the connection.
 */
export function forward(
  target: string,
  incoming: IncomingMessage,
  body: string | Buffer,
  done: (response: IncomingMessage, body: Buffer) => void,
  failed: (error: Error) => void = () => undefined,
): void {
  const url = new URL(incoming.url ?? '/', target);
  const headers = { ...incoming.headers, host: url.host };
  const upstream = httpRequest(url, { method: incoming.method, headers }, (response) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(response, Buffer.concat(chunks)));
    response.on('error', failed);
  });
  upstream.on('error', failed);
  upstream.end(body);
}
