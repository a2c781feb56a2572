/**
 * Issue 23, item 4 (the web UI): a domain's page shows its description, parent path, sub-domains, data products and
 * the entities in it; a data product's page its domain and assets, as links; every page of an entity in a domain
 * names it (and the data products that hold it); search filters by domain. The catalog is written by `catalog
 * reconcile` from manifests, as a user would. Screenshot: docs/screenshots/domain.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  scrollsSideways,
  docsScreenshotPath,
} from '../helpers/browser.js';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { readPage } from './read-page.js';

const FINANCE = 'urn:li:domain:finance';
const PAYMENTS = 'urn:li:domain:payments';
const CARDS = 'urn:li:domain:cards';
const PRODUCT = 'urn:li:dataProduct:fraud-signals';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:feast,fraud-detector-2026-11,PROD)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';

const MANIFESTS = `apiVersion: catalog/v1
kind: Settings
defaults: { platform: feast }
---
apiVersion: catalog/v1
kind: Domain
id: finance
name: Finance
description: Money in and out.
---
apiVersion: catalog/v1
kind: Domain
id: payments
name: Payments
description: Card payments and fraud.
parent: finance
owners: [{ owner: alice }]
---
apiVersion: catalog/v1
kind: Domain
id: cards
name: Cards
parent: payments
---
apiVersion: catalog/v1
kind: DataProduct
id: fraud-signals
name: Fraud signals
domain: payments
description: Features and models the fraud team publishes.
assets:
  - transaction_features
  - fraud-detector-2026-11
  - ${DATASET}
---
apiVersion: catalog/v1
kind: MLFeatureTable
name: transaction_features
description: Per-transaction features.
domain: payments
features:
  - { name: amount, dataType: CONTINUOUS }
---
apiVersion: catalog/v1
kind: MLModel
name: fraud-detector-2026-11
description: Scores card transactions.
domain: payments
`;

const pagePath = (urn: string) => `/e/${encodeURIComponent(urn)}`;

/** The markup of the section whose heading is `title`. */
function sectionOf(body: string, title: string): string {
  const start = body.indexOf(`>${title}</h2>`);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const end = body.indexOf('</section>', start);
  return body.slice(start, end);
}

describe('domains and data products on the web UI', () => {
  let server: TestServer;
  let cleanup: () => void;

  beforeAll(async () => {
    server = await startTestServer();
    const dir = tempDir();
    cleanup = dir.cleanup;
    const ingested = await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(DATASET, 'datasetProperties', {
        name: 'payments.transactions',
        customProperties: {},
      }),
    });
    expect(ingested.status).toBe(200);
    writeManifests(dir.dir, { 'catalog/catalog.yaml': MANIFESTS });
    const applied = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir.dir });
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it("a domain's page: description, parent path, sub-domains, data products and what is in it", async () => {
    const { body, text } = await readPage(server, pagePath(PAYMENTS));
    expect(text).toContain('Domain Payments');
    expect(text).toContain('Card payments and fraud.');
    expect(text).toContain('Parent domain Finance');
    expect(body).toContain(`<a href="${pagePath(FINANCE)}">Finance</a>`);
    expect(sectionOf(body, 'Sub-domains')).toContain(`<a href="${pagePath(CARDS)}">Cards</a>`);
    expect(sectionOf(body, 'Data products')).toContain(`<a href="${pagePath(PRODUCT)}">Fraud signals</a>`);
    const inside = sectionOf(body, 'In this domain');
    expect(inside).toContain(pagePath(TABLE));
    expect(inside).toContain(pagePath(MODEL));
    expect(inside).not.toContain(pagePath(PRODUCT));
    expect(sectionOf(body, 'Owners')).toContain('alice');

    // Two levels down, the path reads from the root.
    const cards = await readPage(server, pagePath(CARDS));
    expect(cards.text).toContain('Parent domain Finance › Payments');
  });

  it("a data product's page: its domain and its assets, as links", async () => {
    const { body, text } = await readPage(server, pagePath(PRODUCT));
    expect(text).toContain('Data product Fraud signals');
    expect(text).toContain('Features and models the fraud team publishes.');
    expect(text).toContain('Domain Payments');
    const assets = sectionOf(body, 'Assets');
    for (const urn of [TABLE, MODEL, DATASET]) expect(assets).toContain(`href="${pagePath(urn)}"`);
    expect(assets).toContain('transaction_features');
  });

  it('every page of an entity in a domain names it, and the data products that hold it', async () => {
    const table = await readPage(server, pagePath(TABLE));
    expect(table.text).toContain('Domain Payments Data product Fraud signals');
    expect(table.body).toContain(`<a href="${pagePath(PAYMENTS)}">Payments</a>`);
    const dataset = await readPage(server, pagePath(DATASET));
    expect(dataset.text).toContain('Data product Fraud signals');
    expect(dataset.text).not.toContain('Domain Payments');
  });

  it('search filters by domain', async () => {
    const all = await readPage(server, '/search?q=*');
    const facet = sectionOf(all.body, 'Domain');
    expect(facet).toContain('Payments');
    const filtered = await readPage(server, `/search?q=*&domain=${encodeURIComponent(PAYMENTS)}`);
    expect(filtered.body).toContain(pagePath(TABLE));
    expect(filtered.body).toContain(pagePath(PRODUCT));
    expect(filtered.body).not.toContain(`href="${pagePath(DATASET)}"`);
    expect(filtered.text).toContain('1–3 of 3 results');
    expect(filtered.body).toContain('aria-label="Remove filter Domain: Payments"');
  });

  it('fits a phone and a desktop in a browser; an asset link opens the asset', async () => {
    const browser = await launchBrowser();
    try {
      for (const width of [390, 1280]) {
        const { page, problems } = await openPage(browser, width);
        await page.goto(`${server.url}${pagePath(PAYMENTS)}`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payments');
        expect(await page.getByRole('link', { name: 'Fraud signals' }).isVisible()).toBe(true);
        expect(await scrollsSideways(page), `${width}px`).toBe(false);
        if (width === 390) {
          await screenshot(page, 'domain-narrow');
        } else {
          mkdirSync(path.dirname(docsScreenshotPath('domain.png')), { recursive: true });
          await page.screenshot({ path: docsScreenshotPath('domain.png'), fullPage: true });
          await Promise.all([
            page.waitForURL(`**${pagePath(PRODUCT)}`),
            page.getByRole('link', { name: 'Fraud signals' }).click(),
          ]);
          await Promise.all([
            page.waitForURL(`**${pagePath(MODEL)}`),
            page.getByRole('link', { name: 'fraud-detector-2026-11' }).click(),
          ]);
          expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('fraud-detector-2026-11');
        }
        expect(problems).toEqual([]);
        await page.context().close();
      }
    } finally {
      await browser.close();
    }
  });
});
