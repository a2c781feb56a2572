/**
 * OwnershipType (urn:li:ownershipType:<id>): a custom type of owner, such as "Model Validator", that an owner line
 * names by URN (`owners: [{owner: …, type: urn:li:ownershipType:<id>}]`, written as type CUSTOM with its typeUrn).
 * DataHub's ownershipType entity has ownershipTypeInfo and status only: no owners, tags, links or domain.
 */
import { declaredAt, text } from './adopt-fields.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { optional } from './export-helpers.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import { optionalString, stringOr, type JsonObject } from '../model/json.js';

export interface OwnershipTypeManifest {
  readonly kind: 'OwnershipType';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
}

/** The ids of the ownership types DataHub creates itself (TECHNICAL_OWNER is urn:li:ownershipType:__system__technical_owner). */
const SYSTEM_PREFIX = '__system__';

const entity: EntityFacts<'ownershipType', 'ownershipTypeInfo'> = {
  entityType: 'ownershipType',
  ownedAspect: 'ownershipTypeInfo',
  ownedFields: ['name', 'description'],
  declarableAspects: [],
  accepts: [],
};

export const ownershipTypeKind: ManagedKind<OwnershipTypeManifest, 'ownershipType', 'ownershipTypeInfo'> = {
  kind: 'OwnershipType',
  schemaFile: 'ownership-type.schema.json',
  entity,
  resolve: { after: [], run: resolveOwnershipTypes },
  shadowNames: shadowId('OwnershipType'),
  export: { entityType: 'ownershipType', start: exportOwnershipTypes },
  adopt: {
    declarations: declaredAt('id'),
    fields: {
      name: { key: 'name', toManifest: text, required: true },
      description: { key: 'description', toManifest: text },
    },
  },
};

function resolveOwnershipTypes(
  documents: readonly KindDocument<OwnershipTypeManifest>[],
  context: ResolveContext,
): void {
  // A created or lastModified stamp with time 0 is filled in with the time of the write (apply/stamp.ts).
  const stamp: JsonObject = { time: 0, actor: context.settings.actor };
  const builtIn = documents.filter(({ manifest }) => manifest.id.startsWith(SYSTEM_PREFIX));
  for (const { manifest, source } of builtIn) {
    context.error(
      'INVALID_VALUE',
      `'${manifest.id}' is one of DataHub's own ownership types`,
      source.locate(['id']),
      {
        hint: `DataHub creates the ${SYSTEM_PREFIX}* types itself: name one in an owner's type (TECHNICAL_OWNER, BUSINESS_OWNER, DATA_STEWARD…), and give your own type another id`,
      },
    );
  }
  const own = documents.filter((document) => !builtIn.includes(document));
  for (const { doc, urn } of declareIds(own, context, entity.entityType)) {
    const { id, name, description } = doc.manifest;
    const source = doc.source.locate(['id']);
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      // ownershipTypeInfo requires both stamps: written when the type is created, and kept after (not owned).
      fields: { ...compact({ name: name ?? id, description }), created: stamp, lastModified: stamp },
      source,
    });
    context.declareEntity(urn, source, { id, name: name ?? id, description });
  }
}

/** Ownership types go to ownership-types.yaml; DataHub's own (__system__*) are not exported. */
function exportOwnershipTypes(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      for (const type of entities) {
        const urn = context.typed(type.urn, 'ownershipType');
        const info = type.aspects.get('ownershipTypeInfo');
        if (urn === undefined || info === undefined || urn.id.startsWith(SYSTEM_PREFIX)) continue;
        const name = stringOr(info['name'], urn.id);
        context.add('ownership-types.yaml', {
          apiVersion: 'catalog/v1',
          kind: 'OwnershipType',
          id: urn.id,
          ...optional('name', name === urn.id ? undefined : name),
          ...optional('description', optionalString(info['description'])),
        });
        context.count('OwnershipType');
      }
    },
  };
}
