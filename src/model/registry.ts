/**
 * The slice of DataHub's entity registry (`metadata-models/src/main/resources/entity-registry.yml`) that the
 * product and the embedded catalog know: entity types, their key aspects, their aspect names, and the Pegasus
 * class names (FQNs) that DataHub uses to key aspects in `VersionedAspect` unions and MCE snapshots.
 */

const COMMON = ['status', 'ownership', 'globalTags', 'glossaryTerms', 'institutionalMemory', 'deprecation'];
const ML_COMMON = [
  ...COMMON,
  'domains',
  'browsePaths',
  'browsePathsV2',
  'dataPlatformInstance',
  'structuredProperties',
  'forms',
  'testResults',
];

interface EntitySpec {
  readonly keyAspect: string;
  /** Key aspect field names, in URN part order. */
  readonly keyFields: readonly string[];
  readonly aspects: readonly string[];
}

export const ENTITY_REGISTRY: Readonly<Record<string, EntitySpec>> = {
  dataset: {
    keyAspect: 'datasetKey',
    keyFields: ['platform', 'name', 'origin'],
    aspects: [
      ...ML_COMMON,
      'viewProperties',
      'subTypes',
      'schemaMetadata',
      'container',
      'siblings',
      'embed',
      'datasetProperties',
      'editableDatasetProperties',
      'datasetDeprecation',
      'upstreamLineage',
      'editableSchemaMetadata',
      'access',
    ],
  },
  mlFeature: {
    keyAspect: 'mlFeatureKey',
    keyFields: ['featureNamespace', 'name'],

    aspects: [...ML_COMMON, 'mlFeatureProperties', 'editableMlFeatureProperties'],
  },
  mlFeatureTable: {
    keyAspect: 'mlFeatureTableKey',
    keyFields: ['platform', 'name'],
    aspects: [...ML_COMMON, 'mlFeatureTableProperties', 'editableMlFeatureTableProperties'],
  },
  mlModel: {
    keyAspect: 'mlModelKey',
    keyFields: ['platform', 'name', 'origin'],
    aspects: [
      ...ML_COMMON,
      'mlModelProperties',
      'editableMlModelProperties',
      'intendedUse',
      'mlModelFactorPrompts',
      'mlModelMetrics',
      'mlModelEvaluationData',
      'mlModelTrainingData',
      'mlModelQuantitativeAnalyses',
      'mlModelEthicalConsiderations',
      'mlModelCaveatsAndRecommendations',
      'sourceCode',
      'cost',
    ],
  },
  mlModelGroup: {
    keyAspect: 'mlModelGroupKey',
    keyFields: ['platform', 'name', 'origin'],
    aspects: [...ML_COMMON, 'mlModelGroupProperties', 'editableMlModelGroupProperties'],
  },
  mlPrimaryKey: {
    keyAspect: 'mlPrimaryKeyKey',
    keyFields: ['featureNamespace', 'name'],
    aspects: [...ML_COMMON, 'mlPrimaryKeyProperties', 'editableMlPrimaryKeyProperties'],
  },
  glossaryTerm: {
    keyAspect: 'glossaryTermKey',
    keyFields: ['name'],
    aspects: [...ML_COMMON, 'glossaryTermInfo', 'glossaryRelatedTerms', 'schemaMetadata'],
  },
  corpuser: {
    keyAspect: 'corpUserKey',
    keyFields: ['username'],
    aspects: [
      'corpUserInfo',
      'corpUserEditableInfo',
      'corpUserStatus',
      'groupMembership',
      'globalTags',
      'status',
    ],
  },
  dataPlatform: { keyAspect: 'dataPlatformKey', keyFields: ['platformName'], aspects: ['dataPlatformInfo'] },
};

