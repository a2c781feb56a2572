/**
 * Replays of the web app's queries of search, lineage and datasets (test/server/datahub-web-app.test.ts): search,
 * autocomplete, lineage search, facets, scrolling, a dataset's page and its tabs, and browsing, each with the
 * variables the app sends and what the seeded catalog must answer.
 */
import { expect } from 'vitest';
import { MODEL_11, TABLE, TX, TXN_COUNT, USERS } from './example-urns.js';
import { HIVE, ME, PAYMENTS, PRODUCT, TIME_RANGE_START, WAREHOUSE } from './seeded-catalog.js';
import { searchInput, lineageInput, SEARCH_FLAGS, type Replay } from './web-app-replays.js';

export const SEARCH_REPLAYS: Readonly<Record<string, Replay>> = {
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
};
