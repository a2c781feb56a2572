/**
 * Issue 19, item 4: an entity page shows a description edited in DataHub's UI as DataHub does (over the
 * manifest's), and says so beside it: who edited it and when, and what the manifest declares at which file:line and
 * revision (the provenance the reconciler records in the properties aspect's systemMetadata).
 * Screenshots: test-output/screenshots/shadowed-description{,-narrow}.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, scrollsSideways } from '../helpers/browser.js';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';
import { pageText, readPage } from './read-page.js';

const EDITED = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn-edited,PROD)';
const UNEDITED = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn-unedited,PROD)';
const SAME = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn-same,PROD)';
const BLANK = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn-blank,PROD)';
const UNMANAGED = 'urn:li:mlFeature:(churn,tenure_days)';
const REVISION = '0123456789abcdef0123456789abcdef01234567';
const DECLARED = 'Predicts churn from <usage> & billing.';
const UI_EDIT = 'Edited by a steward: predicts churn within 30 days.';

/** systemMetadata as the reconciler writes it (markerSystemMetadata + withProvenance in src/plan/ownership.ts). */
const provenance = (line: number) => ({
  systemMetadata: {
    lastObserved: 1,
    runId: 'catalog-test',
    properties: {
      clientId: 'catalog',
      managedBy: 'catalog',
      actor: 'urn:li:corpuser:catalog-bot',
      manifest: `catalog/models/churn.yaml:${line}`,
      gitRevision: REVISION,
    },
  },
});

/** The page's text with tags dropped and white space collapsed, and the shadowing notice's alone. */
async function readShadowedPage(
  server: TestServer,
  urn: string,
): Promise<{ text: string; notice: string | undefined }> {
  const { body } = await readPage(server, `/e/${encodeURIComponent(urn)}`);
  const notice = /<p class="banner warn shadowed"[^>]*>([\s\S]*?)<\/p>/.exec(body)?.[1];
  return { text: pageText(body, ''), notice: notice === undefined ? undefined : pageText(notice, '') };
}

describe('a description edited in DataHub’s UI, on the entity page', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const written = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(EDITED, 'mlModelProperties', { description: DECLARED, groups: [] }, provenance(3)),
        proposal(UNEDITED, 'mlModelProperties', { description: DECLARED, groups: [] }, provenance(20)),
        proposal(SAME, 'mlModelProperties', { description: UI_EDIT, groups: [] }, provenance(40)),
        proposal(BLANK, 'mlModelProperties', { description: DECLARED, groups: [] }, provenance(60)),
        proposal(UNMANAGED, 'mlFeatureProperties', { description: 'Days since sign-up.', sources: [] }),
      ],
    });
    expect(written.status).toBe(200);
    // As DataHub's UI saves a description: the updateDescription mutation (it writes the editable aspect).
    for (const urn of [EDITED, SAME, UNMANAGED]) {
      const edited = await server.graphql(
        'mutation Edit($input: DescriptionUpdateInput!) { updateDescription(input: $input) }',
        { input: { resourceUrn: urn, description: UI_EDIT } },
      );
      expect(edited).toMatchObject({ data: { updateDescription: true } });
    }
    // An edit cleared to blank: DataHub falls back to the properties' description.
    const cleared = await server.graphql(
      'mutation { updateDescription(input: {resourceUrn: "' + BLANK + '", description: "  "}) }',
    );
    expect(cleared).toMatchObject({ data: { updateDescription: true } });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('shows the UI edit and says who made it, and what the manifest declares at which file:line and revision', async () => {
    const { text, notice } = await readShadowedPage(server, EDITED);
    expect(text).toContain(UI_EDIT);
    expect(notice).toMatch(
      /^Shown from a UI edit by urn:li:corpuser:datahub on \d{4}-\d\d-\d\d \d\d:\d\d UTC \(editableMlModelProperties\), as DataHub shows it\. /,
    );
    expect(notice).toContain(
      `The manifest declares “${DECLARED}” at catalog/models/churn.yaml:3 (revision 0123456).`,
    );
  });

  it('shows no notice without an edit, with a blank edit, or with an edit equal to the manifest', async () => {
    for (const urn of [UNEDITED, BLANK, SAME]) {
      const { text, notice } = await readShadowedPage(server, urn);
      expect(notice, urn).toBeUndefined();
      expect(text, urn).not.toContain('Shown from a UI edit');
      expect(text, urn).toContain(urn === SAME ? UI_EDIT : DECLARED);
    }
  });

  it('says only that the edit shadows the properties when they carry no manifest provenance', async () => {
    const { text, notice } = await readShadowedPage(server, UNMANAGED);
    expect(text).toContain(UI_EDIT);
    expect(notice).toContain('Shown from a UI edit by urn:li:corpuser:datahub');
    expect(notice).toContain('(editableMlFeatureProperties), as DataHub shows it.');
    expect(notice).toContain('It shadows “Days since sign-up.” in mlFeatureProperties.');
    expect(notice).not.toContain('manifest');
  });

  it('shows the notice beside the description in a browser, on a phone and on a desktop', async () => {
    const browser = await launchBrowser();
    try {
      for (const width of [390, 1280]) {
        const { page, problems } = await openPage(browser, width);
        await page.goto(`${server.url}/e/${encodeURIComponent(EDITED)}`);
        const description = page.getByRole('region', { name: 'Description' });
        expect(await description.getByRole('note').textContent()).toContain('catalog/models/churn.yaml:3');
        expect(await scrollsSideways(page), `${width}px`).toBe(false);
        await screenshot(page, width === 390 ? 'shadowed-description-narrow' : 'shadowed-description');
        expect(problems).toEqual([]);
        await page.context().close();
      }
    } finally {
      await browser.close();
    }
  });
});
