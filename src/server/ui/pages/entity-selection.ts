/**
 * What each kind of entity page asks the GraphQL API for, beyond the Label: the shared sections its GraphQL type
 * has in DataHub's schema (owners, tags, terms, links), the fields of its own sections, the domain and data
 * products it can be in, and its stored aspects.
 */
import { GROUP_MODELS_FIELDS, MODEL_LIFECYCLE_FIELDS } from './model-lifecycle.js';
import { HAS_PROPERTIES, PROPERTY_DETAILS, PROPERTY_FIELDS } from './property-sections.js';

const REL = (name: string, types: string, direction: 'INCOMING' | 'OUTGOING') =>
  `${name}: relationships(input: {types: [${types}], direction: ${direction}, count: 1000}) { total relationships { type entity { ...Label } } }`;

/** Which shared sections each GraphQL type has in DataHub's schema. */
const SHARED: Readonly<
  Record<string, readonly ('ownership' | 'tags' | 'glossaryTerms' | 'institutionalMemory')[]>
> = {
  Dataset: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLFeature: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLPrimaryKey: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLFeatureTable: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLModel: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLModelGroup: ['ownership', 'tags', 'glossaryTerms'],
  GlossaryTerm: ['ownership', 'institutionalMemory'],
  GlossaryNode: ['ownership'],
  Tag: ['ownership'],
  Container: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  Domain: ['ownership', 'institutionalMemory'],
  DataProduct: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  CorpGroup: ['ownership'],
  Chart: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  Dashboard: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  DataFlow: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  DataJob: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
};

const SHARED_FIELDS = {
  ownership: 'ownership { owners { type ownershipType { urn info { name } } owner { ...Label } } }',
  tags: 'tags { tags { tag { ...Label ... on Tag { properties { colorHex } } } } }',
  glossaryTerms: 'glossaryTerms { terms { term { ...Label } } }',
  institutionalMemory: 'institutionalMemory { elements { url label } }',
} as const;

const COLUMN_TERMS = 'glossaryTerms { terms { term { ...Label } } }';

/** The fields of one GraphQL type that its page shows, beyond the Label. */
const DETAILS: Readonly<Record<string, string>> = {
  MLModel: `properties { type version date externalUrl hyperParams { name value } trainingMetrics { name value description }
      groups { ...Label } customProperties { key value } }
    ${MODEL_LIFECYCLE_FIELDS}
    ${REL('features', '"Consumes"', 'OUTGOING')}`,
  MLFeature: `properties { dataType version { versionTag } sources { ...Label } }
    ${REL('tables', '"Contains"', 'INCOMING')}
    ${REL('models', '"Consumes"', 'INCOMING')}`,
  MLPrimaryKey: `properties { dataType version { versionTag } sources { ...Label } }
    ${REL('tables', '"KeyedBy"', 'INCOMING')}`,
  MLFeatureTable: `properties { mlFeatures { ...Label } mlPrimaryKeys { ...Label } customProperties { key value } }`,
  MLModelGroup: `properties { version { versionTag } createdAt }
    ${GROUP_MODELS_FIELDS}`,
  GlossaryTerm: `properties { termSource sourceRef sourceUrl customProperties { key value } }
    parentNodes { nodes { ...Label } }
    ${REL('relatedOut', '"IsA", "HasA", "IsRelatedTo", "HasValue"', 'OUTGOING')}
    ${REL('relatedIn', '"IsA", "HasA", "IsRelatedTo", "HasValue"', 'INCOMING')}
    ${REL('termedWith', '"TermedWith"', 'INCOMING')}
    columnUses: relationships(input: {types: ["EditableSchemaFieldWithGlossaryTerm", "SchemaFieldWithGlossaryTerm"],
        direction: INCOMING, count: 1000}) {
      total relationships { entity { ...Label ... on Dataset {
        schemaMetadata { fields { fieldPath glossaryTerms { terms { term { urn } } } } }
        editableSchemaMetadata { editableSchemaFieldInfo { fieldPath glossaryTerms { terms { term { urn } } } } } } } }
    }`,
  GlossaryNode: `parentNodes { nodes { ...Label } }
    ${REL('children', '"IsPartOf"', 'INCOMING')}`,
  Dataset: `properties { qualifiedName externalUrl customProperties { key value } }
    schemaMetadata { primaryKeys fields { fieldPath description nativeDataType ${COLUMN_TERMS} } }
    editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description ${COLUMN_TERMS} } }
    ${REL('features', '"DerivedFrom"', 'INCOMING')}`,
  Tag: `properties { colorHex }
    ${REL('tagged', '"TaggedWith"', 'INCOMING')}`,
  Domain: `parentDomains { domains { ...Label } }
    ${REL('subDomains', '"IsPartOf"', 'INCOMING')}
    ${REL('inDomain', '"AssociatedWith"', 'INCOMING')}`,
  DataProduct: `${REL('assets', '"DataProductContains"', 'OUTGOING')}`,
};

/** The GraphQL types whose entity can be in a domain (DataHub's `domain` field): each page names it. */
const IN_DOMAIN = new Set([
  'Dataset',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'MLModel',
  'MLModelGroup',
  'GlossaryTerm',
  'GlossaryNode',
  'DataProduct',
  'Container',
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
]);

/** The types an asset of a data product can be (DataProductProperties.assets in DataHub's PDL). */
const PRODUCT_ASSETS = new Set([
  'Dataset',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'MLModel',
  'MLModelGroup',
  'Container',
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
]);

/** The `... on Type { … }` selection of an entity page query. */
export function detailsSelection(graphqlType: string): string {
  const shared = (SHARED[graphqlType] ?? []).map((field) => SHARED_FIELDS[field]).join('\n    ');
  const details = [
    DETAILS[graphqlType] ?? PROPERTY_DETAILS[graphqlType] ?? '',
    HAS_PROPERTIES.has(graphqlType) ? PROPERTY_FIELDS : '',
    IN_DOMAIN.has(graphqlType) ? 'domain { domain { ...Label } }' : '',
    PRODUCT_ASSETS.has(graphqlType) ? REL('dataProducts', '"DataProductContains"', 'INCOMING') : '',
  ].join('\n    ');
  const aspects = 'aspects { aspectName payload }';
  // DataHub's schema gives these types no `aspects` field.
  const hasAspects = !['DataPlatform', 'StructuredPropertyEntity', 'Form'].includes(graphqlType);
  return `... on ${graphqlType} {\n    ${shared}\n    ${details}\n    ${hasAspects ? aspects : ''}\n  }`;
}
