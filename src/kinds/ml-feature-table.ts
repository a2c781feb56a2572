/** MLFeatureTable (urn:li:mlFeatureTable:(<platform>,<name>)): a table of features, declared inline or named. */
import { isJsonObject } from '../model/json.js';
import { formatUrn } from '../model/urn.js';
import { resolveAssociations } from './associations.js';
import { isFeatureReference, type TableFeature } from './feature-fields.js';
import { text } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { domainAspect, featureRef, platformOf } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declaredAssociations, textField, unique } from './resolve-helpers.js';
import type { DocumentPath, KindDocument } from './source.js';
import type { Associations, InDomain } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { associationsOf, fileName, nameOfUrn, nonEmpty, optional, urnList } from './export-helpers.js';
import { optionalString, type JsonValue } from '../model/json.js';
import { parseUrn } from '../model/urn.js';

export interface MLFeatureTableManifest extends Associations, InDomain {
  readonly kind: 'MLFeatureTable';
  readonly name: string;
  readonly platform?: string;
  readonly description?: string;
  readonly features?: readonly TableFeature[];
}

const entity: EntityFacts<'mlFeatureTable', 'mlFeatureTableProperties'> = {
  entityType: 'mlFeatureTable',
  ownedAspect: 'mlFeatureTableProperties',
  ownedFields: ['description', 'mlFeatures'],
  declarableAspects: ['domains', 'deprecation', 'dataPlatformInstance'],
  accepts: ['owners', 'tags', 'links', 'domain', 'deprecated', 'properties'],
};

export const mlFeatureTableKind: ManagedKind<
  MLFeatureTableManifest,
  'mlFeatureTable',
  'mlFeatureTableProperties'
> = {
  kind: 'MLFeatureTable',
  schemaFile: 'ml-feature-table.schema.json',
  entity,
  resolve: {
    after: ['MLFeature', 'Domain', 'Tag'],
    replacementName: 'MLFeatureTable name',
    run: resolveTables,
  },
  export: { entityType: 'mlFeatureTable', replacementName: nameOfUrn('mlFeatureTable'), start: exportTables },
  adopt: {
    // The table, and each feature it declares inline (an entity of its own, located at its name).
    declarations: (manifest) => [
      [[], 'name'],
      ...(manifest.features ?? []).flatMap((item, index): (readonly [DocumentPath, string])[] =>
        isFeatureReference(item) ? [] : [[['features', index], 'name']],
      ),
    ],
    // A table's features are declared inline (each an entity of its own): a changed list is not adopted.
    fields: { description: { key: 'description', toManifest: text } },
  },
  // A rejected table still declares its name and its inline features (<table>.<feature>).
  shadowNames: (value) => {
    const name = textField(value, 'name');
    if (name === undefined) return [];
    const features = value['features'];
    return [
      ['MLFeatureTable', name],
      ...(Array.isArray(features) ? features : []).flatMap((item): (readonly [string, string])[] => {
        const featureName = isJsonObject(item) ? textField(item, 'name') : undefined;
        return featureName === undefined ? [] : [['MLFeature', `${name}.${featureName}`]];
      }),
    ];
  },
};

function resolveTables(
  documents: readonly KindDocument<MLFeatureTableManifest>[],
  context: ResolveContext,
): void {
  for (const doc of documents) {
    const platform = platformOf(context, doc, doc.manifest.platform);
    if (platform === undefined) continue;
    const urn = formatUrn({ entityType: 'mlFeatureTable', platform, name: doc.manifest.name });
    const source = doc.source.locate(['name']);
    if (!context.declare(urn, source)) continue;
    context.defineShared(doc.manifest.name, urn);
    const features = unique(tableFeatures(context, doc));
    const associations = resolveAssociations(context, doc, doc.manifest, [], entity.entityType);
    const domain = domainAspect(context, doc, doc.manifest.domain, [], source);
    context.pendDeprecation(doc, doc.manifest.deprecated, [], urn, { platform });
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: compact({ description: doc.manifest.description, mlFeatures: features }),
      source,
      aspects: [domain.aspect],
      associations,
    });
    const { name, description } = doc.manifest;
    context.declareEntity(urn, source, {
      name,
      platform,
      description,
      features,
      domain: domain.urn,
      ...declaredAssociations(associations, entity.accepts),
    });
  }
}

/** Its features' URNs: the inline ones (declared by the MLFeature pass) and the ones it names. */
function tableFeatures(context: ResolveContext, doc: KindDocument<MLFeatureTableManifest>): string[] {
  return (doc.manifest.features ?? []).flatMap((item, index) => {
    if (!isFeatureReference(item)) {
      return formatUrn({ entityType: 'mlFeature', namespace: doc.manifest.name, name: item.name });
    }
    return featureRef(context, doc, item.ref, ['features', index, 'ref']) ?? [];
  });
}

/** A table goes to the file of its name, with the features of its namespace inline (the first table to list one). */
function exportTables(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      for (const table of entities) {
        const urn = context.typed(table.urn, 'mlFeatureTable');
        const properties = table.aspects.get('mlFeatureTableProperties');
        if (urn === undefined || properties === undefined || !context.platformOk(table.urn, urn.platform))
          continue;
        const features = urnList(properties['mlFeatures']).map((featureUrn): JsonValue => {
          const fields = context.prepared(featureUrn);
          const parsed = parseUrn(featureUrn);
          const ownNamespace =
            parsed.ok && parsed.value.entityType === 'mlFeature' && parsed.value.namespace === urn.name;
          if (fields !== undefined && ownNamespace && !context.claimed(featureUrn)) {
            context.claim(featureUrn);
            context.count('MLFeature');
            return fields;
          }
          return { ref: context.nameIn('MLFeature', featureUrn) };
        });
        context.add(`features/${fileName(urn.name)}.yaml`, {
          apiVersion: 'catalog/v1',
          kind: 'MLFeatureTable',
          name: urn.name,
          platform: urn.platform,
          ...optional('description', optionalString(properties['description'])),
          ...optional('features', nonEmpty(features)),
          ...associationsOf(table, context),
        });
        context.count('MLFeatureTable');
      }
    },
  };
}
