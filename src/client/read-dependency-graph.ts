/**
 * Reads the relationships impact and the plan's picture need (plan/impact.ts) from the catalog, through GraphQL
 * `entities(urns:) { … relationships(input:) }`, which the embedded catalog and DataHub v0.13–v1.7 all serve.
 *
 * Breadth first from the seeds: each hop reads its whole frontier in one request per `chunkSize` URNs (never one
 * request per entity), each entity asked only for the reads its type has (inline fragments by GraphQL type), each
 * read one page of at most `limitPerNode` relationships with its `total`. The seeds are also asked for their other
 * neighbours (NEIGHBOUR_READS); what those find is recorded and not walked.
 */
import { GRAPHQL_OBJECT_TYPES } from '../datahub/entity-types.js';
import { compareText } from '../model/compare-text.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../model/json.js';
import {
  DEPENDENT_READS,
  NEIGHBOUR_READS,
  RELATIONSHIP_READS,
  TERMINAL_READS,
  type DependencyEdge,
  type DependencyGraph,
  type DependencyNode,
  type RelationshipRead,
  type RelationshipReadName,
} from '../plan/dependency-graph.js';
import { entityTypeOfUrn, nameFromUrn, nodeFromUrn } from '../plan/entity-names.js';
import type { GraphQLClient } from './graphql-client.js';
import { queryEntitiesInChunks } from './query-in-chunks.js';
import type { GraphQLRequest } from './graphql-request.js';

export interface DependencyWalkOptions {
  /** How many hops from the seeds to walk (2 reaches a feature's models' groups, a dataset's features' models). */
  readonly hops: number;
  /** At most this many relationships of one read of one entity (the rest is counted by `total`, not read). */
  readonly limitPerNode: number;
  /** URNs per request (100 unless told). */
  readonly chunkSize?: number;
}

/** What the plan's impact needs: two hops, a hundred relationships of each kind per entity. */
export const DEFAULT_DEPENDENCY_WALK: DependencyWalkOptions = { hops: 2, limitPerNode: 100 };

const DEFAULT_CHUNK_SIZE = 100;

/** The GraphQL type DataHub serves each walked entity type as. */
const GRAPHQL_TYPES: Readonly<Record<string, string>> = {
  dataset: GRAPHQL_OBJECT_TYPES.dataset,
  mlFeature: GRAPHQL_OBJECT_TYPES.mlFeature,
  mlFeatureTable: GRAPHQL_OBJECT_TYPES.mlFeatureTable,
  mlModel: GRAPHQL_OBJECT_TYPES.mlModel,
  mlModelGroup: GRAPHQL_OBJECT_TYPES.mlModelGroup,
  glossaryTerm: GRAPHQL_OBJECT_TYPES.glossaryTerm,
};

/**
 * What names an entity, as DataHub's mappers fill it: a feature's or primary key's name and namespace, the
 * dataset's key name, a term's display name (`name` is its id's last segment), a column entity's field path.
 * `status` where every supported release has it (GlossaryTerm gained it later).
 */
const NAME_FRAGMENT = `fragment dependencyName on Entity {
  urn
  ... on Dataset { name status { removed } }
  ... on MLFeature { name featureNamespace status { removed } }
  ... on MLPrimaryKey { name featureNamespace status { removed } }
  ... on MLFeatureTable { name status { removed } }
  ... on MLModel { name status { removed } }
  ... on MLModelGroup { name status { removed } }
  ... on GlossaryTerm { name properties { name } }
  ... on SchemaFieldEntity { fieldPath }
}`;

const EDGES_FRAGMENT = `fragment dependencyEdges on EntityRelationshipsResult {
  total
  relationships { type entity { ...dependencyName } }
}`;

/** One aliased `relationships` field per read; the seeds' neighbour reads only when $neighbours is true. */
function readField(read: RelationshipReadName, neighbour: boolean): string {
  const spec = RELATIONSHIP_READS[read];
  const types = spec.types.map((type) => JSON.stringify(type)).join(', ');
  const include = neighbour ? ' @include(if: $neighbours)' : '';
  return `${read}: relationships(input: {types: [${types}], direction: ${spec.direction}, start: 0, count: $count})${include} { ...dependencyEdges }`;
}

function buildQuery(): string {
  const fragments = Object.entries(GRAPHQL_TYPES).map(([entityType, graphqlType]) => {
    const fields = [
      ...(DEPENDENT_READS[entityType] ?? []).map((read) => readField(read, false)),
      ...(NEIGHBOUR_READS[entityType] ?? []).map((read) => readField(read, true)),
    ];
    return `    ... on ${graphqlType} {\n      ${fields.join('\n      ')}\n    }`;
  });
  return [
    'query readDependencyGraph($urns: [String!]!, $count: Int!, $neighbours: Boolean!) {',
    '  entities(urns: $urns) {',
    '    ...dependencyName',
    ...fragments,
    '  }',
    '}',
    NAME_FRAGMENT,
    EDGES_FRAGMENT,
  ].join('\n');
}

