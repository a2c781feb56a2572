/**
 * The GraphQL operations DataHub's web app v1.7.0 sent on each page a steward uses, recorded from a real run
 * (test/fixtures/datahub-web-app-recordings, see its PROVENANCE.md), replayed on the same seeded catalog: every
 * operation answers without errors, each page's answers hold the catalog's data the page shows, and each
 * operation's depth and complexity, as GMS counts them (query-limits.ts), are the recorded ones and within GMS's
 * limits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATAHUB_QUERY_LIMITS } from '../../src/server/graphql/query-limits.js';
import { GROUP, MODEL_11, PII, TABLE, TX, TXN_COUNT } from '../helpers/example-urns.js';
import { APP_PAGES } from '../helpers/datahub-ui-pages.js';
import { measureOperation, type OperationLimits } from '../helpers/query-measure.js';
import { FRAUD_ML, ME, ML_PRIMARY_KEY, PAYMENTS, PRIYA, PRODUCTION, seedWebAppCatalog } from '../helpers/seeded-catalog.js'; // prettier-ignore
import { startTestServer, type TestServer } from '../helpers/server.js';

const DIR = 'test/fixtures/datahub-web-app-recordings';

interface Recorded {
  readonly operationName: string;
  readonly variables: Record<string, unknown>;
  readonly limits: OperationLimits;
}

interface Recording {
  readonly page: string;
  readonly operations: readonly Recorded[];
}

type Data = Record<string, any>;

function readRecording(name: string): Recording {
  return JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Recording;
}

function readDocument(operationName: string): string {
  return readFileSync(path.join(DIR, 'documents', `${operationName}.graphql`), 'utf8');
}

const urnsOf = (results: readonly { entity: { urn: string } }[] | undefined): string[] =>
  (results ?? []).map((result) => result.entity.urn);

/**
 * What each page's answers must hold: per operation name, a check of the answer's data that at least one answer
 * of that name on the page must pass (pages ask some operations more than once, with other variables).
 */
const PAGE_DATA: Readonly<Record<string, Readonly<Record<string, (data: Data) => void>>>> = {
  home: {
    getMe: (data) => expect(data['me'].corpUser.urn).toBe(ME),
    appConfig: (data) => expect(data['appConfig'].appVersion).toBe('v1.7.0'),
    // The home page's Domains module (asked for the home scenario; the search bar's asks get none).
    listRecommendations: (data) => {
      const modules: Data[] = data['listRecommendations'].modules;
      const domains = modules.find((module) => module['moduleId'] === 'Domains');
      expect(domains?.['content'][0].entity.urn).toBe(PAYMENTS);
    },
  },
  search: {
    getSearchResultsForMultiple: (data) =>
      expect(urnsOf(data['searchAcrossEntities'].searchResults)).toContain(MODEL_11),
    // The facets: each ask names its own (the filter bar asks for platform among others).
    aggregateAcrossEntities: (data) => {
      const facets: Data[] = data['aggregateAcrossEntities'].facets;
      expect(facets.length).toBeGreaterThan(0);
      const platform = facets.find((facet) => facet['field'] === 'platform');
      if (platform !== undefined) {
        expect(platform['aggregations'].map((aggregation: Data) => aggregation['value'])).toContain(
          'urn:li:dataPlatform:sagemaker',
        );
      }
    },
  },
  browse: {
    getBrowseResults: (data) =>
      expect(data['browse'].total + data['browse'].groups.length).toBeGreaterThan(0),
  },
  glossary: {
    getRootGlossaryNodes: (data) =>
      expect(data['getRootGlossaryNodes'].nodes.map((node: Data) => node['properties'].name)).toContain(
        'Classification',
      ),
  },
  'glossary-term': {
    getGlossaryTerm: (data) => {
      expect(data['glossaryTerm'].urn).toBe(PII);
      expect(data['glossaryTerm'].properties.description).toMatch(/^Personally identifiable information/);
    },
  },
  'glossary-node': {
    getGlossaryNode: (data) => expect(data['glossaryNode'].properties.name).toBe('Classification'),
  },
  tag: {
    getTag: (data) => {
      expect(data['tag'].urn).toBe(PRODUCTION);
      expect(data['tag'].properties.name).toBe('Production');
    },
  },
  domain: {
    getDomain: (data) => {
      expect(data['domain'].urn).toBe(PAYMENTS);
      expect(data['domain'].properties.name).toBe('Payments');
    },
  },
  'ml-model': {
    getMLModel: (data) => {
      const model = data['mlModel'];
      expect(model.urn).toBe(MODEL_11);
      expect(model.name).toBe('fraud-detector-2026-11');
      expect(model.properties.description).toMatch(/^November retrain/);
      // No aspect of DataHub's own is autoRender, so the app shows no aspect tabs (as on GMS).
      expect(model.autoRenderAspects).toEqual([]);
    },
  },
  'ml-model-group': {
    getMLModelGroup: (data) => {
      expect(data['mlModelGroup'].urn).toBe(GROUP);
      expect(data['mlModelGroup'].name).toBe('fraud-detector');
    },
  },
  'ml-feature-table': {
    getMLFeatureTable: (data) => {
      const table = data['mlFeatureTable'];
      expect(table.urn).toBe(TABLE);
      expect(table.properties.mlFeatures.map((feature: Data) => feature['urn'])).toContain(TXN_COUNT);
    },
  },
  'ml-feature': {
    getMLFeature: (data) => {
      expect(data['mlFeature'].urn).toBe(TXN_COUNT);
      expect(data['mlFeature'].name).toBe('txn_count_7d');
    },
  },
  'ml-primary-key': {
    getMLPrimaryKey: (data) => {
      expect(data['mlPrimaryKey'].urn).toBe(ML_PRIMARY_KEY);
      expect(data['mlPrimaryKey'].properties.description).toBe('The account id.');
    },
  },
  dataset: {
    getDataset: (data) => {
      expect(data['dataset'].urn).toBe(TX);
      // The data product that holds it, by name (DataProductMapper), not a bare URN.
      const products = data['dataset'].dataProduct.relationships.map((edge: Data) => edge['entity']);
      expect(products.map((product: Data) => product['properties']?.name)).toEqual(['Fraud signals']);
    },
    getDatasetSchema: (data) => {
      const fields: Data[] = data['dataset'].schemaMetadata.fields;
      expect(fields.map((field) => field['fieldPath'])).toContain('card_number');
      // Column terms live in editableSchemaMetadata, where GMS keeps those written through its API.
      const edited: Data[] = data['dataset'].editableSchemaMetadata.editableSchemaFieldInfo;
      const card = edited.find((field) => field['fieldPath'] === 'card_number');
      expect(card?.['glossaryTerms'].terms.map((term: Data) => term['term'].urn)).toContain(PII);
    },
  },
  user: {
    getUser: (data) => {
      expect(data['corpUser'].urn).toBe(PRIYA);
      expect(data['corpUser'].info.fullName).toBe('Priya Raman');
    },
  },
  group: {
    getGroup: (data) => {
      expect(data['corpGroup'].urn).toBe(FRAUD_ML);
      expect(data['corpGroup'].properties.displayName).toBe('Fraud ML');
    },
  },
};

