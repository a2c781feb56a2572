/** DataProduct (urn:li:dataProduct:<id>): a named set of assets, owned one by one (diff-product-assets.ts). */
import type { ManagedKind } from './kind.js';
import type { Associations, InDomain } from './values.js';

/** What a data product's asset names: a declared name, a URN, or a dataset as an object. */
export type AssetRefValue =
  string | { readonly platform: string; readonly name: string; readonly env?: string };

export interface DataProductManifest extends Associations, InDomain {
  readonly kind: 'DataProduct';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  /** dataProductProperties.assets, owned one by one. */
  readonly assets?: readonly AssetRefValue[];
}

export const dataProductKind: ManagedKind<DataProductManifest, 'dataProduct', 'dataProductProperties'> = {
  kind: 'DataProduct',
  schemaFile: 'data-product.schema.json',
  declares: true,
  entity: {
    entityType: 'dataProduct',
    ownedAspect: 'dataProductProperties',
    // assets are owned line by line, not whole (diff-product-assets.ts): they are not an owned field.
    ownedFields: ['name', 'description'],
    declarableAspects: ['domains', 'deprecation'],
    accepts: ['owners', 'tags', 'links', 'domain', 'deprecated'],
  },
};
