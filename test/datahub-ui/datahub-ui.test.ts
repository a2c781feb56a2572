/**
 * DataHub's own web app (v1.7.0, built by `npm run datahub-ui:build`) in Chromium over `catalog serve
 * --datahub-ui`, on the seeded catalog: sign in through the app's login page with the server token, then every
 * page a steward uses (test/helpers/datahub-ui-pages.ts) must show the catalog's data, and no GraphQL answer may
 * carry an error. Screenshots go to test-output/screenshots/datahub-ui-<page>.png.
 *
 * With DATAHUB_UI_RECORD=1 the operations the app sent on each page are written to
 * test/fixtures/datahub-web-app-recordings/<page>.json, which the replay test in `npm test` reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { screenshot } from '../helpers/browser.js';
import {
  APP_PAGES,
  recordGraphQL,
  startDataHubUi,
  type DataHubUiSession,
  type RecordedOperation,
} from '../helpers/datahub-ui-pages.js';
import { measureOperation } from '../helpers/query-measure.js';
import type { TestServer } from '../helpers/server.js';

const TOKEN = 'datahub-ui-browser-test-token-42';
const RECORDINGS = path.resolve('test/fixtures/datahub-web-app-recordings');

describe(`DataHub's web app ${DATAHUB_RELEASE.tag} on the embedded catalog`, () => {
  let server: TestServer;
  let session: DataHubUiSession;
  let page: Page;
  let problems: string[];
  const recordings = new Map<string, RecordedOperation[]>();

  beforeAll(async () => {
    session = await startDataHubUi(TOKEN);
    ({ server, page, problems } = session);
  });

  afterAll(async () => {
    await session?.close();
    if (process.env['DATAHUB_UI_RECORD'] === '1' && recordings.size > 0) writeRecordings(recordings);
  });

  it("signs in on the app's login page with the server token as the password", async () => {
    await page.goto(`${server.url}/`);
    // The app, seeing no actor cookie, goes to /authenticate, which sends it to the login page.
    await page.getByPlaceholder('Enter username').fill('datahub');
    await page.locator('input[type="password"]').fill(TOKEN);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect
      .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'actor'))
      .toBe(true);
    await page.getByText('DataHub!').first().waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'actor')?.value).toBe('urn:li:corpuser:datahub');
    expect(cookies.find((cookie) => cookie.name === 'catalog_session')?.httpOnly).toBe(true);
  });

  for (const appPage of APP_PAGES) {
    it(`${appPage.name}: ${appPage.path} shows the catalog's data with no GraphQL error`, async () => {
      // Leave the previous page first: its requests still in flight are then not taken for this page's.
      await page.goto('about:blank');
      const recorder = recordGraphQL(page);
      await page.goto(`${server.url}${appPage.path}`);
      for (const text of appPage.shows) {
        await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
      }
      await page.waitForLoadState('networkidle');
      await screenshot(page, `datahub-ui-${appPage.name}`);
      recorder.stop();
      await recorder.settled();
      const recorded = recorder.operations;
      recordings.set(appPage.name, [...recorded]);
      expect(recorded.length, 'the page asked GraphQL').toBeGreaterThan(0);
      const failed = recorded.filter((operation) => operation.errors !== undefined);
      expect(
        failed.map((operation) => ({ operation: operation.operationName, errors: operation.errors })),
      ).toEqual([]);
      expect(
        problems.filter((problem) => problem.includes('GraphQL error')),
        'the app reported no GraphQL error',
      ).toEqual([]);
    });
  }
});

/**
 * The recordings as fixtures: one file per page listing each operation (name, variables, and its depth and
 * complexity as GMS counts them), and each document once, as documents/<operationName>.graphql (the app sends
 * one document per operation name; pages share most of them).
 */
function writeRecordings(recordings: ReadonlyMap<string, RecordedOperation[]>): void {
  const documentsDir = path.join(RECORDINGS, 'documents');
  mkdirSync(documentsDir, { recursive: true });
  const documents = new Map<string, string>();
  for (const [name, operations] of recordings) {
    const kept = operations
      .filter((operation) => operation.errors === undefined)
      .map(({ operationName, query, variables }) => {
        const known = documents.get(operationName);
        if (known !== undefined && known !== query) {
          throw new Error(`the app sent two different documents named ${operationName}`);
        }
        documents.set(operationName, query);
        return { operationName, variables, limits: measureOperation(query, operationName, variables) };
      });
    const page = APP_PAGES.find((candidate) => candidate.name === name);
    const file = path.join(RECORDINGS, `${name}.json`);
    writeFileSync(file, `${JSON.stringify({ page: page?.path, operations: kept }, null, 2)}\n`);
  }
  for (const [operationName, query] of documents) {
    writeFileSync(path.join(documentsDir, `${operationName}.graphql`), `${query.trimEnd()}\n`);
  }
}
