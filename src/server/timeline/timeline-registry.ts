/**
 * Which aspects each change category reads, and with which differ, per entity type: the registry
 * TimelineServiceImpl's constructor builds at v1.7.0 (metadata-io/.../timeline/TimelineServiceImpl.java). Only
 * the dataset's registry is here; other entity types answer as an unsupported type does in GMS.
 */
import type { JsonObject } from '../../model/json.js';
import { diffApplications, diffTags, diffTerms } from './association-differs.js';
import type { AspectDiffer, ChangeCategory, ChangeEvent } from './change-event.js';
import { diffDescription, diffInstitutionalMemory, diffVersionProperties } from './documentation-differs.js';
import { diffDomain, diffOwnership, diffStructuredProperties } from './ownership-domain-differs.js';
import { diffEditableSchemaMetadata, diffSchemaMetadata } from './schema-differs.js';

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

const REGISTRY: Readonly<Record<string, CategoryAspects>> = { dataset: DATASET };

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
