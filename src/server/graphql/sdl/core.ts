/**
 * Root types, interfaces, enums and the shared types of the embedded catalog's GraphQL schema. Names, arguments
 * and nullability are DataHub's (datahub-graphql-core entity.graphql and search.graphql); a type may carry fewer
 * fields than DataHub's, never different ones. Fields that exist only here are listed in extensions.ts.
 */
export const CORE_SDL = /* GraphQL */ `
  scalar Long

  schema {
    query: Query
    mutation: Mutation
  }

  type Query {
    dataPlatform(urn: String!): DataPlatform
    corpUser(urn: String!): CorpUser
    corpGroup(urn: String!): CorpGroup
    dataset(urn: String!): Dataset
    tag(urn: String!): Tag
    glossaryTerm(urn: String!): GlossaryTerm
    glossaryNode(urn: String!): GlossaryNode
    container(urn: String!): Container
    domain(urn: String!): Domain
    mlModel(urn: String!): MLModel
    mlModelGroup(urn: String!): MLModelGroup
    mlFeature(urn: String!): MLFeature
    mlFeatureTable(urn: String!): MLFeatureTable
    mlPrimaryKey(urn: String!): MLPrimaryKey
    getRootGlossaryTerms(input: GetRootGlossaryEntitiesInput!): GetRootGlossaryTermsResult
    getRootGlossaryNodes(input: GetRootGlossaryEntitiesInput!): GetRootGlossaryNodesResult
    entityExists(urn: String!): Boolean
    entity(urn: String!): Entity
    entities(urns: [String!]!): [Entity]
    search(input: SearchInput!): SearchResults
    searchAcrossEntities(input: SearchAcrossEntitiesInput!): SearchResults
    autoComplete(input: AutoCompleteInput!): AutoCompleteResults
    autoCompleteForMultiple(input: AutoCompleteMultipleInput!): AutoCompleteMultipleResults
    aspectHistory(input: AspectHistoryInput!): AspectHistoryResult!
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
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
  }

  interface EntityWithRelationships implements Entity {
    urn: String!
    type: EntityType!
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
  }

  enum EntityType {
    DOMAIN
    DATASET
    CORP_USER
    CORP_GROUP
    DATA_PLATFORM
    ER_MODEL_RELATIONSHIP
    DASHBOARD
    NOTEBOOK
    CHART
    DATA_FLOW
    DATA_JOB
    TAG
    GLOSSARY_TERM
    GLOSSARY_NODE
    CONTAINER
    MLMODEL
    MLMODEL_GROUP
    MLFEATURE_TABLE
    MLFEATURE
    MLPRIMARY_KEY
    INGESTION_SOURCE
    EXECUTION_REQUEST
    ASSERTION
    DATA_PROCESS_INSTANCE
    DATA_PLATFORM_INSTANCE
    ACCESS_TOKEN
    TEST
    DATAHUB_POLICY
    DATAHUB_ROLE
    POST
    SCHEMA_FIELD
    DATAHUB_VIEW
    QUERY
    DATA_PRODUCT
    CUSTOM_OWNERSHIP_TYPE
    DATAHUB_CONNECTION
    INCIDENT
    ROLE
    DATA_CONTRACT
    STRUCTURED_PROPERTY
    FORM
    DATA_TYPE
    ENTITY_TYPE
    RESTRICTED
    OTHER
    BUSINESS_ATTRIBUTE
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

  enum RelationshipDirection {
    INCOMING
    OUTGOING
  }

  enum PlatformType {
    FILE_SYSTEM
    KEY_VALUE_STORE
    MESSAGE_BROKER
    OBJECT_STORE
    OLAP_DATASTORE
    QUERY_ENGINE
    RELATIONAL_DB
    SEARCH_ENGINE
    OTHERS
  }

  enum SchemaFieldDataType {
    BOOLEAN
    FIXED
    STRING
    BYTES
    NUMBER
    DATE
    TIME
    ENUM
    NULL
    MAP
    ARRAY
    UNION
    STRUCT
  }

  enum OwnershipSourceType {
    AUDIT
    DATABASE
    FILE_SYSTEM
    ISSUE_TRACKING_SYSTEM
    MANUAL
    SERVICE
    SOURCE_CONTROL
    OTHER
  }

  enum OwnershipType {
    TECHNICAL_OWNER
    BUSINESS_OWNER
    DATA_STEWARD
    NONE
    CUSTOM
    DATAOWNER @deprecated
    DEVELOPER @deprecated
    DELEGATE @deprecated
    PRODUCER @deprecated
    STAKEHOLDER @deprecated
    CONSUMER @deprecated
  }

  enum CorpUserStatus {
    ACTIVE
  }

  enum OriginType {
    NATIVE
    EXTERNAL
    UNKNOWN
  }

  input RelationshipsInput {
    types: [String!]!
    direction: RelationshipDirection!
    start: Int
    count: Int
    includeSoftDelete: Boolean = true
  }

  type EntityRelationshipsResult {
    start: Int
    count: Int
    total: Int
    relationships: [EntityRelationship!]!
  }

  type EntityRelationship {
    type: String!
    direction: RelationshipDirection!
    entity: Entity
    created: AuditStamp
  }

  type AuditStamp {
    time: Long!
    actor: String
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

  type SubTypes {
    typeNames: [String!]
  }

  type Deprecation {
    deprecated: Boolean!
    decommissionTime: Long
    note: String
    actor: String
    actorEntity: Entity
  }

  input AspectParams {
    autoRenderOnly: Boolean
    aspectNames: [String!]
  }

  type RawAspect {
    aspectName: String!
    payload: String
    renderSpec: AspectRenderSpec
  }

  type AspectRenderSpec {
    displayType: String
    displayName: String
    key: String
  }

  union OwnerType = CorpUser | CorpGroup

  type Owner {
    owner: OwnerType!
    type: OwnershipType @deprecated
    source: OwnershipSource
    associatedUrn: String!
  }

  type OwnershipSource {
    type: OwnershipSourceType!
    url: String
  }

  type Ownership {
    owners: [Owner!]
    lastModified: AuditStamp!
  }

  type TagAssociation {
    tag: Tag!
    associatedUrn: String!
  }

  type GlobalTags {
    tags: [TagAssociation!]
  }

  type GlossaryTerms {
    terms: [GlossaryTermAssociation!]
  }

  type GlossaryTermAssociation {
    term: GlossaryTerm!
    actor: CorpUser
    associatedUrn: String!
  }

  type InstitutionalMemory {
    elements: [InstitutionalMemoryMetadata!]!
  }

  type InstitutionalMemoryMetadata {
    url: String!
    label: String!
    author: CorpUser!
    created: AuditStamp!
    description: String! @deprecated
    associatedUrn: String!
  }

  type DomainAssociation {
    domain: Domain!
    associatedUrn: String!
  }

  type ParentContainersResult {
    count: Int!
    containers: [Container!]!
  }

  type ParentNodesResult {
    count: Int!
    nodes: [GlossaryNode!]!
  }

  type ParentDomainsResult {
    count: Int!
    domains: [Entity!]!
  }

  type Origin {
    type: OriginType!
    externalType: String
  }
`;
