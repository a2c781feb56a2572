/**
 * OwnershipTypeEntity: its stored info, else the info DataHub bootstraps for the system types
 * (ownership-types.ts).
 */
import { stringOr } from '../../../model/json.js';
import { auditStamp } from './aspect-views.js';
import { commonView, type ViewContext } from './entity-base.js';
import { text } from './json-readers.js';
import { SYSTEM_OWNERSHIP_TYPES } from './ownership-types.js';
import type { AuditStampView, CommonEntityView } from './view-types.js';

export interface OwnershipTypeInfoView {
  readonly name: string;
  readonly description: string | null;
  // OwnershipTypeInfo's stamps are plain AuditStamps (actor a String), not resolved ones (v1.7.0 entity.graphql).
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
        created: aspect['created'] === undefined ? null : auditStamp(aspect['created']),
        lastModified: aspect['lastModified'] === undefined ? null : auditStamp(aspect['lastModified']),
      };
    },
  };
}
