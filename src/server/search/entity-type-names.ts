/**
 * DataHub's GraphQL EntityType enum values for the registry's entity names (datahub-graphql-core
 * entity.graphql `enum EntityType`; EntityTypeMapper). Registered entities without a GraphQL type of their own
 * are OTHER. The same names are the values of the `_entityType` search facet.
 */
const GRAPHQL_ENTITY_TYPES: Readonly<Record<string, string>> = {
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
};

const ENTITY_NAMES_BY_GRAPHQL_TYPE: ReadonlyMap<string, string> = new Map(
  Object.entries(GRAPHQL_ENTITY_TYPES).map(([name, type]) => [type, name]),
);

export const GRAPHQL_ENTITY_TYPE_VALUES: readonly string[] = [
  ...Object.values(GRAPHQL_ENTITY_TYPES),
  'RESTRICTED',
  'OTHER',
];

export function graphqlEntityType(entityType: string): string {
  return Object.hasOwn(GRAPHQL_ENTITY_TYPES, entityType)
    ? (GRAPHQL_ENTITY_TYPES[entityType] as string)
    : 'OTHER';
}

/** The registry entity names that have a GraphQL EntityType of their own, with it (every other one is OTHER). */
export const GRAPHQL_ENTITY_TYPE_OF_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(GRAPHQL_ENTITY_TYPES),
);

/** The registry entity name of a GraphQL EntityType; undefined for OTHER and RESTRICTED. */
export function entityTypeOfGraphqlType(type: string): string | undefined {
  return ENTITY_NAMES_BY_GRAPHQL_TYPE.get(type);
}
