/**
 * Downstream impact of a plan (issue 20): for each change, what in the catalog depends on the changed entity,
 * found in the relationships the catalog serves (DataHub's @Relationship edges, as its GraphQL `relationships`
 * field answers them). Pure: the relationships are read beforehand (client/read-dependency-graph.ts) into a
 * DependencyGraph value, and this module only walks that value.
 *
 * The rules (relationship names are DataHub v1.7.0's PDL @Relationship annotations):
 * - a changed or removed feature → the feature tables that contain it (MLFeatureTable -Contains-> MLFeature), the
 *   models that consume it (MLModel -Consumes-> MLFeature), and those models' groups (MLModel -MemberOf->
 *   MLModelGroup);
 * - a changed or removed model → its groups;
 * - terms added to or removed from a dataset or one of its columns → the features derived from the dataset
 *   (MLFeature -DerivedFrom-> Dataset) → the models that consume them;
 * - a removed (soft-deleted) term → every entity that carries it: on the entity (-TermedWith->) or on a column
 *   (Dataset -EditableSchemaFieldWithGlossaryTerm-> / -SchemaFieldWithGlossaryTerm-> GlossaryTerm: DataHub indexes a
 *   column's terms as an edge from the dataset, the column is not named).
 * Other changes (glossary nodes, tags, term definitions, feature tables, model groups) have no rule: nothing in
 * the catalog depends on them in a way a reviewer needs listed.
 */
import { compareText } from '../model/compare-text.js';
import { assertNever } from '../errors.js';
import {
  DEPENDENT_READS,
  RELATIONSHIP_READS,
  type DependencyEdge,
  type DependencyGraph,
  type DependencyNode,
  type RelationshipRead,
  type RelationshipReadName,
  type RelationshipReadSpec,
} from './dependency-graph.js';
import { compareEntityTypes, compareNodes, nodeFromUrn } from './entity-names.js';
import type { ChangeImpact, ImpactedEntity, ImpactRule, ImpactStep, PlanImpact } from './impact-types.js';
import type { Change, Plan } from './types.js';

/** How many dependents of each change the plan lists by name (the counts cover them all). */
export const DEFAULT_IMPACT_LIMIT = 10;

interface RuleStep {
  readonly read: RelationshipReadName;
  readonly then?: readonly RuleStep[];
}

const RULES: Readonly<Record<ImpactRule, readonly RuleStep[]>> = {
  feature: [{ read: 'tables' }, { read: 'consumers', then: [{ read: 'groups' }] }],
  model: [{ read: 'groups' }],
  datasetTerms: [{ read: 'derivedFeatures', then: [{ read: 'consumers' }] }],
  removedTerm: [{ read: 'carriers' }],
  property: [{ read: 'propertyCarriers' }],
};

/** The rule that applies to a change, if any. */
function impactRuleOf(change: Change): ImpactRule | undefined {
  switch (change.kind) {
    case 'termEdges':
      // A claim alone (the marker written on an existing edge) attaches and detaches nothing.
      return change.added.length + change.removed.length > 0 ? 'datasetTerms' : undefined;
    case 'status':
      if (change.entityType === 'glossaryTerm') return change.action === 'delete' ? 'removedTerm' : undefined;
      if (change.entityType === 'structuredProperty')
        return change.action === 'delete' ? 'property' : undefined;
      return entityRule(change.entityType);
    case 'upsertAspect':
      // A structured property's definition changed: every entity that carries a value of it.
      if (change.aspect === 'propertyDefinition') return 'property';
      return entityRule(change.entityType);
    case 'associations':
    case 'createGlossaryTerm':
      return entityRule(change.entityType);
    default:
      return assertNever(change);
  }
}

function entityRule(entityType: string): ImpactRule | undefined {
  if (entityType === 'mlFeature') return 'feature';
  if (entityType === 'mlModel') return 'model';
  return undefined;
}

/**
 * The URNs to start the walk from, sorted: the entities an impact rule applies to, and the other changed feature
 * tables and model groups (the picture shows their neighbours).
 */
export function impactSeeds(plan: Plan): string[] {
  const seeds = new Set<string>();
  const created = createdUrns(plan);
  for (const change of plan.changes) {
    if (created.has(change.urn)) continue;
    if (
      impactRuleOf(change) !== undefined ||
      change.entityType === 'mlFeatureTable' ||
      change.entityType === 'mlModelGroup'
    )
      seeds.add(change.urn);
  }
  return [...seeds].sort(compareText);
}

/**
 * The entities the plan creates. They are not in the catalog yet: nothing there depends on them, and there is nothing
 * to read (a plan from an empty catalog would otherwise walk every entity it creates).
 */
function createdUrns(plan: Plan): Set<string> {
  return new Set(
    plan.changes
      .filter(
        (change) =>
          change.kind === 'createGlossaryTerm' ||
          (change.kind === 'upsertAspect' && change.action === 'create' && change.markStatus),
      )
      .map((change) => change.urn),
  );
}

