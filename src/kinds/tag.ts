/** Tag (urn:li:tag:<id>): a label on entities; DataHub's tag entity has owners only (no globalTags or links). */
import type { ManagedKind } from './kind.js';
import type { DeprecatedValue, OwnerValue } from './values.js';

export interface TagManifest {
  readonly kind: 'Tag';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly colorHex?: string;
  readonly owners?: readonly OwnerValue[];
  readonly deprecated?: DeprecatedValue;
}

export const tagKind: ManagedKind<TagManifest, 'tag', 'tagProperties'> = {
  kind: 'Tag',
  schemaFile: 'tag.schema.json',
  declares: true,
  entity: {
    entityType: 'tag',
    ownedAspect: 'tagProperties',
    ownedFields: ['name', 'description', 'colorHex'],
    declarableAspects: ['deprecation'],
    accepts: ['owners', 'deprecated'],
  },
};
