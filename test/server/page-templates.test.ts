/**
 * The home page's layout as DataHub v1.7.0 answers it: the global settings name the template GMS bootstraps
 * (boot/global_settings.json, bootstrap_mcps/page-templates.yaml and page-modules.yaml), PageTemplateMapper and
 * PageModuleMapper map a template and its modules, and the user's personal template resolves the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const STAMP = { time: 1_700_000_000_000, actor: 'urn:li:corpuser:datahub' };
const PERSONAL = 'urn:li:dataHubPageTemplate:personal_1';
const LINK = 'urn:li:dataHubPageModule:docs_link';
const GONE = 'urn:li:dataHubPageModule:never_written';

// The app's PageTemplate fragment (datahub-web-react/src/graphql/template.graphql), with the audit stamps.
const TEMPLATE = `urn type properties {
  rows { modules { urn type exists properties { name type visibility { scope }
    params { richTextParams { content } assetCollectionParams { assetUrns dynamicFilterJson }
      linkParams { linkUrl imageUrl description } hierarchyViewParams { assetUrns showRelatedEntities } } } } }
  assetSummary { summaryElements { elementType } }
  surface { surfaceType } visibility { scope }
  created { time actor { urn } } lastModified { time } }`;
const HOME_SETTINGS = `{ globalHomePageSettings { defaultTemplate { ${TEMPLATE} } } }`;

describe('page templates and modules', () => {
  let server: TestServer;
  const ingest = async (proposals: unknown[]) =>
    expect((await server.post('/aspects?action=ingestProposalBatch', { proposals })).status).toBe(200);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers the bootstrapped home page template as the global default: Your Assets, then Domains and Platforms', async () => {
    const answer = await server.graphql(HOME_SETTINGS);
    expect(answer.errors).toBeUndefined();
    const template = answer.data.globalHomePageSettings.defaultTemplate;
    expect(template).toMatchObject({
      urn: 'urn:li:dataHubPageTemplate:home_default_1',
      type: 'DATAHUB_PAGE_TEMPLATE',
      properties: {
        assetSummary: null,
        surface: { surfaceType: 'HOME_PAGE' },
        visibility: { scope: 'GLOBAL' },
      },
    });
    expect(template.properties.created.actor.urn).toBe('urn:li:corpuser:__datahub_system');
    const noParams = { richTextParams: null, assetCollectionParams: null, linkParams: null, hierarchyViewParams: null }; // prettier-ignore
    const module = (id: string, name: string, type: string) => ({
      urn: `urn:li:dataHubPageModule:${id}`,
      type: 'DATAHUB_PAGE_MODULE',
      exists: true,
      properties: { name, type, visibility: { scope: 'GLOBAL' }, params: noParams },
    });
    expect(template.properties.rows).toEqual([
      { modules: [module('your_assets', 'Your Assets', 'OWNED_ASSETS')] },
      {
        modules: [module('top_domains', 'Domains', 'DOMAINS'), module('platforms', 'Platforms', 'PLATFORMS')],
      },
    ]);
    const platforms = await server.graphql(`{ entityExists(urn: "urn:li:dataHubPageModule:platforms") }`);
    expect(platforms.data.entityExists).toBe(true);
  });

  it("answers the user's personal template with its modules; a module never written reads as DataHub's placeholder", async () => {
    await ingest([
      proposal(LINK, 'dataHubPageModuleProperties', {
        name: 'Docs',
        type: 'LINK',
        visibility: { scope: 'PERSONAL' },
        params: { linkParams: { linkUrl: 'https://docs.example.com', description: 'Our docs' } },
        created: STAMP,
        lastModified: STAMP,
      }),
      proposal(PERSONAL, 'dataHubPageTemplateProperties', {
        rows: [{ modules: [LINK, GONE] }],
        surface: { surfaceType: 'HOME_PAGE' },
        visibility: { scope: 'PERSONAL' },
        created: STAMP,
        lastModified: STAMP,
      }),
      proposal('urn:li:corpuser:datahub', 'corpUserSettings', {
        appearance: { showSimplifiedHomepage: false },
        homePage: { pageTemplate: PERSONAL },
      }),
    ]);
    const answer = await server.graphql(
      `{ me { corpUser { settings { homePage { pageTemplate { ${TEMPLATE} } } } } } }`,
    );
    expect(answer.errors).toBeUndefined();
    const template = answer.data.me.corpUser.settings.homePage.pageTemplate;
    expect(template.urn).toBe(PERSONAL);
    expect(template.properties.created).toEqual({ time: STAMP.time, actor: { urn: STAMP.actor } });
    const [link, gone] = template.properties.rows[0].modules;
    expect(link).toMatchObject({
      urn: LINK,
      exists: true,
      properties: {
        name: 'Docs',
        type: 'LINK',
        visibility: { scope: 'PERSONAL' },
        params: {
          linkParams: { linkUrl: 'https://docs.example.com', imageUrl: null, description: 'Our docs' },
        },
      },
    });
    // PageModuleMapper.setDefaultModule: the app asks `exists` and leaves the module out.
    expect(gone).toMatchObject({
      urn: GONE,
      exists: false,
      properties: { name: '', type: 'OWNED_ASSETS', visibility: { scope: 'GLOBAL' } },
    });
  });

  it('answers the template the stored global settings name, and null for one that has no properties', async () => {
    const settings = (defaultTemplate: string) =>
      proposal('urn:li:globalSettings:0', 'globalSettingsInfo', { homePage: { defaultTemplate } });
    await ingest([settings(PERSONAL)]);
    const named = await server.graphql(HOME_SETTINGS);
    expect(named.data.globalHomePageSettings.defaultTemplate.urn).toBe(PERSONAL);

    await ingest([settings('urn:li:dataHubPageTemplate:deleted')]);
    const missing = await server.graphql(HOME_SETTINGS);
    expect(missing.errors).toBeUndefined();
    expect(missing.data.globalHomePageSettings).toEqual({ defaultTemplate: null });
  });
});
