import { buildSchema, getOperationAST, parse, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { releaseSchema, requestErrors } from '../../test/helpers/graphql-request-errors.js';
import type { JsonObject } from '../model/json.js';
import {
  DEPENDENT_READS,
  NEIGHBOUR_READS,
  RELATIONSHIP_READS,
  type RelationshipReadName,
} from '../plan/dependency-graph.js';
import { catalogSchema } from '../server/graphql/graphql-endpoint.js';
import { DATAHUB_QUERY_LIMITS, measureQuery } from '../server/graphql/query-limits.js';
import { readDataHubSdl } from '../server/graphql/schema-sdl.js';
import { dependencyGraphRequest, readDependencyGraph } from './read-dependency-graph.js';
import { MATRIX_RELEASES } from './server-capabilities.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const F1 = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
const F2 = 'urn:li:mlFeature:(transaction_features,txn_amount_avg_30d)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const M1 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-10,PROD)';
const M2 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const TERM = 'urn:li:glossaryTerm:MLUsage.Label';

const requests = [
  dependencyGraphRequest([F1, DATASET], { limitPerNode: 100, neighbours: true }),
  dependencyGraphRequest([M1], { limitPerNode: 1, neighbours: false }),
];

function errorsAgainst(schema: GraphQLSchema): string[] {
  return requests.flatMap((request) => requestErrors(schema, request));
}

describe('the readDependencyGraph document', () => {
  it("validates against DataHub v1.7.0's schema (src/datahub/graphql), variables included", () => {
    expect(errorsAgainst(buildSchema(readDataHubSdl()))).toEqual([]);
  });

  it.each(MATRIX_RELEASES)('validates against DataHub %s (the compatibility matrix)', (tag) => {
    expect(errorsAgainst(releaseSchema(tag))).toEqual([]);
  });

  it('is refused by a schema that lacks what it asks for (so the check can fail)', () => {
    const sdl = readDataHubSdl().replace('featureNamespace: String!', 'namespaceOfFeature: String!');
    expect(errorsAgainst(buildSchema(sdl)).join('\n')).toContain('featureNamespace');
  });

  it("stays within GMS's depth and complexity limits", () => {
    for (const request of requests) {
      const document = parse(request.query);
      const operation = getOperationAST(document)!;
      const measured = measureQuery(catalogSchema(), document, operation, request.variables);
      expect(measured.depth).toBeLessThanOrEqual(DATAHUB_QUERY_LIMITS.depth);
      expect(measured.complexity).toBeLessThanOrEqual(DATAHUB_QUERY_LIMITS.complexity);
    }
  });
});

/** A catalog that answers the document as DataHub does, from a list of edges (source, relationship, destination). */
function fakeCatalog(
  edges: readonly (readonly [string, string, string])[],
  names: Readonly<Record<string, JsonObject>> = {},
) {
  const calls: { urns: string[]; neighbours: boolean; count: number }[] = [];
  const typeOf = (urn: string): string => urn.split(':')[2] ?? '';
  const entity = (urn: string): JsonObject => ({ urn, ...(names[urn] ?? {}) });
  return {
    calls,
    executeRaw(
      _query: string,
      variables: JsonObject,
    ): Promise<{ data: JsonObject | undefined; errors: { message: string }[] }> {
      const urns = variables['urns'] as string[];
      const neighbours = variables['neighbours'] === true;
      const count = variables['count'] as number;
      calls.push({ urns, neighbours, count });
      const answer = urns.map((urn) => {
        const reads: RelationshipReadName[] = [
          ...(DEPENDENT_READS[typeOf(urn)] ?? []),
          ...(neighbours ? (NEIGHBOUR_READS[typeOf(urn)] ?? []) : []),
        ];
        const fields: Record<string, JsonObject> = {};
        for (const read of reads) {
          const spec = RELATIONSHIP_READS[read];
          const related = edges
            .filter(
              ([source, relationship, destination]) =>
                (spec.types as readonly string[]).includes(relationship) &&
                (spec.direction === 'INCOMING' ? destination === urn : source === urn),
            )
            .map(([source, relationship, destination]) => ({
              type: relationship,
              direction: spec.direction,
              entity: entity(spec.direction === 'INCOMING' ? source : destination),
            }));
          fields[read] = { total: related.length, relationships: related.slice(0, count) };
        }
        return { ...entity(urn), ...fields };
      });
      return Promise.resolve({ data: { entities: answer }, errors: [] });
    },
  };
}

const LINEAGE = [
  [F1, 'DerivedFrom', DATASET],
  [F2, 'DerivedFrom', DATASET],
  [TABLE, 'Contains', F1],
  [TABLE, 'Contains', F2],
  [M1, 'Consumes', F1],
  [M2, 'Consumes', F1],
  [M1, 'MemberOf', GROUP],
  [M2, 'MemberOf', GROUP],
  [DATASET, 'TermedWith', TERM],
] as const;

describe('readDependencyGraph', () => {
  it('walks hop by hop, one request per hop, neighbours of the seeds only', async () => {
    const catalog = fakeCatalog(LINEAGE);
    const graph = await readDependencyGraph(catalog, [F1], { hops: 2, limitPerNode: 100 });
    expect(catalog.calls).toEqual([
      { urns: [F1], neighbours: true, count: 100 },
      // The models are walked on to their group; the table has nothing downstream of it, and is not read again.
      { urns: [M1, M2], neighbours: false, count: 100 },
    ]);
    expect(graph.seeds).toEqual([F1]);
    expect(graph.edges.map((edge) => `${edge.source} ${edge.relationship} ${edge.destination}`)).toEqual(
      [
        `${F1} DerivedFrom ${DATASET}`,
        `${M1} Consumes ${F1}`,
        `${M1} MemberOf ${GROUP}`,
        `${M2} Consumes ${F1}`,
        `${M2} MemberOf ${GROUP}`,
        `${TABLE} Contains ${F1}`,
      ].sort(),
    );
    // The dataset is a neighbour (a source of the seed): recorded, not walked.
    expect(graph.reads.map((read) => `${read.urn} ${read.read}`)).toEqual([
      `${F1} consumers`,
      `${F1} sources`,
      `${F1} tables`,
      `${M1} groups`,
      `${M2} groups`,
    ]);
  });

  it('chunks a hop into requests of chunkSize URNs', async () => {
    const catalog = fakeCatalog(LINEAGE);
    await readDependencyGraph(catalog, [F1, F2, DATASET], { hops: 1, limitPerNode: 100, chunkSize: 2 });
    expect(catalog.calls.map((call) => call.urns)).toEqual([[DATASET, F2], [F1]]);
  });

  it('reads at most limitPerNode relationships of each read, and keeps the total', async () => {
    const catalog = fakeCatalog(LINEAGE);
    const graph = await readDependencyGraph(catalog, [F1], { hops: 1, limitPerNode: 1 });
    expect(graph.reads.find((read) => read.read === 'consumers')).toEqual({
      urn: F1,
      read: 'consumers',
      total: 2,
      returned: 1,
    });
    expect(graph.edges.filter((edge) => edge.relationship === 'Consumes')).toHaveLength(1);
  });

  it("does not walk a term's carriers: they are the end of the rule", async () => {
    const catalog = fakeCatalog(LINEAGE);
    const graph = await readDependencyGraph(catalog, [TERM], { hops: 3, limitPerNode: 100 });
    expect(catalog.calls).toHaveLength(1);
    expect(graph.edges).toEqual([{ source: DATASET, relationship: 'TermedWith', destination: TERM }]);
  });

  it('names entities as DataHub shows them, from the URN where the answer has no name', async () => {
    const catalog = fakeCatalog(LINEAGE, {
      [F1]: { name: 'txn_count_7d', featureNamespace: 'transaction_features', status: { removed: false } },
      [M1]: { name: 'fraud-detector-2026-10', status: { removed: true } },
      [TERM]: { name: 'Label', properties: { name: 'ML label' } },
    });
    const graph = await readDependencyGraph(catalog, [F1, TERM], { hops: 1, limitPerNode: 100 });
    const nodes = new Map(graph.nodes.map((node) => [node.urn, node]));
    expect(nodes.get(F1)).toEqual({
      urn: F1,
      entityType: 'mlFeature',
      name: 'transaction_features.txn_count_7d',
    });
    expect(nodes.get(M1)).toEqual({
      urn: M1,
      entityType: 'mlModel',
      name: 'fraud-detector-2026-10',
      removed: true,
    });
    expect(nodes.get(M2)?.name).toBe('fraud-detector-2026-11');
    expect(nodes.get(TERM)?.name).toBe('ML label');
    expect(nodes.get(DATASET)?.name).toBe('payments.transactions');
  });

  it('reads nothing without seeds, and never more hops than asked', async () => {
    const catalog = fakeCatalog(LINEAGE);
    expect(await readDependencyGraph(catalog, [], { hops: 2, limitPerNode: 100 })).toEqual({
      seeds: [],
      nodes: [],
      edges: [],
      reads: [],
    });
    await readDependencyGraph(catalog, [DATASET], { hops: 0, limitPerNode: 100 });
    expect(catalog.calls).toEqual([]);
  });

  it('uses an answer with errors as far as it goes, and keeps the errors as problems', async () => {
    const catalog = fakeCatalog(LINEAGE);
    const partly = {
      async executeRaw(query: string, variables: JsonObject) {
        const { data } = await catalog.executeRaw(query, variables);
        const entities = (data?.['entities'] as JsonObject[]).map((entity) =>
          entity['urn'] === F1 ? { ...entity, consumers: null } : entity,
        );
        return { data: { entities }, errors: [{ message: 'Failed to map MLModel' }] };
      },
    };
    const graph = await readDependencyGraph(partly, [F1], { hops: 2, limitPerNode: 100 });
    expect(graph.problems).toEqual(['Failed to map MLModel']);
    expect(graph.reads.map((read) => `${read.urn} ${read.read}`)).toEqual([`${F1} sources`, `${F1} tables`]);
  });

  it('fails on an answer without data', async () => {
    const refused = {
      executeRaw: () =>
        Promise.resolve({ data: undefined, errors: [{ message: 'maximum query depth exceeded 52 > 50' }] }),
    };
    await expect(readDependencyGraph(refused, [F1], { hops: 2, limitPerNode: 100 })).rejects.toThrow(
      'readDependencyGraph failed: maximum query depth exceeded 52 > 50',
    );
  });
});
