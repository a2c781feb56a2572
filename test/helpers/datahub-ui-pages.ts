/**
 * The pages of DataHub's web app a steward uses (issue 24), on the catalog test/helpers/seeded-catalog.ts seeds:
 * where each is, what of the catalog it must show, and, for the recordings, the GraphQL operations the app sends
 * on it. Shared by the browser test (test/datahub-ui/) and the replay of its recordings
 * (test/server/datahub-web-app-recordings.test.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { launchBrowser, openPage } from './browser.js';
import { GROUP, MODEL_11, PII, TABLE, TX, TXN_COUNT } from './example-urns.js';
import {
  CLASSIFICATION,
  FRAUD_ML,
  ML_PRIMARY_KEY,
  PAYMENTS,
  PRIYA,
  PRODUCTION,
  seedWebAppCatalog,
} from './seeded-catalog.js';
import { startTestServer, tempDir, type TestServer } from './server.js';

export interface AppPage {
  /** The recording's file name (test/fixtures/datahub-web-app-recordings/<name>.json) and the screenshot's. */
  readonly name: string;
  /** The app's route. */
  readonly path: string;
  /** Text of the catalog's that the page must show once it has loaded. */
  readonly shows: readonly string[];
}

/** The app's URL form of a URN (its urlEncodeUrn: only `%`, `/`, `?` and `#` are encoded). */
export function appUrn(urn: string): string {
  return urn.replaceAll('%', '%25').replaceAll('/', '%2F').replaceAll('?', '%3F').replaceAll('#', '%23');
}

export const APP_PAGES: readonly AppPage[] = [
  // The greeting names the signed-in user by the display name the catalog holds; the Domains module lists Payments.
  { name: 'home', path: '/', shows: ['DataHub!', 'Payments'] },
  { name: 'search', path: '/search?query=fraud', shows: ['fraud-detector', 'SageMaker'] },
  { name: 'browse', path: '/browse/dataset', shows: ['prod', '3 Datasets'] },
  { name: 'glossary', path: '/glossary', shows: ['Classification', 'ML usage'] },
  { name: 'glossary-term', path: `/glossaryTerm/${appUrn(PII)}`, shows: ['PII', 'Personally identifiable'] },
  { name: 'glossary-node', path: `/glossaryNode/${appUrn(CLASSIFICATION)}`, shows: ['Classification', 'Email address'] },
  { name: 'tag', path: `/tag/${appUrn(PRODUCTION)}`, shows: ['Production', 'Serves live traffic'] },
  { name: 'domain', path: `/domain/${appUrn(PAYMENTS)}`, shows: ['Payments', 'Cards'] },
  { name: 'ml-model', path: `/mlModels/${appUrn(MODEL_11)}`, shows: ['fraud-detector-2026-11', 'November retrain'] },
  { name: 'ml-model-group', path: `/mlModelGroup/${appUrn(GROUP)}`, shows: ['fraud-detector', 'fraud-detector-2026-11'] },
  { name: 'ml-feature-table', path: `/featureTables/${appUrn(TABLE)}`, shows: ['transaction_features', 'txn_count_7d'] },
  { name: 'ml-feature', path: `/features/${appUrn(TXN_COUNT)}`, shows: ['txn_count_7d', 'transaction_features'] },
  { name: 'ml-primary-key', path: `/mlPrimaryKeys/${appUrn(ML_PRIMARY_KEY)}`, shows: ['user_id'] },
  { name: 'dataset', path: `/dataset/${appUrn(TX)}/Columns`, shows: ['transactions', 'card_number', 'PII'] },
  { name: 'user', path: `/user/${appUrn(PRIYA)}`, shows: ['Priya Raman', 'Owns the fraud models.'] },
  { name: 'group', path: `/group/${appUrn(FRAUD_ML)}`, shows: ['Fraud ML', 'Builds the fraud models.'] },
]; // prettier-ignore

/** One GraphQL request the app sent, as it sent it, and whether its answer carried errors. */
export interface RecordedOperation {
  readonly operationName: string;
  readonly query: string;
  readonly variables: Record<string, unknown>;
  /** The `errors` of the answer, when it had any (a recording worth keeping has none). */
  readonly errors?: unknown;
}

