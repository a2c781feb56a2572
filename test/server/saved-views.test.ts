/**
 * Saved views as DataHub v1.7.0 keeps them (resolvers/view, ViewService, DataHubViewMapper): created, listed,
 * changed and deleted through GraphQL with DataHub's privileges (a personal view by its creator alone, a global one
 * with MANAGE_GLOBAL_VIEWS), the default views (global settings and the user's own), and a search with `viewUrn`
 * scoped to the view's entity types and filter (SearchUtils.intersectEntityTypes and combineFilters).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'saved-views-test-server-token-0123456789';
const USERS = ['datahub', 'editor'].map((username) => ({ username, password: `${username}-pw` }));
const TERM = 'urn:li:glossaryTerm:ViewsTerm';
const TAGGED = 'urn:li:dataset:(urn:li:dataPlatform:hive,views_tagged,PROD)';
const WITH_TERM = 'urn:li:dataset:(urn:li:dataPlatform:hive,views_with_term,PROD)';
const PLAIN = 'urn:li:dataset:(urn:li:dataPlatform:hive,views_plain,PROD)';
const CHART = 'urn:li:chart:(looker,views_chart)';

const VIEW_FIELDS = `urn type viewType name description
  definition { entityTypes filter { operator filters { field condition values negated } } }`;
const CREATE = `mutation ($input: CreateViewInput!) { createView(input: $input) { ${VIEW_FIELDS} } }`;
const UPDATE = `mutation ($urn: String!, $input: UpdateViewInput!) { updateView(urn: $urn, input: $input) { ${VIEW_FIELDS} } }`; // prettier-ignore
const DELETE = 'mutation ($urn: String!) { deleteView(urn: $urn) }';
const GET = `query ($urn: String!) { view(urn: $urn) { ${VIEW_FIELDS} } }`;
const MY_VIEWS = `query ($viewType: DataHubViewType, $query: String) {
  listMyViews(input: { viewType: $viewType, start: 0, count: 10, query: $query }) { start count total views { urn name viewType } } }`; // prettier-ignore
const GLOBAL_VIEWS = `{ listGlobalViews(input: { start: 0, count: 10 }) { total views { urn name } } }`;
const SEARCH = `query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) {
  total searchResults { entity { urn } } } }`;

describe('saved views', () => {
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  const sessions = new Map<string, string>();
  const graphql = async (user: string, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions.get(user) ?? '' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as any;
  };
  const create = async (user: string, input: Record<string, unknown>) => graphql(user, CREATE, { input });
  const search = async (input: Record<string, unknown>): Promise<string[]> => {
    const answer = await graphql('datahub', SEARCH, { input: { query: '*', start: 0, count: 50, ...input } });
    return answer.data.searchAcrossEntities.searchResults.map((result: any) => result.entity.urn).sort();
  };
  const termView = {
    viewType: 'PERSONAL',
    name: 'Has the term',
    description: 'Assets with the views term',
    definition: {
      entityTypes: [],
      filter: { operator: 'AND', filters: [{ field: 'glossaryTerms', values: [TERM] }] },
    },
  };

  beforeAll(async () => {
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    server = await startTestServer({ users: USERS, token: TOKEN, datahubUi: bundle.dir });
    const seeded = await server.post(
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          proposal('urn:li:corpuser:editor', 'roleMembership', { roles: ['urn:li:dataHubRole:Editor'] }),
          proposal(TERM, 'glossaryTermInfo', { name: 'ViewsTerm', definition: 'd', termSource: 'INTERNAL' }),
          proposal(WITH_TERM, 'glossaryTerms', {
            terms: [{ urn: TERM }],
            auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' },
          }),
          proposal(CHART, 'glossaryTerms', {
            terms: [{ urn: TERM }],
            auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' },
          }),
          proposal(TAGGED, 'globalTags', { tags: [{ tag: 'urn:li:tag:views' }] }),
          proposal(PLAIN, 'status', { removed: false }),
        ],
      },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(seeded.status).toBe(200);
    for (const { username, password } of USERS) {
      const response = await fetch(`${server.url}/logIn`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(response.status).toBe(200);
      sessions.set(username, response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')); // prettier-ignore
    }
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  it('creates a personal view, answers it as DataHubViewMapper maps it, and lists it for its creator alone', async () => {
    const created = (await create('editor', termView)).data.createView;
    expect(created).toEqual({
      urn: expect.stringMatching(/^urn:li:dataHubView:[0-9a-f-]{36}$/),
      type: 'DATAHUB_VIEW',
      viewType: 'PERSONAL',
      name: 'Has the term',
      description: 'Assets with the views term',
      definition: {
        entityTypes: [],
        filter: { operator: 'AND', filters: [{ field: 'glossaryTerms', condition: 'EQUAL', values: [TERM], negated: false }] }, // prettier-ignore
      },
    });
    expect((await graphql('datahub', GET, { urn: created.urn })).data.view).toEqual(created);
    const aspect = await server.get(
      `/aspects/${encodeURIComponent(created.urn)}?aspect=dataHubViewInfo&version=0`,
      { Authorization: `Bearer ${TOKEN}` },
    );
    const info = aspect.json.aspect['com.linkedin.view.DataHubViewInfo'];
    expect(info.definition).toEqual({
      entityTypes: [],
      filter: {
        or: [{ and: [{ field: 'glossaryTerms', condition: 'EQUAL', negated: false, values: [TERM] }] }],
      },
    });
    expect(info.created.actor).toBe('urn:li:corpuser:editor');

    const mine = (await graphql('editor', MY_VIEWS)).data.listMyViews;
    expect(mine).toEqual({ start: 0, count: 10, total: 1, views: [{ urn: created.urn, name: 'Has the term', viewType: 'PERSONAL' }] }); // prettier-ignore
    expect((await graphql('editor', MY_VIEWS, { viewType: 'GLOBAL' })).data.listMyViews.total).toBe(0);
    expect((await graphql('editor', MY_VIEWS, { query: 'term' })).data.listMyViews.total).toBe(1);
    expect((await graphql('editor', MY_VIEWS, { query: 'nothing like it' })).data.listMyViews.total).toBe(0);
    expect((await graphql('datahub', MY_VIEWS)).data.listMyViews.total).toBe(0);
    expect((await graphql('datahub', GLOBAL_VIEWS)).data.listGlobalViews.total).toBe(0);
    // Views are not among the entities a search of the catalog finds.
    expect(await search({})).not.toContain(created.urn);
    await graphql('editor', DELETE, { urn: created.urn });
  });

  it('lets only its creator change or delete a personal view, and MANAGE_GLOBAL_VIEWS holders a global one', async () => {
    expect((await create('editor', { ...termView, viewType: 'GLOBAL' })).errors[0]).toMatchObject({
      message: 'Unauthorized to perform this action. Please contact your DataHub administrator.',
      extensions: { code: 403 },
    });
    const personal = (await create('datahub', termView)).data.createView.urn;
    expect((await graphql('editor', UPDATE, { urn: personal, input: { name: 'x' } })).errors[0].extensions.code).toBe(403); // prettier-ignore
    expect((await graphql('editor', DELETE, { urn: personal })).errors[0].extensions.code).toBe(403);

    const global = (await create('datahub', { ...termView, viewType: 'GLOBAL', name: 'Everyone' })).data.createView; // prettier-ignore
    expect((await graphql('editor', GLOBAL_VIEWS)).data.listGlobalViews).toEqual({ total: 1, views: [{ urn: global.urn, name: 'Everyone' }] }); // prettier-ignore
    expect((await graphql('editor', UPDATE, { urn: global.urn, input: { name: 'x' } })).errors[0].extensions.code).toBe(403); // prettier-ignore

    const renamed = await graphql('datahub', UPDATE, {
      urn: global.urn,
      input: { name: 'Tagged or termed', definition: { entityTypes: ['DATASET'], filter: { operator: 'OR', filters: [
        { field: 'tags', values: ['urn:li:tag:views'] },
        { field: 'glossaryTerms', values: [TERM], negated: true, condition: 'EQUAL' },
      ] } } }, // prettier-ignore
    });
    expect(renamed.data.updateView).toMatchObject({
      name: 'Tagged or termed',
      description: 'Assets with the views term',
      definition: {
        entityTypes: ['DATASET'],
        filter: {
          operator: 'OR',
          filters: [
            { field: 'tags', condition: 'EQUAL', values: ['urn:li:tag:views'], negated: false },
            { field: 'glossaryTerms', condition: 'EQUAL', values: [TERM], negated: true },
          ],
        },
      },
    });
    const missing = await graphql('datahub', DELETE, { urn: 'urn:li:dataHubView:missing' });
    expect(missing.errors[0]).toMatchObject({
      message: 'Failed to modify View. View with urn urn:li:dataHubView:missing does not exist.',
      extensions: { code: 400 },
    });
    expect((await graphql('datahub', DELETE, { urn: global.urn })).data.deleteView).toBe(true);
    expect((await graphql('datahub', GET, { urn: global.urn })).data.view).toBeNull();
    expect((await graphql('datahub', GLOBAL_VIEWS)).data.listGlobalViews.total).toBe(0);
    expect((await graphql('datahub', DELETE, { urn: personal })).data.deleteView).toBe(true);
  });

  it('keeps the global default view and the user’s own, and clears them', async () => {
    const view = (await create('datahub', { ...termView, viewType: 'GLOBAL' })).data.createView.urn;
    const globalDefault = '{ globalViewsSettings { defaultView } }';
    const setGlobal = 'mutation ($urn: String) { updateGlobalViewsSettings(input: { defaultView: $urn }) }';
    expect((await graphql('datahub', globalDefault)).data.globalViewsSettings).toEqual({ defaultView: null });
    expect((await graphql('editor', setGlobal, { urn: view })).errors[0].extensions.code).toBe(403);
    expect((await graphql('datahub', setGlobal, { urn: view })).data.updateGlobalViewsSettings).toBe(true);
    expect((await graphql('editor', globalDefault)).data.globalViewsSettings).toEqual({ defaultView: view });
    // The settings written are DataHub's global settings (its boot defaults merged in) with the default view.
    const stored = await server.get(`/aspects/${encodeURIComponent('urn:li:globalSettings:0')}?aspect=globalSettingsInfo&version=0`, { Authorization: `Bearer ${TOKEN}` }); // prettier-ignore
    expect(stored.json.aspect['com.linkedin.settings.global.GlobalSettingsInfo']).toEqual({
      views: { defaultView: view },
      docPropagation: { enabled: true, columnPropagationEnabled: true },
      homePage: { defaultTemplate: 'urn:li:dataHubPageTemplate:home_default_1' },
    });
    expect((await graphql('datahub', setGlobal, { urn: null })).data.updateGlobalViewsSettings).toBe(true);
    expect((await graphql('datahub', globalDefault)).data.globalViewsSettings).toEqual({ defaultView: null });
    // Deleting the global default view clears the global default (the reference goes with the view).
    const doomed = (await create('datahub', { ...termView, viewType: 'GLOBAL' })).data.createView.urn;
    await graphql('datahub', setGlobal, { urn: doomed });
    await graphql('datahub', DELETE, { urn: doomed });
    expect((await graphql('datahub', globalDefault)).data.globalViewsSettings).toEqual({ defaultView: null });

    const mine = '{ me { corpUser { settings { appearance { showSimplifiedHomepage } views { defaultView { urn } } } } } }'; // prettier-ignore
    const setMine = 'mutation ($urn: String) { updateCorpUserViewsSettings(input: { defaultView: $urn }) }';
    expect((await graphql('editor', setMine, { urn: view })).data.updateCorpUserViewsSettings).toBe(true);
    expect((await graphql('editor', mine)).data.me.corpUser.settings).toEqual({
      appearance: { showSimplifiedHomepage: false },
      views: { defaultView: { urn: view } },
    });
    expect((await graphql('datahub', mine)).data.me.corpUser.settings.views).toBeNull();
    await graphql('editor', setMine, { urn: null });
    expect((await graphql('editor', mine)).data.me.corpUser.settings.views).toEqual({ defaultView: null });
    await graphql('datahub', DELETE, { urn: view });
  });

  it('scopes a search with viewUrn to the view’s entity types and filter, joined to the request’s', async () => {
    const termed = (await create('editor', termView)).data.createView.urn;
    expect(await search({ viewUrn: termed })).toEqual([CHART, WITH_TERM].sort());
    expect(await search({ viewUrn: termed, types: ['DATASET'] })).toEqual([WITH_TERM]);
    // The request's filter and the view's both hold.
    const tagFilter = [{ and: [{ field: 'tags', values: ['urn:li:tag:views'] }] }];
    expect(await search({ viewUrn: termed, orFilters: tagFilter })).toEqual([]);

    const datasetsOr = (
      await create('editor', {
        ...termView,
        definition: { entityTypes: ['DATASET'], filter: { operator: 'OR', filters: [
          { field: 'tags', values: ['urn:li:tag:views'] },
          { field: 'glossaryTerms', values: [TERM] },
        ] } }, // prettier-ignore
      })
    ).data.createView.urn;
    expect(await search({ viewUrn: datasetsOr })).toEqual([TAGGED, WITH_TERM].sort());
    expect(await search({ viewUrn: datasetsOr, orFilters: tagFilter })).toEqual([TAGGED]);
    // No type in common: nothing is searched.
    const none = await graphql('datahub', SEARCH, {
      input: { query: '*', viewUrn: datasetsOr, types: ['CHART'] },
    });
    expect(none.data.searchAcrossEntities).toEqual({ total: 0, searchResults: [] });
    // A view that does not exist is ignored.
    expect(await search({ viewUrn: 'urn:li:dataHubView:missing', types: ['DATASET'] })).toEqual([PLAIN, TAGGED, WITH_TERM].sort()); // prettier-ignore

    const aggregate = await graphql(
      'datahub',
      'query ($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field aggregations { value count } } } }', // prettier-ignore
      { input: { query: '*', viewUrn: termed, facets: ['_entityType'] } },
    );
    expect(aggregate.data.aggregateAcrossEntities.facets[0].aggregations).toEqual([
      { value: 'CHART', count: 1 },
      { value: 'DATASET', count: 1 },
    ]);
    const scroll = await graphql(
      'datahub',
      'query ($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { total searchResults { entity { urn } } } }', // prettier-ignore
      { input: { query: '*', viewUrn: datasetsOr, count: 10 } },
    );
    expect(scroll.data.scrollAcrossEntities.total).toBe(2);
    const suggest = await graphql(
      'datahub',
      'query ($input: AutoCompleteMultipleInput!) { autoCompleteForMultiple(input: $input) { suggestions { type entities { urn } } } }', // prettier-ignore
      { input: { query: 'views', viewUrn: datasetsOr, limit: 10 } },
    );
    const suggested = suggest.data.autoCompleteForMultiple.suggestions.flatMap((group: any) => group.entities.map((entity: any) => entity.urn)); // prettier-ignore
    expect(suggested.sort()).toEqual([TAGGED, WITH_TERM].sort());
    // getEntityCounts and browseV2 join the view's filter alone: the request's types are kept.
    const counts = await graphql(
      'datahub',
      'query ($input: EntityCountInput) { getEntityCounts(input: $input) { counts { entityType count } } }',
      { input: { types: ['DATASET', 'CHART'], viewUrn: termed } },
    );
    expect(counts.data.getEntityCounts.counts).toEqual([
      { entityType: 'DATASET', count: 1 },
      { entityType: 'CHART', count: 1 },
    ]);
    const browse = await graphql(
      'datahub',
      'query ($input: BrowseV2Input!) { browseV2(input: $input) { total groups { name count } } }',
      { input: { type: 'DATASET', path: [], start: 0, count: 10, viewUrn: datasetsOr } },
    );
    const browsed = browse.data.browseV2.groups.reduce((sum: number, group: any) => sum + group.count, 0);
    expect(browsed).toBe(2);
  });
});
