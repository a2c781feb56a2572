/**
 * Siblings and task runs in DataHub's own web app (v1.7.0) in Chromium over `catalog serve --datahub-ui`, with the
 * data DataHub's Playwright suite seeds for them: a warehouse table's page shows its dbt sibling merged in (both
 * platforms in the header), a search shows the two siblings as one result, and a data job's and a dataset's Runs
 * tabs list the run with its status, inputs and outputs.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { screenshot } from '../helpers/browser.js';
import { appUrn, startDataHubUi, type DataHubUiSession } from '../helpers/datahub-ui-pages.js';
import { proposal, type TestServer } from '../helpers/server.js';

const TOKEN = 'datahub-ui-siblings-token-42';
const jaffle = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},playwright_project.jaffle_shop.${name},PROD)`;
const hive = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,playwright_dag_abc,PROD),playwright_task_123)';
const RUN = 'urn:li:dataProcessInstance:c39d6e424c70a1b3e8982535c68b5b5888';
const RUN_NAME = 'manual__2022-03-30T11:35:08.970522+00:00';
const [INPUT, OUTPUT] = [hive('fct_playwright_users_created_no_tag'), hive('SamplePlaywrightHiveDataset')];

describe(`siblings and task runs in DataHub's web app ${DATAHUB_RELEASE.tag}`, () => {
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
    const writes: [string, string, unknown][] = [];
    for (const name of ['customers', 'stg_orders']) {
      const [dbt, bigquery] = [jaffle('dbt', name), jaffle('bigquery', name)];
      writes.push([dbt, 'datasetProperties', { name, description: `dbt ${name}`, customProperties: {} }]);
      writes.push([
        bigquery,
        'datasetProperties',
        { name, description: `BigQuery ${name}`, customProperties: {} },
      ]);
      writes.push([dbt, 'siblings', { siblings: [bigquery], primary: true }]);
      writes.push([bigquery, 'siblings', { siblings: [dbt], primary: false }]);
    }
    for (const urn of [INPUT, OUTPUT])
      writes.push([urn, 'datasetProperties', { name: urn.split(',')[1], customProperties: {} }]);
    writes.push(
      [JOB, 'dataJobInfo', { name: 'User Creations', type: { string: 'SQL' }, customProperties: {} }],
      [RUN, 'dataProcessInstanceProperties', { name: RUN_NAME, type: 'BATCH_AD_HOC', customProperties: {}, created: { time: 1648630100320, actor: 'urn:li:corpuser:datahub' } }], // prettier-ignore
      [RUN, 'dataProcessInstanceInput', { inputs: [INPUT] }],
      [RUN, 'dataProcessInstanceOutput', { outputs: [OUTPUT] }],
      [RUN, 'dataProcessInstanceRelationships', { parentTemplate: JOB, upstreamInstances: [] }],
      [RUN, 'dataProcessInstanceRunEvent', { timestampMillis: 1648640109761, status: 'COMPLETE', result: { type: 'FAILURE', nativeResultType: 'failed' } }], // prettier-ignore
    );
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

  it("shows a warehouse table's dbt sibling merged into its page", async () => {
    await visit(`/dataset/${appUrn(jaffle('bigquery', 'customers'))}/?is_lineage_mode=false`, 'customers');
    const header = page.getByTestId('entity-header-test-id');
    try {
      await header.getByTestId('platform-icon-dbt').waitFor({ state: 'visible' });
      await header.getByTestId('platform-icon-bigquery').waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-siblings-merged');
    }
  });

  it('shows a dbt model and its warehouse table as one search result', async () => {
    await visit('/search?page=1&query=stg', 'stg_orders');
    try {
      // The result card's logos: both siblings' platforms.
      for (const platform of ['dbt', 'bigquery'])
        await page.getByTestId(`platform-icon-${platform}`).first().waitFor({ state: 'visible' });
      const results = await page.getByTestId('search-result-item').count();
      if (results !== 1) throw new Error(`expected one search result, saw ${results}`);
    } finally {
      await screenshot(page, 'datahub-ui-siblings-search');
    }
  });

  it("lists a data job's run and a dataset's run with their status, inputs and outputs", async () => {
    for (const route of [
      `/tasks/${encodeURIComponent(JOB)}/Runs`,
      `/dataset/${encodeURIComponent(OUTPUT)}/Runs`,
    ]) {
      await visit(route, RUN_NAME);
      try {
        await page.getByTestId(`run-status-${RUN_NAME}`).getByText('Failed').waitFor({ state: 'visible' });
        await page.getByTestId('run-inputs-cell').getByTestId(`compact-entity-link-${INPUT}`).waitFor({ state: 'visible' }); // prettier-ignore
        await page.getByTestId('run-outputs-cell').getByTestId(`compact-entity-link-${OUTPUT}`).waitFor({ state: 'visible' }); // prettier-ignore
      } finally {
        await screenshot(
          page,
          route.startsWith('/tasks') ? 'datahub-ui-job-runs' : 'datahub-ui-dataset-runs',
        );
      }
    }
  });
});
