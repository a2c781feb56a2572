/**
 * A structured property the manifests no longer declare, with --prune. It is never hard-deleted: DataHub keeps a
 * hard-deleted property's search field mapping, and a later property of the same qualified name then collides with
 * it (PropertyDefinitionValidator's field collision check); GMS also removes its values from every entity
 * (PropertyDefinitionDeleteSideEffect). How it retires follows --prune-strategy:
 * - delete: soft-deleted (status removed). Its values stay on the entities that carry them, and GMS refuses any new
 *   one ("Cannot apply a soft deleted Structured Property value");
 * - deprecate (the default): DataHub's structuredProperty entity has no deprecation aspect, so the plan is refused
 *   with the two ways out;
 * - ignore: left as it is, with a note.
 */
import { CatalogError } from '../errors.js';
import { overlaid } from '../model/json.js';
import { versionSeen, type LiveEntity } from '../model/live-state.js';
import type { Change, PlanNote, RetireStrategy } from './types.js';

export interface PropertyRetirement {
  readonly changes: Change[];
  readonly notes: PlanNote[];
}

export function retireProperty(
  urn: string,
  entity: LiveEntity,
  strategy: RetireStrategy,
): PropertyRetirement {
  switch (strategy) {
    case 'ignore':
      return {
        changes: [],
        notes: [
          {
            kind: 'pruneSkipped',
            urn,
            message: `${urn} is no longer declared; it is kept (--prune-strategy ignore)`,
          },
        ],
      };
    case 'deprecate':
      throw new CatalogError(
        'PREFLIGHT_FAILED',
        `${urn} is no longer declared, and a structured property cannot be deprecated (DataHub's structuredProperty ` +
          'entity has no deprecation aspect); nothing was written. Re-run with --prune-strategy delete to soft-delete ' +
          'it (its values stay where they are set, and none can be added), or --prune-strategy ignore to keep it',
      );
    case 'delete': {
      const status = entity.aspects.get('status');
      return {
        changes: [
          {
            kind: 'status',
            action: 'delete',
            id: `status ${urn}`,
            urn,
            entityType: 'structuredProperty',
            aspect: 'status',
            versionSeen: versionSeen(entity, 'status'),
            before: status?.value ?? null,
            after: overlaid(status?.value, { removed: true }),
          },
        ],
        notes: [
          {
            kind: 'softDeleted',
            urn,
            message:
              `${urn} is soft-deleted, not hard-deleted: DataHub would keep a hard-deleted property's search field, ` +
              'and a new property of the same qualified name would collide with it. Its values stay on the entities ' +
              'that carry them, and DataHub refuses new ones',
          },
        ],
      };
    }
  }
}
