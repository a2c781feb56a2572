/**
 * Which aspects each change category reads, and with which differ, per entity type: the registry
 * TimelineServiceImpl's constructor builds at v1.7.0 (metadata-io/.../timeline/TimelineServiceImpl.java), for
 * datasets, glossary terms, domains and data products. GMS also has one for documents and the agent entities;
 * here those answer as an unsupported type does in GMS.
 */
import type { JsonObject } from '../../model/json.js';
import { diffApplications, diffTags, diffTerms } from './association-differs.js';
import type { AspectDiffer, ChangeCategory, ChangeEvent } from './change-event.js';
import { diffDescription, diffInstitutionalMemory, diffVersionProperties } from './documentation-differs.js';
import { diffDomain, diffOwnership, diffStructuredProperties } from './ownership-domain-differs.js';
import {
  diffDataProductProperties,
  diffDomainProperties,
  diffGlossaryRelatedTerms,
  diffGlossaryTermInfo,
} from './properties-differs.js';
import { diffEditableSchemaMetadata } from './editable-schema-differs.js';
import { diffSchemaMetadata } from './schema-differs.js';

/** A differ that answers the events of one category only (most differs compute a single category). */
function only(
  category: ChangeCategory,
  diff: (base: JsonObject | null, target: JsonObject, entityUrn: string) => ChangeEvent[],
): AspectDiffer {
  return (previous, current, entityUrn, asked) =>
    asked === category ? diff(previous, current, entityUrn) : [];
}

const schemaMetadata: AspectDiffer = (previous, current, urn, category) =>
  diffSchemaMetadata(previous, current, urn, category);
const editableSchemaMetadata: AspectDiffer = (previous, current, urn, category) =>
  category === 'DOCUMENTATION' || category === 'TAG' || category === 'GLOSSARY_TERM'
    ? diffEditableSchemaMetadata(previous, current, urn, category)
    : [];

type CategoryAspects = Partial<Record<ChangeCategory, Readonly<Record<string, AspectDiffer>>>>;

const DATASET: CategoryAspects = {
  TAG: { schemaMetadata, editableSchemaMetadata, globalTags: only('TAG', diffTags) },
  OWNERSHIP: { ownership: only('OWNERSHIP', diffOwnership) },
  DOCUMENTATION: {
    institutionalMemory: only('DOCUMENTATION', diffInstitutionalMemory),
    editableDatasetProperties: only('DOCUMENTATION', diffDescription),
    datasetProperties: only('DOCUMENTATION', diffDescription),
    editableSchemaMetadata,
    schemaMetadata,
  },
  GLOSSARY_TERM: { glossaryTerms: only('GLOSSARY_TERM', diffTerms), editableSchemaMetadata },
  TECHNICAL_SCHEMA: { schemaMetadata },
  DOMAIN: { domains: only('DOMAIN', diffDomain) },
  STRUCTURED_PROPERTY: { structuredProperties: only('STRUCTURED_PROPERTY', diffStructuredProperties) },
  APPLICATION: { applications: only('APPLICATION', diffApplications) },
  VERSIONING: { versionProperties: only('VERSIONING', diffVersionProperties) },
};

const ownership = only('OWNERSHIP', diffOwnership);
const domains = only('DOMAIN', diffDomain);
const structuredProperties = only('STRUCTURED_PROPERTY', diffStructuredProperties);
const applications = only('APPLICATION', diffApplications);
const dataProductProperties: AspectDiffer = (previous, current, urn, category) =>
  diffDataProductProperties(previous, current, urn, category);

const GLOSSARY_TERM: CategoryAspects = {
  OWNERSHIP: { ownership },
  DOCUMENTATION: { glossaryTermInfo: only('DOCUMENTATION', diffGlossaryTermInfo) },
  GLOSSARY_TERM: { glossaryRelatedTerms: only('GLOSSARY_TERM', diffGlossaryRelatedTerms) },
  DOMAIN: { domains },
  STRUCTURED_PROPERTY: { structuredProperties },
  APPLICATION: { applications },
  VERSIONING: { versionProperties: only('VERSIONING', diffVersionProperties) },
};

const DOMAIN: CategoryAspects = {
  OWNERSHIP: { ownership },
  DOCUMENTATION: {
    institutionalMemory: only('DOCUMENTATION', diffInstitutionalMemory),
    domainProperties: only('DOCUMENTATION', diffDomainProperties),
  },
  STRUCTURED_PROPERTY: { structuredProperties },
};

const DATA_PRODUCT: CategoryAspects = {
  OWNERSHIP: { ownership },
  DOCUMENTATION: { dataProductProperties },
  TAG: { globalTags: only('TAG', diffTags) },
  GLOSSARY_TERM: { glossaryTerms: only('GLOSSARY_TERM', diffTerms) },
  DOMAIN: { domains },
  STRUCTURED_PROPERTY: { structuredProperties },
  APPLICATION: { applications },
  ASSET_MEMBERSHIP: { dataProductProperties },
};

const REGISTRY: Readonly<Record<string, CategoryAspects>> = {
  dataset: DATASET,
  glossaryTerm: GLOSSARY_TERM,
  domain: DOMAIN,
  dataProduct: DATA_PRODUCT,
};

export function supportsTimeline(entityType: string): boolean {
  return Object.hasOwn(REGISTRY, entityType);
}

/** The differ of `aspect` for `category` on `entityType`, if that category reads that aspect. */
export function differOf(
  entityType: string,
  category: ChangeCategory,
  aspect: string,
): AspectDiffer | undefined {
  const aspects = REGISTRY[entityType]?.[category];
  return aspects !== undefined && Object.hasOwn(aspects, aspect) ? aspects[aspect] : undefined;
}

/** The aspects the categories read (getAspectsFromElements). */
export function aspectsOf(entityType: string, categories: readonly ChangeCategory[]): Set<string> {
  const registry = REGISTRY[entityType] ?? {};
  return new Set(categories.flatMap((category) => Object.keys(registry[category] ?? {})));
}
