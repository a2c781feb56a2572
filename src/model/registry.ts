/**
 * DataHub's entity registry, as both the client and the embedded catalog use it: which entity types exist, their
 * key aspects and key fields, which aspects each may carry, the Pegasus class name (FQN) DataHub keys each aspect
 * by in `VersionedAspect` unions and MCE snapshots, and the relationships each aspect declares.
 * The data is generated from the reference DataHub release's own entity-registry.yml and PDL files
 * (src/datahub/generated/entity-registry.ts, written by scripts/generate-datahub-release.mjs).
 */
import {
  GENERATED_ASPECTS,
  GENERATED_ENTITIES,
  type GeneratedRelationship,
} from '../datahub/generated/entity-registry.js';

export type RelationshipSpec = GeneratedRelationship;

const FQN_TO_ASPECT: ReadonlyMap<string, string> = new Map(
  Object.entries(GENERATED_ASPECTS).map(([name, spec]) => [spec.fqn, name]),
);
const ASPECTS_OF_ENTITY: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(GENERATED_ENTITIES).map(([name, spec]) => [
    name,
    new Set([spec.keyAspect, ...spec.aspects]),
  ]),
);

/** Every registered entity type, sorted. */
export const ENTITY_TYPES: readonly string[] = Object.keys(GENERATED_ENTITIES).sort();

export function isKnownEntityType(entityType: string): boolean {
  return Object.hasOwn(GENERATED_ENTITIES, entityType);
}

export function keyAspectOf(entityType: string): string | undefined {
  return Object.hasOwn(GENERATED_ENTITIES, entityType)
    ? GENERATED_ENTITIES[entityType]?.keyAspect
    : undefined;
}

/** The key aspect's field names in URN part order. */
export function keyFieldsOf(entityType: string): readonly string[] | undefined {
  const keyAspect = keyAspectOf(entityType);
  return keyAspect === undefined ? undefined : GENERATED_ASPECTS[keyAspect]?.keyFields;
}

/** Whether an entity type has an aspect of this name (the key aspect included). */
export function entityHasAspect(entityType: string, aspectName: string): boolean {
  return ASPECTS_OF_ENTITY.get(entityType)?.has(aspectName) ?? false;
}

/** The aspect names of an entity type, key aspect first. */
export function aspectNamesOf(entityType: string): readonly string[] {
  const spec = Object.hasOwn(GENERATED_ENTITIES, entityType) ? GENERATED_ENTITIES[entityType] : undefined;
  return spec === undefined ? [] : [spec.keyAspect, ...spec.aspects];
}

/**
 * The aspect name of a Pegasus class name, as found in MCE snapshots. `com.linkedin.pegasus2avro.X` (the
 * Avro-flavoured name used in files) and `com.linkedin.X` are both accepted.
 */
export function aspectNameOfFqn(fqn: string): string | undefined {
  return FQN_TO_ASPECT.get(fqn.replace('com.linkedin.pegasus2avro.', 'com.linkedin.'));
}

export function fqnOfAspect(aspectName: string): string | undefined {
  return Object.hasOwn(GENERATED_ASPECTS, aspectName) ? GENERATED_ASPECTS[aspectName]?.fqn : undefined;
}

/** Timeseries aspects (profiles, usage statistics, run events) are stored per event in DataHub, not versioned. */
export function isTimeseriesAspect(aspectName: string): boolean {
  return Object.hasOwn(GENERATED_ASPECTS, aspectName) && GENERATED_ASPECTS[aspectName]?.timeseries === true;
}

/** How the web app shows an aspect marked `autoRender` in its @Aspect annotation; undefined for the others. */
export function autoRenderSpec(
  aspectName: string,
): { readonly displayType?: string; readonly displayName?: string; readonly key?: string } | undefined {
  const spec = Object.hasOwn(GENERATED_ASPECTS, aspectName) ? GENERATED_ASPECTS[aspectName] : undefined;
  return spec?.autoRender === true ? (spec.renderSpec ?? {}) : undefined;
}

/** The @Relationship annotations of an aspect, as paths into its value. */
export function relationshipsOfAspect(aspectName: string): readonly RelationshipSpec[] {
  return (Object.hasOwn(GENERATED_ASPECTS, aspectName) && GENERATED_ASPECTS[aspectName]?.relationships) || [];
}

/**
 * The key aspect of an entity, derived from its URN the way DataHub's `EntityKeyUtils.convertUrnToEntityKey`
 * does: one field per URN part, in order, with the parts as they appear in the URN.
 */
export function keyAspectFromUrn(
  entityType: string,
  parts: readonly string[],
): { readonly aspectName: string; readonly value: Record<string, string> } | undefined {
  const keyAspect = keyAspectOf(entityType);
  const fields = keyFieldsOf(entityType);
  if (keyAspect === undefined || fields === undefined || fields.length !== parts.length) return undefined;
  const value: Record<string, string> = {};
  fields.forEach((field, index) => {
    value[field] = parts[index] as string;
  });
  return { aspectName: keyAspect, value };
}
