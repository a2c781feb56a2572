/**
 * How DataHub's GraphQL API names the registry's entity types (datahub-graphql-core entity.graphql): the value of
 * `enum EntityType` each one has (EntityTypeMapper; registered entities without one of their own are OTHER, and
 * the same values are those of the `_entityType` search facet), and the object type each one is served as (the
 * rest are GenericEntity). The embedded catalog answers with these names and the client asks with them.
 */

const ENTITY_TYPE_VALUES: Readonly<Record<string, string>> = {
  domain: 'DOMAIN',
  dataset: 'DATASET',
  corpuser: 'CORP_USER',
  corpGroup: 'CORP_GROUP',
  dataPlatform: 'DATA_PLATFORM',
  erModelRelationship: 'ER_MODEL_RELATIONSHIP',
  dashboard: 'DASHBOARD',
  notebook: 'NOTEBOOK',
  chart: 'CHART',
  dataFlow: 'DATA_FLOW',
  dataJob: 'DATA_JOB',
  tag: 'TAG',
  glossaryTerm: 'GLOSSARY_TERM',
  glossaryNode: 'GLOSSARY_NODE',
  container: 'CONTAINER',
  mlModel: 'MLMODEL',
  mlModelGroup: 'MLMODEL_GROUP',
  mlFeatureTable: 'MLFEATURE_TABLE',
  mlFeature: 'MLFEATURE',
  mlPrimaryKey: 'MLPRIMARY_KEY',
  dataHubIngestionSource: 'INGESTION_SOURCE',
  dataHubExecutionRequest: 'EXECUTION_REQUEST',
  assertion: 'ASSERTION',
  dataProcessInstance: 'DATA_PROCESS_INSTANCE',
  dataPlatformInstance: 'DATA_PLATFORM_INSTANCE',
  dataHubAccessToken: 'ACCESS_TOKEN',
  test: 'TEST',
  dataHubPolicy: 'DATAHUB_POLICY',
  dataHubRole: 'DATAHUB_ROLE',
  post: 'POST',
  schemaField: 'SCHEMA_FIELD',
  dataHubView: 'DATAHUB_VIEW',
  query: 'QUERY',
  dataProduct: 'DATA_PRODUCT',
  ownershipType: 'CUSTOM_OWNERSHIP_TYPE',
  dataHubConnection: 'DATAHUB_CONNECTION',
  incident: 'INCIDENT',
  role: 'ROLE',
  dataContract: 'DATA_CONTRACT',
  structuredProperty: 'STRUCTURED_PROPERTY',
  form: 'FORM',
  dataType: 'DATA_TYPE',
  entityType: 'ENTITY_TYPE',
  businessAttribute: 'BUSINESS_ATTRIBUTE',
  application: 'APPLICATION',
};

/** The GraphQL object type of each entity type that has one; the rest are GenericEntity. */
export const GRAPHQL_OBJECT_TYPES = {
  dataset: 'Dataset',
  mlFeature: 'MLFeature',
  mlFeatureTable: 'MLFeatureTable',
  mlModel: 'MLModel',
  mlModelGroup: 'MLModelGroup',
  mlPrimaryKey: 'MLPrimaryKey',
  glossaryTerm: 'GlossaryTerm',
  glossaryNode: 'GlossaryNode',
  tag: 'Tag',
  corpuser: 'CorpUser',
  corpGroup: 'CorpGroup',
  dataPlatform: 'DataPlatform',
  container: 'Container',
  domain: 'Domain',
  dataProduct: 'DataProduct',
  chart: 'Chart',
  dashboard: 'Dashboard',
  dataFlow: 'DataFlow',
  dataJob: 'DataJob',
  notebook: 'Notebook',
  schemaField: 'SchemaFieldEntity',
  ownershipType: 'OwnershipTypeEntity',
  structuredProperty: 'StructuredPropertyEntity',
  form: 'Form',
  dataType: 'DataTypeEntity',
  entityType: 'EntityTypeEntity',
  dataProcessInstance: 'DataProcessInstance',
  dataHubRole: 'DataHubRole',
  application: 'Application',
  incident: 'Incident',
  assertion: 'Assertion',
} as const satisfies Readonly<Record<string, string>>;

/** The object type of an entity of a type without one of its own. */
export const GENERIC_OBJECT_TYPE = 'GenericEntity';

const ENTITY_TYPES_BY_VALUE: ReadonlyMap<string, string> = new Map(
  Object.entries(ENTITY_TYPE_VALUES).map(([name, value]) => [value, name]),
);

const OBJECT_TYPES_BY_ENTITY_TYPE: ReadonlyMap<string, string> = new Map(
  Object.entries(GRAPHQL_OBJECT_TYPES),
);

const ENTITY_TYPES_BY_OBJECT_TYPE: ReadonlyMap<string, string> = new Map(
  Object.entries(GRAPHQL_OBJECT_TYPES).map(([name, objectType]) => [objectType, name]),
);

/** Every value of `enum EntityType`: the registry's, and RESTRICTED and OTHER. */
export const GRAPHQL_ENTITY_TYPE_VALUES: readonly string[] = [
  ...Object.values(ENTITY_TYPE_VALUES),
  'RESTRICTED',
  'OTHER',
];

/** The registry entity names that have a GraphQL EntityType of their own, with it (every other one is OTHER). */
export const GRAPHQL_ENTITY_TYPE_OF_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(ENTITY_TYPE_VALUES),
);

/** The `EntityType` value of a registry entity name; OTHER for a name without one. */
export function graphqlEntityType(entityType: string): string {
  return GRAPHQL_ENTITY_TYPE_OF_NAME.get(entityType) ?? 'OTHER';
}

/** The registry entity name of a GraphQL EntityType; undefined for OTHER and RESTRICTED. */
export function entityTypeOfGraphqlType(type: string): string | undefined {
  return ENTITY_TYPES_BY_VALUE.get(type);
}

/** The object type (`__typename`) an entity of this type is served as. */
export function graphqlObjectType(entityType: string): string {
  return OBJECT_TYPES_BY_ENTITY_TYPE.get(entityType) ?? GENERIC_OBJECT_TYPE;
}

/** The registry entity name of an object type (`MLModel` → mlModel); undefined for GenericEntity and the rest. */
export function entityTypeOfObjectType(objectType: string): string | undefined {
  return ENTITY_TYPES_BY_OBJECT_TYPE.get(objectType);
}
