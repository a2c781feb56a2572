/**
 * Issue 22, items 3 and 5 (the web UI): a model's page shows its version and aliases, the datasets it was trained
 * and evaluated on (linked to their pages), its hyper-parameters and metrics as tables; every entity page shows a
 * deprecation with its note, decommission day, who marked it, and a link to the replacement. The GraphQL fields the
 * page reads (MLModel.versionProperties, trainingData, evaluationData; Deprecation.replacement) are resolved as
 * DataHub v1.7.0's mappers resolve them. The aspects are written as DataHub's SDK writes them (the SDK's own golden
 * file for versionProperties) and pass the embedded catalog's PDL validation.
 * Screenshots: docs/screenshots/model-lifecycle.png (desktop) and test-output/screenshots/model-lifecycle-narrow.png.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  scrollsSideways,
  docsScreenshotPath,
} from '../helpers/browser.js';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';
import { pageText, readPage } from './read-page.js';

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud-detector_7,PROD)';
const NEXT = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud-detector_8,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,fraud-detector,PROD)';
const TRANSACTIONS = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const LABELS = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.chargebacks,PROD)';
const HOLDOUT = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.holdout,PROD)';
const TERM = 'urn:li:glossaryTerm:Classification.Legacy';
const KEPT = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.kept,PROD)';
const SDK_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,test_model,PROD)';
const ACTOR = 'urn:li:corpuser:catalog-bot';
const DECOMMISSION = Date.UTC(2027, 0, 31);
const NOTE = 'Replaced by the December retrain <b>with</b> chargebacks & refunds.';

/** The version set DataHub's SDK makes for an entity (sdk/_shared.py HasVersion: datahub_guid({"urn": urn})). */
const versionSetOf = (urn: string) =>
  `urn:li:versionSet:(${createHash('md5').update(JSON.stringify({ urn })).digest('hex')},mlModel)`;

/** versionProperties as the SDK's set_version writes it, with the aliases it adds (sortId: the version padded). */
const versionProperties = (urn: string, version: string, aliases: readonly string[]) => ({
  versionSet: versionSetOf(urn),
  version: { versionTag: version },
  aliases: aliases.map((alias) => ({ versionTag: alias })),
  sortId: version.padStart(10, '0'),
  versioningScheme: 'LEXICOGRAPHIC_STRING',
});

const pagePath = (urn: string) => `/e/${encodeURIComponent(urn)}`;

/** One region of the page (a section by its heading id, or the deprecation banner), as markup. */
function part(body: string, pattern: RegExp): string {
  const found = pattern.exec(body)?.[0];
  expect(found, String(pattern)).toBeDefined();
  return found ?? '';
}

