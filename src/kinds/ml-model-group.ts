/** MLModelGroup (urn:li:mlModelGroup:(<platform>,<name>,<env>)): the models of one purpose, by version. */
import { formatUrn } from '../model/urn.js';
import { resolveAssociations } from './associations.js';
import { declaredAt, text } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { domainAspect, envOf, platformOf } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declaredAssociations, textField } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations, InDomain } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { associationsOf, fileName, nameOfUrn, optional } from './export-helpers.js';
import { optionalString } from '../model/json.js';

export interface MLModelGroupManifest extends Associations, InDomain {
  readonly kind: 'MLModelGroup';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
}

const entity: EntityFacts<'mlModelGroup', 'mlModelGroupProperties'> = {
  entityType: 'mlModelGroup',
  ownedAspect: 'mlModelGroupProperties',
  ownedFields: ['description'],
  // dataPlatformInstance: the selected environment's platformInstance, on the kinds whose URN names a platform.
  declarableAspects: ['domains', 'deprecation', 'dataPlatformInstance'],
  accepts: ['owners', 'tags', 'links', 'domain', 'deprecated', 'properties'],
};

export const mlModelGroupKind: ManagedKind<MLModelGroupManifest, 'mlModelGroup', 'mlModelGroupProperties'> = {
  kind: 'MLModelGroup',
  schemaFile: 'ml-model-group.schema.json',
  entity,
  resolve: { after: ['Domain', 'Tag'], replacementName: 'MLModelGroup name', run: resolveGroups },
  shadowNames: (value) => {
    const name = textField(value, 'name');
    return name === undefined ? [] : [['MLModelGroup', name]];
  },
  export: { entityType: 'mlModelGroup', replacementName: nameOfUrn('mlModelGroup'), start: exportGroups },
  adopt: {
    declarations: declaredAt('name'),
    fields: { description: { key: 'description', toManifest: text } },
  },
};

function resolveGroups(
  documents: readonly KindDocument<MLModelGroupManifest>[],
  context: ResolveContext,
): void {
  for (const doc of documents) {
    const platform = platformOf(context, doc, doc.manifest.platform);
    if (platform === undefined) continue;
    const env = envOf(context, doc.manifest.env);
    const urn = formatUrn({ entityType: 'mlModelGroup', platform, name: doc.manifest.name, env });
    const source = doc.source.locate(['name']);
    if (!context.declare(urn, source)) continue;
    context.defineShared(doc.manifest.name, urn);
    const associations = resolveAssociations(context, doc, doc.manifest, [], entity.entityType);
    const domain = domainAspect(context, doc, doc.manifest.domain, [], source);
    context.pendDeprecation(doc, doc.manifest.deprecated, [], urn, { platform, env });
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: compact({ description: doc.manifest.description }),
      source,
      aspects: [domain.aspect],
      associations,
    });
    const { name, description } = doc.manifest;
    context.declareEntity(urn, source, {
      name,
      platform,
      env,
      description,
      domain: domain.urn,
      ...declaredAssociations(associations, entity.accepts),
    });
  }
}

/** A group goes to a file of its own, where the models whose first group it is follow it. */
function exportGroups(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      for (const group of entities) {
        const urn = context.typed(group.urn, 'mlModelGroup');
        const properties = group.aspects.get('mlModelGroupProperties');
        if (urn === undefined || properties === undefined || !context.platformOk(group.urn, urn.platform))
          continue;
        context.add(
          `models/${fileName(urn.name)}.yaml`,
          {
            apiVersion: 'catalog/v1',
            kind: 'MLModelGroup',
            name: urn.name,
            platform: urn.platform,
            env: urn.env,
            ...optional('description', optionalString(properties['description'])),
            ...associationsOf(group, context),
          },
          group.urn,
        );
        context.count('MLModelGroup');
      }
    },
  };
}