/** For each change a rule applies to, its dependents in `graph` (pure, deterministic). */
export function computeImpact(
  plan: Plan,
  graph: DependencyGraph,
  options: { readonly limit: number },
): PlanImpact {
  const index = indexGraph(graph);
  // Changes share entities (the same models consume many features): each entity's neighbours are sorted once.
  const memo = new Map<string, Neighbour[]>();
  const neighbours = (urn: string, read: RelationshipReadName): Neighbour[] => {
    const key = readKey(urn, read);
    let found = memo.get(key);
    if (found === undefined) {
      found = neighboursIn(index, urn, read);
      memo.set(key, found);
    }
    return found;
  };
  const limit = Math.max(0, Math.floor(options.limit));
  const byRule = new Map<string, Omit<ChangeImpact, 'changeId'>>();
  const changes: ChangeImpact[] = [];
  const created = createdUrns(plan);
  for (const change of plan.changes) {
    const rule = impactRuleOf(change);
    if (rule === undefined || created.has(change.urn)) continue;
    const key = `${rule}\u0000${change.urn}`;
    let found = byRule.get(key);
    if (found === undefined) {
      found = dependentsOf(index, neighbours, change.urn, change.entityType, rule, limit);
      byRule.set(key, found);
    }
    changes.push({ changeId: change.id, ...found });
  }
  return { limit, changes };
}

/** The graph with lookups by URN and by read. */
interface GraphIndex {
  readonly nodes: ReadonlyMap<string, DependencyNode>;
  readonly outgoing: ReadonlyMap<string, readonly DependencyEdge[]>;
  readonly incoming: ReadonlyMap<string, readonly DependencyEdge[]>;
  readonly reads: ReadonlyMap<string, RelationshipRead>;
}

function indexGraph(graph: DependencyGraph): GraphIndex {
  const outgoing = new Map<string, DependencyEdge[]>();
  const incoming = new Map<string, DependencyEdge[]>();
  const add = (map: Map<string, DependencyEdge[]>, urn: string, edge: DependencyEdge): void => {
    const list = map.get(urn);
    if (list === undefined) map.set(urn, [edge]);
    else list.push(edge);
  };
  for (const edge of graph.edges) {
    add(outgoing, edge.source, edge);
    add(incoming, edge.destination, edge);
  }
  return {
    nodes: new Map(graph.nodes.map((node) => [node.urn, node])),
    outgoing,
    incoming,
    reads: new Map(graph.reads.map((read) => [readKey(read.urn, read.read), read])),
  };
}

const readKey = (urn: string, read: RelationshipReadName): string => `${urn}\u0000${read}`;

/** The entities one read of `urn` found in the graph, with the relationship that links each: by name, then URN. */
interface Neighbour {
  readonly node: DependencyNode;
  readonly relationship: string;
}

function neighboursIn(index: GraphIndex, urn: string, read: RelationshipReadName): Neighbour[] {
  const spec: RelationshipReadSpec = RELATIONSHIP_READS[read];
  const edges =
    spec.direction === 'INCOMING' ? (index.incoming.get(urn) ?? []) : (index.outgoing.get(urn) ?? []);
  const found = new Map<string, { node: DependencyNode; relationship: string }>();
  for (const edge of edges) {
    if (!spec.types.includes(edge.relationship)) continue;
    const other = spec.direction === 'INCOMING' ? edge.source : edge.destination;
    const node = index.nodes.get(other) ?? nodeFromUrn(other);
    const seen = found.get(other);
    // An entity linked both ways (a term on the dataset and on a column) is one neighbour: the first relationship.
    if (seen === undefined || compareText(edge.relationship, seen.relationship) < 0)
      found.set(other, { node, relationship: edge.relationship });
  }
  return [...found.values()].sort((a, b) => compareNodes(a.node, b.node));
}

function dependentsOf(
  index: GraphIndex,
  neighbours: (urn: string, read: RelationshipReadName) => readonly Neighbour[],
  urn: string,
  entityType: string,
  rule: ImpactRule,
  limit: number,
): Omit<ChangeImpact, 'changeId'> {
  const found = new Map<string, ImpactedEntity>();
  const done = new Set<string>();
  let complete = true;
  // Breadth first, each level in a fixed order: the first path found to an entity is the shortest.
  let level: { urn: string; entityType: string; path: ImpactStep[]; steps: readonly RuleStep[] }[] = [
    { urn, entityType, path: [], steps: RULES[rule] },
  ];
  while (level.length > 0) {
    const next: typeof level = [];
    for (const item of level) {
      for (const step of item.steps) {
        // A rule step applies to the entity types that have that read (a primary key derived from a dataset is
        // listed, and has no consumers to follow).
        if (!(DEPENDENT_READS[item.entityType] ?? []).includes(step.read)) continue;
        const key = readKey(item.urn, step.read);
        if (done.has(key)) continue;
        done.add(key);
        const read = index.reads.get(key);
        if (read === undefined || read.returned < read.total) complete = false;
        for (const { node, relationship } of neighbours(item.urn, step.read)) {
          if (node.urn === urn || node.removed === true) continue;
          const path = [
            ...item.path,
            {
              relationship,
              direction: RELATIONSHIP_READS[step.read].direction,
              urn: node.urn,
              entityType: node.entityType,
              name: node.name,
            },
          ];
          if (!found.has(node.urn))
            found.set(node.urn, { urn: node.urn, entityType: node.entityType, name: node.name, via: path });
          if (step.then !== undefined)
            next.push({ urn: node.urn, entityType: node.entityType, path, steps: step.then });
        }
      }
    }
    level = next;
  }
  const all = [...found.values()].sort(compareNodes);
  const counts = new Map<string, number>();
  for (const entity of all) counts.set(entity.entityType, (counts.get(entity.entityType) ?? 0) + 1);
  return {
    urn,
    entityType,
    rule,
    dependents: all.slice(0, limit),
    counts: [...counts]
      .map(([type, count]) => ({ entityType: type, count }))
      .sort((a, b) => compareEntityTypes(a.entityType, b.entityType)),
    total: all.length,
    complete,
  };
}
