/** MLModelGroup (urn:li:mlModelGroup:(<platform>,<name>,<env>)): the models of one purpose, by version. */
import type { ManagedKind } from './kind.js';
import type { Associations, InDomain } from './values.js';

export interface MLModelGroupManifest extends Associations, InDomain {
  readonly kind: 'MLModelGroup';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
}

export const mlModelGroupKind: ManagedKind<MLModelGroupManifest, 'mlModelGroup', 'mlModelGroupProperties'> = {
  kind: 'MLModelGroup',
  schemaFile: 'ml-model-group.schema.json',
  declares: true,
  entity: {
    entityType: 'mlModelGroup',
    ownedAspect: 'mlModelGroupProperties',
    ownedFields: ['description'],
    declarableAspects: ['domains', 'deprecation', 'dataPlatformInstance'],
    accepts: ['owners', 'tags', 'links', 'domain', 'deprecated'],
  },
};
