/**
 * What the settings tests share (groups, posts, policies, service accounts): a server with the root user `datahub`
 * and a user `jane` without a role, each signed in on the login page, and a helper that sends the web app's own
 * operation (test/fixtures/datahub-web-react at the reference release) as one of them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { print } from 'graphql';
import { afterAll, beforeAll, expect } from 'vitest';
import { readWebAppOperations } from './datahub-web-app.js';
import { proposal, startTestServer, tempDir, type TestServer } from './server.js';

export const ROOT = 'urn:li:corpuser:datahub';
export const JANE = 'urn:li:corpuser:jane';
export type Who = 'datahub' | 'jane';

const TOKEN = 'settings-test-server-token-0123456789';
const USERS = [
  { username: 'datahub', password: 'datahub-pw' },
  { username: 'jane', password: 'jane-pw' },
];
const OPERATIONS = new Map(readWebAppOperations().map((op) => [op.name, print(op.document)]));

export interface SettingsServer {
  readonly server: () => TestServer;
  /** The admin token, for seeding through Rest.li. */
  readonly admin: { readonly Authorization: string };
  /** The latest value of one aspect of an entity (read with the admin token), undefined when it has none. */
  readonly aspect: (urn: string, name: string) => Promise<any>;
  /** Sends a GraphQL document as the user (their session cookie); answers the whole response. */
  readonly graphql: (who: Who, query: string, variables?: Record<string, unknown>) => Promise<any>;
  /** Sends the web app's operation as the user; answers `data[field]`, failing the test on any error. */
  readonly send: (who: Who, name: string, variables: Record<string, unknown>, field?: string) => Promise<any>;
  /** Sends the web app's operation expecting one error; answers its message and DataHub's code. */
  readonly refuse: (who: Who, name: string, variables: Record<string, unknown>) => Promise<{ message: string; code: number }>; // prettier-ignore
}

export function webAppOperation(name: string): string {
  const document = OPERATIONS.get(name);
  if (document === undefined) throw new Error(`the web app has no operation ${name}`);
  return document;
}

/** Starts the server before the calling file's tests, signs both users in, and closes it after them. */
export function useSettingsServer(): SettingsServer {
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  const sessions = new Map<Who, string>();
  const graphql = async (who: Who, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions.get(who) ?? '' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as any;
  };
  beforeAll(async () => {
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    server = await startTestServer({ users: USERS, token: TOKEN, datahubUi: bundle.dir });
    // Jane signs in from the users file; her user entity is what an ingestion or the app's sign-up would write.
    const seeded = await server.post(
      '/aspects?action=ingestProposal',
      { proposal: proposal(JANE, 'corpUserInfo', { active: true, displayName: 'Jane' }) },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(seeded.status).toBe(200);
    for (const { username, password } of USERS) {
      const response = await fetch(`${server.url}/logIn`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(response.status).toBe(200);
      const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
      sessions.set(username as Who, cookies.join('; '));
    }
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });
  return {
    server: () => server,
    admin: { Authorization: `Bearer ${TOKEN}` },
    aspect: async (urn, name) => {
      const response = await server.get(`/entitiesV2/${encodeURIComponent(urn)}?aspects=List(${name})`, {
        Authorization: `Bearer ${TOKEN}`,
      });
      return response.json?.aspects?.[name]?.value;
    },
    graphql,
    send: async (who, name, variables, field = name) => {
      const result = await graphql(who, webAppOperation(name), variables);
      expect(result.errors, `${name}: ${JSON.stringify(result.errors)}`).toBeUndefined();
      return result.data[field];
    },
    refuse: async (who, name, variables) => {
      const result = await graphql(who, webAppOperation(name), variables);
      expect(result.errors).toHaveLength(1);
      return { message: result.errors[0].message, code: result.errors[0].extensions?.code };
    },
  };
}
