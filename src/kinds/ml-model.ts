/**
 * MLModel (urn:li:mlModel:(<platform>,<name>,<env>)): a model, its groups and features, and its lifecycle (version
 * and aliases, parameters, metrics, training and evaluation data; manifests.md, "The ML lifecycle").
 */
import type { ManagedKind } from './kind.js';
import type { Associations, DatasetRefValue, InDomain } from './values.js';

/** One dataset a model was trained or evaluated on (DataHub's BaseData). */
export interface ModelDataValue {
  readonly dataset: DatasetRefValue;
  readonly motivation?: string;
  readonly preProcessing?: readonly string[];
}

export interface MLModelManifest extends Associations, InDomain {
  readonly kind: 'MLModel';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
  readonly type?: string;
  readonly version?: string;
  /** versionProperties.aliases; the schema requires `version` with them. */
  readonly aliases?: readonly string[];
  readonly groups?: readonly string[];
  readonly features?: readonly string[];
  readonly hyperParams?: Readonly<Record<string, string>>;
  /** mlModelProperties.trainingMetrics */
  readonly metrics?: Readonly<Record<string, string>>;
  readonly trainingData?: readonly ModelDataValue[];
  readonly evaluationData?: readonly ModelDataValue[];
}

export const mlModelKind: ManagedKind<MLModelManifest, 'mlModel', 'mlModelProperties'> = {
  kind: 'MLModel',
  schemaFile: 'ml-model.schema.json',
  declares: true,
  entity: {
    entityType: 'mlModel',
    ownedAspect: 'mlModelProperties',
    ownedFields: ['description', 'type', 'version', 'groups', 'mlFeatures'],
    declaredOnlyFields: ['hyperParams', 'trainingMetrics'],
    declarableAspects: [
      'versionProperties',
      'mlModelTrainingData',
      'mlModelEvaluationData',
      'domains',
      'deprecation',
      'dataPlatformInstance',
    ],
    accepts: ['owners', 'tags', 'links', 'domain', 'deprecated'],
  },
};
