/**
 * DataHub's entity types (datahub-graphql-core entity.graphql), with the fields the embedded catalog serves.
 * Entities of registered types that have no GraphQL type here are served as GenericEntity (extensions.ts).
 */
export const ENTITIES_SDL = /* GraphQL */ `
  type Dataset implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    platform: DataPlatform!
    container: Container
    parentContainers: ParentContainersResult
    name: String!
    properties: DatasetProperties
    editableProperties: DatasetEditableProperties
    ownership: Ownership
    deprecation: Deprecation
    institutionalMemory: InstitutionalMemory
    schemaMetadata(version: Long): SchemaMetadata
    editableSchemaMetadata: EditableSchemaMetadata
    status: Status
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    origin: FabricType! @deprecated
    description: String @deprecated
    globalTags: GlobalTags @deprecated
    subTypes: SubTypes
    viewProperties: ViewProperties
    aspects(input: AspectParams): [RawAspect!]
    exists: Boolean
  }

  type DatasetProperties {
    name: String!
    qualifiedName: String
    origin: FabricType!
    description: String
    customProperties: [CustomPropertiesEntry!]
    externalUrl: String
    created: Long
    createdActor: String
    lastModified: AuditStamp!
    lastModifiedActor: String @deprecated
  }

  type DatasetEditableProperties {
    description: String
    name: String
  }

  type ViewProperties {
    materialized: Boolean!
    logic: String!
    formattedLogic: String
    language: String!
  }

  type SchemaMetadata {
    aspectVersion: Long
    datasetUrn: String
    name: String!
    platformUrn: String!
    version: Long!
    cluster: String
    hash: String!
    fields: [SchemaField!]!
    primaryKeys: [String!]
    createdAt: Long
  }

  type SchemaField {
    fieldPath: String!
    jsonPath: String
    label: String
    nullable: Boolean!
    description: String
    type: SchemaFieldDataType!
    nativeDataType: String
    recursive: Boolean!
    globalTags: GlobalTags @deprecated
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
    isPartOfKey: Boolean
    isPartitioningKey: Boolean
    jsonProps: String
  }

  type EditableSchemaMetadata {
    editableSchemaFieldInfo: [EditableSchemaFieldInfo!]!
  }

  type EditableSchemaFieldInfo {
    fieldPath: String!
    description: String
    globalTags: GlobalTags @deprecated
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
  }

  type GlossaryTerm implements Entity {
    urn: String!
    ownership: Ownership
    domain: DomainAssociation
    institutionalMemory: InstitutionalMemory
    type: EntityType!
    name: String! @deprecated
    hierarchicalName: String!
    properties: GlossaryTermProperties
    glossaryTermInfo: GlossaryTermInfo
    deprecation: Deprecation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    schemaMetadata(version: Long): SchemaMetadata
    parentNodes: ParentNodesResult
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type GlossaryTermInfo {
    name: String
    description: String
    definition: String! @deprecated
    termSource: String!
    sourceRef: String
    sourceUrl: String
    customProperties: [CustomPropertiesEntry!]
    rawSchema: String
  }

  type GlossaryTermProperties {
    name: String!
    description: String
    definition: String! @deprecated
    termSource: String!
    sourceRef: String
    sourceUrl: String
    customProperties: [CustomPropertiesEntry!]
    rawSchema: String
  }

  type GlossaryNode implements Entity {
    urn: String!
    ownership: Ownership
    type: EntityType!
    properties: GlossaryNodeProperties
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    parentNodes: ParentNodesResult
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type GlossaryNodeProperties {
    name: String!
    description: String
    customProperties: [CustomPropertiesEntry!]
  }

  type Tag implements Entity {
    urn: String!
    type: EntityType!
    name: String! @deprecated
    properties: TagProperties
    ownership: Ownership
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    description: String @deprecated
    aspects(input: AspectParams): [RawAspect!]
  }

  type TagProperties {
    name: String!
    description: String
    colorHex: String
  }

  type CorpUser implements Entity {
    urn: String!
    type: EntityType!
    username: String!
    properties: CorpUserProperties
    editableProperties: CorpUserEditableProperties
    status: CorpUserStatus
    tags: GlobalTags
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    isNativeUser: Boolean
    info: CorpUserInfo @deprecated
    editableInfo: CorpUserEditableInfo @deprecated
    globalTags: GlobalTags @deprecated
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type CorpUserInfo {
    active: Boolean!
    displayName: String
    email: String
    title: String
    manager: CorpUser
    departmentId: Long
    departmentName: String
    firstName: String
    lastName: String
    fullName: String
    countryCode: String
    customProperties: [CustomPropertiesEntry!]
  }

  type CorpUserProperties {
    active: Boolean!
    displayName: String
    email: String
    title: String
    manager: CorpUser
    departmentId: Long
    departmentName: String
    firstName: String
    lastName: String
    fullName: String
    countryCode: String
    customProperties: [CustomPropertiesEntry!]
  }

  type CorpUserEditableInfo {
    displayName: String
    title: String
    aboutMe: String
    teams: [String!]
    skills: [String!]
    pictureLink: String
  }

  type CorpUserEditableProperties {
    displayName: String
    title: String
    aboutMe: String
    teams: [String!]
    skills: [String!]
    pictureLink: String
    slack: String
    phone: String
    email: String
  }

  type CorpGroup implements Entity {
    urn: String!
    type: EntityType!
    name: String!
    ownership: Ownership
    properties: CorpGroupProperties
    editableProperties: CorpGroupEditableProperties
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    origin: Origin
    info: CorpGroupInfo @deprecated
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type CorpGroupInfo {
    displayName: String
    description: String
    email: String
    admins: [CorpUser!] @deprecated
    members: [CorpUser!] @deprecated
    groups: [String!] @deprecated
  }

  type CorpGroupProperties {
    displayName: String
    description: String
    email: String
    slack: String
  }

  type CorpGroupEditableProperties {
    description: String
    slack: String
    email: String
    pictureLink: String
  }

  type DataPlatform implements Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    name: String!
    properties: DataPlatformProperties
    displayName: String @deprecated
    info: DataPlatformInfo @deprecated
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
  }

  type DataPlatformInfo {
    type: PlatformType!
    displayName: String
    datasetNameDelimiter: String!
    logoUrl: String
  }

  type DataPlatformProperties {
    type: PlatformType!
    displayName: String
    datasetNameDelimiter: String!
    logoUrl: String
  }

  type Container implements Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    platform: DataPlatform!
    container: Container
    parentContainers: ParentContainersResult
    properties: ContainerProperties
    editableProperties: ContainerEditableProperties
    ownership: Ownership
    institutionalMemory: InstitutionalMemory
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
    subTypes: SubTypes
    domain: DomainAssociation
    deprecation: Deprecation
    entities(input: ContainerEntitiesInput): SearchResults
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    status: Status
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type ContainerProperties {
    name: String!
    description: String
    customProperties: [CustomPropertiesEntry!]
    externalUrl: String
    qualifiedName: String
  }

  type ContainerEditableProperties {
    description: String
  }

  input ContainerEntitiesInput {
    query: String
    start: Int
    count: Int
    filters: [FacetFilterInput!]
  }

  type Domain implements Entity {
    urn: String!
    type: EntityType!
    id: String!
    properties: DomainProperties
    ownership: Ownership
    institutionalMemory: InstitutionalMemory
    entities(input: DomainEntitiesInput): SearchResults
    parentDomains: ParentDomainsResult
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    aspects(input: AspectParams): [RawAspect!]
  }

  type DomainProperties {
    name: String!
    description: String
  }

  input DomainEntitiesInput {
    query: String
    start: Int
    count: Int
    filters: [FacetFilterInput!]
  }

  type MLFeature implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    name: String!
    featureNamespace: String!
    description: String
    dataType: MLFeatureDataType
    ownership: Ownership
    featureProperties: MLFeatureProperties @deprecated
    properties: MLFeatureProperties
    institutionalMemory: InstitutionalMemory
    status: Status
    deprecation: Deprecation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    editableProperties: MLFeatureEditableProperties
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type MLFeatureProperties {
    description: String
    dataType: MLFeatureDataType
    version: VersionTag
    sources: [Dataset]
  }

  type MLFeatureEditableProperties {
    description: String
  }

  type MLPrimaryKey implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    name: String!
    featureNamespace: String!
    description: String
    dataType: MLFeatureDataType
    properties: MLPrimaryKeyProperties
    primaryKeyProperties: MLPrimaryKeyProperties @deprecated
    ownership: Ownership
    institutionalMemory: InstitutionalMemory
    status: Status
    deprecation: Deprecation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    editableProperties: MLPrimaryKeyEditableProperties
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type MLPrimaryKeyProperties {
    description: String
    dataType: MLFeatureDataType
    version: VersionTag
    sources: [Dataset]
  }

  type MLPrimaryKeyEditableProperties {
    description: String
  }

  type MLFeatureTable implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    name: String!
    platform: DataPlatform!
    description: String
    ownership: Ownership
    properties: MLFeatureTableProperties
    featureTableProperties: MLFeatureTableProperties @deprecated
    institutionalMemory: InstitutionalMemory
    status: Status
    deprecation: Deprecation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    editableProperties: MLFeatureTableEditableProperties
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type MLFeatureTableProperties {
    description: String
    mlFeatures: [MLFeature]
    mlPrimaryKeys: [MLPrimaryKey]
    customProperties: [CustomPropertiesEntry!]
  }

  type MLFeatureTableEditableProperties {
    description: String
  }

  type MLModel implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    name: String!
    platform: DataPlatform!
    origin: FabricType!
    description: String
    globalTags: GlobalTags @deprecated
    tags: GlobalTags
    ownership: Ownership
    properties: MLModelProperties
    institutionalMemory: InstitutionalMemory
    status: Status
    deprecation: Deprecation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    editableProperties: MLModelEditableProperties
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
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

  type MLModelEditableProperties {
    description: String
  }

  type MLModelGroup implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    name: String!
    platform: DataPlatform!
    origin: FabricType!
    description: String
    properties: MLModelGroupProperties
    ownership: Ownership
    status: Status
    deprecation: Deprecation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    tags: GlobalTags
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    editableProperties: MLModelGroupEditableProperties
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type MLModelGroupProperties {
    description: String
    createdAt: Long
    version: VersionTag
  }

  type MLModelGroupEditableProperties {
    description: String
  }

  type Chart implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    container: Container
    parentContainers: ParentContainersResult
    tool: String!
    chartId: String!
    properties: ChartProperties
    editableProperties: ChartEditableProperties
    ownership: Ownership
    status: Status
    deprecation: Deprecation
    tags: GlobalTags
    institutionalMemory: InstitutionalMemory
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    info: ChartInfo @deprecated
    globalTags: GlobalTags @deprecated
    platform: DataPlatform!
    exists: Boolean
    subTypes: SubTypes
    aspects(input: AspectParams): [RawAspect!]
  }

  type ChartInfo {
    name: String!
    description: String
    inputs: [Dataset!] @deprecated
    externalUrl: String
    type: ChartType
    access: AccessLevel
    customProperties: [CustomPropertiesEntry!]
    lastRefreshed: Long
    created: AuditStamp!
    lastModified: AuditStamp!
    deleted: AuditStamp
  }

  type ChartProperties {
    name: String!
    description: String
    externalUrl: String
    type: ChartType
    access: AccessLevel
    customProperties: [CustomPropertiesEntry!]
    lastRefreshed: Long
    created: AuditStamp!
    lastModified: AuditStamp!
    deleted: AuditStamp
  }

  type ChartEditableProperties {
    description: String
  }

  enum AccessLevel {
    PUBLIC
    PRIVATE
  }

  enum ChartType {
    BAR
    PIE
    SCATTER
    TABLE
    TEXT
    LINE
    AREA
    HISTOGRAM
    BOX_PLOT
    WORD_CLOUD
    COHORT
  }

  type Dashboard implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    container: Container
    parentContainers: ParentContainersResult
    tool: String!
    dashboardId: String!
    properties: DashboardProperties
    editableProperties: DashboardEditableProperties
    ownership: Ownership
    status: Status
    deprecation: Deprecation
    tags: GlobalTags
    institutionalMemory: InstitutionalMemory
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    globalTags: GlobalTags @deprecated
    platform: DataPlatform!
    exists: Boolean
    subTypes: SubTypes
    aspects(input: AspectParams): [RawAspect!]
  }

  type DashboardProperties {
    name: String!
    description: String
    externalUrl: String
    access: AccessLevel
    customProperties: [CustomPropertiesEntry!]
    lastRefreshed: Long
    created: AuditStamp!
    lastModified: AuditStamp!
    deleted: AuditStamp
  }

  type DashboardEditableProperties {
    description: String
  }

  type DataFlow implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    lastIngested: Long
    orchestrator: String!
    flowId: String!
    cluster: String!
    properties: DataFlowProperties
    editableProperties: DataFlowEditableProperties
    ownership: Ownership
    tags: GlobalTags
    status: Status
    deprecation: Deprecation
    institutionalMemory: InstitutionalMemory
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    info: DataFlowInfo @deprecated
    globalTags: GlobalTags @deprecated
    platform: DataPlatform!
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type DataFlowInfo {
    name: String!
    description: String
    project: String
    externalUrl: String
    customProperties: [CustomPropertiesEntry!]
  }

  type DataFlowProperties {
    name: String!
    description: String
    project: String
    externalUrl: String
    customProperties: [CustomPropertiesEntry!]
  }

  type DataFlowEditableProperties {
    description: String
  }

  type DataJob implements EntityWithRelationships & Entity {
    urn: String!
    type: EntityType!
    subTypes: SubTypes
    lastIngested: Long
    dataFlow: DataFlow
    jobId: String!
    properties: DataJobProperties
    editableProperties: DataJobEditableProperties
    ownership: Ownership
    tags: GlobalTags
    status: Status
    deprecation: Deprecation
    institutionalMemory: InstitutionalMemory
    glossaryTerms: GlossaryTerms
    domain: DomainAssociation
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    globalTags: GlobalTags @deprecated
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type DataJobProperties {
    name: String!
    description: String
    externalUrl: String
    customProperties: [CustomPropertiesEntry!]
  }

  type DataJobEditableProperties {
    description: String
  }

  type Notebook implements Entity {
    urn: String!
    type: EntityType!
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  type SchemaFieldEntity implements Entity {
    urn: String!
    type: EntityType!
    fieldPath: String!
    parent: Entity!
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
  }

  input GetRootGlossaryEntitiesInput {
    start: Int!
    count: Int!
  }

  type GetRootGlossaryTermsResult {
    terms: [GlossaryTerm!]!
    start: Int!
    count: Int!
    total: Int!
  }

  type GetRootGlossaryNodesResult {
    nodes: [GlossaryNode!]!
    start: Int!
    count: Int!
    total: Int!
  }
`;
