/** What `catalog export` reads for each kind: the entity type it lists, and the aspects of each entity. */
import { ASSOCIATION_ASPECTS } from '../model/desired-state.js';
import { entityHasAspect } from '../model/registry.js';
import { KINDS, type EntityKind } from './registry.js';

const BY_KIND = new Map(
  KINDS.flatMap((module) => ('export' in module ? [[module.kind, module] as const] : [])),
);

/** The DataHub entity type listed for a kind (DatasetTerms: dataset). */
export function exportEntityType(kind: EntityKind): string {
  return BY_KIND.get(kind)?.export.entityType ?? '';
}

/**
 * The aspects read of an entity of a kind: the kind's own list, else its owned aspect, status, the owner, tag and
 * link aspects its entity type has in DataHub's registry, its forms, and its declarable aspects.
 */
export function exportAspectsOf(kind: EntityKind): string[] {
  const module = BY_KIND.get(kind);
  if (module === undefined) return [];
  if (module.export.aspects !== undefined) return [...module.export.aspects];
  if (!('entity' in module)) return [];
  const { entityType, ownedAspect, declarableAspects, accepts } = module.entity;
  return [
    ownedAspect,
    'status',
    ...ASSOCIATION_ASPECTS.filter((aspect) => entityHasAspect(entityType, aspect)),
    ...((accepts as readonly string[]).includes('terms') ? ['glossaryTerms'] : []),
    // The forms assigned to it: a Form's export names them in its assignedTo (form.ts).
    ...(entityHasAspect(entityType, 'forms') ? ['forms'] : []),
    ...declarableAspects,
  ];
}
