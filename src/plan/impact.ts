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
import { decodeUrnPart, glossaryTermDisplayName, parseRawUrn } from '../model/urn.js';
import type { Change, Plan } from './types.js';

export type RelationshipDirection = 'INCOMING' | 'OUTGOING';

/** One kind of relationships read of an entity: which DataHub relationships, in which direction. */
interface RelationshipReadSpec {
  readonly types: readonly string[];
  readonly direction: RelationshipDirection;
}

/**
 * Every relationships read the walk makes, named by what it finds. INCOMING finds the entities whose aspects name
 * the entity read; OUTGOING finds the entities the entity's own aspects name.
 */
export const RELATIONSHIP_READS = {
  /** Of a dataset: the features (and primary keys, metrics) derived from it. */
  derivedFeatures: { types: ['DerivedFrom'], direction: 'INCOMING' },
  /** Of a feature: the feature tables that contain it. */
  tables: { types: ['Contains'], direction: 'INCOMING' },
  /** Of a feature: the models (and jobs) that consume it. */
  consumers: { types: ['Consumes'], direction: 'INCOMING' },
  /** Of a model: the model groups it is a member of. */
  groups: { types: ['MemberOf'], direction: 'OUTGOING' },
  /** Of a term: every entity that carries it, on the entity or on a column of a dataset. */
  carriers: {
    types: ['EditableSchemaFieldWithGlossaryTerm', 'SchemaFieldWithGlossaryTerm', 'TermedWith'],
    direction: 'INCOMING',
  },
  /** Of a feature: the datasets it is derived from (a neighbour for the picture, not a dependent). */
  sources: { types: ['DerivedFrom'], direction: 'OUTGOING' },
  /** Of a model: the features it consumes (a neighbour for the picture). */
  features: { types: ['Consumes'], direction: 'OUTGOING' },
  /** Of a feature table: the features it contains (a neighbour for the picture). */
  tableFeatures: { types: ['Contains'], direction: 'OUTGOING' },
  /** Of a model group: its models (a neighbour for the picture). */
  members: { types: ['MemberOf'], direction: 'INCOMING' },
} as const satisfies Record<string, RelationshipReadSpec>;

export type RelationshipReadName = keyof typeof RELATIONSHIP_READS;

/** The reads that find an entity's dependents, by entity type: the walk follows them hop after hop. */
export const DEPENDENT_READS: Readonly<Record<string, readonly RelationshipReadName[]>> = {
  dataset: ['derivedFeatures'],
  mlFeature: ['tables', 'consumers'],
  mlModel: ['groups'],
  glossaryTerm: ['carriers'],
};

/**
 * The reads that find an entity's other neighbours, by entity type: read for the changed entities only (the
 * picture shows a changed model's features, a changed feature's datasets), never walked further.
 */
export const NEIGHBOUR_READS: Readonly<Record<string, readonly RelationshipReadName[]>> = {
  mlFeature: ['sources'],
  mlModel: ['features'],
  mlFeatureTable: ['tableFeatures'],
  mlModelGroup: ['members'],
};

/**
 * Reads whose entities are the end of their rule: a term's carriers are listed, not walked (their own dependents
 * do not depend on the term).
 */
export const TERMINAL_READS: ReadonlySet<RelationshipReadName> = new Set(['carriers']);

/** An entity of the graph, with the name DataHub shows for it. */
export interface DependencyNode {
  readonly urn: string;
  readonly entityType: string;
  readonly name: string;
  /** Present (true) when the catalog says the entity is soft-deleted (status.removed). */
  readonly removed?: boolean;
}

/** A relationship as DataHub stores it: the source is the entity whose aspect names the destination. */
export interface DependencyEdge {
  readonly source: string;
  readonly relationship: string;
  readonly destination: string;
}

/** One relationships read that was made: how many relationships the catalog has, and how many were read. */
export interface RelationshipRead {
  readonly urn: string;
  readonly read: RelationshipReadName;
  readonly total: number;
  readonly returned: number;
}

/**
 * What the walk read from the catalog: the entities, the relationships between them, and each read made (so
 * that what was not read, a page cut short or an entity beyond the last hop, is known). JSON-serializable, in a
 * fixed order: nodes by URN, edges by source, relationship and destination, reads by URN and read.
 */
export interface DependencyGraph {
  readonly seeds: readonly string[];
  readonly nodes: readonly DependencyNode[];
  readonly edges: readonly DependencyEdge[];
  readonly reads: readonly RelationshipRead[];
  /** What the catalog reported while answering (GraphQL errors beside data), when it reported anything. */
  readonly problems?: readonly string[];
}

/** How many dependents of each change the plan lists by name (the counts cover them all). */
export const DEFAULT_IMPACT_LIMIT = 10;

export type ImpactRule = 'feature' | 'model' | 'datasetTerms' | 'removedTerm';

/** One step from an entity to the next on the way from a changed entity to a dependent. */
export interface ImpactStep {
  /** The relationship as DataHub names it, e.g. Consumes. */
  readonly relationship: string;
  /** The direction as read from the previous entity (INCOMING: the entity reached names the previous one). */
  readonly direction: RelationshipDirection;
  readonly urn: string;
  readonly entityType: string;
  readonly name: string;
}

export interface ImpactedEntity {
  readonly urn: string;
  readonly entityType: string;
  readonly name: string;
  /** The path from the changed entity to this one: the shortest, the first by name among equals. */
  readonly via: readonly ImpactStep[];
}

