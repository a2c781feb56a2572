/**
 * The graph of a plan's change (issue 20 item 3a): the changed entities and their neighbours, from the
 * DependencyGraph read beforehand, with what the plan changes laid over the catalog's relationships (a created
 * model's features, a term attached to a column). Pure: the same plan and graph give the same value. Past `maxNodes`
 * the entities furthest from a change go first, counted in `omitted`. The markdown plan draws it
 * (render/render-mermaid.ts).
 */
import { compareText } from '../model/compare-text.js';
import { assertNever } from '../errors.js';
import { isJsonObject, type JsonValue } from '../model/json.js';
import { relationshipsOfAspect } from '../model/registry.js';
import { simplifyFieldPath } from '../model/field-path.js';
import {
  GRAPH_RELATIONSHIPS,
  type ChangeGraph,
  type ChangeGraphEdge,
  type GraphNodeAction,
  type GraphRelationship,
} from './change-graph-types.js';
import type { DependencyGraph } from './dependency-graph.js';
import {
  compareEntityTypes,
  compareNodes,
  entityTypeOfUrn,
  nameFromUrn,
  TYPE_ORDER,
} from './entity-names.js';
import type { Change, Plan } from './types.js';

/** The picture's size in a pull-request comment: a few dozen boxes stay readable in GitHub's column. */
export const DEFAULT_PICTURE_NODES = 30;

/** The entity types the graph holds. */
const GRAPHED_TYPES: ReadonlySet<string> = new Set(TYPE_ORDER);

const isGraphRelationship = (name: string): name is GraphRelationship =>
  (GRAPH_RELATIONSHIPS as readonly string[]).includes(name);

/**
 * The plan's changed entities and their neighbours, trimmed to `maxNodes` (one of them the "and N more" the picture
 * draws for the rest); undefined when there is nothing to show.
 */
export function computeChangeGraph(
  plan: Plan,
  graph: DependencyGraph,
  options: { readonly maxNodes: number },
): ChangeGraph | undefined {
  const actions = changedEntities(plan);
  const edges = changeEdges(plan, graph);
  const names = new Map<string, string>();
  for (const change of plan.changes) {
    const name = plannedName(change);
    if (name !== undefined) names.set(change.urn, name);
  }
  for (const node of graph.nodes) names.set(node.urn, node.name);
  const nameOf = (urn: string): string => names.get(urn) ?? nameFromUrn(urn);

  const urns = new Set<string>([...actions.keys()]);
  for (const node of graph.nodes) if (GRAPHED_TYPES.has(node.entityType)) urns.add(node.urn);
  for (const edge of edges) {
    urns.add(edge.source);
    urns.add(edge.destination);
  }
  if (urns.size === 0) return undefined;

  const order = keepOrder([...urns], actions, edges, nameOf);
  const keep = order.length > options.maxNodes ? Math.max(0, Math.floor(options.maxNodes) - 1) : order.length;
  const kept = order.slice(0, keep);
  const places = new Map(kept.map((urn, index) => [urn, index]));
  const place = (urn: string): number => places.get(urn) ?? 0;
  return {
    nodes: kept.map((urn) => {
      const action = actions.get(urn);
      return {
        urn,
        entityType: entityTypeOfUrn(urn),
        name: nameOf(urn),
        ...(action === undefined ? {} : { action }),
      };
    }),
    edges: edges
      .filter((edge) => places.has(edge.source) && places.has(edge.destination))
      .sort(
        (a, b) =>
          place(a.source) - place(b.source) ||
          place(a.destination) - place(b.destination) ||
          compareText(a.relationship, b.relationship) ||
          compareText(a.label ?? '', b.label ?? ''),
      ),
    omitted: order.length - kept.length,
  };
}

/** What the plan does to each entity the graph holds; an entity deleted or created in one change is that. */
function changedEntities(plan: Plan): Map<string, GraphNodeAction> {
  const rank: Readonly<Record<GraphNodeAction, number>> = { update: 0, create: 1, delete: 2 };
  const actions = new Map<string, GraphNodeAction>();
  for (const change of plan.changes) {
    if (!GRAPHED_TYPES.has(change.entityType)) continue;
    const action = nodeAction(change);
    const known = actions.get(change.urn);
    if (known === undefined || rank[action] > rank[known]) actions.set(change.urn, action);
  }
  return actions;
}

function nodeAction(change: Change): GraphNodeAction {
  switch (change.kind) {
    case 'upsertAspect':
      return change.action;
    case 'createGlossaryTerm':
      return 'create';
    case 'status':
      return change.action === 'delete' ? 'delete' : 'update';
    case 'termEdges':
    case 'associations':
      // A line aspect created on an entity that exists is an update of the entity.
      return 'update';
    default:
      return assertNever(change);
  }
}

/** The name a change gives its entity (a new term's name), before the catalog has it. */
function plannedName(change: Change): string | undefined {
  if (change.kind === 'createGlossaryTerm') return change.name;
  if (change.kind === 'upsertAspect' && change.entityType === 'glossaryTerm') {
    const name = change.after['name'];
    return typeof name === 'string' && name !== '' ? name : undefined;
  }
  return undefined;
}

/**
 * The relationships of the graph: the catalog's, with what the plan changes laid over them. An upsert of an aspect
 * that names other entities (a model's features and groups, a feature's sources, a table's features) adds the edges
 * its new value has and the old one lacked, and removes the others; term attachments add and remove term links.
 */
