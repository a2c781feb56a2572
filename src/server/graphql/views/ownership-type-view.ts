/**
 * OwnershipTypeEntity: its stored info, else the info DataHub bootstraps for the system types
 * (ownership-types.ts).
 */
import { isJsonObject, stringOr } from '../../../model/json.js';
import { auditStamp } from './aspect-views.js';
import { commonView, type ViewContext } from './entity-base.js';
import { text } from './json-readers.js';
import { SYSTEM_OWNERSHIP_TYPES } from './ownership-types.js';
import type { AuditStampView, CommonEntityView } from './view-types.js';

export interface OwnershipTypeInfoView {
  readonly name: string;
  readonly description: string | null;
  readonly created?: AuditStampView | null;
  readonly lastModified?: AuditStampView | null;
}

export interface OwnershipTypeView extends CommonEntityView {
  readonly type: 'CUSTOM_OWNERSHIP_TYPE';
  readonly info: () => OwnershipTypeInfoView | null;
}

export function ownershipTypeView(urn: string, context: ViewContext): OwnershipTypeView {
  return {
    ...commonView(urn, 'ownershipType', context),
    type: 'CUSTOM_OWNERSHIP_TYPE',
    info: () => {
      const aspect = context.service.latest(urn, 'ownershipTypeInfo');
      if (aspect === undefined) return SYSTEM_OWNERSHIP_TYPES[urn] ?? null;
      return {
        name: stringOr(aspect['name']),
        description: text(aspect['description']),
        // OwnershipTypeInfo's stamps are AuditStamps (an actor URN), not resolved ones.
        created: isJsonObject(aspect['created']) ? auditStamp(aspect['created']) : null,
        lastModified: isJsonObject(aspect['lastModified']) ? auditStamp(aspect['lastModified']) : null,
      };
    },
  };
}