export interface ImpactCount {
  readonly entityType: string;
  readonly count: number;
}

export interface ChangeImpact {
  readonly changeId: string;
  readonly urn: string;
  readonly entityType: string;
  readonly rule: ImpactRule;
  /** The first `limit` dependents by name (then URN). */
  readonly dependents: readonly ImpactedEntity[];
  /** Every dependent found, by entity type (not only the listed ones). */
  readonly counts: readonly ImpactCount[];
  readonly total: number;
  /**
   * False when the walk stopped short of what the rule needs (a page of relationships cut at the read limit, or an
   * entity beyond the last hop): the counts are then lower bounds.
   */
  readonly complete: boolean;
}

/** The impact of a plan: one entry per change that an impact rule applies to, in plan order. */
export interface PlanImpact {
  /** How many dependents each change lists by name. */
  readonly limit: number;
  readonly changes: readonly ChangeImpact[];
}

interface RuleStep {
  readonly read: RelationshipReadName;
  readonly then?: readonly RuleStep[];
}

const RULES: Readonly<Record<ImpactRule, readonly RuleStep[]>> = {
  feature: [{ read: 'tables' }, { read: 'consumers', then: [{ read: 'groups' }] }],
  model: [{ read: 'groups' }],
  datasetTerms: [{ read: 'derivedFeatures', then: [{ read: 'consumers' }] }],
  removedTerm: [{ read: 'carriers' }],
};

/** The entity types the picture and the walk know, in the order they are listed. */
export const TYPE_ORDER: readonly string[] = [
  'dataset',
  'mlFeature',
  'mlPrimaryKey',
  'mlFeatureTable',
  'mlModel',
  'mlModelGroup',
  'glossaryTerm',
];

/** The words for an entity type in the plan's text, markdown and picture, one and many. */
const ENTITY_NOUNS: Readonly<Record<string, readonly [string, string]>> = {
  dataset: ['dataset', 'datasets'],
  mlFeature: ['feature', 'features'],
  mlPrimaryKey: ['primary key', 'primary keys'],
  mlFeatureTable: ['feature table', 'feature tables'],
  mlModel: ['model', 'models'],
  mlModelGroup: ['model group', 'model groups'],
  glossaryTerm: ['term', 'terms'],
  schemaField: ['column', 'columns'],
  chart: ['chart', 'charts'],
  dashboard: ['dashboard', 'dashboards'],
  dataJob: ['data job', 'data jobs'],
  dataProcessInstance: ['process run', 'process runs'],
};

/** The word for `count` entities of a type (the type itself for one without a word). */
export function entityNoun(entityType: string, count: number): string {
  const [one, many] = ENTITY_NOUNS[entityType] ?? [entityType, `${entityType}s`];
  return count === 1 ? one : many;
}

/** The rule that applies to a change, if any. */
function impactRuleOf(change: Change): ImpactRule | undefined {
  switch (change.kind) {
    case 'termEdges':
      // A claim alone (the marker written on an existing edge) attaches and detaches nothing.
      return change.added.length + change.removed.length > 0 ? 'datasetTerms' : undefined;
    case 'status':
      if (change.entityType === 'glossaryTerm') return change.action === 'delete' ? 'removedTerm' : undefined;
      return entityRule(change.entityType);
    case 'upsertAspect':
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

/** By name without case, then by name, then by URN. */
export function compareNodes(
  a: { readonly name: string; readonly urn: string },
  b: { readonly name: string; readonly urn: string },
): number {
  return (
    compareText(a.name.toLowerCase(), b.name.toLowerCase()) ||
    compareText(a.name, b.name) ||
    compareText(a.urn, b.urn)
  );
}

/** Known types in lineage order (datasets, features, tables, models, groups, terms), then the others by name. */
export function compareEntityTypes(a: string, b: string): number {
  const rank = (type: string): number => {
    const at = TYPE_ORDER.indexOf(type);
    return at === -1 ? TYPE_ORDER.length : at;
  };
  return rank(a) - rank(b) || compareText(a, b);
}

/** The entity type a URN names ('' when it is no URN). */
export function entityTypeOfUrn(urn: string): string {
  const raw = parseRawUrn(urn);
  return raw.ok ? raw.value.entityType : '';
}

/** A node for an entity the catalog gave no name for: the name from its URN. */
export function nodeFromUrn(urn: string): DependencyNode {
  return { urn, entityType: entityTypeOfUrn(urn), name: nameFromUrn(urn) };
}

/**
 * The name a URN carries, for entities the catalog does not name: a feature's `namespace.name`, the name part of
 * a dataset, model, group or table, the last segment of a term's id; the whole URN otherwise.
 */
export function nameFromUrn(urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) return urn;
  const { entityType, parts } = raw.value;
  const part = (at: number): string | undefined => {
    const value = parts[at];
    return value === undefined ? undefined : decodeUrnPart(value);
  };
  switch (entityType) {
    case 'mlFeature':
    case 'mlPrimaryKey':
      return parts.length === 2 ? `${part(0) ?? ''}.${part(1) ?? ''}` : urn;
    case 'dataset':
    case 'mlModel':
    case 'mlModelGroup':
    case 'mlFeatureTable':
      return part(1) ?? urn;
    case 'schemaField':
      return part(1) ?? urn;
    case 'glossaryTerm':
      // What DataHub shows for a term without a name of its own: its id's last segment.
      return glossaryTermDisplayName(part(0) ?? urn);
    default:
      return parts.length === 1 ? (part(0) ?? urn) : urn;
  }
}
