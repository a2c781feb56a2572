import { buildSchema, getOperationAST, parse } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { releaseSchema, requestErrors } from '../../test/helpers/graphql-request-errors.js';
import type { DesiredState } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import type { LiveEntity, LiveState } from '../model/live-state.js';
import { catalogSchema } from '../server/graphql/graphql-endpoint.js';
import { DATAHUB_QUERY_LIMITS, measureQuery } from '../server/graphql/query-limits.js';
import { readDataHubSdl } from '../server/graphql/schema-sdl.js';
import {
  incomingEdgesRequest,
  readIncomingEdges,
  readRenameReferrers,
  referrerReadRequest,
  renamedUrnsToRead,
} from './read-incoming-edges.js';
import type { RestliClient } from './restli-client.js';
import { MATRIX_RELEASES } from './server-capabilities.js';

const OLD = 'urn:li:glossaryTerm:Classification.Location';
const NEW = 'urn:li:glossaryTerm:Classification.GeoLocation';
const GONE = 'urn:li:glossaryTerm:Classification.Gone';
const CLICKS = 'urn:li:dataset:(urn:li:dataPlatform:kafka,clickstream.events,PROD)';
const PROFILE = 'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)';
const LEGACY = 'urn:li:glossaryTerm:Legacy.Address';
const PRODUCT = 'urn:li:dataProduct:legacy';

function errorsAgainst(schema: GraphQLSchema): string[] {
  return requestErrors(schema, incomingEdgesRequest([OLD, CLICKS], 1000));
}

describe('the readIncomingEdges document', () => {
  it("validates against DataHub v1.7.0's schema, variables included", () => {
    expect(errorsAgainst(buildSchema(readDataHubSdl()))).toEqual([]);
  });

  it.each(MATRIX_RELEASES)('validates against DataHub %s (the compatibility matrix)', (tag) => {
    expect(errorsAgainst(releaseSchema(tag))).toEqual([]);
  });

  it("stays within GMS's depth and complexity limits", () => {
    const request = incomingEdgesRequest([OLD], 1000);
    const document = parse(request.query);
    const measured = measureQuery(catalogSchema(), document, getOperationAST(document)!, request.variables);
    expect(measured.depth).toBeLessThanOrEqual(DATAHUB_QUERY_LIMITS.depth);
    expect(measured.complexity).toBeLessThanOrEqual(DATAHUB_QUERY_LIMITS.complexity);
  });
});

type Edge = readonly [source: string, relationship: string, destination: string];

/** Answers the document as DataHub does from a list of edges; records each request's URNs. */
function fakeGraphql(edges: readonly Edge[], answer: { fail?: boolean; errors?: string[] } = {}) {
  const calls: string[][] = [];
  return {
    calls,
    executeRaw(
      _query: string,
      variables: JsonObject,
    ): Promise<{ data: JsonObject | undefined; errors: { message: string }[] }> {
      const urns = variables['urns'] as string[];
      const count = variables['count'] as number;
      const types = variables['types'] as string[];
      calls.push(urns);
      if (answer.fail === true) return Promise.reject(new Error('Validation error: no field relationships'));
      const entities = urns.map((urn) => {
        const related = edges
          .filter(([, type, destination]) => destination === urn && types.includes(type))
          .map(([source, type]) => ({ type, entity: { urn: source } }));
        return { urn, relationships: { total: related.length, relationships: related.slice(0, count) } };
      });
      return Promise.resolve({
        data: { entities },
        errors: (answer.errors ?? []).map((message) => ({ message })),
      });
    },
  };
}

describe('readIncomingEdges', () => {
  const edges: Edge[] = [
    [CLICKS, 'TermedWith', OLD],
    [CLICKS, 'EditableSchemaFieldWithGlossaryTerm', OLD],
    [LEGACY, 'IsRelatedTo', OLD],
    [PRODUCT, 'DataProductContains', GONE],
    [PROFILE, 'SomethingElse', OLD],
  ];

  it('reads the incoming edges of the URNs in one request per chunk, sorted, only the relationships it knows', async () => {
    const graphql = fakeGraphql(edges);
    const read = await readIncomingEdges(graphql, [OLD, GONE, OLD], { chunkSize: 1 });
    expect(graphql.calls).toEqual([[GONE], [OLD]]);
    expect(read.edges).toEqual([
      { source: PRODUCT, relationship: 'DataProductContains', destination: GONE },
      { source: CLICKS, relationship: 'EditableSchemaFieldWithGlossaryTerm', destination: OLD },
      { source: CLICKS, relationship: 'TermedWith', destination: OLD },
      { source: LEGACY, relationship: 'IsRelatedTo', destination: OLD },
    ]);
    expect(read.cut).toEqual([]);
    const together = fakeGraphql(edges);
    await readIncomingEdges(together, [OLD, GONE]);
    expect(together.calls).toEqual([[GONE, OLD]]);
  });

  it('says when an entity has more incoming edges than one page holds', async () => {
    const read = await readIncomingEdges(fakeGraphql(edges), [OLD], { limitPerNode: 2 });
    expect(read.edges).toHaveLength(2);
    expect(read.cut).toEqual([{ urn: OLD, total: 3, returned: 2 }]);
  });
});

