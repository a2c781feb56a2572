/**
 * Applications, versioned datasets and the analytics page in DataHub's own web app (v1.7.0) in Chromium over
 * `catalog serve --datahub-ui`, with the data DataHub's Playwright suite seeds for them: a dataset's sidebar shows
 * its application (ApplicationAssociation), the application's Assets tab lists the dataset (the `applications`
 * filter), a versioned dataset's header shows its version pill whose popover lists the set's versions, and the
 * analytics page shows the Data Landscape Summary.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { screenshot } from '../helpers/browser.js';
import { appUrn, startDataHubUi, type DataHubUiSession } from '../helpers/datahub-ui-pages.js';
import { proposal, type TestServer } from '../helpers/server.js';

const TOKEN = 'datahub-ui-applications-token-42';
const APP = 'urn:li:application:d63587c6-cacc-4590-851c-4f51ca429b51';
const WITH_APP = 'urn:li:dataset:(urn:li:dataPlatform:hive,playwright_logging_events,PROD)';
const SET = 'urn:li:versionSet:(6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d,dataset)';
const skill = (version: string) => `urn:li:dataset:(urn:li:dataPlatform:agents,text-to-sql-skill-${version.replaceAll('.', '-')},PROD)`; // prettier-ignore

describe(`applications, versions and analytics in DataHub's web app ${DATAHUB_RELEASE.tag}`, () => {
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
      [
        APP,
        'applicationProperties',
        { name: 'Playwright Accounts Application', description: 'Banking accounts' },
      ],
      [WITH_APP, 'datasetProperties', { name: 'playwright_logging_events', customProperties: {} }],
      [WITH_APP, 'applications', { applications: [APP] }],
      [SET, 'versionSetProperties', { latest: skill('2.1.0'), versioningScheme: 'LEXICOGRAPHIC_STRING' }],
    ];
    for (const version of ['2.0.0', '2.1.0']) {
      writes.push([skill(version), 'datasetProperties', { name: 'Text-to-SQL', customProperties: {} }]);
      writes.push([skill(version), 'versionProperties', { versionSet: SET, version: { versionTag: version }, sortId: version }]); // prettier-ignore
    }
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

  it("shows a dataset's application in its sidebar, and the dataset among the application's assets", async () => {
    await visit(`/dataset/${appUrn(WITH_APP)}`, 'playwright_logging_events');
    try {
      await page.getByTestId('sidebar-section-content-Applications').getByText('Playwright Accounts Application').first().waitFor({ state: 'visible' }); // prettier-ignore
    } finally {
      await screenshot(page, 'datahub-ui-application-sidebar');
    }
    await visit(`/application/${appUrn(APP)}/Assets`, 'Playwright Accounts Application');
    try {
      await page.getByText('playwright_logging_events').first().waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-application-assets');
    }
  });

  it("shows a versioned dataset's version pill, whose popover lists the versions", async () => {
    await visit(`/dataset/${appUrn(skill('2.1.0'))}/Summary`, 'Text-to-SQL');
    try {
      await page.getByTestId('version-pill').first().hover();
      await page.getByTestId('versions-preview-panel').waitFor({ state: 'visible' });
      await page.getByTitle('View change history').waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-version-pill');
    }
  });

  it('shows the Data Landscape Summary on the analytics page', async () => {
    await visit('/analytics', 'Domain Landscape Summary');
    try {
      await page.getByTestId('analytics-landscape-summary').waitFor({ state: 'visible' });
      await page.getByText('Assets By Platform').first().waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-analytics');
    }
  });
});
