/**
 * The aspects known only once every entity is declared: an entity's deprecation (kinds/deprecations.ts) and its
 * dataPlatformInstance (the selected environment's platformInstance).
 */
import type { DesiredAspect, DesiredEntity } from '../model/desired-state.js';
import { encodeUrnPart, parseRawUrn } from '../model/urn.js';
import { DECLARABLE_ASPECTS } from './entity-tables.js';

/**
 * Adds the late aspects to each entity in one pass (one copy of an entity, not one per aspect: at 250,000 entities
 * the copies were most of resolving's garbage): its deprecation (`null` in `deprecations`: the manifest declares
 * none, located at the entity) and its dataPlatformInstance (the environment's platformInstance, or null).
 */
export function attachLateAspects(
  entities: DesiredEntity[],
  deprecations: ReadonlyMap<string, DesiredAspect | null>,
  platformInstance: string | undefined,
): void {
  for (const [index, entity] of entities.entries()) {
    const late: DesiredAspect[] = [];
    const deprecation = deprecations.get(entity.urn);
    if (deprecation !== undefined)
      late.push(deprecation ?? { aspectName: 'deprecation', value: null, source: entity.source });
    const instance = platformInstanceAspect(entity, platformInstance);
    if (instance !== undefined) late.push(instance);
    // concat makes an array of the exact length; a spread literal leaves room to grow (about 130 bytes more per
    // entity, kept as long as the desired state is).
    if (late.length > 0) entities[index] = { ...entity, aspects: (entity.aspects ?? []).concat(late) };
  }
}

/**
 * The dataPlatformInstance aspect of every declared entity whose URN names its platform (feature tables, models,
 * model groups; a feature's URN names none, so it gets none): the environment's instance of that platform, or
 * null without one (not declared: left alone, or cleared if the tool wrote it last).
 */
function platformInstanceAspect(
  entity: DesiredEntity,
  platformInstance: string | undefined,
): DesiredAspect | undefined {
  if (!(DECLARABLE_ASPECTS[entity.entityType] ?? []).includes('dataPlatformInstance')) return undefined;
  const raw = parseRawUrn(entity.urn);
  const platform = raw.ok ? raw.value.parts[0] : undefined;
  if (platform === undefined) return undefined;
  const value =
    platformInstance === undefined
      ? null
      : {
          platform,
          instance: `urn:li:dataPlatformInstance:(${platform},${encodeUrnPart(platformInstance)})`,
        };
  return { aspectName: 'dataPlatformInstance', value, source: entity.source };
}
