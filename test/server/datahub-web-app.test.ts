/**
 * DataHub's own web app against the embedded catalog (issue 17 items 3 and 4). Every GraphQL operation of the app
 * at the reference release (test/fixtures/datahub-web-react) must validate against the served schema; and the
 * queries of the pages this catalog serves data for (ML entities, the glossary, search and browse, tags, datasets,
 * users and groups, domains, platforms, `me` and `appConfig`) are replayed with the variables the app sends, on a
 * catalog seeded through the real write paths (the example catalog reconciled, DataHub ingestion output, Rest.li
 * proposals), and must answer without errors and with the seeded data.
 */
import { Kind, OperationTypeNode, print, validate, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchema } from '../../src/server/graphql/graphql-endpoint.js';
import { readWebAppOperations, type WebAppOperation } from '../helpers/datahub-web-app.js';
import { GROUP, MODEL_11, PII, TABLE, TX, TXN_COUNT, USERS } from '../helpers/example-urns.js';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';
import {
  CLASSIFICATION, FRAUD_ML, HIVE, ME, ML_PRIMARY_KEY, PAYMENTS, PRIYA, PRODUCT, PRODUCTION, REVENUE,
  TIME_RANGE_START, WAREHOUSE, seedWebAppCatalog,
} from '../helpers/seeded-catalog.js'; // prettier-ignore

/** The files of the app whose queries are replayed (each `<name>.graphql`). */
const REPLAYED_FILES = [
  'app', 'me', 'mlFeature', 'mlFeatureTable', 'mlModel', 'mlModelGroup', 'mlPrimaryKey', 'glossary',
  'glossaryNode', 'glossaryTerm', 'search', 'tag', 'dataset', 'browse', 'browseV2', 'scroll', 'user', 'group',
  'domain', 'dataPlatform',
]; // prettier-ignore

/** The search flags the app sends with its search pages. */
const SEARCH_FLAGS = { getSuggestions: true, includeStructuredPropertyFacets: true };
const searchInput = (query: string, types: string[] = [], count = 10) => ({
  types,
  query,
  start: 0,
  count,
  filters: [],
  orFilters: [],
  searchFlags: SEARCH_FLAGS,
});
const lineageInput = (count = 10) => ({
  urn: TX,
  direction: 'DOWNSTREAM',
  types: [],
  query: '*',
  start: 0,
  count,
  orFilters: [{ and: [{ field: 'degree', values: ['1', '2', '3+'] }] }],
  lineageFlags: {},
});

type Variables = Record<string, unknown>;
interface Replay {
  readonly variables: Variables;
  /** What the answer must hold beyond "no errors, the root field answered" (the root field's value). */
  readonly expect?: (root: any) => void;
  /** Why the root field answers null, as DataHub's does here; every other root field must answer. */
  readonly nullRoot?: string;
}

