/**
 * EntityPrivileges, what the signed-in user may do to one entity, as DataHub v1.7.0's EntityPrivilegesResolver
 * answers it: every entity gets the common fields (lineage, properties, assertions, incidents, domains, data
 * products, deprecation, terms, tags, owners, description, links, asset summary), datasets the embed, query and
 * column fields and the dataset views, charts and dashboards the embed, glossary terms and nodes whether they
 * may be managed. Each field is one privilege on the entity or EDIT_ENTITY, which covers every edit
 * (AuthorizationUtils' disjunctions), under the default policies (src/server/auth/privileges.ts). Fields the
 * resolver does not set for a type stay null.
 */
import { Authorizer } from '../../auth/privileges.js';
import type { CatalogService } from '../../catalog-service.js';

type Field = readonly [field: string, privilege: string];

const COMMON: readonly Field[] = [
  ['canEditLineage', 'EDIT_LINEAGE'],
  ['canEditProperties', 'EDIT_ENTITY_PROPERTIES'],
  ['canEditAssertions', 'EDIT_ENTITY_ASSERTIONS'],
  ['canEditAssertionOwners', 'EDIT_ENTITY_ASSERTIONS'],
  ['canEditIncidents', 'EDIT_ENTITY_INCIDENTS'],
  ['canEditDomains', 'EDIT_DOMAINS_PRIVILEGE'],
  ['canEditDataProducts', 'EDIT_ENTITY_DATA_PRODUCTS'],
  ['canEditDeprecation', 'EDIT_DEPRECATION_PRIVILEGE'],
  ['canEditGlossaryTerms', 'EDIT_ENTITY_GLOSSARY_TERMS'],
  ['canEditTags', 'EDIT_ENTITY_TAGS'],
  ['canEditOwners', 'EDIT_ENTITY_OWNERS'],
  ['canEditDescription', 'EDIT_ENTITY_DOCS'],
  ['canEditLinks', 'EDIT_ENTITY_DOC_LINKS'],
  ['canManageAssetSummary', 'MANAGE_ASSET_SUMMARY'],
];

const BY_TYPE: Readonly<Record<string, readonly Field[]>> = {
  dataset: [
    ['canEditEmbed', 'EDIT_ENTITY_EMBED'],
    ['canEditQueries', 'EDIT_ENTITY_QUERIES'],
    ['canEditSchemaFieldTags', 'EDIT_DATASET_COL_TAGS'],
    ['canEditSchemaFieldGlossaryTerms', 'EDIT_DATASET_COL_GLOSSARY_TERMS'],
    ['canEditSchemaFieldDescription', 'EDIT_DATASET_COL_DESCRIPTION'],
  ],
  chart: [['canEditEmbed', 'EDIT_ENTITY_EMBED']],
  dashboard: [['canEditEmbed', 'EDIT_ENTITY_EMBED']],
};

/** The dataset views (AuthorizationUtils.isViewDataset*Authorized): the privilege itself, no EDIT_ENTITY. */
const DATASET_VIEWS: readonly Field[] = [
  ['canViewDatasetUsage', 'VIEW_DATASET_USAGE'],
  ['canViewDatasetProfile', 'VIEW_DATASET_PROFILE'],
  ['canViewDatasetOperations', 'VIEW_DATASET_OPERATIONS'],
];

export function entityPrivileges(
  service: CatalogService,
  actor: string,
  urn: string,
  entityType: string,
): Record<string, boolean> {
  const authorizer = new Authorizer(service, actor);
  const can = (privilege: string) => authorizer.allows([privilege, 'EDIT_ENTITY'], urn);
  const result: Record<string, boolean> = {};
  for (const [field, privilege] of [...COMMON, ...(BY_TYPE[entityType] ?? [])])
    result[field] = can(privilege);
  if (entityType === 'dataset')
    for (const [field, privilege] of DATASET_VIEWS) result[field] = authorizer.allows([privilege], urn);
  // GlossaryUtils.canManageGlossaries: MANAGE_GLOSSARIES manages every term and node (and a node's children).
  if (entityType === 'glossaryTerm' || entityType === 'glossaryNode') {
    const manage = authorizer.allows(['MANAGE_GLOSSARIES']);
    result['canManageEntity'] = manage;
    if (entityType === 'glossaryNode') result['canManageChildren'] = manage;
  }
  return result;
}
