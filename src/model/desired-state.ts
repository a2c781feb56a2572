/**
 * What the manifests ask for, resolved: URNs built, defaults applied, references followed.
 * Produced by manifest/, consumed by plan/.
 */
import type { SourceLocation } from '../errors.js';
import type { JsonObject } from './json.js';

/**
 * The DataHub entity types the manifest kinds declare, and the aspect of each the tool owns. The kinds registry
 * (kinds/registry.ts, one module per kind) says which kind declares which, and derives the tables of owned
 * aspects and fields (kinds/entity-tables.ts, which fails to compile while these two disagree with it).
 */
export type ManagedEntityType =
  | 'tag'
  | 'glossaryNode'
  | 'glossaryTerm'
  | 'mlFeature'
  | 'mlFeatureTable'
  | 'mlModelGroup'
  | 'mlModel'
  | 'domain'
  | 'dataProduct'
  | 'ownershipType'
  | 'structuredProperty'
  | 'form';
export type OwnedAspectName =
  | 'tagProperties'
  | 'glossaryNodeInfo'
  | 'glossaryTermInfo'
  | 'mlFeatureProperties'
  | 'mlFeatureTableProperties'
  | 'mlModelGroupProperties'
  | 'mlModelProperties'
  | 'domainProperties'
  | 'dataProductProperties'
  | 'ownershipTypeInfo'
  | 'propertyDefinition'
  | 'formInfo';

/**
 * Declared-only fields whose removal from the manifest clears what the tool wrote (customProperties keeps its
 * older rule: no longer declared, no longer owned, kept). The tool knows it wrote one when the aspect's last write
 * carries its marker and the marker's `declared` property names the field (ownership.ts, declaredFieldsOf).
 */
export const CLEARED_WHEN_UNDECLARED: ReadonlySet<string> = new Set([
  'hyperParams',
  'trainingMetrics',
  'aliases',
]);

/** List fields whose order carries no meaning: compared as sets, written in manifest order. */
export const SET_LIKE_FIELDS: ReadonlySet<string> = new Set([
  'sources',
  'mlFeatures',
  'groups',
  'isRelatedTerms',
  'hasRelatedTerms',
  'values',
  'relatedTerms',
  'domains',
  // A structured property's entity types and platforms (propertyDefinition).
  'entityTypes',
  'allowedPlatforms',
]);

/** The fields of each declarable aspect: a declared aspect owns them all. */
export const DECLARABLE_ASPECT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  glossaryRelatedTerms: ['isRelatedTerms', 'hasRelatedTerms', 'values', 'relatedTerms'],
  domains: ['domains'],
  mlModelTrainingData: ['trainingData'],
  mlModelEvaluationData: ['evaluationData'],
  // actor is written with every deprecation but not compared: a new Settings actor is no reason to rewrite it.
  deprecation: ['deprecated', 'note', 'replacement', 'decommissionTime'],
  // versionSet, sortId and the rest are a connector's or DataHub's: only these two are compared (manifests.md).
  versionProperties: ['version', 'aliases'],
  dataPlatformInstance: ['platform', 'instance'],
  // lastModified is DataHub's UI's stamp, not compared.
  // A Form's `filter:`.
  dynamicFormAssignment: ['filter'],
  structuredPropertySettings: [
    'isHidden',
    'showInSearchFilters',
    'showInAssetSummary',
    'hideInAssetSummaryWhenEmpty',
    'showAsAssetBadge',
    'showInColumnsTable',
  ],
};

export interface DesiredAspect {
  readonly aspectName: string;
  /** The whole aspect as declared; null when the manifest does not declare it. */
  readonly value: JsonObject | null;
  readonly source: SourceLocation;
  /**
   * versionProperties: the fields the manifest declares (version, aliases); the others are left as they are live.
   * Absent: the declared value owns every field of DECLARABLE_ASPECT_FIELDS.
   */
  readonly declaredFields?: readonly string[];
}

/** An owner line: who, and as what (an OwnershipType, or CUSTOM with the type's URN). */
export interface DesiredOwner {
  readonly owner: string;
  readonly type: string;
  readonly typeUrn?: string;
  readonly source: SourceLocation;
}

export interface DesiredTag {
  readonly tagUrn: string;
  readonly source: SourceLocation;
}

export interface DesiredLink {
  readonly url: string;
  readonly description: string;
  readonly source: SourceLocation;
}

/**
 * The values of one structured property on an entity (a StructuredPropertyValueAssignment): DataHub's
 * PrimitivePropertyValue union members ({string} or {double}), in the manifest's order.
 */
export interface DesiredPropertyValue {
  readonly propertyUrn: string;
  /** The property as the manifest names it (its id, qualified name or URN): the key `adopt` writes to. */
  readonly name: string;
  readonly values: readonly JsonObject[];
  readonly source: SourceLocation;
  /** Where each value is written (one per value; a single value's is the property's line). */
  readonly valueSources: readonly SourceLocation[];
}

