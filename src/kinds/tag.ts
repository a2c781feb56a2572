/** Tag (urn:li:tag:<id>): a label on entities; DataHub's tag entity has owners only (no globalTags or links). */
import { resolveAssociations } from './associations.js';
import { declaredAt, text } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { DeprecatedValue, OwnerValue } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { idOf, optional, ownersOf } from './export-helpers.js';
import { optionalString, stringOr, type JsonObject } from '../model/json.js';

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
  export: { entityType: 'tag', replacementName: idOf('tag'), start: exportTags },
  adopt: {
    declarations: declaredAt('id'),
    fields: {
      name: { key: 'name', toManifest: text },
      description: { key: 'description', toManifest: text },
      colorHex: { key: 'colorHex', toManifest: text },
    },
  },
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

/** Tags go to tags.yaml; other documents refer to an exported tag by its id. */
function exportTags(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  const exported: { entity: ExportedEntity; id: string; properties: JsonObject }[] = [];
  return {
    names: () => {
      for (const tag of entities) {
        const urn = context.typed(tag.urn, 'tag');
        const properties = tag.aspects.get('tagProperties');
        if (urn === undefined || properties === undefined) continue;
        context.setName('Tag', tag.urn, urn.id);
        exported.push({ entity: tag, id: urn.id, properties });
      }
    },
    documents: () => {
      for (const { entity, id, properties } of exported) {
        const name = stringOr(properties['name'], id);
        context.add('tags.yaml', {
          apiVersion: 'catalog/v1',
          kind: 'Tag',
          id,
          ...optional('name', name === id ? undefined : name),
          ...optional('description', optionalString(properties['description'])),
          ...optional('colorHex', optionalString(properties['colorHex'])),
          ...ownersOf(entity),
        });
        context.count('Tag');
      }
    },
  };
}
