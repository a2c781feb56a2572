/**
 * The lineage view in a real browser (issue 20, item 3): a dataset feeds two features, which are in a feature
 * table and used by a model, which is in a group. The model's lineage page draws its upstream (features, dataset)
 * and downstream (group) as an SVG of links; a click opens the entity; every kind of entity page links to its
 * lineage; the picture scrolls inside its frame on a phone, its text no smaller than 12px.
 * Screenshots: docs/screenshots/lineage.png (desktop) and test-output/screenshots/lineage-narrow.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatalogReader } from '../../src/server/ui/catalog-reader.js';
import {
  launchBrowser,
  openPage,
  screenshot,
  scrollsSideways,
  docsScreenshotPath,
} from '../helpers/browser.js';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const AMOUNT = 'urn:li:mlFeature:(transaction_features,amount_sum_7d)';
const COUNT = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';

const pagePath = (urn: string) => `/e/${encodeURIComponent(urn)}`;
const lineagePath = (urn: string) => `${pagePath(urn)}/lineage`;

describe('the lineage view', () => {
  let server: TestServer;
  let browser: Browser;
  let current: { page: Page; problems: string[] } | undefined;

  const open = async (target: string, width = 1280): Promise<Page> => {
    current = await openPage(browser, width);
    await current.page.goto(`${server.url}${target}`);
    return current.page;
  };
  /** The SVG's link to an entity's page. */
  const nodeLink = (page: Page, urn: string) => page.locator(`svg.lineage-graph a[href="${pagePath(urn)}"]`);

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startTestServer();
    const written = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(DATASET, 'datasetProperties', { name: 'transactions', customProperties: {}, tags: [] }),
        proposal(AMOUNT, 'mlFeatureProperties', { dataType: 'CONTINUOUS', sources: [DATASET] }),
        proposal(COUNT, 'mlFeatureProperties', { dataType: 'COUNT', sources: [DATASET] }),
        proposal(TABLE, 'mlFeatureTableProperties', { mlFeatures: [AMOUNT, COUNT], mlPrimaryKeys: [] }),
        proposal(GROUP, 'mlModelGroupProperties', { description: 'Fraud models.' }),
        proposal(MODEL, 'mlModelProperties', { mlFeatures: [AMOUNT, COUNT], groups: [GROUP] }),
      ],
    });
    expect(written.status).toBe(200);
  });

  afterEach(() => {
    // Every page a test opened must have run without console errors or warnings.
    const problems = current?.problems ?? [];
    current = undefined;
    expect(problems).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("draws a model's upstream features and dataset and its downstream group as links, and a click opens one", async () => {
    const page = await open(lineagePath(MODEL));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Lineage of fraud-detector-2026-11',
    );
    expect(
      (
        await page.evaluate<string[]>(
          '[...document.querySelectorAll("svg.lineage-graph a.node")].map((link) => link.getAttribute("href"))',
        )
      ).sort(),
    ).toEqual([MODEL, AMOUNT, COUNT, DATASET, GROUP].map(pagePath).sort());
    // The table is another consumer of the model's features, not part of the model's lineage.
    expect(await nodeLink(page, TABLE).count()).toBe(0);
    expect(await nodeLink(page, MODEL).getAttribute('class')).toBe('node focus');
    expect(await nodeLink(page, MODEL).getAttribute('aria-current')).toBe('page');
    expect(await nodeLink(page, AMOUNT).locator('text').allTextContents()).toEqual([
      'ML feature',
      'transaction_features.amount_sum_7d',
    ]);
    expect(await nodeLink(page, GROUP).locator('text').allTextContents()).toEqual([
      'ML model group · sagemaker',
      'fraud-detector',
    ]);
    // Five edges, each with an arrowhead: dataset → both features → the model → its group.
    expect(await page.locator('svg.lineage-graph path.edge[marker-end]').count()).toBe(5);
    // Left to right: the dataset, the features, the model, the group.
    const left = async (urn: string) => Number(await nodeLink(page, urn).locator('rect').getAttribute('x'));
    expect(await left(DATASET)).toBeLessThan(await left(AMOUNT));
    expect(await left(AMOUNT)).toBeLessThan(await left(MODEL));
    expect(await left(MODEL)).toBeLessThan(await left(GROUP));
    // The same entities as a list, for screen readers.
    await page.getByText('The entities in this picture, as a list').click();
    expect(await page.locator('.lineage-list').getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['transactions', 'transaction_features.amount_sum_7d', 'fraud-detector']),
    );
    await page.getByText('The entities in this picture, as a list').click();

    mkdirSync(path.dirname(docsScreenshotPath('lineage.png')), { recursive: true });
    await page.screenshot({ path: docsScreenshotPath('lineage.png'), fullPage: true });

    await Promise.all([page.waitForURL(`**${pagePath(AMOUNT)}`), nodeLink(page, AMOUNT).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'transaction_features.amount_sum_7d',
    );
  });

  it('is linked from the page of every dataset, feature, table, model and group, and walks on from there', async () => {
    const page = await open(pagePath(AMOUNT));
    for (const urn of [AMOUNT, DATASET, TABLE, MODEL, GROUP]) {
      await page.goto(`${server.url}${pagePath(urn)}`);
      const link = page
        .getByRole('navigation', { name: 'Views of this entity' })
        .getByRole('link', { name: 'Lineage' });
      expect(await link.getAttribute('href'), urn).toBe(lineagePath(urn));
    }
    // From the dataset: its features, then what uses them (the table and the model), two hops away.
    await page.goto(`${server.url}${pagePath(DATASET)}`);
    await Promise.all([
      page.waitForURL(`**${lineagePath(DATASET)}`),
      page
        .getByRole('navigation', { name: 'Views of this entity' })
        .getByRole('link', { name: 'Lineage' })
        .click(),
    ]);
    for (const urn of [DATASET, AMOUNT, COUNT, TABLE, MODEL])
      expect(await nodeLink(page, urn).count(), urn).toBe(1);
    expect(await nodeLink(page, GROUP).count()).toBe(0);
    // Three hops reach the group.
    await Promise.all([
      page.waitForURL(/hops=3/),
      page.locator('.hop-choices').getByRole('link', { name: '3' }).click(),
    ]);
    expect(await nodeLink(page, GROUP).count()).toBe(1);
    // A group's lineage goes upstream only.
    await page.goto(`${server.url}${lineagePath(GROUP)}`);
    expect(await page.locator('svg.lineage-graph a.node').count()).toBe(4);
    for (const urn of [GROUP, MODEL, AMOUNT, COUNT]) expect(await nodeLink(page, urn).count(), urn).toBe(1);
  });

  it('says so when an entity has no lineage, and answers 404 for one not in the catalog', async () => {
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(
        'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,alone,PROD)',
        'mlModelProperties',
        {},
      ),
    });
    const page = await open(lineagePath('urn:li:mlModel:(urn:li:dataPlatform:sagemaker,alone,PROD)'));
    expect(await page.locator('.lineage-summary').textContent()).toContain('no lineage is recorded for it');
    expect(await page.locator('svg.lineage-graph').count()).toBe(0);
    const missing = await page.goto(
      `${server.url}${lineagePath('urn:li:mlModel:(urn:li:dataPlatform:x,nope,PROD)')}`,
    );
    expect(missing?.status()).toBe(404);
    expect(current?.problems).toEqual([expect.stringContaining('404 (Not Found)')]);
    current!.problems.length = 0;
  });

  it('fits a phone, and any width: the picture scales or scrolls inside its frame, its text readable', async () => {
    // The feature's lineage: a dataset upstream, a table and a model downstream, the model's group beyond; left to
    // right it is over a thousand pixels wide.
    const visiblePicture = async (page: Page) =>
      page.evaluate<{
        kind: string;
        left: number;
        right: number;
        frameLeft: number;
        frameRight: number;
        scrolls: boolean;
        smallest: number;
        pageScrolls: boolean;
      }>(
        `(() => {
          const frame = document.querySelector('.lineage-scroll');
          const svg = [...frame.querySelectorAll('svg.lineage-picture')].find((each) => getComputedStyle(each).display !== 'none');
          const box = svg.getBoundingClientRect();
          const frameBox = frame.getBoundingClientRect();
          const texts = [...svg.querySelectorAll('text')].map((text) => text.getBoundingClientRect().height);
          return {
            kind: svg.classList.contains('lineage-column') ? 'column' : 'wide',
            left: box.left, right: box.right, frameLeft: frameBox.left, frameRight: frameBox.right,
            scrolls: frame.scrollWidth > frame.clientWidth,
            smallest: Math.min(...texts),
            pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
          };
        })()`,
      );
    for (const width of [390, 320, 600, 800, 1024, 1280, 1600]) {
      const page = await open(lineagePath(AMOUNT), width);
      const picture = await visiblePicture(page);
      expect(picture.pageScrolls, `${width}px`).toBe(false);
      // Inside its frame: it fits (drawn whole within it), or it scrolls within it.
      const fits = picture.left >= picture.frameLeft && picture.right <= picture.frameRight;
      expect(fits || picture.scrolls, `${width}px`).toBe(true);
      if (width <= 1024) {
        // Narrower than the left-to-right picture: one column, whole in its frame, nothing to scroll.
        expect(picture.kind, `${width}px`).toBe('column');
        expect(fits, `${width}px`).toBe(true);
      }
      // Its names readable at 12px and up wherever the column is drawn at its natural size (a frame of 344px).
      if (width >= 390) expect(picture.smallest, `${width}px`).toBeGreaterThanOrEqual(12);
      if (width === 390) {
        await screenshot(page, 'lineage-narrow');
        // Data flows down: the dataset above the feature, the model below it; a tap opens the group.
        const top = async (urn: string) =>
          (await page.locator(`svg.lineage-column a[href="${pagePath(urn)}"]`).boundingBox())?.y ?? 0;
        expect(await top(DATASET)).toBeLessThan(await top(AMOUNT));
        expect(await top(AMOUNT)).toBeLessThan(await top(MODEL));
        expect(await page.locator('.lineage-summary .on-narrow').isVisible()).toBe(true);
        expect(await page.locator('.lineage-summary .on-wide').isVisible()).toBe(false);
        await Promise.all([
          page.waitForURL(`**${pagePath(GROUP)}`),
          page.locator(`svg.lineage-column a[href="${pagePath(GROUP)}"]`).click(),
        ]);
      }
      if (width === 1600) expect(picture.kind).toBe('wide');
      expect(current?.problems, `${width}px`).toEqual([]);
      await page.context().close();
    }
  });

  it('without its script, shows the column by the screen width, and the wide picture scrolls in its frame', async () => {
    current = await openPage(browser, 700);
    await current.page.route('**/ui/app.js', (route) => route.abort());
    await current.page.goto(`${server.url}${lineagePath(AMOUNT)}`);
    current.problems.length = 0;
    const page = current.page;
    expect(await scrollsSideways(page)).toBe(false);
    expect(await page.locator('svg.lineage-graph').isVisible()).toBe(true);
    expect(
      await page.evaluate<boolean>(
        '(() => { const frame = document.querySelector(".lineage-scroll"); return frame.scrollWidth > frame.clientWidth; })()',
      ),
    ).toBe(true);
    expect(await page.locator('.scroll-hint').isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.locator('svg.lineage-column').isVisible()).toBe(true);
    expect(await page.locator('svg.lineage-graph').isVisible()).toBe(false);
  });
});

