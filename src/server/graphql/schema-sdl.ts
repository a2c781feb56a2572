/**
 * The embedded catalog's GraphQL schema: DataHub's own SDL (datahub-graphql-core entity.graphql) for the
 * product's subset, with names and nullability exactly as DataHub has them, plus `addTerm` (which DataHub also
 * serves). test/schema-compat.test.ts checks it against DataHub's subset with findBreakingChanges.
 */
export const SCHEMA_SDL = /* GraphQL */ `
  scalar Long

  schema {
    query: Query
    mutation: Mutation
  }

  type Query {
    dataset(urn: String!): Dataset
    corpUser(urn: String!): CorpUser
    glossaryTerm(urn: String!): GlossaryTerm
    mlModel(urn: String!): MLModel
    mlModelGroup(urn: String!): MLModelGroup
    mlFeature(urn: String!): MLFeature
    mlFeatureTable(urn: String!): MLFeatureTable
    entityExists(urn: String!): Boolean
  }

  type Mutation {
    createGlossaryTerm(input: CreateGlossaryEntityInput!): String
    addTerms(input: AddTermsInput!): Boolean
    addTerm(input: TermAssociationInput!): Boolean
    removeTerm(input: TermAssociationInput!): Boolean
    batchAddTerms(input: BatchAddTermsInput!): Boolean
    batchRemoveTerms(input: BatchRemoveTermsInput!): Boolean
  }

  interface Entity {
    urn: String!
    type: EntityType!
  }

  enum EntityType {
    DATASET
    CORP_USER
    DATA_PLATFORM
    GLOSSARY_TERM
    MLMODEL
    MLMODEL_GROUP
    MLFEATURE_TABLE
    MLFEATURE
  }

  enum FabricType {
    DEV
    TEST
    QA
    UAT
    EI
    PRE
    STG
    NON_PROD
    PROD
    CORP
    RVW
    SANDBOX
  }

  enum MLFeatureDataType {
    USELESS
    NOMINAL
    ORDINAL
    BINARY
    COUNT
    TIME
    INTERVAL
    IMAGE
    VIDEO
    AUDIO
    TEXT
    MAP
    SEQUENCE
    SET
    CONTINUOUS
    BYTE
    UNKNOWN
  }

  enum SubResourceType {
    DATASET_FIELD
  }

  type DataPlatform implements Entity {
    urn: String!
    type: EntityType!
    name: String!
  }

  type CorpUser implements Entity {
    urn: String!
    type: EntityType!
    username: String!
    exists: Boolean
  }

  type Status {
    removed: Boolean!
  }

  type VersionTag {
    versionTag: String
  }

  type CustomPropertiesEntry {
    key: String!
    value: String
    associatedUrn: String!
  }

  type Dataset implements Entity {
    urn: String!
    type: EntityType!
    platform: DataPlatform!
    name: String!
    editableSchemaMetadata: EditableSchemaMetadata
    status: Status
    glossaryTerms: GlossaryTerms
    exists: Boolean
  }

  type EditableSchemaMetadata {
    editableSchemaFieldInfo: [EditableSchemaFieldInfo!]!
  }

  type EditableSchemaFieldInfo {
    fieldPath: String!
    description: String
    glossaryTerms: GlossaryTerms
  }

  type GlossaryTerms {
    terms: [GlossaryTermAssociation!]
  }

  type GlossaryTermAssociation {
    term: GlossaryTerm!
    actor: CorpUser
    associatedUrn: String!
  }

  type GlossaryTerm implements Entity {
    urn: String!
    type: EntityType!
    hierarchicalName: String!
    glossaryTermInfo: GlossaryTermInfo
    exists: Boolean
  }

  type GlossaryTermInfo {
    name: String
    description: String
    termSource: String!
    sourceRef: String
    sourceUrl: String
    rawSchema: String
  }

  type MLFeature implements Entity {
    urn: String!
    type: EntityType!
    name: String!
    featureNamespace: String!
    description: String
    dataType: MLFeatureDataType
    properties: MLFeatureProperties
    status: Status
    glossaryTerms: GlossaryTerms
    exists: Boolean
  }

  type MLFeatureProperties {
    description: String
    dataType: MLFeatureDataType
    version: VersionTag
    sources: [Dataset]
  }

  type MLFeatureTable implements Entity {
    urn: String!
    type: EntityType!
    name: String!
    platform: DataPlatform!
    description: String
    properties: MLFeatureTableProperties
    status: Status
    glossaryTerms: GlossaryTerms
    exists: Boolean
  }

  type MLFeatureTableProperties {
    description: String
    mlFeatures: [MLFeature]
    customProperties: [CustomPropertiesEntry!]
  }

  type MLModel implements Entity {
    urn: String!
    type: EntityType!
    name: String!
    platform: DataPlatform!
    origin: FabricType!
    description: String
    properties: MLModelProperties
    status: Status
    glossaryTerms: GlossaryTerms
    exists: Boolean
  }

  type MLHyperParam {
    name: String
    description: String
    value: String
    createdAt: Long
  }

  type MLMetric {
    name: String
    description: String
    value: String
    createdAt: Long
  }

  type MLModelProperties {
    description: String
    date: Long
    version: String
    type: String
    hyperParams: [MLHyperParam]
    trainingMetrics: [MLMetric]
    mlFeatures: [String!]
    tags: [String!]
    groups: [MLModelGroup]
    customProperties: [CustomPropertiesEntry!]
    externalUrl: String
  }

  type MLModelGroup implements Entity {
    urn: String!
    type: EntityType!
    name: String!
    platform: DataPlatform!
    origin: FabricType!
    description: String
    properties: MLModelGroupProperties
    status: Status
    glossaryTerms: GlossaryTerms
    exists: Boolean
  }

  type MLModelGroupProperties {
    description: String
    createdAt: Long
    version: VersionTag
  }

  input CreateGlossaryEntityInput {
    id: String
    name: String!
    description: String
    parentNode: String
  }

  input TermAssociationInput {
    termUrn: String!
    resourceUrn: String!
    subResourceType: SubResourceType
    subResource: String
  }

  input AddTermsInput {
    termUrns: [String!]!
    resourceUrn: String!
    subResourceType: SubResourceType
    subResource: String
  }

  input ResourceRefInput {
    resourceUrn: String!
    subResourceType: SubResourceType
    subResource: String
  }

  input BatchAddTermsInput {
    termUrns: [String!]!
    resources: [ResourceRefInput]!
  }

  input BatchRemoveTermsInput {
    termUrns: [String!]!
    resources: [ResourceRefInput]!
  }
`;