describe('the ML lifecycle on the web UI', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    // The Python SDK's own output for an MLModel with versionProperties (its golden file), as the emitter sends it.
    const golden = JSON.parse(
      readFileSync(path.resolve('test/fixtures/datahub/test_mlmodel_complex_golden.json'), 'utf8'),
    ) as { entityUrn: string; aspectName: string; aspect: { json: unknown } }[];
    const sdk = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: golden.map((mcp) => proposal(mcp.entityUrn, mcp.aspectName, mcp.aspect.json)),
    });
    expect(sdk.status).toBe(200);

    const written = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(TRANSACTIONS, 'datasetProperties', {
          name: 'payments.transactions',
          description: 'Card transactions.',
          customProperties: {},
          tags: [],
        }),
        proposal(LABELS, 'datasetProperties', {
          name: 'payments.chargebacks',
          customProperties: {},
          tags: [],
        }),
        proposal(GROUP, 'mlModelGroupProperties', {
          description: 'All fraud-detector runs.',
          customProperties: {},
        }),
        proposal(MODEL, 'mlModelProperties', {
          description: 'Scores card transactions for fraud.',
          version: { versionTag: '7' },
          type: 'gradient boosted trees',
          hyperParams: [
            { name: 'learning_rate', value: '0.05' },
            { name: 'max_depth', value: '8' },
          ],
          trainingMetrics: [
            { name: 'auc', value: '0.931', description: 'Area under the ROC curve on the holdout.' },
            { name: 'recall_at_1pct', value: '0.62' },
          ],
          groups: [GROUP],
          customProperties: {},
          tags: [],
        }),
        proposal(MODEL, 'versionProperties', versionProperties(MODEL, '7', ['champion', 'production'])),
        proposal(MODEL, 'mlModelTrainingData', {
          trainingData: [
            {
              dataset: TRANSACTIONS,
              motivation: 'Twelve months of card transactions.',
              preProcessing: ['Refunds dropped', 'Amounts scaled to the account currency'],
            },
            { dataset: LABELS, motivation: 'The labels: chargebacks filed within 90 days.' },
          ],
        }),
        proposal(MODEL, 'mlModelEvaluationData', { evaluationData: [{ dataset: HOLDOUT }] }),
        proposal(MODEL, 'deprecation', {
          deprecated: true,
          note: NOTE,
          decommissionTime: DECOMMISSION,
          actor: ACTOR,
          replacement: NEXT,
        }),
        proposal(NEXT, 'mlModelProperties', {
          description: 'The December retrain.',
          version: { versionTag: '8' },
          groups: [GROUP],
          customProperties: {},
          tags: [],
        }),
        proposal(NEXT, 'versionProperties', versionProperties(NEXT, '8', [])),
        proposal(TERM, 'glossaryTermInfo', {
          definition: 'A legacy classification.',
          termSource: 'INTERNAL',
        }),
        proposal(TERM, 'deprecation', { deprecated: true, note: '', actor: ACTOR }),
        proposal(KEPT, 'datasetProperties', { name: 'payments.kept', customProperties: {}, tags: [] }),
        proposal(KEPT, 'deprecation', { deprecated: false, note: 'Un-deprecated again.', actor: ACTOR }),
      ],
    });
    expect(written.status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers the GraphQL fields the page reads as DataHub v1.7.0 maps them', async () => {
    const answer = await server.graphql(
      `query ($urn: String!) { mlModel(urn: $urn) {
        versionProperties { versionSet { urn type } version { versionTag } aliases { versionTag } comment isLatest }
        trainingData { dataset motivation preProcessing }
        evaluationData { dataset motivation preProcessing }
        deprecation { deprecated note decommissionTime actor replacement { urn type ... on MLModel { name } } }
      } }`,
      { urn: MODEL },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.mlModel).toEqual({
      versionProperties: {
        versionSet: { urn: versionSetOf(MODEL), type: 'VERSION_SET' },
        version: { versionTag: '7' },
        aliases: [{ versionTag: 'champion' }, { versionTag: 'production' }],
        comment: null,
        isLatest: false,
      },
      trainingData: [
        {
          dataset: TRANSACTIONS,
          motivation: 'Twelve months of card transactions.',
          preProcessing: ['Refunds dropped', 'Amounts scaled to the account currency'],
        },
        { dataset: LABELS, motivation: 'The labels: chargebacks filed within 90 days.', preProcessing: null },
      ],
      evaluationData: [{ dataset: HOLDOUT, motivation: null, preProcessing: null }],
      deprecation: {
        deprecated: true,
        note: NOTE,
        decommissionTime: DECOMMISSION,
        actor: ACTOR,
        replacement: { urn: NEXT, type: 'MLMODEL', name: 'fraud-detector_8' },
      },
    });
    // Without the aspects: null, as MLModelMapper leaves the fields unset; a deprecation without a replacement too.
    const bare = await server.graphql(
      `{ mlModel(urn: "${NEXT}") { trainingData { dataset } evaluationData { dataset } deprecation { deprecated } }
         glossaryTerm(urn: "${TERM}") { deprecation { deprecated note replacement { urn } } } }`,
    );
    expect(bare.errors).toBeUndefined();
    expect(bare.data).toEqual({
      mlModel: { trainingData: null, evaluationData: null, deprecation: null },
      glossaryTerm: { deprecation: { deprecated: true, note: '', replacement: null } },
    });
  });

  it('reads back the SDK’s own versionProperties (its golden file) on the page: version, every alias', async () => {
    const { body, text } = await readPage(server, pagePath(SDK_MODEL));
    const version = part(body, /<span class="model-version">[\s\S]*?<\/ul>\s*<\/span>/);
    expect(version).toContain('<span class="version-tag">1.0.0</span>');
    const aliases = [...version.matchAll(/<span class="badge alias">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(aliases).toEqual(['test_model_v1', 'yolov5_coco', 'alias3']);
    expect(text).toContain('Hyper-parameter Value learning_rate 0.01 batch_size 32 epochs 100');
    expect(text).toContain('Metric Value accuracy 0.95 f1 0.92 precision 0.94');
    expect(body).not.toContain('class="banner warn deprecated"');
  });

  it('shows the version and aliases, the training and evaluation data as links, metrics and hyper-parameters as tables', async () => {
    const { body, text } = await readPage(server, pagePath(MODEL));
    expect(text).toMatch(/Version 7 champion production/);
    // mlModelProperties.version agrees with versionProperties: not shown twice.
    expect(text).not.toContain('Version in the model properties');

    const training = part(body, /<h2 id="training-data">[\s\S]*?<\/section>/);
    expect(training).toContain(`<a href="${pagePath(TRANSACTIONS)}">payments.transactions</a>`);
    expect(training).toContain(`<a href="${pagePath(LABELS)}">payments.chargebacks</a>`);
    expect(training).toContain('<p class="motivation">Twelve months of card transactions.</p>');
    expect(training).toMatch(/<li>Refunds dropped<\/li>\s*<li>Amounts scaled to the account currency<\/li>/);
    // A dataset the catalog does not hold: named from its URN, said to be missing, not linked to a 404.
    const evaluation = part(body, /<h2 id="evaluation-data">[\s\S]*?<\/section>/);
    expect(evaluation).toContain(
      '<span>payments.holdout</span> <span class="badge warn">not in the catalog</span>',
    );
    expect(evaluation).not.toContain(`href="${pagePath(HOLDOUT)}"`);

    const params = part(body, /<h2 id="hyper-parameters">[\s\S]*?<\/section>/);
    expect(params).toMatch(
      /<th scope="row">learning_rate<\/th>\s*<td data-label="Value" class="value">0.05<\/td>/,
    );
    const metrics = part(body, /<h2 id="training-metrics">[\s\S]*?<\/section>/);
    expect(metrics).toContain('<th scope="col">Description</th>');
    expect(metrics).toMatch(
      /auc<\/th>\s*<td[^>]*>0.931<\/td>\s*<td[^>]*>Area under the ROC curve on the holdout.<\/td>/,
    );
  });

  it('shows mlModelProperties.version for a model without versionProperties, and both when they differ', async () => {
    const only = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)';
    const differs = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn-2,PROD)';
    const written = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(only, 'mlModelProperties', { version: { versionTag: '3' }, customProperties: {}, tags: [] }),
        proposal(differs, 'mlModelProperties', {
          version: { versionTag: '4' },
          customProperties: {},
          tags: [],
        }),
        proposal(differs, 'versionProperties', versionProperties(differs, '5', [])),
      ],
    });
    expect(written.status).toBe(200);
    expect((await readPage(server, pagePath(only))).text).toMatch(/Version 3 /);
    const both = (await readPage(server, pagePath(differs))).text;
    expect(both).toMatch(/Version 5 Version in the model properties 4/);
  });

  it('shows a deprecation banner with the note, the day, who marked it, and a link to the replacement', async () => {
    const { body, text } = await readPage(server, pagePath(MODEL));
    const banner = part(body, /<div class="banner warn deprecated"[\s\S]*?<\/div>/);
    expect(banner).toContain(`Use <a href="${pagePath(NEXT)}">fraud-detector_8</a> instead.`);
    // Catalog text is escaped, never markup.
    expect(banner).toContain(
      'Replaced by the December retrain &lt;b&gt;with&lt;/b&gt; chargebacks &amp; refunds.',
    );
    expect(banner).toContain('To be decommissioned on 2027-01-31.');
    expect(banner).toContain(`Marked by <a href="${pagePath(ACTOR)}">catalog-bot</a>.`);
    // In the header, before the description.
    expect(text.indexOf('Deprecated.')).toBeLessThan(text.indexOf('Scores card transactions for fraud.'));
  });

  it('shows deprecation on other kinds of entity too, and none when the aspect says it is not deprecated', async () => {
    const term = await readPage(server, pagePath(TERM));
    const banner = part(term.body, /<div class="banner warn deprecated"[\s\S]*?<\/div>/);
    expect(banner).toContain('Do not build anything new on it.');
    expect(banner).not.toContain('deprecation-note');
    expect(banner).not.toContain('decommissioned');
    const kept = await readPage(server, pagePath(KEPT));
    expect(kept.body).not.toContain('banner warn deprecated');
    // The note of an entity that is no longer deprecated is only in its raw aspects, not in the header.
    expect(part(kept.body, /<header class="entity-header">[\s\S]*?<\/header>/)).not.toContain(
      'Un-deprecated',
    );
    expect((await readPage(server, pagePath(NEXT))).body).not.toContain('banner warn deprecated');
  });

  it('lists a group’s models with the version and aliases of each, and which are deprecated', async () => {
    const { body } = await readPage(server, pagePath(GROUP));
    const models = part(body, /<h2 id="models-in-this-group">[\s\S]*?<\/section>/);
    const text = pageText(models);
    expect(text).toBe(
      'Models in this group fraud-detector_7 deprecated 7 champion production fraud-detector_8 8',
    );
    expect(models).toContain(`<a href="${pagePath(MODEL)}">fraud-detector_7</a>`);
  });

  it('fits a phone and a desktop in a browser; the replacement link opens the replacement', async () => {
    const browser = await launchBrowser();
    try {
      for (const width of [390, 1280]) {
        const { page, problems } = await openPage(browser, width);
        await page.goto(`${server.url}${pagePath(MODEL)}`);
        const banner = page.getByRole('note', { name: 'Deprecated' });
        expect(await banner.isVisible()).toBe(true);
        expect(
          await page.getByRole('list', { name: 'Aliases' }).getByRole('listitem').allTextContents(),
        ).toEqual(['champion', 'production']);
        expect(await page.getByRole('link', { name: 'payments.transactions' }).isVisible()).toBe(true);
        expect(await page.getByRole('table').count()).toBe(2);
        expect(await scrollsSideways(page), `${width}px`).toBe(false);
        if (width === 390) {
          await screenshot(page, 'model-lifecycle-narrow');
        } else {
          mkdirSync(path.dirname(docsScreenshotPath('model-lifecycle.png')), { recursive: true });
          await page.screenshot({
            path: docsScreenshotPath('model-lifecycle.png'),
            fullPage: true,
          });
          await Promise.all([
            page.waitForURL(`**${pagePath(NEXT)}`),
            banner.getByRole('link', { name: 'fraud-detector_8' }).click(),
          ]);
          expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('fraud-detector_8');
        }
        expect(problems).toEqual([]);
        await page.context().close();
      }
    } finally {
      await browser.close();
    }
  });
});
