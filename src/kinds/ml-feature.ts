/**
 * MLFeature (urn:li:mlFeature:(<namespace>,<name>)): a feature declared on its own, or inline in the
 * MLFeatureTable that names its namespace (the same kind either way: this pass declares both).
 */
import { formatUrn } from '../model/urn.js';
import { resolveAssociations } from './associations.js';
import { isFeatureReference, type FeatureFields, type TableFeature } from './feature-fields.js';
import { asIs, declaredAt, text, versionTagText } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { datasetUrn, domainAspect } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declaredAssociations, textField, unique } from './resolve-helpers.js';
import type { DocumentPath, KindDocument } from './source.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { associationsOf, fileName, nonEmpty, optional, urnList, versionTag } from './export-helpers.js';
import { optionalString, stringOr } from '../model/json.js';
import { parseUrn } from '../model/urn.js';

export interface MLFeatureManifest extends FeatureFields {
  readonly kind: 'MLFeature';
  readonly namespace: string;
}

/** What this pass reads of an MLFeatureTable document: its name (the namespace) and its inline features. */
interface InlineFeatures {
  readonly kind: 'MLFeatureTable';
  readonly name: string;
  readonly features?: readonly TableFeature[];
}

const entity: EntityFacts<'mlFeature', 'mlFeatureProperties'> = {
  entityType: 'mlFeature',
  ownedAspect: 'mlFeatureProperties',
  ownedFields: ['description', 'dataType', 'version', 'sources'],
  declarableAspects: ['domains', 'deprecation'],
  accepts: ['owners', 'tags', 'links', 'domain', 'deprecated', 'properties'],
};

export const mlFeatureKind: ManagedKind<MLFeatureManifest, 'mlFeature', 'mlFeatureProperties'> = {
  kind: 'MLFeature',
  schemaFile: 'ml-feature.schema.json',
  entity,
  resolve: { after: ['Domain', 'Tag'], replacementName: 'feature (<table>.<feature>)', run: resolveFeatures },
  shadowNames: (value) => {
    const name = textField(value, 'name');
    return name === undefined ? [] : [['MLFeature', `${textField(value, 'namespace') ?? ''}.${name}`]];
  },
  export: {
    entityType: 'mlFeature',
    replacementName: (urn) => {
      const parsed = parseUrn(urn);
      return parsed.ok && parsed.value.entityType === 'mlFeature'
        ? `${parsed.value.namespace}.${parsed.value.name}`
        : undefined;
    },
    start: exportFeatures,
  },
  adopt: {
    declarations: declaredAt('name'),
    fields: {
      description: { key: 'description', toManifest: text },
      dataType: { key: 'dataType', toManifest: text },
      version: { key: 'version', toManifest: versionTagText },
      sources: { key: 'sources', toManifest: asIs, references: true },
    },
  },
};

function resolveFeatures(
  documents: readonly KindDocument<MLFeatureManifest>[],
  context: ResolveContext,
): void {
  for (const doc of documents) declareFeature(context, doc, doc.manifest.namespace, doc.manifest, []);
  for (const doc of context.documentsOf<InlineFeatures>('MLFeatureTable')) {
    (doc.manifest.features ?? []).forEach((item, index) => {
      if (!isFeatureReference(item))
        declareFeature(context, doc, doc.manifest.name, item, ['features', index]);
    });
  }
}

function declareFeature(
  context: ResolveContext,
  doc: KindDocument<{ readonly kind: string }>,
  namespace: string,
  feature: FeatureFields,
  at: DocumentPath,
): void {
  const urn = formatUrn({ entityType: 'mlFeature', namespace, name: feature.name });
  const source = doc.source.locate([...at, 'name']);
  if (!context.declare(urn, source)) return;
  context.define(`${namespace}.${feature.name}`, urn);
  const sources = unique(
    (feature.sources ?? []).flatMap(
      (ref, index) => datasetUrn(context, doc, ref, [...at, 'sources', index]) ?? [],
    ),
  );
  const associations = resolveAssociations(context, doc, feature, at, entity.entityType);
  const domain = domainAspect(context, doc, feature.domain, at, source);
  context.pendDeprecation(doc, feature.deprecated, at, urn);
  context.addEntity({
    urn,
    entityType: entity.entityType,
    aspectName: entity.ownedAspect,
    fields: compact({
      description: feature.description,
      dataType: feature.dataType,
      version: feature.version === undefined ? undefined : { versionTag: feature.version },
      sources,
    }),
    source,
    aspects: [domain.aspect],
    associations,
  });
  const { name, dataType, description, version } = feature;
  context.declareEntity(urn, source, {
    name,
    namespace,
    dataType,
    description,
    version,
    sources,
    domain: domain.urn,
    ...declaredAssociations(associations, entity.accepts),
  });
}

/**
 * A feature is written inline in the table that lists it and carries its namespace (the table claims it), else on
 * its own in the file of its namespace; others refer to it as <namespace>.<name>.
 */
function exportFeatures(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    names: () => {
      for (const feature of entities) {
        const urn = context.typed(feature.urn, 'mlFeature');
        const properties = feature.aspects.get('mlFeatureProperties');
        if (urn === undefined || properties === undefined) continue;
        context.setName('MLFeature', feature.urn, `${urn.namespace}.${urn.name}`);
        context.prepare(feature.urn, {
          name: urn.name,
          ...optional('dataType', stringOr(properties['dataType']) || undefined),
          ...optional('description', optionalString(properties['description'])),
          ...optional('version', versionTag(properties['version'])),
          ...optional('sources', nonEmpty(urnList(properties['sources']))),
          ...associationsOf(feature, context),
        });
      }
    },
    documents: () => {
      for (const feature of entities) {
        const fields = context.prepared(feature.urn);
        const urn = parseUrn(feature.urn);
        if (
          fields === undefined ||
          context.claimed(feature.urn) ||
          !urn.ok ||
          urn.value.entityType !== 'mlFeature'
        )
          continue;
        context.add(`features/${fileName(urn.value.namespace)}.yaml`, {
          apiVersion: 'catalog/v1',
          kind: 'MLFeature',
          namespace: urn.value.namespace,
          ...fields,
        });
        context.count('MLFeature');
      }
    },
  };
}