/** Aspect name -> Pegasus FQN. */
export const ASPECT_FQN: Readonly<Record<string, string>> = {
  status: 'com.linkedin.common.Status',
  ownership: 'com.linkedin.common.Ownership',
  globalTags: 'com.linkedin.common.GlobalTags',
  glossaryTerms: 'com.linkedin.common.GlossaryTerms',
  institutionalMemory: 'com.linkedin.common.InstitutionalMemory',
  deprecation: 'com.linkedin.common.Deprecation',
  browsePaths: 'com.linkedin.common.BrowsePaths',
  browsePathsV2: 'com.linkedin.common.BrowsePathsV2',
  dataPlatformInstance: 'com.linkedin.common.DataPlatformInstance',
  subTypes: 'com.linkedin.common.SubTypes',
  siblings: 'com.linkedin.common.Siblings',
  embed: 'com.linkedin.common.Embed',
  access: 'com.linkedin.common.Access',
  forms: 'com.linkedin.common.Forms',
  structuredProperties: 'com.linkedin.structured.StructuredProperties',
  testResults: 'com.linkedin.test.TestResults',
  domains: 'com.linkedin.domain.Domains',
  container: 'com.linkedin.container.Container',
  schemaMetadata: 'com.linkedin.schema.SchemaMetadata',
  editableSchemaMetadata: 'com.linkedin.schema.EditableSchemaMetadata',
  datasetProperties: 'com.linkedin.dataset.DatasetProperties',
  editableDatasetProperties: 'com.linkedin.dataset.EditableDatasetProperties',
  datasetDeprecation: 'com.linkedin.dataset.DatasetDeprecation',
  upstreamLineage: 'com.linkedin.dataset.UpstreamLineage',
  viewProperties: 'com.linkedin.dataset.ViewProperties',
  mlFeatureProperties: 'com.linkedin.ml.metadata.MLFeatureProperties',
  editableMlFeatureProperties: 'com.linkedin.ml.metadata.EditableMLFeatureProperties',
  mlFeatureTableProperties: 'com.linkedin.ml.metadata.MLFeatureTableProperties',
  editableMlFeatureTableProperties: 'com.linkedin.ml.metadata.EditableMLFeatureTableProperties',
  mlModelProperties: 'com.linkedin.ml.metadata.MLModelProperties',
  editableMlModelProperties: 'com.linkedin.ml.metadata.EditableMLModelProperties',
  intendedUse: 'com.linkedin.ml.metadata.IntendedUse',
  mlModelFactorPrompts: 'com.linkedin.ml.metadata.MLModelFactorPrompts',
  mlModelMetrics: 'com.linkedin.ml.metadata.Metrics',
  mlModelEvaluationData: 'com.linkedin.ml.metadata.EvaluationData',
  mlModelTrainingData: 'com.linkedin.ml.metadata.TrainingData',
  mlModelQuantitativeAnalyses: 'com.linkedin.ml.metadata.QuantitativeAnalyses',
  mlModelEthicalConsiderations: 'com.linkedin.ml.metadata.EthicalConsiderations',
  mlModelCaveatsAndRecommendations: 'com.linkedin.ml.metadata.CaveatsAndRecommendations',
  sourceCode: 'com.linkedin.ml.metadata.SourceCode',
  cost: 'com.linkedin.common.Cost',
  mlModelGroupProperties: 'com.linkedin.ml.metadata.MLModelGroupProperties',
  editableMlModelGroupProperties: 'com.linkedin.ml.metadata.EditableMLModelGroupProperties',
  mlPrimaryKeyProperties: 'com.linkedin.ml.metadata.MLPrimaryKeyProperties',
  editableMlPrimaryKeyProperties: 'com.linkedin.ml.metadata.EditableMLPrimaryKeyProperties',
  glossaryTermInfo: 'com.linkedin.glossary.GlossaryTermInfo',
  glossaryRelatedTerms: 'com.linkedin.glossary.GlossaryRelatedTerms',
  corpUserInfo: 'com.linkedin.identity.CorpUserInfo',
  corpUserEditableInfo: 'com.linkedin.identity.CorpUserEditableInfo',
  corpUserStatus: 'com.linkedin.identity.CorpUserStatus',
  groupMembership: 'com.linkedin.identity.GroupMembership',
  dataPlatformInfo: 'com.linkedin.dataplatform.DataPlatformInfo',
  datasetKey: 'com.linkedin.metadata.key.DatasetKey',
  mlFeatureKey: 'com.linkedin.metadata.key.MLFeatureKey',
  mlFeatureTableKey: 'com.linkedin.metadata.key.MLFeatureTableKey',
  mlModelKey: 'com.linkedin.metadata.key.MLModelKey',
  mlModelGroupKey: 'com.linkedin.metadata.key.MLModelGroupKey',
  mlPrimaryKeyKey: 'com.linkedin.metadata.key.MLPrimaryKeyKey',
  glossaryTermKey: 'com.linkedin.metadata.key.GlossaryTermKey',
  corpUserKey: 'com.linkedin.metadata.key.CorpUserKey',
  dataPlatformKey: 'com.linkedin.metadata.key.DataPlatformKey',
};

const FQN_TO_ASPECT: ReadonlyMap<string, string> = new Map(
  Object.entries(ASPECT_FQN).map(([name, fqn]) => [fqn, name]),
);

export function isKnownEntityType(entityType: string): boolean {
  return Object.hasOwn(ENTITY_REGISTRY, entityType);
}

export function keyAspectOf(entityType: string): string | undefined {
  return ENTITY_REGISTRY[entityType]?.keyAspect;
}

/** Whether an entity type has an aspect of this name (the key aspect included). */
export function entityHasAspect(entityType: string, aspectName: string): boolean {
  const spec = ENTITY_REGISTRY[entityType];
  return spec !== undefined && (spec.keyAspect === aspectName || spec.aspects.includes(aspectName));
}

export function aspectNamesOf(entityType: string): readonly string[] {
  const spec = ENTITY_REGISTRY[entityType];
  return spec === undefined ? [] : [spec.keyAspect, ...spec.aspects];
}

/**
 * The aspect name of a Pegasus class name, as found in MCE snapshots. `com.linkedin.pegasus2avro.X` (the
 * Avro-flavoured name used in files) and `com.linkedin.X` are both accepted.
 */
export function aspectNameOfFqn(fqn: string): string | undefined {
  return FQN_TO_ASPECT.get(fqn.replace('com.linkedin.pegasus2avro.', 'com.linkedin.'));
}

export function fqnOfAspect(aspectName: string): string | undefined {
  return ASPECT_FQN[aspectName];
}

/**
 * The key aspect of an entity, derived from its URN the way DataHub's `EntityKeyUtils.convertUrnToEntityKey`
 * does: one field per URN part, in order, with the parts as they appear in the URN.
 */
export function keyAspectFromUrn(
  entityType: string,
  parts: readonly string[],
): { readonly aspectName: string; readonly value: Record<string, string> } | undefined {
  const spec = ENTITY_REGISTRY[entityType];
  if (spec === undefined || spec.keyFields.length !== parts.length) return undefined;
  const value: Record<string, string> = {};
  spec.keyFields.forEach((field, index) => {
    value[field] = parts[index] as string;
  });
  return { aspectName: spec.keyAspect, value };
}