const QUERY = buildQuery();

/** The request for one chunk of one hop (exported for the schema test and the compatibility matrix). */
export function dependencyGraphRequest(
  urns: readonly string[],
  options: { readonly limitPerNode: number; readonly neighbours: boolean },
): GraphQLRequest {
  return {
    query: QUERY,
    variables: { urns: [...urns], count: options.limitPerNode, neighbours: options.neighbours },
    what: 'readDependencyGraph',
  };
}

/**
 * Walks the relationships from `seeds` (see the module comment). An answer with data and errors (an entity DataHub
 * could not map) is used as far as it goes: what it lacks has no read, so the impact says it is incomplete, and the
 * errors are the graph's `problems`. An answer without data fails the walk.
 */
export async function readDependencyGraph(
  graphql: Pick<GraphQLClient, 'executeRaw'>,
  seeds: readonly string[],
  options: DependencyWalkOptions,
): Promise<DependencyGraph> {
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const limitPerNode = Math.max(0, Math.floor(options.limitPerNode));
  const seedList = [...new Set(seeds)].filter((urn) => entityTypeOfUrn(urn) !== '').sort(compareText);
  const graph = new GraphBuilder();
  for (const urn of seedList) graph.addNode(urn, undefined);
  const problems = new Set<string>();

  const read = new Set<string>();
  let frontier = seedList;
  for (let hop = 1; hop <= options.hops && frontier.length > 0; hop += 1) {
    const neighbours = hop === 1;
    const answers = await queryEntitiesInChunks(graphql, frontier, chunkSize, (chunk) =>
      dependencyGraphRequest(chunk, { limitPerNode, neighbours }),
    );
    for (const urn of frontier) read.add(urn);
    const next = new Set<string>();
    for (const answer of answers) {
      for (const problem of answer.problems) problems.add(problem);
      const { entities } = answer;
      for (const entity of entities) {
        const urn = entity['urn'] as string;
        graph.addNode(urn, entity);
        for (const found of graph.addReads(urn, entity)) if (!read.has(found)) next.add(found);
      }
    }
    frontier = [...next].sort(compareText);
  }
  // A structured property's carriers are found by search, not through relationships (dependency-graph.ts).
  const properties = seedList.filter((urn) => entityTypeOfUrn(urn) === 'structuredProperty');
  await Promise.all(
    properties.map(async (urn) => {
      const request = propertyCarriersRequest(urn, limitPerNode);
      const { data, errors } = await graphql.executeRaw(request.query, request.variables, request.what);
      for (const error of errors) problems.add(error.message);
      const search = isJsonObject(data?.['searchAcrossEntities']) ? data['searchAcrossEntities'] : undefined;
      if (search === undefined) return;
      const results = Array.isArray(search['searchResults'])
        ? search['searchResults'].filter(isJsonObject)
        : [];
      const found = results.flatMap((result) => {
        const entity = result['entity'];
        return isJsonObject(entity) && typeof entity['urn'] === 'string' ? [entity] : [];
      });
      graph.addSearchRead(
        urn,
        'propertyCarriers',
        found,
        typeof search['total'] === 'number' ? search['total'] : 0,
      );
    }),
  );
  return graph.build(seedList, [...problems].sort(compareText));
}

/**
 * The entities carrying a value of a structured property: DataHub's search filter `structuredProperties.<qualified
 * name>` EXISTS (the name a property's URN id is, as DataHub's own filters name it).
 */
export function propertyCarriersRequest(propertyUrn: string, count: number): GraphQLRequest {
  const name = propertyUrn.replace(/^urn:li:structuredProperty:/, '');
  return {
    query: `query readPropertyCarriers($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) { total searchResults { entity { ...dependencyName } } }
}
${NAME_FRAGMENT}`,
    variables: {
      input: {
        query: '*',
        start: 0,
        count,
        orFilters: [{ and: [{ field: `structuredProperties.${name}`, condition: 'EXISTS' }] }],
        searchFlags: { skipAggregates: true },
      },
    },
    what: 'readPropertyCarriers',
  };
}

/** Collects nodes, edges and reads, and hands them out in a fixed order. */
class GraphBuilder {
  private readonly nodes = new Map<string, DependencyNode>();
  private readonly edges = new Map<string, DependencyEdge>();
  private readonly reads: RelationshipRead[] = [];

