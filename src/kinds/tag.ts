/** Tag (urn:li:tag:<id>): a label on entities; DataHub's tag entity has owners only (no globalTags or links). */
import { resolveAssociations } from './associations.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
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

const entity: EntityFacts<'tag', 'tagProperties'> = {
  entityType: 'tag',
  ownedAspect: 'tagProperties',
  ownedFields: ['name', 'description', 'colorHex'],
  declarableAspects: ['deprecation'],
  accepts: ['owners', 'deprecated'],
};

export const tagKind: ManagedKind<TagManifest, 'tag', 'tagProperties'> = {
  kind: 'Tag',
  schemaFile: 'tag.schema.json',
  entity,
  resolve: { after: [], replacementName: 'Tag id', run: resolveTags },
  shadowNames: shadowId('Tag'),
};

function resolveTags(documents: readonly KindDocument<TagManifest>[], context: ResolveContext): void {
  for (const { doc, urn } of declareIds(documents, context, entity.entityType)) {
    const { id, name, description, colorHex } = doc.manifest;
    const source = doc.source.locate(['id']);
    const associations = resolveAssociations(context, doc, doc.manifest, [], entity.entityType);
    context.pendDeprecation(doc, doc.manifest.deprecated, [], urn);
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: compact({ name: name ?? id, description, colorHex }),
      source,
      associations,
    });
    // A Tag has owners only (DataHub's tag entity has no globalTags or institutionalMemory).
    context.declareEntity(urn, source, {
      id,
      name: name ?? id,
      description,
      colorHex,
      ...declaredAssociations(associations, entity.accepts),
    });
  }
}
