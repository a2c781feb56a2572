/**
 * The per-entity-type tables the plan, the client, export and adopt read, derived from the registry: for each
 * DataHub entity type a manifest kind declares, the aspect the tool owns, the fields of it the tool owns, and the
 * other aspects a manifest may declare (kind.ts, EntityFacts).
 */
import type { ManagedEntityType, OwnedAspectName } from '../model/desired-state.js';
import type { AssociationField } from './kind.js';
import { KINDS } from './registry.js';

const MANAGED = KINDS.flatMap((module) => ('entity' in module ? [module.entity] : []));

type RegistryEntityType = (typeof MANAGED)[number]['entityType'];
type RegistryOwnedAspect = (typeof MANAGED)[number]['ownedAspect'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/**
 * model/desired-state.ts names the managed entity types and owned aspects as types (model is below the kinds);
 * these fail to compile when a kind is added to the registry without them, or they name one the registry lacks.
 */
export type EntityTypesAgree = Assert<Same<RegistryEntityType, ManagedEntityType>>;
export type OwnedAspectsAgree = Assert<Same<RegistryOwnedAspect, OwnedAspectName>>;

/** The aspects whose manifest-expressible fields the tool owns (architecture.md, section 3.1). */
export const OWNED_ASPECTS = Object.fromEntries(
  MANAGED.map((entity) => [entity.entityType, entity.ownedAspect]),
) as Readonly<Record<ManagedEntityType, OwnedAspectName>>;

export const MANAGED_ENTITY_TYPES: readonly ManagedEntityType[] = MANAGED.map((entity) => entity.entityType);

/** The associations each entity type's manifests accept (kind.ts, EntityFacts.accepts). */
export const ACCEPTED_ASSOCIATIONS = Object.fromEntries(
  MANAGED.map((entity) => [entity.entityType, entity.accepts]),
) as Readonly<Record<ManagedEntityType, readonly AssociationField[]>>;

/** The fields of each owned aspect that the manifest format can express: the tool owns exactly these. */
export const OWNED_FIELDS = Object.fromEntries(
  MANAGED.map((entity) => [entity.ownedAspect, entity.ownedFields]),
) as Readonly<Record<OwnedAspectName, readonly string[]>>;

/**
 * Fields the tool owns only when the manifest declares them (`customProperties`: a map others often fill in;
 * declaring it, even as {}, makes the manifest the truth for the whole map). Each listed once, in registry order.
 */
export const DECLARED_ONLY_FIELDS: readonly string[] = [
  ...new Set(MANAGED.flatMap((entity) => entity.declaredOnlyFields ?? [])),
];

/**
 * Whole aspects besides the owned one that a kind can declare (GlossaryTerm: relatedTerms, domain). A declared
 * one is the manifest's; an undeclared one is left alone unless the tool wrote it last (then it is cleared, as
 * removing the line asks).
 */
export const DECLARABLE_ASPECTS: Readonly<Partial<Record<ManagedEntityType, readonly string[]>>> =
  Object.fromEntries(MANAGED.map((entity) => [entity.entityType, entity.declarableAspects]));

/**
 * The order the plan writes entity types in (plan/create-plan.ts, phaseOf): what an entity names is written before
 * it. The types there were before the registry keep the order the plan always had (domains first, since every
 * kind may name one; data products last, after their assets); a kind added since goes right after the last type
 * its documents name (its `resolve.after`), or first when they name none.
 */
const EARLIER_WRITE_ORDER: readonly string[] = [
  'domain',
  'tag',
  'glossaryNode',
  'glossaryTerm',
  'mlModelGroup',
  'mlFeature',
  'mlFeatureTable',
  'mlModel',
  'dataset',
  // A column's structured property values, on its schemaField entity: after its dataset.
  'schemaField',
  'dataProduct',
];

export const WRITE_ORDER: readonly string[] = writeOrder();

function writeOrder(): string[] {
  const declaring = KINDS.flatMap((module) => ('resolve' in module ? [module] : []));
  const entityTypeOf = new Map<string, string>(
    declaring.map((module) => [module.kind, module.export.entityType]),
  );
  const order = [...EARLIER_WRITE_ORDER];
  for (const module of declaring) {
    const entityType = module.export.entityType;
    if (order.includes(entityType)) continue;
    const named = module.resolve.after.map((kind) => order.indexOf(entityTypeOf.get(kind) ?? ''));
    order.splice(Math.max(-1, ...named) + 1, 0, entityType);
  }
  return order;
}
