/**
 * Structured properties in DataHub's own web app (v1.7.0) in Chromium over `catalog serve --datahub-ui`, on the
 * seeded catalog (issue 36 item 6): the example catalog declares io.example.ml.riskTier and validatedOn with
 * showInAssetSummary, and sets them on the November model (catalog/governance/governance.yaml,
 * catalog/models/fraud-detector.yaml). The app's model page shows them in its sidebar (SidebarStructuredProperties,
 * found by its own data-testid attributes), and a steward sets one on the October model through the app's
 * EditStructuredPropertyModal, which sends upsertStructuredProperties: the stored aspect is read back through
 * Rest.li, and the tool's next plan leaves the steward's value alone (it is not the tool's).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { screenshot } from '../helpers/browser.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { appUrn, recordGraphQL, startDataHubUi, type DataHubUiSession } from '../helpers/datahub-ui-pages.js';
import { MODEL_10, MODEL_11 } from '../helpers/example-urns.js';
import { runCatalog } from '../helpers/run-cli.js';
import { encode, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'datahub-ui-structured-properties-token-42';
const RISK_TIER = 'urn:li:structuredProperty:io.example.ml.riskTier';
const VALIDATED_ON = 'urn:li:structuredProperty:io.example.ml.validatedOn';

describe(`structured properties in DataHub's web app ${DATAHUB_RELEASE.tag}`, () => {
  let server: TestServer;
  let session: DataHubUiSession;
  let page: Page;

  const stored = async (urn: string, aspect: string): Promise<any> =>
    (
      await server.get(`/entitiesV2/${encode(urn)}?aspects=List(${aspect})`, {
        Authorization: `Bearer ${TOKEN}`,
      })
    ).json.aspects?.[aspect]?.value;

  const visit = async (route: string, shows: string): Promise<void> => {
    await page.goto('about:blank');
    await page.goto(`${server.url}${route}`);
    await page.getByText(shows).first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
  };

  beforeAll(async () => {
    session = await startDataHubUi(TOKEN);
    ({ server, page } = session);
    await page.goto(`${server.url}/`);
    await page.getByPlaceholder('Enter username').fill('datahub');
    await page.locator('input[type="password"]').fill(TOKEN);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('DataHub!').first().waitFor();
  });

  afterAll(async () => {
    await session?.close();
  });

  it("shows the properties the manifests set in the model page's sidebar, by display name", async () => {
    await visit(`/mlModels/${appUrn(MODEL_11)}`, 'fraud-detector-2026-11');
    try {
      // SidebarStructuredProperties: a section per property shown in the asset summary, its values as test ids.
      await page.getByTestId('property-Risk tier-value-2').first().waitFor({ state: 'visible' });
      await page.getByTestId('property-Validated on-value-2026-11-20').first().waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-structured-properties-model');
    }
    expect((await stored(MODEL_11, 'structuredProperties')).properties).toEqual([
      expect.objectContaining({ propertyUrn: RISK_TIER, values: [{ string: '2' }] }),
      expect.objectContaining({ propertyUrn: VALIDATED_ON, values: [{ string: '2026-11-20' }] }),
    ]);
  });

  it("lists the declared properties on the app's Structured Properties page, with the entity types they apply to", async () => {
    await visit('/structured-properties', 'Structured Properties');
    try {
      await page.getByText('Risk tier').first().waitFor({ state: 'visible' });
      await page.getByText('Validated on').first().waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-structured-properties-list');
    }
  });

  it('lets a steward set a property on a model (upsertStructuredProperties), which the next plan leaves alone', async () => {
    await visit(`/mlModels/${appUrn(MODEL_10)}`, 'fraud-detector-2026-10');
    const recorder = recordGraphQL(page);
    try {
      // The October model has no value: the section offers to add one (its + button), in the property's modal.
      await page.getByTestId('Risk tier-add-or-edit-button').first().click();
      // Three allowed values: SingleSelectInput shows them as radio buttons, each with its description.
      await page.locator('.ant-radio-wrapper').filter({ hasText: 'Low - advisory only' }).click();
      await page.getByTestId('add-update-structured-prop-on-entity-button').click();
      await page.getByTestId('property-Risk tier-value-1').first().waitFor({ state: 'visible' });
    } finally {
      await screenshot(page, 'datahub-ui-structured-properties-steward-set');
    }
    await page.waitForLoadState('networkidle');
    recorder.stop();
    await recorder.settled();
    const mutations = recorder.operations.filter((operation) => /^\s*mutation\b/.test(operation.query));
    expect(mutations.map((operation) => operation.operationName)).toEqual(['upsertStructuredProperties']);
    expect(mutations.filter((operation) => operation.errors !== undefined)).toEqual([]);

    // As GMS stores it (UpsertStructuredPropertiesResolver): the value, and the steward as its creator.
    const properties = (await stored(MODEL_10, 'structuredProperties')).properties;
    expect(properties).toEqual([
      expect.objectContaining({
        propertyUrn: RISK_TIER,
        values: [{ string: '1' }],
        created: expect.objectContaining({ actor: 'urn:li:corpuser:datahub' }),
      }),
    ]);

    // The manifests set no risk tier on the October model: a value someone else set is theirs, not taken back.
    const dir = tempDir();
    try {
      copyExample(dir.dir);
      const plan = await runCatalog(['reconcile', 'catalog', '--dry-run', '--server', server.url], {
        cwd: dir.dir,
        env: { DATAHUB_GMS_TOKEN: TOKEN },
      });
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).not.toContain(`properties of ${MODEL_10}`);
      expect(plan.stdout).toContain('No changes.');
    } finally {
      dir.cleanup();
    }
  });
});
