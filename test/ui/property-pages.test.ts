/**
 * Issue 36, item 6 (the catalog's own pages): a model's page shows the structured property values it carries (by
 * the property's display name, linked; URN values as links; the tool's own marked) and the forms assigned to it with
 * their progress; a property's page shows its definition, a form's page its prompts. The catalog is written by
 * `catalog reconcile`, as a user would. Screenshot: docs/screenshots/structured-properties.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshotPath, launchBrowser, openPage } from '../helpers/browser.js';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { readPage } from './read-page.js';

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
const TIER = 'urn:li:structuredProperty:io.example.riskTier';
const FORM = 'urn:li:form:model-card';

const MANIFESTS = `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.riskTier
displayName: Risk tier
description: How much harm a wrong answer of the model does.
type: string
allowedValues: [{ value: "1", description: Low }, { value: "2", description: High }]
entityTypes: [mlModel]
settings: { showInAssetSummary: true }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.validator
displayName: Validated by
type: urn
allowedTypes: [corpuser]
entityTypes: [mlModel]
---
apiVersion: catalog/v1
kind: MLModel
name: fraud-detector-2026-11
description: Scores card transactions.
properties:
  io.example.riskTier: "2"
  io.example.validator: urn:li:corpuser:priya
---
apiVersion: catalog/v1
kind: Form
id: model-card
name: Model card
prompts:
  - { id: model-card-tier, title: Risk tier, property: io.example.riskTier, required: true }
  - { id: model-card-validator, title: Validated by, property: io.example.validator }
assignedTo: [fraud-detector-2026-11]
`;

const pagePath = (urn: string) => `/e/${encodeURIComponent(urn)}`;

describe("structured properties and forms on the catalog's pages", () => {
  let server: TestServer;
  let cleanup: () => void;

  beforeAll(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    server = await startTestServer();
    writeManifests(temp.dir, { 'catalog/catalog.yaml': MANIFESTS });
    const applied = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: temp.dir });
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it("shows a model's property values and forms", async () => {
    const { body, text } = await readPage(server, pagePath(MODEL));
    expect(text).toContain(
      'Structured properties Property Value Risk tier 2 managed Validated by priya managed',
    );
    expect(body).toContain(`href="${pagePath(TIER)}"`);
    expect(body).toContain(`href="${pagePath('urn:li:corpuser:priya')}"`);
    expect(text).toContain('Forms Model card 0 of 2 prompts done');
  });

  it("shows a property's definition and a form's prompts", async () => {
    const property = await readPage(server, pagePath(TIER));
    expect(property.text).toContain('Structured property');
    expect(property.text).toContain('Risk tier');
    expect(property.text).toContain('Qualified name io.example.riskTier');
    expect(property.text).toContain('Value type string');
    expect(property.text).toContain('Cardinality SINGLE');
    expect(property.text).toContain('For mlModel');
    expect(property.text).toContain('Shown showInAssetSummary');
    expect(property.text).toContain('Allowed values 1 Low 2 High');
    const form = await readPage(server, pagePath(FORM));
    expect(form.text).toContain('Prompts Risk tier required : Risk tier Validated by : Validated by');
  });

  it("renders the model's page in Chromium", async () => {
    const browser = await launchBrowser();
    try {
      const { page, problems } = await openPage(browser);
      await page.goto(`${server.url}${pagePath(MODEL)}`);
      await page.getByRole('heading', { name: 'Structured properties' }).waitFor();
      expect(problems).toEqual([]);
      await page.screenshot({ path: docsScreenshotPath('structured-properties.png'), fullPage: true });
      expect(await page.getByRole('link', { name: 'Risk tier' }).count()).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