/** Every replayed query: the variables the app sends, and what the seeded catalog must answer. */
const REPLAYS: Readonly<Record<string, Replay>> = {
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
  getHomePageSettings: { variables: {}, expect: (settings) => expect(settings.defaultTemplate).toBeNull() },
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
      expect(Object.values(me.platformPrivileges).every((granted) => granted === true)).toBe(true);
      expect(me.platformPrivileges.manageGlossaries).toBe(true);
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
  getAutoCompleteResults: {
    variables: { input: { type: 'MLFEATURE', query: 'txn', limit: 10 } },
    expect: (result) => expect(result.suggestions.length).toBeGreaterThan(0),
  },
  getAutoCompleteMultipleResults: {
    variables: { input: { query: 'fraud', limit: 10, orFilters: [] } },
    expect: (result) => expect(result.suggestions.map((s: any) => s.type)).toContain('MLMODEL'),
  },
  getSearchResults: {
    variables: { input: { type: 'MLFEATURE', query: '*', start: 0, count: 10, filters: [] } },
    expect: (result) => expect(result.total).toBeGreaterThan(0),
  },
  getSearchResultsForMultiple: {
    variables: { input: searchInput('txn', [], 20) },
    expect: (result) => {
      expect(result.searchResults.map((r: any) => r.entity.urn)).toContain(TXN_COUNT);
      const feature = result.searchResults.find((r: any) => r.entity.urn === TXN_COUNT).entity;
      expect(feature.upstream.total).toBe(1); // derived from the transactions
      expect(feature.downstream.total).toBe(2); // consumed by both models
      expect(result.facets.map((f: any) => f.field)).toEqual(
        expect.arrayContaining(['_entityType', 'platform']),
      );
    },
  },
  getSearchResultsForMultipleTrimmed: {
    variables: { input: searchInput('fraud', ['MLMODEL', 'MLMODEL_GROUP']) },
    expect: (result) => expect(result.searchResults).toHaveLength(3),
  },
  getEntitySearchResultsAutoCompleteFields: {
    variables: { input: searchInput('profile', ['DATASET']) },
    expect: (result) => expect(result.searchResults.map((r: any) => r.entity.urn)).toContain(USERS),
  },
  getSearchCount: {
    variables: { input: { types: ['GLOSSARY_TERM'], query: '*', count: 0 } },
    expect: (result) => expect(result.total).toBeGreaterThan(2),
  },
  // Downstream of the transactions: the features derived from it (1 hop), the models consuming them (2 hops).
  searchAcrossLineage: {
    variables: { input: lineageInput(), includeAssertions: false },
    expect: (result) => {
      const degrees = Object.fromEntries(result.searchResults.map((r: any) => [r.entity.urn, r.degree]));
      expect(degrees).toMatchObject({ [TXN_COUNT]: 1, [MODEL_11]: 2 });
    },
  },
  searchAcrossLineageCount: {
    variables: { input: lineageInput(0) },
    expect: (result) => expect(result.total).toBeGreaterThanOrEqual(4),
  },
  searchAcrossLineageStructure: {
    variables: { input: lineageInput(100) },
    expect: (result) => expect(result.searchResults.length).toBe(result.total),
  },
  aggregateAcrossLineage: {
    variables: { input: lineageInput(0) },
    expect: (result) =>
      expect(result.facets.find((f: any) => f.field === '_entityType').aggregations.map((a: any) => a.value)).toEqual(expect.arrayContaining(['MLFEATURE', 'MLMODEL'])), // prettier-ignore
  },
  getEntityMentionNode: {
    variables: { urn: MODEL_11 },
    expect: (entity) => expect(entity.urn).toBe(MODEL_11),
  },
  getEntityDisplayName: {
    variables: { urn: TABLE },
    expect: (entity) => expect(entity.name).toBe('transaction_features'),
  },
  aggregateAcrossEntities: {
    variables: {
      input: { types: [], query: '*', facets: ['_entityType', '_entityType␞typeNames', 'platform'], orFilters: [], searchFlags: { maxAggValues: 100 } }, // prettier-ignore
    },
    expect: (result) => {
      const types = result.facets.find((f: any) => f.field === '_entityType');
      expect(types.aggregations.map((a: any) => a.value)).toEqual(
        expect.arrayContaining(['MLMODEL', 'DATASET']),
      );
    },
  },
  listDataProductAssets: {
    variables: { urn: PRODUCT, input: { query: '*', start: 0, count: 10, orFilters: [] } },
    expect: (result) => expect(result.searchResults.map((r: any) => r.entity.urn)).toEqual([TX]),
  },
  scrollAcrossEntities: {
    variables: { input: { types: ['MLFEATURE'], query: '*', count: 5, orFilters: [], searchFlags: SEARCH_FLAGS } }, // prettier-ignore
    expect: (result) => {
      expect(result.count).toBe(5);
      expect(result.nextScrollId).toEqual(expect.any(String));
    },
  },
  getTag: {
    variables: { urn: PRODUCTION },
    expect: (tag) => {
      expect(tag.name).toBe('production');
      expect(tag.properties).toMatchObject({ name: 'Production', colorHex: '#2E7D32' });
    },
  },
  getDataProfiles: {
    variables: { urn: TX, limit: 1 },
    expect: (dataset) => {
      expect(dataset.datasetProfiles).toHaveLength(1);
      expect(dataset.datasetProfiles[0]).toMatchObject({ rowCount: 1200, columnCount: 6, timestampMillis: TIME_RANGE_START }); // prettier-ignore
      expect(dataset.datasetProfiles[0].fieldProfiles[0]).toMatchObject({
        fieldPath: 'amount',
        max: '990.0',
      });
    },
  },
  getDataset: {
    variables: { urn: TX },
    expect: (dataset) => {
      expect(dataset.name).toBe('payments.transactions');
      expect(dataset.platform.urn).toBe(HIVE);
      expect(dataset.domain.domain.urn).toBe(PAYMENTS);
      expect(dataset.container.urn).toBe(WAREHOUSE);
    },
  },
  getRecentQueries: { variables: { urn: TX } },
  getLastMonthUsageAggregations: { variables: { urn: TX } },
  getTimeRangeUsageAggregations: { variables: { urn: TX, timeRange: 'MONTH' } },
  getDatasetAssertions: { variables: { urn: TX } },
  getDatasetRuns: { variables: { urn: TX, start: 0, count: 20, direction: 'OUTGOING' } },
  getDatasetSchema: {
    variables: { urn: USERS },
    expect: (dataset) => expect(dataset.schemaMetadata.fields.length).toBeGreaterThan(0),
  },
  getExternalRoles: { variables: { urn: TX } },
  getOperations: {
    variables: { urn: TX, limit: 10 },
    expect: (dataset) =>
      expect(dataset.operations).toEqual([expect.objectContaining({ operationType: 'INSERT', actor: ME })]),
  },
  getOperationsStatsBuckets: {
    variables: {
      urn: TX,
      input: { range: 'MONTH', timeZone: 'Europe/Amsterdam' },
    },
  },
  getDatasetTimeseriesCapability: { variables: { urn: TX } },
  getOperationsStats: { variables: { urn: TX, range: 'MONTH' } },
  getDatasetAssertionsWithRunEvents: { variables: { urn: TX } },
  getBrowsePaths: {
    variables: { input: { type: 'DATASET', urn: TX } },
    expect: (paths) => expect(paths).toEqual([{ path: ['prod', 'hive', 'payments'] }]),
  },
  getBrowseResults: {
    variables: { input: { type: 'DATASET', path: ['prod', 'hive'], start: 0, count: 10, filters: null } },
    expect: (result) => expect(result.groups.map((g: any) => g.name)).toContain('payments'),
  },
  getBrowseResultsV2: {
    variables: { input: { type: 'DATASET', path: [], start: 0, count: 10, orFilters: [], query: '*' } },
    expect: (result) => {
      expect(result.groups.map((g: any) => g.name)).toContain(WAREHOUSE);
      expect(result.metadata.totalNumEntities).toBeGreaterThan(0);
    },
  },
  getDownloadScrollResults: {
    variables: { input: { types: [], query: '*', count: 100, orFilters: [] } },
    expect: (result) => expect(result.searchResults.length).toBeGreaterThan(10),
  },
  getDownloadScrollAcrossLineageResults: {
    variables: { input: { ...lineageInput(100), start: undefined, scrollId: null } },
    expect: (result) => expect(result.searchResults.map((r: any) => r.entity.urn)).toContain(TXN_COUNT),
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

/**
 * Queries of other files of the app that the catalog answers too: the home page's panels (answered as a fresh
 * DataHub answers them), privileges, entities and lineage, containers. Selected by name.
 */
const ALSO_REPLAYED: Readonly<Record<string, Replay>> = {
  listOwnershipTypes: {
    variables: { input: { start: 0, count: 10 } },
    expect: (result) =>
      expect(result.ownershipTypes.map((t: any) => t.info.name)).toEqual(['Technical Owner', 'Business Owner', 'Data Steward', 'None']), // prettier-ignore
  },
  listPosts: {
    variables: { input: { start: 0, count: 10 } },
    expect: (result) => expect(result.total).toBe(0),
  },
  getQuickFilters: { variables: { input: {} }, expect: (result) => expect(result.quickFilters).toEqual([]) },
  listRecommendations: {
    variables: { input: { userUrn: ME, requestContext: { scenario: 'HOME' }, limit: 10 } },
    // DomainsCandidateSource: the domains holding entities, with their counts (the dataset and the data product).
    expect: (result) => {
      expect(result.modules.map((m: any) => m.moduleId)).toEqual(['Domains']);
      expect(result.modules[0].content.map((c: any) => [c.entity.urn, c.params.contentParams.count])).toEqual([[PAYMENTS, 2]]); // prettier-ignore
    },
  },
  listMyViews: { variables: { start: 0, count: 10, viewType: 'PERSONAL' }, expect: (r) => expect(r.views).toEqual([]) }, // prettier-ignore
  listGlobalViews: {
    variables: { start: 0, count: 10 },
    expect: (result) => expect(result.views).toEqual([]),
  },
  getGrantedPrivileges: {
    variables: { input: { actorUrn: ME, resourceSpec: { resourceType: 'DATASET', resourceUrn: TX } } },
    expect: (result) => expect(result.privileges).toEqual(expect.arrayContaining(['EDIT_ENTITY_TAGS', 'VIEW_DATASET_PROFILE'])), // prettier-ignore
  },
  getEntity: { variables: { urn: MODEL_11 }, expect: (entity) => expect(entity.urn).toBe(MODEL_11) },
  getEntities: {
    variables: { urns: [MODEL_11, TXN_COUNT], checkForExistence: true },
    expect: (entities) => expect(entities.map((e: any) => e.urn)).toEqual([MODEL_11, TXN_COUNT]),
  },
  getLineageCounts: {
    variables: { urn: TXN_COUNT, separateSiblings: false, excludeUpstream: false, excludeDownstream: false },
    expect: (entity) => {
      expect(entity.upstream.total).toBe(1);
      expect(entity.downstream.total).toBe(2);
    },
  },
  getSearchAcrossLineageCounts: {
    variables: { urn: TXN_COUNT },
    expect: (result) => expect(result.total).toBe(1), // upstream: the transactions
  },
  getContainer: {
    variables: { urn: WAREHOUSE },
    expect: (container) => {
      expect(container.properties.name).toBe('warehouse');
      expect(container.entities.total).toBe(1);
    },
  },
  getContainerEntitySummary: {
    variables: { urn: WAREHOUSE },
    expect: (result) => {
      const nested = result.facets.find((f: any) => f.field === '_entityType␞typeNames');
      expect(nested.aggregations.map((a: any) => a.value)).toContain('DATASET␞Table');
    },
  },
};

/** Queries not replayed, each with why. */
const NOT_REPLAYED: Readonly<Record<string, string>> = {
  getPresignedUploadUrl:
    'needs S3 file storage (documentationFileUploadV1); DataHub without S3 configured refuses it too',
};

function replayedQueries(): WebAppOperation[] {
  const files = new Set(REPLAYED_FILES.map((name) => `${name}.graphql`));
  return readWebAppOperations().filter(
    (op) => files.has(op.file) && op.operation.operation === OperationTypeNode.QUERY,
  );
}

function rootField(operation: OperationDefinitionNode): string {
  const first = operation.selectionSet.selections[0];
  if (first?.kind !== Kind.FIELD) throw new Error(`${operation.name?.value}: no root field`);
  return first.alias?.value ?? first.name.value;
}

describe("DataHub's web-app operations", () => {
  it('all validate against the served schema', () => {
    const operations = readWebAppOperations();
    expect(operations.length).toBeGreaterThan(300);
    const invalid = operations.flatMap((op) =>
      validate(catalogSchema(), op.document).map((error) => `${op.file} ${op.name}: ${error.message}`),
    );
    expect(invalid).toEqual([]);
  });

  it('the replay table covers every query of the replayed files, and nothing else', () => {
    const names = replayedQueries().map((op) => op.name);
    const elsewhere = readWebAppOperations().filter((op) => ALSO_REPLAYED[op.name] !== undefined);
    expect(elsewhere.map((op) => op.name).sort()).toEqual(Object.keys(ALSO_REPLAYED).sort());
    expect(names.length).toBeGreaterThan(70);
    expect([...names].sort()).toEqual([...Object.keys(REPLAYS), ...Object.keys(NOT_REPLAYED)].sort());
  });
});

describe("DataHub's web-app queries on a seeded catalog", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedWebAppCatalog(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const also = readWebAppOperations().filter(
    (op) => op.operation.operation === OperationTypeNode.QUERY && ALSO_REPLAYED[op.name] !== undefined,
  );
  for (const op of [...replayedQueries(), ...also]) {
    const replay = REPLAYS[op.name] ?? ALSO_REPLAYED[op.name];
    if (replay === undefined) continue;
    it(`${op.file} ${op.name}`, async () => {
      const answer = await server.post('/api/graphql', {
        query: print(op.document),
        operationName: op.name,
        variables: replay.variables,
      });
      expect(answer.status).toBe(200);
      expect(answer.json.errors).toBeUndefined();
      const root = answer.json.data?.[rootField(op.operation)];
      expect(root).toBeDefined();
      if (replay.nullRoot !== undefined) expect(root).toBeNull();
      else expect(root, 'the root field answers').not.toBeNull();
      replay.expect?.(root);
    });
  }
});

describe('scrolling as the app does', () => {
  it('follows nextScrollId through every page once, then stops', async () => {
    const server = await startTestServer();
    try {
      const features = Array.from({ length: 7 }, (_, index) => `urn:li:mlFeature:(scroll,f${index})`);
      await server.post('/aspects?action=ingestProposalBatch', {
        proposals: features.map((urn) => proposal(urn, 'mlFeatureProperties', { description: 'scrolled' })),
      });
      const seen: string[] = [];
      let scrollId: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const answer = await server.graphql(
          'query($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn } } } }', // prettier-ignore
          { input: { types: ['MLFEATURE'], query: '*', count: 3, scrollId } },
        );
        const page = answer.data.scrollAcrossEntities;
        expect(page.total).toBe(7);
        seen.push(...page.searchResults.map((result: any) => result.entity.urn));
        scrollId = page.nextScrollId;
        if (scrollId === null) break;
      }
      expect([...seen].sort()).toEqual([...features].sort());
    } finally {
      await server.close();
    }
  });
});

describe("the app's owner picker (ActorsSearchSelect)", () => {
  // userSearchUtils.getUserFilters at v1.7.0: users that are active, or that have a display name.
  const userFilters = [
    { and: [{ field: 'active', values: ['true'] }] },
    { and: [{ field: 'displayName', condition: 'EXISTS' }] },
  ];
  const picker = readWebAppOperations().find((op) => op.name === 'getAutoCompleteMultipleResults');

  it('finds users and groups by name with the filters the app adds', async () => {
    const server = await startTestServer();
    try {
      await seedWebAppCatalog(server);
      const found = async (query: string): Promise<string[]> => {
        const answer = await server.post('/api/graphql', {
          query: print(picker!.document),
          operationName: picker!.name,
          variables: {
            input: { types: ['CORP_USER', 'CORP_GROUP'], query, limit: 10, orFilters: userFilters },
          },
        });
        expect(answer.json.errors).toBeUndefined();
        return answer.json.data.autoCompleteForMultiple.suggestions.flatMap((suggestion: any) =>
          suggestion.entities.map((entity: any) => entity.urn),
        );
      };
      expect(await found('Priya')).toContain(PRIYA);
      expect(await found('Fraud')).toContain(FRAUD_ML);
    } finally {
      await server.close();
    }
  });
});
