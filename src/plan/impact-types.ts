/**
 * The results of the impact walk (impact.ts) as the plan holds them: for each change a rule applies to, the entities
 * that depend on it, with the path of relationships that makes each one a dependent. Types only, shared by the plan
 * (types.ts), the walk and the renderers.
 */
import type { RelationshipDirection } from './dependency-graph.js';

export type ImpactRule = 'feature' | 'model' | 'datasetTerms' | 'removedTerm' | 'property';

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
