import path from 'node:path';
import {
  startCatalogServer,
  type CatalogServer,
  type CatalogServerOptions,
} from '../../src/server/create-server.js';
import { tempDir } from './temp-dir.js';

export interface TestServer extends CatalogServer {
  readonly dbPath: string;
  readonly requests: { method: string; path: string }[];
  post(
    pathAndQuery: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: any }>;
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<{ status: number; json: any }>;
  graphql(query: string, variables?: Record<string, unknown>): Promise<any>;
  /** The latest value of one aspect of an entity, undefined when it has none. */
  aspect(urn: string, name: string): Promise<any>;
}

// Most tests that start a server also want a folder: one import for both.
export { tempDir };

/** Starts the real embedded catalog on a loopback port 0 with its own SQLite file. */
export async function startTestServer(
  options: Partial<CatalogServerOptions> & { dbPath?: string } = {},
): Promise<TestServer> {
  // A database of its own lives in a temp directory removed when the server closes.
  const own = options.dbPath === undefined ? tempDir() : undefined;
  const dbPath = options.dbPath ?? path.join(own!.dir, 'catalog.db');
  const requests: { method: string; path: string }[] = [];
  const server = await startCatalogServer({
    db: dbPath,
    port: 0,
    ...options,
    onRequest: (request) => {
      requests.push(request);
      options.onRequest?.(request);
    },
  });
  const call = async (
    method: string,
    target: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${server.url}${target}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, json: json as any };
  };
  return {
    ...server,
    close: async () => {
      await server.close();
      own?.cleanup();
    },
    dbPath,
    requests,
    post: (target, body, headers) => call('POST', target, body, headers),
    get: (target, headers) => call('GET', target, undefined, headers),
    graphql: async (query, variables = {}) => (await call('POST', '/api/graphql', { query, variables })).json,
    aspect: async (urn, name) =>
      (await call('GET', `/entitiesV2/${encodeURIComponent(urn)}?aspects=List(${name})`)).json.aspects?.[name]
        ?.value,
  };
}

/** A Rest.li proposal with its aspect double-encoded, as DataHub's emitter sends it. */
export function proposal(
  entityUrn: string,
  aspectName: string,
  aspect: unknown,
  extra: Record<string, unknown> = {},
) {
  return {
    entityUrn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(aspect), contentType: 'application/json' },
    ...extra,
  };
}

export const encode = (urn: string): string =>
  encodeURIComponent(urn).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
