/**
 * Incidents and custom assertions in DataHub's own web app (v1.7.0) in Chromium over `catalog serve --datahub-ui`,
 * with the data DataHub's Playwright suite seeds for them: a dataset's Incidents tab lists the incident ingested on
 * it (the `incidents` of the dataset, IncidentMapper), and its Quality tab lists a custom assertion with its run
 * (the dataset's `assertions`, AssertionMapper, runEvents).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { screenshot } from '../helpers/browser.js';
import { appUrn, startDataHubUi, type DataHubUiSession } from '../helpers/datahub-ui-pages.js';
import { proposal, type TestServer } from '../helpers/server.js';

const TOKEN = 'datahub-ui-incidents-token-42';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:kafka,incidents-sample-dataset-v2,PROD)';
const INCIDENT = 'urn:li:incident:pw-incidents-v2-test-title';
const ASSERTION = 'urn:li:assertion:headless-check';
const ADMIN = 'urn:li:corpuser:datahub';

describe(`incidents and assertions in DataHub's web app ${DATAHUB_RELEASE.tag}`, () => {
  let server: TestServer;
  let session: DataHubUiSession;
  let page: Page;

  const visit = async (route: string, shows: string): Promise<void> => {
    await page.goto('about:blank');
    await page.goto(`${server.url}${route}`);
    await page.getByText(shows).first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
  };

  beforeAll(async () => {
    session = await startDataHubUi(TOKEN);
    ({ server, page } = session);
    const writes: [string, string, unknown][] = [
      [DATASET, 'datasetProperties', { name: 'incidents-sample-dataset-v2', customProperties: {} }],
      [
        INCIDENT,
        'incidentInfo',
        {
          type: 'OPERATIONAL',
          title: 'test title',
          description: 'test description',
          entities: [DATASET],
          status: { state: 'ACTIVE', lastUpdated: { time: 0, actor: ADMIN } },
          created: { time: 0, actor: ADMIN },
        },
      ],
      [
        ASSERTION,
        'assertionInfo',
        {
          type: 'CUSTOM',
          description: 'Headless assertion',
          source: { type: 'EXTERNAL' },
          customAssertion: { type: 'Headless Check', entity: DATASET },
        },
      ],
      [ASSERTION, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:hive' }],
      [
        ASSERTION,
        'assertionRunEvent',
        {
          timestampMillis: 1_700_000_000_000,
          runId: '1700000000000',
          assertionUrn: ASSERTION,
          asserteeUrn: DATASET,
          status: 'COMPLETE',
          result: { type: 'SUCCESS' },
        },
      ],
    ];
    for (const [urn, aspect, value] of writes)
      await server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) }, { Authorization: `Bearer ${TOKEN}` }); // prettier-ignore
    await page.goto(`${server.url}/`);
    await page.getByPlaceholder('Enter username').fill('datahub');
    await page.locator('input[type="password"]').fill(TOKEN);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('DataHub!').first().waitFor();
  });

  afterAll(async () => {
    await session?.close();
  });

  it("lists the incident on a dataset's Incidents tab", async () => {
    await visit(`/dataset/${appUrn(DATASET)}/Incidents`, 'incidents-sample-dataset-v2');
    try {
      await page.getByTestId('incident-row-test title').waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-dataset-incidents');
    }
  });

  it("lists a custom assertion on a dataset's Quality tab", async () => {
    await visit(`/dataset/${appUrn(DATASET)}/Quality/List`, 'incidents-sample-dataset-v2');
    try {
      await page.getByTestId('assertion-row').filter({ hasText: 'Headless assertion' }).waitFor({ state: 'visible' }); // prettier-ignore
    } finally {
      await screenshot(page, 'datahub-ui-dataset-quality');
    }
  });
});
