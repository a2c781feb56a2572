/**
 * DataHub's own web app against the embedded catalog (issue 17 items 3 and 4). Every GraphQL operation of the app
 * at the reference release (test/fixtures/datahub-web-react) must validate against the served schema; and the
 * queries of the pages this catalog serves data for (ML entities, the glossary, search and browse, tags, datasets,
 * users and groups, domains, platforms, `me` and `appConfig`) are replayed with the variables the app sends, on a
 * catalog seeded through the real write paths (the example catalog reconciled, DataHub ingestion output, Rest.li
 * proposals), and must answer without errors and with the seeded data.
 */
import { OperationTypeNode, print, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchema } from '../../src/server/graphql/graphql-endpoint.js';
import { readWebAppOperations } from '../helpers/datahub-web-app.js';
import { MODEL_11, TX, TXN_COUNT } from '../helpers/example-urns.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ME, PAYMENTS, WAREHOUSE, seedWebAppCatalog } from '../helpers/seeded-catalog.js';
import { ENTITY_REPLAYS } from '../helpers/web-app-entity-replays.js';
import { replayedQueries, rootField, type Replay } from '../helpers/web-app-replays.js';
import { SEARCH_REPLAYS } from '../helpers/web-app-search-replays.js';

/** Every replayed query: the variables the app sends, and what the seeded catalog must answer. */
const REPLAYS: Readonly<Record<string, Replay>> = { ...ENTITY_REPLAYS, ...SEARCH_REPLAYS };

/**
 * Queries of other files of the app that the catalog answers too: the home page's panels (answered as a fresh
 * DataHub answers them), privileges, entities and lineage, containers. Selected by name.
 */
const ALSO_REPLAYED: Readonly<Record<string, Replay>> = {
  listOwnershipTypes: {
    variables: { input: { start: 0, count: 10 } },
    expect: (result) =>
      expect(result.ownershipTypes.map((t: any) => t.info.name)).toEqual(['Technical Owner', 'Business Owner', 'Data Steward', 'None', 'Model Validator']), // prettier-ignore
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
    // The root user's on a dataset: DataHub's policy 1 (EDIT_ENTITY covers every edit) and every user's.
    expect: (result) => expect(result.privileges).toEqual(expect.arrayContaining(['EDIT_ENTITY', 'VIEW_ENTITY_PAGE', 'VIEW_DATASET_PROFILE'])), // prettier-ignore
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
