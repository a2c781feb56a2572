/**
 * Reads what names a renamed entity's old URN (kind Moved), so that the plan can report the edges others added to
 * it (plan-renames.ts, renameEdgeNotes): the tool moves only its own edges, and the rest stay on the old entity.
 *
 * Two reads, both batched: the old entities' incoming relationships through GraphQL `entities(urns:) {
 * relationships(input:) }` (the `relationships` field of DataHub's Entity interface, which the embedded catalog and
 * DataHub v0.13–v1.7 serve), one request per `chunkSize` old URNs; then the aspects that hold those edges, of the
 * entities the plan did not read already, in one batch_get per entity type. Made only when a Moved document's old
 * entity still exists.
 */
import { compareText } from '../model/compare-text.js';
import type { DesiredState } from '../model/desired-state.js';
import { errorMessage } from '../model/error-message.js';
import { isJsonObject, type JsonValue } from '../model/json.js';
import type { LiveEntity, LiveState } from '../model/live-state.js';
import { entityHasAspect } from '../model/registry.js';
import { parseRawUrn } from '../model/urn.js';
import type { GraphQLClient } from './graphql-client.js';
import type { GraphQLRequest } from './graphql-request.js';
import { queryEntitiesInChunks } from './query-in-chunks.js';
import { addToRead, readEntities, type ReadRequest } from './read-live-state.js';
import type { RestliClient } from './restli-client.js';

/**
 * The relationships (DataHub's @Relationship names) through which another entity names a renamed one, and the
 * aspect of that other entity which holds the edge: term attachments (on the entity, on an edited column, on an
 * ingested column), related terms, data-product assets, models in a group, features in a table or a model.
 */
const INCOMING_EDGE_ASPECTS: Readonly<Record<string, string>> = {
  TermedWith: 'glossaryTerms',
  EditableSchemaFieldWithGlossaryTerm: 'editableSchemaMetadata',
  SchemaFieldWithGlossaryTerm: 'schemaMetadata',
  IsA: 'glossaryRelatedTerms',
  HasA: 'glossaryRelatedTerms',
  IsRelatedTo: 'glossaryRelatedTerms',
  HasValue: 'glossaryRelatedTerms',
  DataProductContains: 'dataProductProperties',
  MemberOf: 'mlModelProperties',
  Contains: 'mlFeatureTableProperties',
  Consumes: 'mlModelProperties',
};

/** At most this many incoming relationships of one old entity are read (the rest is counted, and warned about). */
const DEFAULT_INCOMING_LIMIT = 1000;
const DEFAULT_CHUNK_SIZE = 100;

export interface IncomingEdge {
  /** The entity whose aspect names the destination. */
  readonly source: string;
  readonly relationship: string;
  readonly destination: string;
}

export interface IncomingEdges {
  /** Sorted by destination, source and relationship. */
  readonly edges: readonly IncomingEdge[];
  /** Old entities with more incoming relationships than were read. */
  readonly cut: readonly { readonly urn: string; readonly total: number; readonly returned: number }[];
  /** Errors of a partial answer (an entity the catalog could not map). */
  readonly problems: readonly string[];
}

const QUERY = [
  'query readIncomingEdges($urns: [String!]!, $types: [String!]!, $count: Int!) {',
  '  entities(urns: $urns) {',
  '    urn',
  '    relationships(input: {types: $types, direction: INCOMING, start: 0, count: $count}) {',
  '      total',
  '      relationships { type entity { urn } }',
  '    }',
  '  }',
  '}',
].join('\n');

/** The request for one chunk of old URNs (exported for the schema test and the compatibility matrix). */
export function incomingEdgesRequest(urns: readonly string[], count: number): GraphQLRequest {
  return {
    query: QUERY,
    variables: { urns: [...urns], types: Object.keys(INCOMING_EDGE_ASPECTS).sort(), count },
    what: 'readIncomingEdges',
  };
}

