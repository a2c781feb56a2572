/**
 * MLFeature (urn:li:mlFeature:(<namespace>,<name>)): a feature declared on its own, or inline in the
 * MLFeatureTable that names its namespace (the same kind either way).
 */
import type { FeatureFields } from './feature-fields.js';
import type { ManagedKind } from './kind.js';

export interface MLFeatureManifest extends FeatureFields {
  readonly kind: 'MLFeature';
  readonly namespace: string;
}

export const mlFeatureKind: ManagedKind<MLFeatureManifest, 'mlFeature', 'mlFeatureProperties'> = {
  kind: 'MLFeature',
  schemaFile: 'ml-feature.schema.json',
  declares: true,
  entity: {
    entityType: 'mlFeature',
    ownedAspect: 'mlFeatureProperties',
    ownedFields: ['description', 'dataType', 'version', 'sources'],
    declarableAspects: ['domains', 'deprecation'],
    accepts: ['owners', 'tags', 'links', 'domain', 'deprecated'],
  },
};