/**
 * owners, tags, links and structured property values of one entity: each line is added with the tool's marker,
 * and only those are removed.
 */
export interface DesiredAssociations {
  readonly owners: readonly DesiredOwner[];
  readonly tags: readonly DesiredTag[];
  readonly links: readonly DesiredLink[];
  /** Absent: none declared. */
  readonly properties?: readonly DesiredPropertyValue[];
  /** Glossary terms of the entity (glossaryTerms), on the kinds that accept `terms:`; absent: none declared. */
  readonly terms?: readonly DesiredTermEdge[];
}

/** The aspects an entity's owners, tags, links and property values live in (read for every declared entity). */
export const ASSOCIATION_ASPECTS = [
  'ownership',
  'globalTags',
  'institutionalMemory',
  'structuredProperties',
] as const;

export const NO_ASSOCIATIONS: DesiredAssociations = { owners: [], tags: [], links: [] };

/** One asset of a data product: the tool adds it with its marker and removes only assets it marked. */
export interface DesiredAsset {
  readonly urn: string;
  readonly source: SourceLocation;
  /**
   * Whether it is one of the product's output ports (DataProductAssociation.outputPort); absent when the manifest
   * declares no `outputPorts` (the live flag is then left as it is).
   */
  readonly outputPort?: boolean;
}

export interface DesiredEntity {
  readonly urn: string;
  readonly entityType: ManagedEntityType;
  readonly aspectName: OwnedAspectName;
  /** Every owned field the manifest sets; an owned field missing here is to be cleared. */
  readonly fields: JsonObject;
  /** The document (or inline item) that declares the entity. */
  readonly source: SourceLocation;
  /** Where the manifest writes some owned fields, by field name, for messages about one field (optional). */
  readonly fieldSources?: Readonly<Record<string, SourceLocation>>;
  /** The other aspects its kind may declare (kinds/entity-tables.ts, DECLARABLE_ASPECTS), declared or not. */
  readonly aspects?: readonly DesiredAspect[];
  readonly associations?: DesiredAssociations;
  /** A data product's assets (dataProductProperties.assets), owned one by one; absent for other kinds. */
  readonly assets?: readonly DesiredAsset[];
  /** A form's `assignedTo`: the entities whose forms aspect lists it, each assignment owned; absent for other kinds. */
  readonly assignedTo?: readonly DesiredAsset[];
}

export interface DesiredTermEdge {
  readonly termUrn: string;
  readonly source: SourceLocation;
}

export interface DesiredColumnTerms {
  /** As written in the manifest (simple or [version=2.0] form). */
  readonly fieldPath: string;
  readonly simplePath: string;
  readonly terms: readonly DesiredTermEdge[];
  readonly source: SourceLocation;
  /** Structured property values on the column's schemaField entity (absent: none declared). */
  readonly properties?: readonly DesiredPropertyValue[];
}

export interface DesiredDatasetTerms {
  readonly datasetUrn: string;
  readonly terms: readonly DesiredTermEdge[];
  readonly columns: readonly DesiredColumnTerms[];
  readonly source: SourceLocation;
  /** Structured property values on the dataset (absent: none declared). */
  readonly properties?: readonly DesiredPropertyValue[];
}

export interface ResolvedSettings {
  /** Who the tool writes as; also half of the ownership marker on term attachments. */
  readonly actor: string;
  readonly defaultEnv: string;
  readonly defaultPlatform?: string;
  readonly targetServer?: string;
  readonly targetGraphqlUrl?: string;
}

export interface ExternalReference {
  readonly urn: string;
  readonly source: SourceLocation;
  /** What to do when it turns out not to exist. */
  readonly hint?: string;
}

/**
 * A rename (kind Moved): `to` is declared, `from` is not; the plan creates `to` with the owned aspects of `from`
 * and retires `from` (create-plan.ts, plan-renames.ts).
 */
export interface DesiredMove {
  readonly from: string;
  readonly to: string;
  readonly entityType: ManagedEntityType;
  readonly source: SourceLocation;
}

export interface DesiredState {
  readonly settings: ResolvedSettings;
  /** Sorted by URN. */
  readonly entities: readonly DesiredEntity[];
  /** Sorted by dataset URN. */
  readonly datasets: readonly DesiredDatasetTerms[];
  /** Terms referenced by URN but not declared in the catalog: they must already exist. */
  readonly externalTerms: readonly ExternalReference[];
  /** Glossary nodes and tags referenced by URN but not declared: they must already exist too. */
  readonly externalEntities?: readonly ExternalReference[];
  /** Renames, sorted by `to` (absent when the manifests have none). */
  readonly moves?: readonly DesiredMove[];
}

export const DEFAULT_ACTOR = 'urn:li:corpuser:catalog';
export const DEFAULT_ENV = 'PROD';