const entity = (urn: string, aspects: Record<string, JsonObject> = {}): LiveEntity => ({
  urn,
  exists: true,
  aspects: new Map(Object.entries(aspects).map(([name, value]) => [name, { value }])),
});

const desired: DesiredState = {
  settings: { actor: 'urn:li:corpuser:catalog', defaultEnv: 'PROD' },
  entities: [],
  datasets: [],
  externalTerms: [],
  moves: [
    { from: OLD, to: NEW, entityType: 'glossaryTerm', source: { file: 'm.yaml', line: 1, column: 1 } },
    { from: GONE, to: LEGACY, entityType: 'glossaryTerm', source: { file: 'm.yaml', line: 5, column: 1 } },
  ],
};

describe('readRenameReferrers', () => {
  const live: LiveState = {
    entities: new Map([
      [OLD, entity(OLD, { glossaryTermInfo: { name: 'Location' } })],
      [GONE, { urn: GONE, exists: false, aspects: new Map() }],
      [PROFILE, entity(PROFILE)],
    ]),
  };

  it('asks only about old entities that still exist', () => {
    expect(renamedUrnsToRead(desired, live)).toEqual([OLD]);
    expect(renamedUrnsToRead({ ...desired, moves: [] }, live)).toEqual([]);
  });

  it('reads the aspects holding the edges, of the entities the plan did not read, in one batch per type', async () => {
    const request = referrerReadRequest(
      [
        { source: CLICKS, relationship: 'TermedWith', destination: OLD },
        { source: CLICKS, relationship: 'EditableSchemaFieldWithGlossaryTerm', destination: OLD },
        { source: PROFILE, relationship: 'TermedWith', destination: OLD },
        { source: LEGACY, relationship: 'IsRelatedTo', destination: OLD },
      ],
      live,
    );
    expect(
      Object.fromEntries([...request].map(([type, read]) => [type, [[...read.urns], [...read.aspects]]])),
    ).toEqual({
      dataset: [[CLICKS], ['datasetKey', 'glossaryTerms', 'editableSchemaMetadata']],
      glossaryTerm: [[LEGACY], ['glossaryTermKey', 'glossaryRelatedTerms']],
    });
    const batches: string[][] = [];
    const restli = {
      batchGet: (urns: readonly string[]) => {
        batches.push([...urns]);
        return Promise.resolve(new Map());
      },
    } as unknown as RestliClient;
    const graphql = fakeGraphql([[CLICKS, 'TermedWith', OLD]]);
    const read = await readRenameReferrers({ graphql, restli }, desired, live);
    expect(graphql.calls).toEqual([[OLD]]);
    expect(batches).toEqual([[CLICKS]]);
    expect([...read.referrers.keys()]).toEqual([CLICKS]);
    expect(read.warnings).toEqual([]);
  });

  it('makes no request when no old entity exists', async () => {
    const graphql = fakeGraphql([]);
    const read = await readRenameReferrers({ graphql, restli: {} as RestliClient }, desired, {
      entities: new Map(),
    });
    expect(graphql.calls).toEqual([]);
    expect(read.referrers.size).toBe(0);
  });

  it('turns a catalog that cannot answer into a warning, never an error', async () => {
    const read = await readRenameReferrers(
      { graphql: fakeGraphql([], { fail: true }), restli: {} as RestliClient },
      desired,
      live,
    );
    expect(read.referrers.size).toBe(0);
    expect(read.warnings).toEqual([
      'the entities naming renamed entities could not be read (Validation error: no field relationships): ' +
        'only the edges on what the plan read are reported',
    ]);
    const partial = await readRenameReferrers(
      { graphql: fakeGraphql([], { errors: ['cannot map entity'] }), restli: {} as RestliClient },
      desired,
      live,
    );
    expect(partial.warnings).toEqual(['renames: cannot map entity']);
    const cut = await readRenameReferrers(
      {
        graphql: fakeGraphql([
          [CLICKS, 'TermedWith', OLD],
          [LEGACY, 'IsRelatedTo', OLD],
        ]),
        restli: { batchGet: () => Promise.resolve(new Map()) } as unknown as RestliClient,
      },
      desired,
      live,
      { limitPerNode: 1 },
    );
    expect(cut.warnings).toEqual([`renames: ${OLD} has 2 incoming relationships; the first 1 are reported`]);
  });
});