function changeEdges(plan: Plan, graph: DependencyGraph): ChangeGraphEdge[] {
  const edges = new Map<string, ChangeGraphEdge>();
  const key = (edge: Omit<ChangeGraphEdge, 'state'>): string =>
    `${edge.source}\u0000${edge.relationship}\u0000${edge.destination}\u0000${edge.label ?? ''}`;
  const liveFrom = new Map<string, Omit<ChangeGraphEdge, 'state'>[]>();
  for (const { source, relationship, destination } of graph.edges) {
    if (!isGraphRelationship(relationship)) continue;
    const edge = { source, relationship, destination };
    edges.set(key(edge), { ...edge, state: 'kept' });
    const list = liveFrom.get(source);
    if (list === undefined) liveFrom.set(source, [edge]);
    else list.push(edge);
  }
  for (const change of plan.changes) {
    if (change.kind === 'upsertAspect') {
      const specs = relationshipsOfAspect(change.aspect).flatMap(({ name, path }) =>
        isGraphRelationship(name) ? [{ name, path }] : [],
      );
      if (specs.length === 0) continue;
      const targets = (value: JsonValue | null): Map<string, Omit<ChangeGraphEdge, 'state'>> =>
        new Map(
          specs.flatMap((spec) =>
            valuesAt(value, spec.path).map((destination) => {
              const edge = { source: change.urn, relationship: spec.name, destination };
              return [key(edge), edge] as const;
            }),
          ),
        );
      const before = targets(change.before);
      const after = targets(change.after);
      const names = new Set<string>(specs.map((spec) => spec.name));
      // The catalog's edges of this aspect are its `before`: each is kept or removed by the new value.
      for (const edge of liveFrom.get(change.urn) ?? []) {
        if (!names.has(edge.relationship)) continue;
        edges.set(key(edge), { ...edge, state: after.has(key(edge)) ? 'kept' : 'removed' });
      }
      for (const [target, edge] of new Map([...before, ...after])) {
        const state = !after.has(target) ? 'removed' : before.has(target) ? 'kept' : 'added';
        edges.set(target, { ...edge, state });
      }
    } else if (change.kind === 'termEdges') {
      const relationship =
        change.aspect === 'glossaryTerms' ? 'TermedWith' : 'EditableSchemaFieldWithGlossaryTerm';
      const planned = [
        ...change.added.map((edge) => ({ edge, state: 'added' as const })),
        ...change.removed.map((edge) => ({ edge, state: 'removed' as const })),
      ];
      for (const { edge: termEdge, state } of planned) {
        // The catalog's link of this term and dataset names no column: the plan's, which does, replaces it.
        edges.delete(key({ source: change.urn, relationship, destination: termEdge.termUrn }));
        const label = termEdge.fieldPath === undefined ? undefined : simplifyFieldPath(termEdge.fieldPath);
        const edge = {
          source: change.urn,
          relationship,
          destination: termEdge.termUrn,
          ...(label === undefined ? {} : { label }),
        } as const;
        edges.set(key(edge), { ...edge, state });
      }
    }
  }
  return [...edges.values()].filter(
    (edge) =>
      GRAPHED_TYPES.has(entityTypeOfUrn(edge.source)) && GRAPHED_TYPES.has(entityTypeOfUrn(edge.destination)),
  );
}

/** The strings at a @Relationship path of an aspect value (`*` is every item of a list). */
function valuesAt(value: JsonValue | null | undefined, path: readonly string[]): string[] {
  if (value === undefined || value === null) return [];
  const [head, ...rest] = path;
  if (head === undefined) return typeof value === 'string' && value.startsWith('urn:li:') ? [value] : [];
  if (head === '*')
    return Array.isArray(value) ? value.flatMap((item: JsonValue) => valuesAt(item, rest)) : [];
  return isJsonObject(value) ? valuesAt(value[head], rest) : [];
}

/**
 * The order entities are kept in: changed entities first, then the others by how many links away from a change they
 * are; among equals by type (datasets first, in the direction of flow), then name, then URN.
 */
function keepOrder(
  urns: readonly string[],
  actions: ReadonlyMap<string, GraphNodeAction>,
  edges: readonly ChangeGraphEdge[],
  nameOf: (urn: string) => string,
): string[] {
  const links = new Map<string, string[]>();
  const connect = (from: string, to: string): void => {
    const list = links.get(from);
    if (list === undefined) links.set(from, [to]);
    else list.push(to);
  };
  for (const edge of edges) {
    connect(edge.source, edge.destination);
    connect(edge.destination, edge.source);
  }
  const distance = new Map<string, number>();
  let level = [...actions.keys()];
  for (const urn of level) distance.set(urn, 0);
  for (let hops = 1; level.length > 0; hops += 1) {
    const next: string[] = [];
    for (const urn of level) {
      for (const other of links.get(urn) ?? []) {
        if (distance.has(other)) continue;
        distance.set(other, hops);
        next.push(other);
      }
    }
    level = next;
  }
  const far = Number.MAX_SAFE_INTEGER;
  const keys = urns.map((urn) => ({
    urn,
    name: nameOf(urn),
    entityType: entityTypeOfUrn(urn),
    distance: distance.get(urn) ?? far,
  }));
  return keys
    .sort(
      (a, b) =>
        a.distance - b.distance || compareEntityTypes(a.entityType, b.entityType) || compareNodes(a, b),
    )
    .map((entry) => entry.urn);
}