describe('the lineage page of a dataset with many features', () => {
  let server: TestServer;
  const WIDE = 'urn:li:dataset:(urn:li:dataPlatform:hive,events.clicks,PROD)';
  const features = Array.from(
    { length: 70 },
    (_, index) => `urn:li:mlFeature:(clicks,f${String(index).padStart(2, '0')})`,
  );

  beforeAll(async () => {
    server = await startTestServer();
    const written = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(WIDE, 'datasetProperties', { name: 'clicks', customProperties: {}, tags: [] }),
        ...features.map((urn) => proposal(urn, 'mlFeatureProperties', { sources: [WIDE] })),
      ],
    });
    expect(written.status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('reads one query per hop, however many entities, and draws at most 60 with "and N more" for the rest', async () => {
    const queries = vi.spyOn(CatalogReader.prototype, 'query');
    const response = await fetch(`${server.url}${lineagePath(WIDE)}`);
    expect(response.status).toBe(200);
    // Two hops: the dataset, then its features (the last hop's neighbours are not needed).
    expect(queries).toHaveBeenCalledTimes(2);
    const body = await response.text();
    // Each entity twice: in the left-to-right picture and in the phone's one-column picture.
    const links = body.match(/<a\s+class="node [a-z]+"/g) ?? [];
    expect(links).toHaveLength(2 * 60);
    // 70 features, 59 drawn beside the dataset: the 60th read and the 10 beyond the read are the 11 more.
    expect(body).toMatch(
      /<g class="node more downstream"\s*><title>downstream: and 11 more not shown<\/title>/,
    );
    expect(body).toContain('60 entities drawn, 11 more left out.');
    queries.mockClear();
    expect((await fetch(`${server.url}${lineagePath(WIDE)}?hops=1`)).status).toBe(200);
    expect(queries).toHaveBeenCalledTimes(1);
  });
});
