/**
 * Deleting single aspects of an entity, as GMS v1.7.0's OpenAPI does it (GenericEntitiesController.deleteEntity
 * with `aspects`, and deleteAspect; metadata-service/openapi-servlet/.../controller/GenericEntitiesController.java):
 * EntityService.deleteAspect with no conditions and hardDelete, which removes every version of the aspect
 * (EntityServiceImpl.deleteAspectWithoutMCL: with no conditions every older version matches, so none survives).
 * The entity stays: its key aspect is not touched.
 */
import { isTimeseriesAspect } from '../../model/registry.js';
import type { AspectStore } from '../store/aspect-store.js';
import { entityKeyOf } from './accept-proposals.js';

/**
 * Removes every version of each (versioned) aspect, in one transaction; answers how many rows went. A timeseries
 * aspect has no rows here (GMS's deleteAspect finds none in its SQL store), and an aspect the entity lacks is no
 * error: GMS skips it.
 */
export function deleteVersionedAspects(store: AspectStore, urn: string, aspects: readonly string[]): number {
  const key = entityKeyOf(urn);
  return store.transaction(() => {
    let rows = 0;
    for (const aspect of aspects) {
      if (aspect === key.aspectName || isTimeseriesAspect(aspect)) continue;
      if (store.get(urn, aspect) !== undefined) rows += store.deleteAspect(urn, aspect);
    }
    return rows;
  });
}

/**
 * Removes the latest event of a timeseries aspect of the entity (GenericEntitiesController.deleteAspect: the events
 * whose timestampMillis equals the latest one's); answers how many went. GMS's filter names only the entity type,
 * so it also removes other entities' events stamped the same millisecond; only this entity's go here.
 */
export function deleteLatestEvent(store: AspectStore, urn: string, aspect: string): number {
  entityKeyOf(urn);
  const [latest] = store.timeseries.values({ urn, aspect, limit: 1 });
  if (latest === undefined) return 0;
  const at = latest.timestampMillis;
  return store.transaction(() =>
    store.deleteTimeseries(urn, [aspect], { startTimeMillis: at, endTimeMillis: at }),
  );
}
