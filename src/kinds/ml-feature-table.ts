/** MLFeatureTable (urn:li:mlFeatureTable:(<platform>,<name>)): a table of features, declared inline or named. */
import type { TableFeature } from './feature-fields.js';
import type { ManagedKind } from './kind.js';
import type { Associations, InDomain } from './values.js';

export interface MLFeatureTableManifest extends Associations, InDomain {
  readonly kind: 'MLFeatureTable';
  readonly name: string;
  readonly platform?: string;
  readonly description?: string;
  readonly features?: readonly TableFeature[];
}

export const mlFeatureTableKind: ManagedKind<
  MLFeatureTableManifest,
  'mlFeatureTable',
  'mlFeatureTableProperties'
> = {
  kind: 'MLFeatureTable',
  schemaFile: 'ml-feature-table.schema.json',
  declares: true,
  entity: {
    entityType: 'mlFeatureTable',
    ownedAspect: 'mlFeatureTableProperties',
    ownedFields: ['description', 'mlFeatures'],
    // dataPlatformInstance: the selected environment's platformInstance, on the kinds whose URN names a platform.
    declarableAspects: ['domains', 'deprecation', 'dataPlatformInstance'],
    accepts: ['owners', 'tags', 'links', 'domain', 'deprecated'],
  },
};