  /** Records an entity; a name the catalog gave wins over one taken from the URN. */
  addNode(urn: string, entity: JsonObject | undefined): void {
    const named = entity === undefined ? undefined : nodeOf(urn, entity);
    const known = this.nodes.get(urn);
    if (known === undefined || (named !== undefined && known.name === nameFromUrn(urn)))
      this.nodes.set(urn, named ?? nodeFromUrn(urn));
  }

  /** Records the reads an entity's answer carries; returns the URNs found by dependent reads, to walk next. */
  addReads(urn: string, entity: JsonObject): string[] {
    const toWalk: string[] = [];
    const dependentReads = DEPENDENT_READS[entityTypeOfUrn(urn)] ?? [];
    for (const name of Object.keys(RELATIONSHIP_READS) as RelationshipReadName[]) {
      const result = entity[name];
      if (!isJsonObject(result)) continue;
      const spec = RELATIONSHIP_READS[name];
      // What a dependent read finds is walked on, unless its rule ends there.
      const walked = dependentReads.includes(name) && !TERMINAL_READS.has(name);
      const listed = result['relationships'];
      const relationships: readonly JsonValue[] = Array.isArray(listed) ? listed : [];
      let returned = 0;
      for (const relationship of relationships) {
        const found = relatedOf(relationship);
        if (found === undefined || !(spec.types as readonly string[]).includes(found.type)) continue;
        returned += 1;
        this.addNode(found.urn, found.entity);
        const edge =
          spec.direction === 'INCOMING'
            ? { source: found.urn, relationship: found.type, destination: urn }
            : { source: urn, relationship: found.type, destination: found.urn };
        this.edges.set(`${edge.source}\u0000${edge.relationship}\u0000${edge.destination}`, edge);
        // Walked on only when the type found has something downstream.
        if (walked && DEPENDENT_READS[entityTypeOfUrn(found.urn)] !== undefined) toWalk.push(found.urn);
      }
      const total = typeof result['total'] === 'number' ? result['total'] : returned;
      this.reads.push({ urn, read: name, total: Math.max(total, returned), returned });
    }
    return toWalk;
  }

  /** Records a read made by search: each entity found is an incoming edge of the read's relationship. */
  addSearchRead(urn: string, read: RelationshipReadName, found: readonly JsonObject[], total: number): void {
    const relationship = RELATIONSHIP_READS[read].types[0] ?? read;
    for (const entity of found) {
      const source = entity['urn'] as string;
      this.addNode(source, entity);
      this.edges.set(`${source}\u0000${relationship}\u0000${urn}`, {
        source,
        relationship,
        destination: urn,
      });
    }
    this.reads.push({ urn, read, total: Math.max(total, found.length), returned: found.length });
  }

  build(seeds: readonly string[], problems: readonly string[]): DependencyGraph {
    return {
      seeds,
      ...(problems.length === 0 ? {} : { problems }),
      nodes: [...this.nodes.values()].sort((a, b) => compareText(a.urn, b.urn)),
      edges: [...this.edges.values()].sort(
        (a, b) =>
          compareText(a.source, b.source) ||
          compareText(a.relationship, b.relationship) ||
          compareText(a.destination, b.destination),
      ),
      reads: [...this.reads].sort((a, b) => compareText(a.urn, b.urn) || compareText(a.read, b.read)),
    };
  }
}

function relatedOf(
  value: JsonValue,
): { readonly type: string; readonly urn: string; readonly entity: JsonObject } | undefined {
  if (!isJsonObject(value) || typeof value['type'] !== 'string') return undefined;
  const entity = value['entity'];
  if (!isJsonObject(entity) || typeof entity['urn'] !== 'string') return undefined;
  return { type: value['type'], urn: entity['urn'], entity };
}

/** The node an answered entity describes (see NAME_FRAGMENT); the URN's own name where the answer has none. */
function nodeOf(urn: string, entity: JsonObject): DependencyNode {
  const entityType = entityTypeOfUrn(urn);
  const text = (value: JsonValue | undefined): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;
  const properties = entity['properties'];
  const name = text(entity['name']);
  const namespace = text(entity['featureNamespace']);
  const shown =
    (isJsonObject(properties) ? text(properties['name']) : undefined) ??
    (name !== undefined && namespace !== undefined ? `${namespace}.${name}` : undefined) ??
    name ??
    text(entity['fieldPath']) ??
    nameFromUrn(urn);
  const status = entity['status'];
  const removed = isJsonObject(status) && status['removed'] === true;
  return { urn, entityType, name: shown, ...(removed ? { removed: true } : {}) };
}
