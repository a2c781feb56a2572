/**
 * A feature's fields, shared by MLFeature documents and the features an MLFeatureTable declares inline (each an
 * entity of kind MLFeature, namespaced by the table): its own file, so that both kinds read it and neither
 * module imports the other's.
 */
import type { Associations, DatasetRefValue, InDomain } from './values.js';

export interface FeatureFields extends Associations, InDomain {
  readonly name: string;
  readonly dataType?: string;
  readonly description?: string;
  readonly version?: string;
  readonly sources?: readonly DatasetRefValue[];
}

/** A feature a table lists without declaring it: `<namespace>.<name>` of a declared feature, or its URN. */
export interface FeatureReference {
  readonly ref: string;
}

export type TableFeature = FeatureFields | FeatureReference;

export function isFeatureReference(item: TableFeature): item is FeatureReference {
  return 'ref' in item;
}
