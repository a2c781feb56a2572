/**
 * The web UI in a real browser (Debian's Chromium through playwright-core): search with suggestions, facets
 * and paging; every kind of entity page and the links between them, both ways; deep links, reload and
 * back/forward; history; the glossary tree; escaping of hostile catalog text; narrow and wide screens; no
 * console errors. Screenshots of the main pages go to test-output/screenshots.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPage, launchBrowser, screenshot, scrollsSideways } from '../helpers/browser.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import {
  FINANCIAL,
  GROUP,
  MODEL_11 as MODEL,
  TABLE,
  TX,
  TXN_COUNT as FEATURE,
} from '../helpers/example-urns.js';

const XSS = 'urn:li:dataset:(urn:li:dataPlatform:hive,xss_probe,PROD)';
const HOSTILE = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

const pagePath = (urn: string) => `/e/${encodeURIComponent(urn)}`;

describe('the web UI', () => {
  let server: TestServer;
  let browser: Browser;
  let revision: string;
  const { dir, cleanup } = tempDir();
  let current: { page: Page; problems: string[] } | undefined;

  // The page this call opened (not `current`, which the next call replaces).
  const open = async (target: string, width = 1440): Promise<Page> => {
    const opened = await openPage(browser, width);
    current = opened;
    await opened.page.goto(`${server.url}${target}`);
    return opened.page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startTestServer();
    copyExample(dir);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=ci@example.com', '-c', 'user.name=ci', 'commit', '-qm', 'catalog');
    revision = git('rev-parse', 'HEAD');
    const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    for (const file of ['bootstrap_mce.json', 'glossary_events_golden.json', 'mlflow_mcps_golden.json']) {
      expect((await run('ingest', path.resolve('test/fixtures/datahub', file))).code).toBe(0);
    }
    const hostile = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(XSS, 'datasetProperties', {
          name: '<b>xss_probe</b>',
          description: HOSTILE,
          customProperties: { '<i>key</i>': '<svg onload="window.__xss=3">' },
          tags: [],
        }),
        proposal(XSS, 'institutionalMemory', {
          elements: [
            {
              url: 'javascript:window.__xss=4',
              description: 'a hostile link',
              createStamp: { time: 0, actor: 'urn:li:corpuser:x' },
            },
          ],
        }),
      ],
    });
    expect(hostile.status).toBe(200);
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
    cleanup();
  });

  it('finds a model by name with suggestions as you type, and opens it from the keyboard', async () => {
    const page = await open('/');
    const box = page.getByRole('combobox', { name: 'Search the catalog' });
    await box.focus();
    await page.keyboard.type('fraud-detector-2026');
    // The answer to the whole query, not to a prefix typed on the way (the list says which query it answers).
    const suggestions = page.locator('[role=listbox][data-query="fraud-detector-2026"]');
    await suggestions.getByRole('option').first().waitFor();
    const names = await suggestions.getByRole('option').allTextContents();
    expect(names.some((name) => name.includes('fraud-detector-2026-11'))).toBe(true);
    await screenshot(page, 'search-suggestions');
    const index = names.findIndex((name) => name.includes('fraud-detector-2026-11'));
    for (let step = 0; step <= index; step += 1) await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(`**${pagePath(MODEL)}`), page.keyboard.press('Enter')]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('fraud-detector-2026-11');
  });

  it('searches, narrows with facets, pages, and keeps it all in the URL', async () => {
    const page = await open('/search?q=fraud');
    expect(await page.title()).toBe('Search: fraud · catalog');
    const results = page.locator('.result-name');
    const names = await results.allTextContents();
    expect(names).toEqual(
      expect.arrayContaining(['fraud-detector', 'fraud-detector-2026-10', 'fraud-detector-2026-11']),
    );
    const count = await page.locator('.result-count').textContent();
    expect(count).toMatch(/of \d+ result/);
    // The type facet: ML model narrows to the two models.
    await Promise.all([
      page.waitForURL(/type=MLMODEL/),
      page
        .locator('.facet-value')
        .filter({ has: page.locator('.facet-label', { hasText: /^ML model$/ }) })
        .click(),
    ]);
    expect((await results.allTextContents()).sort()).toEqual([
      'fraud-detector-2026-10',
      'fraud-detector-2026-11',
    ]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('fraud');
    await screenshot(page, 'search');
    // Remove the filter with its chip, then go back to the filtered page.
    await Promise.all([
      page.waitForURL((url) => !url.search.includes('type=')),
      page.locator('.chip').first().click(),
    ]);
    await page.goBack();
    expect(page.url()).toContain('type=MLMODEL');

    // Paging through everything: 20 a page, the next page continues the list.
    await page.goto(`${server.url}/search`);
    const first = await results.allTextContents();
    expect(first).toHaveLength(20);
    await Promise.all([page.waitForURL(/page=2/), page.getByRole('link', { name: 'Next →' }).click()]);
    const second = await results.allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((name) => first.includes(name))).toBe(false);
    expect(await page.locator('.result-count').textContent()).toMatch(/^21–/);
  });

  it('links a model to its features and group, and each of them back to the model', async () => {
    const page = await open(pagePath(MODEL));
    await screenshot(page, 'model');
    const features = page.getByRole('region', { name: 'Features' });
    expect(await features.getByRole('link').count()).toBe(5);
    await Promise.all([
      page.waitForURL(`**${pagePath(FEATURE)}`),
      features.getByRole('link', { name: 'transaction_features.txn_count_7d' }).click(),
    ]);
    const usedBy = page.getByRole('region', { name: 'Used by models' });
    expect(await usedBy.getByRole('link').allTextContents()).toEqual([
      'fraud-detector-2026-10',
      'fraud-detector-2026-11',
    ]);
    expect(
      await page.getByRole('region', { name: 'Feature tables' }).getByRole('link').allTextContents(),
    ).toEqual(['transaction_features']);
    expect(
      await page.getByRole('region', { name: 'Source datasets' }).getByRole('link').allTextContents(),
    ).toEqual(['transactions']);
    await screenshot(page, 'feature');
    // Back to the model, then on to its group, which lists it.
    await Promise.all([
      page.waitForURL(`**${pagePath(MODEL)}`),
      usedBy.getByRole('link', { name: 'fraud-detector-2026-11' }).click(),
    ]);
    await Promise.all([
      page.waitForURL(`**${pagePath(GROUP)}`),
      page.getByRole('region', { name: 'Groups' }).getByRole('link').click(),
    ]);
    expect(
      await page.getByRole('region', { name: 'Models in this group' }).getByRole('link').allTextContents(),
    ).toEqual(['fraud-detector-2026-10', 'fraud-detector-2026-11']);
    // The table lists its features.
    await page.goto(`${server.url}${pagePath(TABLE)}`);
    expect(await page.getByRole('region', { name: 'Features' }).getByRole('link').count()).toBe(4);
  });

  it('serves deep links, survives a reload, and moves back and forward through history', async () => {
    const page = await open(pagePath(FEATURE));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'transaction_features.txn_count_7d',
    );
    await page.reload();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'transaction_features.txn_count_7d',
    );
    await Promise.all([
      page.waitForURL(`**${pagePath(TX)}`),
      page.getByRole('link', { name: 'transactions' }).first().click(),
    ]);
    await page.goBack();
    expect(page.url()).toBe(`${server.url}${pagePath(FEATURE)}`);
    await page.goForward();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('transactions');
    const missing = await page.goto(
      `${server.url}${pagePath('urn:li:mlModel:(urn:li:dataPlatform:x,nope,PROD)')}`,
    );
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Not in the catalog');
    // The browser reports the 404 it was sent to; that one is expected, and the only one.
    expect(current?.problems).toEqual([expect.stringContaining('404 (Not Found)')]);
    current!.problems.length = 0;
  });

  it('shows who manages an entity: the manifest file and line and the git revision that wrote it', async () => {
    const page = await open(pagePath(MODEL));
    const banner = page.locator('.banner.managed');
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('Managed by catalog');
    expect(text).toMatch(/catalog\/models\/fraud-detector\.yaml:\d+/);
    expect(text).toContain(revision);
    // A dataset carries only the tool's term attachments.
    await page.goto(`${server.url}${pagePath(TX)}`);
    expect(await page.locator('.banner.managed').textContent()).toContain(
      'Term attachments managed by catalog',
    );
    // Ingested entities are not the tool's.
    await page.goto(`${server.url}${pagePath('urn:li:chart:(looker,baz1)')}`);
    expect(await page.locator('.banner.managed').count()).toBe(0);
  });

  it('shows a term with its node, related terms and where it is used, and the dataset with its column terms', async () => {
    const page = await open(pagePath(FINANCIAL));
    expect(
      await page.getByRole('region', { name: 'Attached to' }).getByRole('link').allTextContents(),
    ).toEqual(['transactions']);
    const columns = page.getByRole('region', { name: 'Columns with this term' });
    expect(await columns.textContent()).toContain('card_number');
    expect(await columns.textContent()).toContain('amount');
    await screenshot(page, 'term');
    await Promise.all([page.waitForURL(`**${pagePath(TX)}`), columns.getByRole('link').first().click()]);
    const row = page.getByRole('row', { name: /card_number/ });
    expect(await row.getByRole('link').allTextContents()).toEqual(['PII', 'Financial']);
    await screenshot(page, 'dataset');

    // A term from the business glossary: its node and its related terms, as links.
    await page.goto(`${server.url}${pagePath('urn:li:glossaryTerm:Clients And Accounts.Account')}`);
    const facts = (await page.locator('.facts').first().textContent()) ?? '';
    expect(facts).toContain('EXTERNAL');
    expect(facts).toContain('Clients And Accounts');
    const related = page.getByRole('region', { name: 'Related terms' });
    expect(await related.textContent()).toMatch(/is a\s*Highly Confidential/);
    expect(await related.textContent()).toMatch(/has\s*Balance/);
    expect(await page.getByRole('region', { name: 'Owners' }).getByRole('link').allTextContents()).toEqual([
      'finance',
    ]);
    await Promise.all([
      page.waitForURL(/glossaryNode/),
      page.locator('.facts').getByRole('link', { name: 'Clients And Accounts' }).click(),
    ]);
    expect(await page.getByRole('region', { name: 'Terms' }).getByRole('link').allTextContents()).toEqual([
      'Account',
      'Balance',
    ]);
  });

  it('shows owners, tags and links, a tag with what it tags, and the aspects of any other kind of entity', async () => {
    const page = await open(pagePath('urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)'));
    expect(await page.getByRole('region', { name: 'Owners' }).getByRole('link').allTextContents()).toEqual([
      'John Doe',
      'Data Hub',
    ]);
    expect(
      await page
        .getByRole('region', { name: 'Links' })
        .getByRole('link', { name: 'Sample doc' })
        .getAttribute('href'),
    ).toBe('https://www.linkedin.com/');
    await Promise.all([
      page.waitForURL(/urn%3Ali%3Atag%3ALegacy/),
      page.getByRole('region', { name: 'Tags' }).getByRole('link', { name: 'Legacy' }).click(),
    ]);
    expect(
      (await page.getByRole('region', { name: 'Tagged' }).getByRole('link').allTextContents()).sort(),
    ).toEqual(['Baz Chart 1', 'SampleHiveDataset']);
    await page.goto(`${server.url}${pagePath('urn:li:test:953001aa-fb7b-4a43-916f-3efd95ab9047')}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sample Test 1');
    expect(await page.getByRole('region', { name: 'testInfo' }).textContent()).toContain(
      '"category": "Examples"',
    );
    await screenshot(page, 'generic-entity');
  });

  it('lists the versions of each aspect with when and who, and compares two of them', async () => {
    // A second version of the table's properties, written by someone else.
    const current = (
      await server.get(`/aspects/${encodeURIComponent(TABLE)}?aspect=mlFeatureTableProperties`)
    ).json.aspect['com.linkedin.ml.metadata.MLFeatureTableProperties'];
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(TABLE, 'mlFeatureTableProperties', { ...current, description: 'Edited in the UI.' }),
    });
    const page = await open(`${pagePath(TABLE)}/history`);
    const section = page.getByRole('region', { name: 'mlFeatureTableProperties' });
    expect(await section.getByRole('row').count()).toBe(3); // header + 2 versions
    expect(await section.textContent()).toContain('urn:li:corpuser:catalog-bot');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('from') === '1' && url.searchParams.get('to') === '0'),
      section.getByRole('button', { name: 'Compare the two selected versions' }).click(),
    ]);
    const comparison = page.getByRole('region', {
      name: /mlFeatureTableProperties: revision 1 → revision 2/,
    });
    expect(await comparison.textContent()).toContain('Edited in the UI.');
    expect(await comparison.locator('code').allTextContents()).toEqual(['description']);
    await screenshot(page, 'history');
  });

  it('draws the glossary as a tree that folds with the keyboard', async () => {
    const page = await open('/glossary');
    const node = page.locator('details', {
      has: page.locator('summary', { hasText: 'Personal Information' }),
    });
    expect(await node.getAttribute('open')).toBe('');
    expect(await node.getByRole('link', { name: 'Email', exact: true }).isVisible()).toBe(true);
    await node.locator('summary').focus();
    await page.keyboard.press('Enter');
    await node.getByRole('link', { name: 'Email', exact: true }).waitFor({ state: 'hidden' });
    expect(await node.getAttribute('open')).toBeNull();
    await screenshot(page, 'glossary');
  });

  it('shows hostile catalog text as text: no markup, no script, no javascript: links', async () => {
    for (const target of [pagePath(XSS), '/search?q=xss_probe']) {
      const page = await open(target);
      expect(await page.evaluate('window.__xss')).toBeUndefined();
      expect(await page.locator('img[src="x"], svg[onload], b, i').count()).toBe(0);
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await page.content()).toContain('&lt;script&gt;window.__xss=2&lt;/script&gt;');
      if (target === pagePath(XSS)) {
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('<b>xss_probe</b>');
        expect(await page.locator('.description').textContent()).toContain(HOSTILE);
        expect(await page.getByRole('region', { name: 'Links' }).textContent()).toContain(
          'javascript:window.__xss=4',
        );
      }
      const problems = current?.problems ?? [];
      expect(problems).toEqual([]);
      current = undefined;
    }
    // Suggestions too: they are built from the same untrusted names.
    const page = await open('/');
    await page.getByRole('combobox', { name: 'Search the catalog' }).fill('xss');
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').first().textContent()).toContain('<b>xss_probe</b>');
    expect(await page.locator('#suggestions b').count()).toBe(0);
  });

  // One page per width, going from target to target: a browser context per page was 16 of them, and on a busy
  // machine more than a test's time.
  for (const width of [390, 1440]) {
    it(`fits a ${String(width)}px wide screen without sideways scrolling`, async () => {
      const targets = [
        '/',
        '/search?q=fraud',
        pagePath(MODEL),
        pagePath(TX),
        pagePath(FINANCIAL),
        '/glossary',
        `${pagePath(TABLE)}/history`,
        `${pagePath(TX)}/lineage?hops=3`,
      ];
      const page = await open(targets[0] as string, width);
      for (const target of targets) {
        if (target !== targets[0]) await page.goto(`${server.url}${target}`);
        expect(await scrollsSideways(page), `${target} at ${width}px`).toBe(false);
        if (width === 390 && (target === '/' || target === pagePath(MODEL))) {
          await screenshot(page, `narrow-${target === '/' ? 'search' : 'model'}`);
        }
        if (target.includes('/lineage')) await screenshot(page, `lineage-example-${String(width)}`);
      }
    });
  }

  // The catalog brings its search index up to date before any search (index-queue.ts), so the next search finds
  // what a mutation just wrote: no waiting.
  it('finds a term created with the createGlossaryTerm mutation in the very next search', async () => {
    const created = await server.graphql(
      'mutation { createGlossaryTerm(input: {id: "Risk.Churn", name: "Churn risk", description: "Likelihood that a customer leaves."}) }',
    );
    expect(created.errors).toBeUndefined();
    const page = await open('/search?q=churn');
    expect(await page.locator('.result-name').allTextContents()).toEqual(['Churn risk']);
    await Promise.all([
      page.waitForURL(/glossaryTerm/),
      page.getByRole('link', { name: 'Churn risk' }).click(),
    ]);
    expect(await page.locator('.description').textContent()).toContain('Likelihood that a customer leaves.');
  });
});

describe('signing in to a token-protected catalog', () => {
  const TOKEN = 'correct-horse-battery-staple';
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ token: TOKEN });
    const headers = { Authorization: `Bearer ${TOKEN}` };
    const written = await server.post(
      '/aspects?action=ingestProposal',
      { proposal: proposal(MODEL, 'mlModelProperties', { description: 'Secret model.', groups: [] }) },
      headers,
    );
    expect(written.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows nothing without the token, asks for it once, and keeps the session in a strict HttpOnly cookie', async () => {
    const { page, problems } = await openPage(browser);
    // A deep link while signed out leads to the sign-in form, then back to the page asked for.
    await page.goto(`${server.url}${pagePath(MODEL)}`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await page.content()).not.toContain('Secret model');
    expect(await page.getByRole('combobox').count()).toBe(0);
    await page.getByLabel('Token').fill('wrong-token-000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('not this server');
    problems.length = 0; // the browser reports the 401 of the refused sign-in
    await page.getByLabel('Token').fill(TOKEN);
    await Promise.all([
      page.waitForURL(`**${pagePath(MODEL)}`),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(await page.locator('.description').textContent()).toContain('Secret model.');
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: 'catalog_session', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.value).not.toContain(TOKEN);

    // The page's own script reaches the API with the cookie: suggestions work.
    await page.getByRole('combobox', { name: 'Search the catalog' }).fill('fraud');
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').first().textContent()).toContain('fraud-detector-2026-11');

    // With only the cookie, a write from another site is refused; from this server's pages it is not.
    const withCookie = (origin: string) =>
      fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: `catalog_session=${cookie?.value}`,
          Origin: origin,
        },
        body: JSON.stringify({ query: '{ entityExists(urn: "urn:li:corpuser:x") }' }),
      });
    expect((await withCookie('http://evil.example')).status).toBe(403);
    expect((await withCookie(server.url)).status).toBe(200);
    expect((await fetch(`${server.url}/api/graphql`, { method: 'POST', body: '{}' })).status).toBe(401);

    await Promise.all([page.waitForURL(/sign-in/), page.getByRole('button', { name: 'Sign out' }).click()]);
    expect(await page.context().cookies()).toEqual([]);
    expect((await withCookie(server.url)).status).toBe(401);
    await screenshot(page, 'sign-in');
    expect(problems).toEqual([]);
  });
});