/** What the page sent so far, and a promise that settles once every answer seen so far has been read. */
export interface GraphQLRecorder {
  readonly operations: RecordedOperation[];
  settled(): Promise<void>;
  stop(): void;
}

/** Records every GraphQL request the page sends to `/api/v2/graphql` from now on, with its answer's errors. */
export function recordGraphQL(page: Page): GraphQLRecorder {
  const operations: RecordedOperation[] = [];
  const reads: Promise<void>[] = [];
  const onResponse = (response: Response): void => {
    const request = response.request();
    if (!request.url().includes('/api/v2/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as {
      operationName?: string;
      query: string;
      variables?: Record<string, unknown>;
    };
    const entry: { -readonly [K in keyof RecordedOperation]: RecordedOperation[K] } = {
      operationName: body.operationName ?? '(anonymous)',
      query: body.query,
      variables: body.variables ?? {},
    };
    operations.push(entry);
    reads.push(
      response.json().then(
        (answer: { errors?: unknown }) => {
          if (answer.errors !== undefined) entry.errors = answer.errors;
        },
        (error: unknown) => {
          entry.errors = [`unreadable answer: ${String(error)}`];
        },
      ),
    );
  };
  page.on('response', onResponse);
  return {
    operations,
    settled: async () => {
      await Promise.all(reads);
    },
    stop: () => page.off('response', onResponse),
  };
}

/**
 * The stewards' edits the browser test makes in the app (test/datahub-ui/steward-edits.test.ts), each recorded as
 * test/fixtures/datahub-web-app-recordings/edits/<edit>.json and replayed by test/server/steward-edits-plan.test.ts.
 */
export const STEWARD_EDITS = [
  'model-description',
  'term-definition',
  'add-tag',
  'remove-tag',
  'add-term',
  'remove-term',
  'add-owner',
  'add-link',
  'create-term-group',
  'create-term',
] as const;

export type StewardEdit = (typeof STEWARD_EDITS)[number];

/** The mutations the app sent for one edit, exactly as sent. */
export interface RecordedEdit {
  readonly edit: StewardEdit;
  readonly operations: readonly Pick<RecordedOperation, 'operationName' | 'query' | 'variables'>[];
}

export const EDIT_RECORDINGS = path.resolve('test/fixtures/datahub-web-app-recordings/edits');

/** Where the browser tests find DataHub's web app: `npm run datahub-ui:build`'s output, or DATAHUB_UI_DIR. */
export const DATAHUB_UI_BUNDLE = path.resolve(
  process.env['DATAHUB_UI_DIR'] ?? path.join('.catalog/datahub-ui', DATAHUB_RELEASE.tag),
);

export interface DataHubUiSession {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly page: Page;
  /** Console errors and warnings the page logged. */
  readonly problems: string[];
  close(): Promise<void>;
}

/**
 * The seeded catalog served with a token and DataHub's web app, and a wide Chromium page on it (not signed in).
 * The catalog is seeded without a token (the CLI and the proposals), then served with one, so sign-in is the
 * app's own. Fails with the build command when there is no build.
 */
export async function startDataHubUi(token: string): Promise<DataHubUiSession> {
  if (!existsSync(path.join(DATAHUB_UI_BUNDLE, 'index.html'))) {
    throw new Error(
      `No build of DataHub's web app at ${DATAHUB_UI_BUNDLE}: run \`npm run datahub-ui:build\` first (about 7 ` +
        'minutes), or point DATAHUB_UI_DIR at a build.',
    );
  }
  const folder = tempDir();
  const dbPath = path.join(folder.dir, 'catalog.db');
  const seeding = await startTestServer({ dbPath });
  await seedWebAppCatalog(seeding);
  await seeding.close();
  const server = await startTestServer({ dbPath, token, datahubUi: DATAHUB_UI_BUNDLE });
  const browser = await launchBrowser();
  const { page, problems } = await openPage(browser, 1920);
  page.setDefaultTimeout(30_000);
  // The app's own switches for its onboarding tours and welcome dialog (DataHub's Cypress tests set them too):
  // they would cover the pages.
  await page
    .context()
    .addInitScript(
      "localStorage.setItem('skipOnboardingTour', 'true'); localStorage.setItem('skipWelcomeModal', 'true')",
    );
  return {
    server,
    browser,
    page,
    problems,
    close: async () => {
      await browser.close();
      await server.close();
      folder.cleanup();
    },
  };
}
