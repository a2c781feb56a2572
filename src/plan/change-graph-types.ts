/**
 * The graph of a plan's change (Plan.changeGraph): the changed entities and their neighbours in the catalog, and the
 * relationships between them as the plan leaves them, trimmed to the picture's size. Data, not a drawing: the
 * markdown plan draws it as a Mermaid flowchart (render/render-mermaid.ts), and the JSON plan carries it as it is.
 * Made by change-graph.ts; types and the lists a saved plan is checked against, shared with types.ts and
 * plan-json.ts.
 */

/** The relationships the graph holds (DataHub's @Relationship names): lineage between the ML entities, and terms. */
export const GRAPH_RELATIONSHIPS = [
  'DerivedFrom',
  'Contains',
  'Consumes',
  'MemberOf',
  'TermedWith',
  'EditableSchemaFieldWithGlossaryTerm',
  'SchemaFieldWithGlossaryTerm',
] as const;
export type GraphRelationship = (typeof GRAPH_RELATIONSHIPS)[number];

/** What the plan does to an entity; an entity created or deleted by one of its changes is that. */
export const GRAPH_NODE_ACTIONS = ['create', 'update', 'delete'] as const;
export type GraphNodeAction = (typeof GRAPH_NODE_ACTIONS)[number];

/** What the plan does to a relationship: leaves it, adds it or removes it. */
export const GRAPH_EDGE_STATES = ['kept', 'added', 'removed'] as const;
export type GraphEdgeState = (typeof GRAPH_EDGE_STATES)[number];

export interface ChangeGraphNode {
  readonly urn: string;
  readonly entityType: string;
  /** The name DataHub shows (a term the plan creates: the name it gives it; else the name its URN carries). */
  readonly name: string;
  /** Absent for a neighbour the plan does not change. */
  readonly action?: GraphNodeAction;
}

/** A relationship as DataHub stores it: the source is the entity whose aspect names the destination. */
export interface ChangeGraphEdge {
  readonly source: string;
  readonly relationship: GraphRelationship;
  readonly destination: string;
  /** The column of a term link the plan adds or removes on a column (its simple field path). */
  readonly label?: string;
  readonly state: GraphEdgeState;
}

export interface ChangeGraph {
  /**
   * The entities kept, in order: changed ones first, then the others by how many links away from a change they
   * are; among equals by type (datasets first, in the direction of flow), then name, then URN.
   */
  readonly nodes: readonly ChangeGraphNode[];
  /** The relationships between kept entities, by source, destination (their places in `nodes`), name and label. */
  readonly edges: readonly ChangeGraphEdge[];
  /** How many entities were left out past the node limit (the furthest from a change go first). */
  readonly omitted: number;
}
