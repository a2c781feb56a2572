/**
 * The dependency graph: what the impact walk reads from the catalog's relationships (DataHub's @Relationship edges,
 * as its GraphQL `relationships` field answers them) and walks. The reads are named here, by what they find, so the
 * client (client/read-dependency-graph.ts) reads exactly what impact.ts and the plan's picture look for. Types and
 * tables only.
 */
export type RelationshipDirection = 'INCOMING' | 'OUTGOING';

/** One kind of relationships read of an entity: which DataHub relationships, in which direction. */
export interface RelationshipReadSpec {
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
  /**
   * Of a structured property: every entity that carries a value of it. DataHub has no relationship for this (a
   * value is searchable, not an edge): it is read by search (SEARCH_READS), and named here as an edge would be.
   */
  propertyCarriers: { types: ['HasStructuredPropertyValue'], direction: 'INCOMING' },
} as const satisfies Record<string, RelationshipReadSpec>;

export type RelationshipReadName = keyof typeof RELATIONSHIP_READS;

/** The reads that find an entity's dependents, by entity type: the walk follows them hop after hop. */
export const DEPENDENT_READS: Readonly<Record<string, readonly RelationshipReadName[]>> = {
  dataset: ['derivedFeatures'],
  mlFeature: ['tables', 'consumers'],
  mlModel: ['groups'],
  glossaryTerm: ['carriers'],
  structuredProperty: ['propertyCarriers'],
};

/** The reads made by searching (`structuredProperties.<name>` EXISTS), not through `relationships`. */
export const SEARCH_READS: ReadonlySet<RelationshipReadName> = new Set(['propertyCarriers']);

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
export const TERMINAL_READS: ReadonlySet<RelationshipReadName> = new Set(['carriers', 'propertyCarriers']);

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
