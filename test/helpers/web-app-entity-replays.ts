/**
 * Replays of the web app's queries of the pages of entities (test/server/datahub-web-app.test.ts): the app's start
 * (configuration, counts, settings, the signed-in user), ML entities, the glossary, tags, users and groups,
 * domains and platforms, each with the variables the app sends and what the seeded catalog must answer.
 */
import { expect } from 'vitest';
import { GROUP, MODEL_11, PII, TABLE, TXN_COUNT } from './example-urns.js';
import {
  CLASSIFICATION,
  FRAUD_ML,
  HIVE,
  ME,
  ML_PRIMARY_KEY,
  PAYMENTS,
  PRIYA,
  PRODUCTION,
  REVENUE,
} from './seeded-catalog.js';
import { type Replay } from './web-app-replays.js';

export const ENTITY_REPLAYS: Readonly<Record<string, Replay>> = {
  appConfig: {
    variables: {},
    expect: (config) => {
      expect(config.appVersion).toBe('v1.7.0');
      expect(config.featureFlags).toMatchObject({ showBrowseV2: true, platformBrowseV2: true, nestedDomainsEnabled: true, themeV2Default: true, readOnlyModeEnabled: false }); // prettier-ignore
      expect(config.searchBarConfig.apiVariant).toBe('SEARCH_ACROSS_ENTITIES');
      expect(config.visualConfig.queriesTab.queriesTabResultSize).toBe(5);
      expect(config.viewsConfig.enabled).toBe(true);
      expect(config.policiesConfig.platformPrivileges.map((p: any) => p.type)).toContain('MANAGE_GLOSSARIES');
      expect(config.policiesConfig.resourcePrivileges.map((p: any) => p.resourceType)).toContain('dataset');
    },
  },
  getEntityCounts: {
    variables: { input: { types: ['DATASET', 'MLMODEL', 'MLFEATURE', 'GLOSSARY_TERM', 'TAG'] } },
    expect: (counts) =>
      expect(Object.fromEntries(counts.counts.map((c: any) => [c.entityType, c.count]))).toMatchObject({
        DATASET: expect.any(Number),
        MLMODEL: 2,
        TAG: 2,
      }),
  },
  getGlobalViewsSettings: { variables: {}, expect: (settings) => expect(settings.defaultView).toBeNull() },
  getDocPropagationSettings: {
    variables: {},
    expect: (settings) => expect(settings.docColumnPropagation).toBe(false),
  },
  // boot/global_settings.json names the template page-templates.yaml bootstraps: Your Assets, then Domains and Platforms.
  getHomePageSettings: {
    variables: {},
    expect: (settings) => {
      expect(settings.defaultTemplate).toMatchObject({ urn: 'urn:li:dataHubPageTemplate:home_default_1', type: 'DATAHUB_PAGE_TEMPLATE' }); // prettier-ignore
      const rows = settings.defaultTemplate.properties.rows.map((row: any) => row.modules.map((m: any) => m.properties.type)); // prettier-ignore
      expect(rows).toEqual([['OWNED_ASSETS'], ['DOMAINS', 'PLATFORMS']]);
    },
  },
  getLatestProductUpdate: {
    variables: {},
    nullRoot: 'the product-update feed is fetched from datahub.com; without it DataHub answers null',
  },
  getMe: {
    variables: {},
    expect: (me) => {
      expect(me.corpUser).toMatchObject({ urn: ME, username: 'datahub', type: 'CORP_USER' });
      expect(me.corpUser.info.displayName).toBe('DataHub');
      expect(me.corpUser.settings.appearance.showSimplifiedHomepage).toBe(false);
      // The root user's privileges under DataHub's default policies (policy 0 and every user's policy 7).
      expect(me.platformPrivileges).toMatchObject({ managePolicies: true, manageGlossaries: true, manageTokens: true, createTags: true, manageTags: true, generatePersonalAccessTokens: true }); // prettier-ignore
      expect(me.platformPrivileges.viewManageTags).toBe(false);
    },
  },
  getMLFeature: {
    variables: { urn: TXN_COUNT },
    expect: (feature) => {
      expect(feature).toMatchObject({ urn: TXN_COUNT, name: 'txn_count_7d', featureNamespace: 'transaction_features' }); // prettier-ignore
      expect(feature.properties.description).toBeTruthy();
    },
  },
  getMLFeatureTable: {
    variables: { urn: TABLE },
    expect: (table) => {
      expect(table.name).toBe('transaction_features');
      expect(table.properties.mlFeatures.map((f: any) => f.urn)).toContain(TXN_COUNT);
    },
  },
  getMLModel: {
    variables: { urn: MODEL_11 },
    expect: (model) => {
      expect(model.name).toBe('fraud-detector-2026-11');
      expect(model.description).toBe('November retrain; adds the merchant risk score.');
      expect(model.properties.groups.map((g: any) => g.urn)).toEqual([GROUP]);
      expect(model.properties.mlFeatures).toHaveLength(5);
      expect(model.tags.tags.map((t: any) => t.tag.urn)).toContain(PRODUCTION);
    },
  },
  getMLModelGroup: {
    variables: { urn: GROUP },
    expect: (group) => {
      expect(group.name).toBe('fraud-detector');
      expect(group.description).toBe('Every training run of the card-fraud detector.');
      expect(group.incoming.total).toBe(2);
      expect(group.properties).toMatchObject({ name: 'fraud-detector' });
      const owners = group.ownership.owners.map((o: any) => [o.owner.urn, o.ownershipType.info.name]);
      expect(owners).toContainEqual(['urn:li:corpuser:priya', 'Business Owner']);
    },
  },
  getMLPrimaryKey: {
    variables: { urn: ML_PRIMARY_KEY },
    expect: (key) => expect(key.name).toBe('user_id'),
  },
  getRootGlossaryTerms: {
    variables: {},
    expect: (root) => expect(root.terms.map((t: any) => t.urn)).toEqual([REVENUE]),
  },
  getRootGlossaryNodes: {
    variables: {},
    expect: (root) => expect(root.nodes.map((n: any) => n.urn)).toContain(CLASSIFICATION),
  },
  getRelatedTerms: {
    variables: { urn: 'urn:li:glossaryTerm:Classification.Email' },
    expect: (term) => expect(term.isRelatedTerms.relationships.map((r: any) => r.entity.urn)).toEqual([PII]),
  },
  getGlossaryNode: {
    variables: { urn: CLASSIFICATION },
    expect: (node) => {
      expect(node.properties.name).toBe('Classification');
      expect(node.childrenCount).toEqual({ termsCount: 5, nodesCount: 0 });
      expect(node.privileges.canManageEntity).toBe(true);
    },
  },
  getGlossaryNodeWithChildren: {
    variables: { urn: CLASSIFICATION },
    expect: (node) => expect(node.children.relationships.map((r: any) => r.entity.urn)).toContain(PII),
  },
  getGlossaryTerm: {
    variables: { urn: PII, start: 0, count: 10 },
    expect: (term) => {
      expect(term.name).toBe('PII');
      expect(term.parentNodes.nodes.map((n: any) => n.urn)).toEqual([CLASSIFICATION]);
      expect(term.properties.description).toMatch(/^Personally identifiable/);
      expect(term.properties.createdOn.time).toBeGreaterThan(0);
    },
  },
  getTag: {
    variables: { urn: PRODUCTION },
    expect: (tag) => {
      expect(tag.name).toBe('production');
      expect(tag.properties).toMatchObject({ name: 'Production', colorHex: '#2E7D32' });
    },
  },
  getUser: {
    variables: { urn: PRIYA, groupsCount: 20 },
    expect: (user) => {
      expect(user.info.displayName).toBe('Priya Raman');
      expect(user.groups.relationships.map((r: any) => r.entity.urn)).toEqual([FRAUD_ML]);
    },
  },
  getUserGroups: { variables: { urn: PRIYA, start: 0, count: 20 } },
  getUserGroupsUrns: { variables: { urn: PRIYA, start: 0, count: 20 } },
  listUsers: {
    variables: { input: { start: 0, count: 25, query: '*' } },
    expect: (result) =>
      expect(result.users.map((u: any) => u.urn)).toEqual(expect.arrayContaining([ME, PRIYA])),
  },
  searchUsers: {
    variables: { input: { types: [], query: 'priya', start: 0, count: 10 } },
    expect: (result) => expect(result.searchResults.map((r: any) => r.entity.urn)).toEqual([PRIYA]),
  },
  getUsers: { variables: { urns: [ME, PRIYA] } },
  getUserOwnedAssets: {
    variables: { urns: [PRIYA] },
    expect: (result) => expect(result.searchResults.map((r: any) => r.entity.urn)).toContain(GROUP),
  },
  getGroup: {
    variables: { urn: FRAUD_ML, membersCount: 20 },
    expect: (group) => {
      expect(group.info.displayName).toBe('Fraud ML');
      expect(group.relationships.relationships.map((r: any) => r.entity.urn)).toEqual([PRIYA]);
    },
  },
  getAllGroupMembers: { variables: { urn: FRAUD_ML, start: 0, count: 20 } },
  getGroupMembers: { variables: { urn: FRAUD_ML, start: 0, count: 20 } },
  getNativeGroupMembers: { variables: { urn: FRAUD_ML, start: 0, count: 20 } },
  listGroups: {
    variables: { input: { start: 0, count: 25, query: '*' } },
    expect: (result) => expect(result.groups.map((g: any) => g.urn)).toContain(FRAUD_ML),
  },
  getDomain: {
    variables: { urn: PAYMENTS },
    expect: (domain) => {
      expect(domain.properties.name).toBe('Payments');
      // The dataset and the data product in the domain; the product also counted on its own.
      expect(domain.entities.total).toBe(2);
      expect(domain.dataProducts.total).toBe(1);
    },
  },
  listDomains: {
    variables: { input: { start: 0, count: 1000 } },
    expect: (result) => expect(result.domains.map((d: any) => d.urn)).toEqual([PAYMENTS]),
  },
  scrollAcrossDomains: {
    variables: { input: { types: ['DOMAIN'], query: '*', count: 10, orFilters: [] } },
    expect: (result) => expect(result.searchResults).toHaveLength(2),
  },
  getDomainChildrenCount: {
    variables: { urn: PAYMENTS },
    expect: (domain) => expect(domain.children.total).toBe(1),
  },
  getDomainEntitySummary: {
    variables: { urn: PAYMENTS },
    expect: (result) => expect(result.facets.length).toBeGreaterThan(0),
  },
  getDataPlatform: {
    variables: { urn: HIVE },
    expect: (platform) => expect(platform.properties.displayName).toBe('Hive'),
  },
  getDataPlatforms: { variables: { urns: [HIVE, 'urn:li:dataPlatform:feast'] } },
};