describe("DataHub's web app v1.7.0 recorded on each page, replayed", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedWebAppCatalog(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('has a recording of every page the browser test visits, and every document they name', () => {
    const files = readdirSync(DIR).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual(
      APP_PAGES.map((page) => page.name).sort(),
    );
    expect(Object.keys(PAGE_DATA).sort()).toEqual(APP_PAGES.map((page) => page.name).sort());
  });

  for (const page of APP_PAGES) {
    it(`${page.name} (${page.path}): every operation answers without errors, with the page's data`, async () => {
      const recording = readRecording(page.name);
      expect(recording.page).toBe(page.path);
      const checks = PAGE_DATA[page.name] ?? {};
      const checked = new Set<string>();
      const failures = new Map<string, Error>();
      for (const operation of recording.operations) {
        const answer = await server.post(`/api/v2/graphql?operationName=${operation.operationName}`, {
          query: readDocument(operation.operationName),
          operationName: operation.operationName,
          variables: operation.variables,
        });
        expect(answer.status, operation.operationName).toBe(200);
        expect(answer.json.errors, operation.operationName).toBeUndefined();
        const check = checks[operation.operationName];
        if (check === undefined) continue;
        try {
          check(answer.json.data as Data);
          checked.add(operation.operationName);
        } catch (error) {
          failures.set(operation.operationName, error instanceof Error ? error : new Error(String(error)));
        }
      }
      // Each expectation is met by at least one answer of its operation (a page asks some operations several
      // times, for different parts: the search bar's search is not the results list's).
      for (const name of Object.keys(checks)) {
        if (!checked.has(name)) throw failures.get(name) ?? new Error(`the page sent no ${name}`);
      }
    });

    it(`${page.name}: each operation's depth and complexity are the recorded ones, within GMS's limits`, () => {
      for (const operation of readRecording(page.name).operations) {
        const measured = measureOperation(
          readDocument(operation.operationName),
          operation.operationName,
          operation.variables,
        );
        expect(measured, operation.operationName).toEqual(operation.limits);
        expect(measured.depth, operation.operationName).toBeLessThanOrEqual(DATAHUB_QUERY_LIMITS.depth);
        expect(measured.complexity, operation.operationName).toBeLessThanOrEqual(
          DATAHUB_QUERY_LIMITS.complexity,
        );
      }
    });
  }
});
