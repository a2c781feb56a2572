/**
 * Reads what the lineage walk needs through the server's GraphQL API, one query per hop: every entity at the edge
 * of the walk at once (`entities(urns:)`), each with its relationships on both sides. A walk of two hops is two
 * queries, whatever the number of entities.
 */
import { items, node, nodes, str, type CatalogReader, type Node } from '../catalog-reader.js';
import { LABEL_FRAGMENT, labelOf } from '../label.js';
import {
  DEFAULT_LINEAGE_OPTIONS,
  DESTINATION_IS_DOWNSTREAM,
  SOURCE_IS_DOWNSTREAM,
  unansweredOf,
  type EntityAnswer,
  type LineageOptions,
  type LineageSide,
  type Neighbour,
} from './lineage-graph.js';

/**
 * Per side, the two relationship reads that give its neighbours: upstream are the destinations of the
 * source-is-downstream relationships and the sources of the others; downstream the other way round.
 * Soft-deleted entities are left out, as DataHub's lineage leaves them out.
 */
function relationshipFields(count: number): string {
  const read = (alias: string, types: readonly string[], direction: 'INCOMING' | 'OUTGOING') =>
    `${alias}: relationships(input: {types: [${types.map((type) => JSON.stringify(type)).join(', ')}], ` +
    `direction: ${direction}, count: ${String(count)}, includeSoftDelete: false}) ` +
    '{ total relationships { type entity { ...Label } } }';
  return [
    read('upFromSource', SOURCE_IS_DOWNSTREAM, 'OUTGOING'),
    read('upFromDestination', DESTINATION_IS_DOWNSTREAM, 'INCOMING'),
    read('downFromSource', SOURCE_IS_DOWNSTREAM, 'INCOMING'),
    read('downFromDestination', DESTINATION_IS_DOWNSTREAM, 'OUTGOING'),
  ].join('\n      ');
}

const FIELDS: Readonly<Record<LineageSide, readonly string[]>> = {
  upstream: ['upFromSource', 'upFromDestination'],
  downstream: ['downFromSource', 'downFromDestination'],
};

/**
 * The answers the walk from `focus` needs, read hop by hop; undefined when the focus is not in the catalog.
 * Each relationship read asks for no more neighbours than the picture can hold; the rest are counted.
 */
export async function readLineage(
  reader: CatalogReader,
  focus: string,
  options: LineageOptions = DEFAULT_LINEAGE_OPTIONS,
): Promise<Map<string, EntityAnswer> | undefined> {
  const query = `query LineageHop($urns: [String!]!) {
    entities(urns: $urns) {
      ...Label
      ${relationshipFields(options.maxNodes)}
    }
  }
  ${LABEL_FRAGMENT}`;
  const answers = new Map<string, EntityAnswer>();
  // One query per hop; the bound only guards against a walk that would not finish.
  for (let hop = 0; hop <= options.hops; hop += 1) {
    const urns = unansweredOf(focus, answers, options);
    if (urns.length === 0) break;
    const data = await reader.query(query, { urns });
    const entities = items(data['entities']);
    urns.forEach((urn, index) => {
      const entity = node(entities[index]);
      answers.set(urn, entity === undefined ? emptyAnswer(urn) : answerOf(entity));
    });
    if (hop === 0 && node(entities[0]) === undefined) return undefined;
  }
  return answers;
}

function answerOf(entity: Node): EntityAnswer {
  const side = (which: LineageSide) => {
    const neighbours: Neighbour[] = [];
    let unread = 0;
    for (const field of FIELDS[which]) {
      const result = node(entity[field]);
      const items = nodes(result?.['relationships']);
      for (const item of items) {
        const other = node(item['entity']);
        if (other !== undefined) {
          neighbours.push({ label: labelOf(other), relationship: str(item['type']) ?? '' });
        }
      }
      const total = typeof result?.['total'] === 'number' ? result['total'] : items.length;
      unread += Math.max(0, total - items.length);
    }
    return { neighbours, unread };
  };
  const upstream = side('upstream');
  const downstream = side('downstream');
  return {
    label: labelOf(entity),
    upstream: upstream.neighbours,
    downstream: downstream.neighbours,
    unread: { upstream: upstream.unread, downstream: downstream.unread },
  };
}

/** An entity the catalog does not resolve: shown by its URN, with nothing to walk on to. */
function emptyAnswer(urn: string): EntityAnswer {
  return {
    label: { urn, type: 'OTHER', name: urn, platform: undefined, description: '' },
    upstream: [],
    downstream: [],
    unread: { upstream: 0, downstream: 0 },
  };
}