/** The incoming relationships of `urns` that INCOMING_EDGE_ASPECTS names, one request per chunk. */
export async function readIncomingEdges(
  graphql: Pick<GraphQLClient, 'executeRaw'>,
  urns: readonly string[],
  options: { readonly limitPerNode?: number; readonly chunkSize?: number } = {},
): Promise<IncomingEdges> {
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const count = Math.max(1, Math.floor(options.limitPerNode ?? DEFAULT_INCOMING_LIMIT));
  const list = [...new Set(urns)].sort();
  const answers = await queryEntitiesInChunks(graphql, list, chunkSize, (chunk) =>
    incomingEdgesRequest(chunk, count),
  );
  const edges = new Map<string, IncomingEdge>();
  const cut: { urn: string; total: number; returned: number }[] = [];
  const problems = new Set<string>();
  for (const { entities, problems: found } of answers) {
    for (const problem of found) problems.add(problem);
    for (const entity of entities) {
      const destination = entity['urn'] as string;
      const result = entity['relationships'];
      if (!isJsonObject(result)) continue;
      const relationships: readonly JsonValue[] = Array.isArray(result['relationships'])
        ? result['relationships']
        : [];
      let returned = 0;
      for (const relationship of relationships) {
        if (!isJsonObject(relationship) || typeof relationship['type'] !== 'string') continue;
        const other = relationship['entity'];
        if (!isJsonObject(other) || typeof other['urn'] !== 'string') continue;
        if (INCOMING_EDGE_ASPECTS[relationship['type']] === undefined) continue;
        returned += 1;
        const edge = { source: other['urn'], relationship: relationship['type'], destination };
        edges.set(`${edge.destination}\u0000${edge.source}\u0000${edge.relationship}`, edge);
      }
      const total = typeof result['total'] === 'number' ? result['total'] : returned;
      if (total > returned) cut.push({ urn: destination, total, returned });
    }
  }
  return {
    edges: [...edges.entries()].sort(([a], [b]) => compareText(a, b)).map(([, edge]) => edge),
    cut: cut.sort((a, b) => compareText(a.urn, b.urn)),
    problems: [...problems].sort(),
  };
}

/** The old entities of the renames that still exist: only those can have edges left to report. */
export function renamedUrnsToRead(desired: DesiredState, live: LiveState): string[] {
  return (desired.moves ?? [])
    .filter((move) => live.entities.get(move.from)?.exists === true)
    .map((move) => move.from)
    .sort();
}

/**
 * The aspects to read of the entities the edges come from, leaving out those the plan read already (a declared
 * dataset, model, term or product was read with every aspect that can hold such an edge).
 */
export function referrerReadRequest(edges: readonly IncomingEdge[], live: LiveState): ReadRequest {
  const request: ReadRequest = new Map();
  for (const edge of edges) {
    if (live.entities.has(edge.source)) continue;
    const aspect = INCOMING_EDGE_ASPECTS[edge.relationship];
    const raw = parseRawUrn(edge.source);
    if (aspect === undefined || !raw.ok || !entityHasAspect(raw.value.entityType, aspect)) continue;
    addToRead(request, edge.source, [aspect]);
  }
  return request;
}

/**
 * The entities that name a renamed entity's old URN and that the plan did not read, with the aspects holding the
 * edges; and warnings, never an error: a catalog that cannot answer leaves the plan with the notes it can make
 * from what it read.
 */
export async function readRenameReferrers(
  client: { readonly graphql: Pick<GraphQLClient, 'executeRaw'>; readonly restli: RestliClient },
  desired: DesiredState,
  live: LiveState,
  options: { readonly limitPerNode?: number; readonly chunkSize?: number } = {},
): Promise<{ readonly referrers: ReadonlyMap<string, LiveEntity>; readonly warnings: readonly string[] }> {
  const urns = renamedUrnsToRead(desired, live);
  if (urns.length === 0) return { referrers: new Map(), warnings: [] };
  try {
    const incoming = await readIncomingEdges(client.graphql, urns, options);
    const warnings = [
      ...incoming.problems.map((problem) => `renames: ${problem}`),
      ...incoming.cut.map(
        ({ urn, total, returned }) =>
          `renames: ${urn} has ${total} incoming relationships; the first ${returned} are reported`,
      ),
    ];
    const referrers = await readEntities(client.restli, referrerReadRequest(incoming.edges, live));
    return { referrers, warnings };
  } catch (error) {
    return {
      referrers: new Map(),
      warnings: [
        `the entities naming renamed entities could not be read (${errorMessage(error)}): ` +
          `only the edges on what the plan read are reported`,
      ],
    };
  }
}
