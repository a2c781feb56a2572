/**
 * Stewards' edits through DataHub's own web app (v1.7.0) in Chromium over `catalog serve --datahub-ui`, on the
 * seeded catalog (issue 24 item 4): each edit is made as a steward makes it (the app's buttons, modals and
 * editors, found by DataHub's own data-testid attributes, the ones its Playwright suite at the release uses), and
 * then the stored aspect is read back through the server's Rest.li API: it must be what GMS stores.
 *
 * With DATAHUB_UI_RECORD=1 the mutations the app sent for each edit (operation name, document and variables) are
 * written to test/fixtures/datahub-web-app-recordings/edits/<edit>.json; test/server/steward-edits-plan.test.ts
 * replays them in `npm test` and shows what the tool's plan makes of them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { screenshot } from '../helpers/browser.js';
import {
  appUrn,
  EDIT_RECORDINGS,
  recordGraphQL,
  startDataHubUi,
  type DataHubUiSession,
  type GraphQLRecorder,
  type RecordedEdit,
  type StewardEdit,
} from '../helpers/datahub-ui-pages.js';
import { MODEL_10, MODEL_11, PII, TX } from '../helpers/example-urns.js';
import { PRIYA, PRODUCTION } from '../helpers/seeded-catalog.js';
import { encode, type TestServer } from '../helpers/server.js';

const TOKEN = 'datahub-ui-steward-edits-token-42';
const CONFIDENTIAL = 'urn:li:glossaryTerm:Classification.Confidential';
const TRAINING_DATA = 'urn:li:glossaryTerm:MLUsage.TrainingData';
const PCI = 'urn:li:tag:pci';

describe(`stewards' edits in DataHub's web app ${DATAHUB_RELEASE.tag}`, () => {
  let server: TestServer;
  let session: DataHubUiSession;
  let page: Page;
  const recorded = new Map<string, RecordedEdit>();

  /** The latest stored value of an aspect, read as any API client reads it (Rest.li, with the token). */
  const stored = async (urn: string, aspect: string): Promise<any> =>
    (
      await server.get(`/entitiesV2/${encode(urn)}?aspects=List(${aspect})`, {
        Authorization: `Bearer ${TOKEN}`,
      })
    ).json.aspects?.[aspect]?.value;

  /** Searches as the app does (GraphQL with the token), answering the first result's URN. */
  const findUrn = async (type: string, query: string): Promise<string> => {
    const answer = await server.post(
      '/api/graphql',
      {
        query: 'query($input: SearchInput!) { search(input: $input) { searchResults { entity { urn } } } }',
        variables: { input: { type, query, start: 0, count: 5 } },
      },
      { Authorization: `Bearer ${TOKEN}` },
    );
    return answer.json.data.search.searchResults[0].entity.urn as string;
  };

  /** Runs one steward edit in the app, keeping the mutations it sent (none may fail). */
  const edit = async (name: StewardEdit, steps: () => Promise<void>): Promise<void> => {
    const recorder: GraphQLRecorder = recordGraphQL(page);
    try {
      await steps();
    } catch (error) {
      await screenshot(page, `datahub-ui-edit-${name}-failed`);
      throw error;
    }
    await page.waitForLoadState('networkidle');
    recorder.stop();
    await recorder.settled();
    const mutations = recorder.operations.filter((operation) => /^\s*mutation\b/.test(operation.query));
    expect(mutations.length, `${name}: the app sent a mutation`).toBeGreaterThan(0);
    expect(mutations.filter((operation) => operation.errors !== undefined)).toEqual([]);
    recorded.set(name, {
      edit: name,
      operations: mutations.map(({ operationName, query, variables }) => ({
        operationName,
        query,
        variables,
      })),
    });
    await screenshot(page, `datahub-ui-edit-${name}`);
  };

  const visit = async (route: string, shows: string): Promise<void> => {
    await page.goto('about:blank');
    await page.goto(`${server.url}${route}`);
    await page.getByText(shows).first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
  };

  /** The tag or term modal (AddTagsModal / AddTermsModal): pick the option by its label, then add. */
  const pickInModal = async (label: string): Promise<void> => {
    await page.getByTestId('tag-term-modal-input').click();
    await page.getByTestId('dropdown-search-input').fill(label);
    // The option's test id carries the label the app shows (a tag's label is its id here, in lower case).
    await page
      .locator('[data-testid^="tag-term-option-"]')
      .filter({ hasText: new RegExp(`^${label}$`, 'i') })
      .first()
      .click();
    // The open dropdown covers the footer (DataHub's own Playwright page objects dispatch the click too).
    await page.getByTestId('add-tag-term-from-modal-btn').dispatchEvent('click');
    await page.getByTestId('add-tag-term-from-modal-btn').waitFor({ state: 'hidden' });
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
    if (process.env['DATAHUB_UI_RECORD'] === '1' && recorded.size > 0) {
      mkdirSync(EDIT_RECORDINGS, { recursive: true });
      for (const [name, recording] of recorded) {
        writeFileSync(path.join(EDIT_RECORDINGS, `${name}.json`), `${JSON.stringify(recording, null, 2)}\n`);
      }
    }
  });

  it("edits an ML model's documentation: stored in editableMlModelProperties, mlModelProperties untouched", async () => {
    const text = 'Retrained in October; a steward notes the label delay.';
    await visit(`/mlModels/${appUrn(MODEL_10)}/Documentation`, 'fraud-detector-2026-10');
    await edit('model-description', async () => {
      await page.getByTestId('edit-documentation-button').click();
      await page.waitForURL(/editing=true/);
      const editor = page.locator('.remirror-editor.ProseMirror[contenteditable="true"]');
      await editor.waitFor({ state: 'attached' });
      await editor.click({ force: true });
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(text);
      await page.getByTestId('description-editor-save-button').click();
      await page.getByText('Description Updated').first().waitFor();
    });
    const editable = await stored(MODEL_10, 'editableMlModelProperties');
    // EditableMLModelProperties has one field (DescriptionUtils sets only it).
    expect(editable).toEqual({ description: text });
    expect((await stored(MODEL_10, 'mlModelProperties')).description).toBe(
      'October retrain on 12 months of transactions.',
    );
  });

  it("edits a glossary term's definition: stored in glossaryTermInfo.definition, as GMS stores it", async () => {
    const text = 'Any data that identifies a person; a steward widened it.';
    await visit(`/glossaryTerm/${appUrn(PII)}`, 'PII');
    await edit('term-definition', async () => {
      // The term's Summary tab: its About section's editor (DataHub's DescriptionEditorPage drives the same).
      await page.getByTestId('edit-description-button').click();
      const editor = page.getByTestId('description-editor').getByRole('textbox');
      await editor.fill(text);
      await page.getByTestId('publish-button').click();
      await page.getByTestId('publish-button').waitFor({ state: 'hidden' });
    });
    expect((await stored(PII, 'glossaryTermInfo')).definition).toBe(text);
  });

  it('adds a tag to an ML model: a globalTags association', async () => {
    await visit(`/mlModels/${appUrn(MODEL_10)}`, 'fraud-detector-2026-10');
    await edit('add-tag', async () => {
      await page.locator('#entity-profile-tags').getByTestId('add-tags-button').click();
      await pickInModal('Production');
      await page.getByText('Added Tags!').first().waitFor();
    });
    expect(await stored(MODEL_10, 'globalTags')).toEqual({ tags: [{ tag: PRODUCTION }] });
  });

  it('removes a tag the tool declared from an ML model: gone from globalTags', async () => {
    await visit(`/mlModels/${appUrn(MODEL_11)}`, 'fraud-detector-2026-11');
    await edit('remove-tag', async () => {
      await page.getByTestId('tag-PCI scope').getByTestId('remove-icon').click();
      await page.getByTestId('modal-confirm-button').click();
      await page.getByText('Removed Tag!').first().waitFor();
    });
    const tags = (await stored(MODEL_11, 'globalTags')).tags.map((line: { tag: string }) => line.tag);
    expect(tags).toEqual([PRODUCTION]);
    expect(tags).not.toContain(PCI);
  });

  it('adds a glossary term to an ML model: a glossaryTerms association with the steward as auditor', async () => {
    await visit(`/mlModels/${appUrn(MODEL_10)}`, 'fraud-detector-2026-10');
    await edit('add-term', async () => {
      await page.locator('#entity-profile-glossary-terms').getByTestId('add-terms-button').click();
      await pickInModal('Training data');
      await page.getByText('Added Terms!').first().waitFor();
    });
    expect(await stored(MODEL_10, 'glossaryTerms')).toEqual({
      terms: [{ urn: TRAINING_DATA }],
      auditStamp: { time: expect.any(Number), actor: 'urn:li:corpuser:datahub' },
    });
  });

  it('removes a term the tool attached to a dataset: gone from glossaryTerms', async () => {
    await visit(`/dataset/${appUrn(TX)}`, 'transactions');
    await edit('remove-term', async () => {
      const term = page.locator('#entity-profile-glossary-terms').getByTestId('term-Confidential');
      await term.hover();
      await term.getByTestId('remove-icon').click();
      await page.getByTestId('modal-confirm-button').click();
      await page.getByText('Removed Term!').first().waitFor();
    });
    const terms = (await stored(TX, 'glossaryTerms')).terms.map((line: { urn: string }) => line.urn);
    expect(terms).not.toContain(CONFIDENTIAL);
    expect(terms).toContain('urn:li:glossaryTerm:Classification.Financial');
  });

  it('adds an owner to an ML model: an ownership line with its ownership type', async () => {
    await visit(`/mlModels/${appUrn(MODEL_10)}`, 'fraud-detector-2026-10');
    await edit('add-owner', async () => {
      await page.getByTestId('add-owners-button').first().click();
      await page.getByTestId('add-owners-select').waitFor();
      await page.getByTestId('add-owners-select-base').click({ force: true });
      await page.getByTestId('dropdown-search-input').fill('Priya');
      await page
        .getByTestId('add-owners-select-dropdown')
        .getByText('Priya Raman')
        .first()
        .click({ force: true });
      // The picker's dropdown stays open over the modal's buttons after a choice: the button is clicked through it.
      await page.getByTestId('modal-add-owner-button').click({ force: true });
      await page.getByText('Owners Added').first().waitFor();
    });
    // The app sends only the ownership type's urn; GMS then stores the legacy `type` as NONE
    // (OwnerUtils.addOwnersToResources at v1.7.0: `input.getType() != null ? … : OwnershipType.NONE`).
    expect(await stored(MODEL_10, 'ownership')).toMatchObject({
      owners: [{ owner: PRIYA, type: 'NONE', typeUrn: 'urn:li:ownershipType:__system__technical_owner' }],
    });
  });

  it('adds a link to an ML model: an institutionalMemory element', async () => {
    const url = 'https://wiki.example.com/fraud/october-retrain';
    await visit(`/mlModels/${appUrn(MODEL_10)}/Documentation`, 'fraud-detector-2026-10');
    await edit('add-link', async () => {
      await page.getByTestId('add-related-button').click();
      await page.getByText('Add link').click();
      await page.getByTestId('url-input').fill(url);
      await page.getByTestId('label-input').fill('Retrain notes');
      await page.getByTestId('link-form-modal-submit-button').click();
      await page.getByTestId('related-list').locator(`a[href="${url}"]`).first().waitFor();
    });
    expect(await stored(MODEL_10, 'institutionalMemory')).toMatchObject({
      elements: [{ url, description: 'Retrain notes', createStamp: { actor: 'urn:li:corpuser:datahub' } }],
    });
  });

  it('creates a term group and a term in it: glossaryNodeInfo and glossaryTermInfo with the parent', async () => {
    await visit('/glossary', 'Classification');
    await edit('create-term-group', async () => {
      await page.getByTestId('add-term-group-button-v2').and(page.locator(':visible')).click();
      await page.getByTestId('create-glossary-entity-modal-name').getByRole('textbox').fill('Retention');
      await page.getByTestId('glossary-entity-modal-create-button').click();
      await page.getByText('Created Term Group!').first().waitFor();
    });
    const created = recorded
      .get('create-term-group')!
      .operations.find((op) => op.operationName === 'createGlossaryNode');
    expect(created).toBeDefined();
    const nodeUrn = await findUrn('GLOSSARY_NODE', 'Retention');
    expect(await stored(nodeUrn, 'glossaryNodeInfo')).toMatchObject({ name: 'Retention', definition: '' });

    await visit(`/glossaryNode/${appUrn(nodeUrn)}/Contents`, 'Retention');
    await edit('create-term', async () => {
      await page.getByTestId('Contents-entity-tab-header').click();
      await page.getByTestId('add-term-button').and(page.locator(':visible')).click();
      await page.getByTestId('create-glossary-entity-modal-name').getByRole('textbox').fill('Seven years');
      await page.getByTestId('glossary-entity-modal-create-button').click();
      await page.getByText('Created Glossary Term!').first().waitFor();
    });
    const termUrn = await findUrn('GLOSSARY_TERM', 'Seven years');
    expect(await stored(termUrn, 'glossaryTermInfo')).toMatchObject({
      name: 'Seven years',
      parentNode: nodeUrn,
      termSource: 'INTERNAL',
    });
  });
});
