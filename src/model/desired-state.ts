/**
 * What the manifests ask for, resolved: URNs built, defaults applied, references followed.
 * Produced by manifest/, consumed by plan/.
 */
import type { SourceLocation } from '../errors.js';
import type { JsonObject } from './json.js';

/** The aspects whose manifest-expressible fields the tool owns (architecture.md, section 3.1). */
export const OWNED_ASPECTS = {
  glossaryTerm: 'glossaryTermInfo',
  mlFeature: 'mlFeatureProperties',
  mlFeatureTable: 'mlFeatureTableProperties',
  mlModelGroup: 'mlModelGroupProperties',
  mlModel: 'mlModelProperties',
} as const;

export type ManagedEntityType = keyof typeof OWNED_ASPECTS;
export type OwnedAspectName = (typeof OWNED_ASPECTS)[ManagedEntityType];
export const MANAGED_ENTITY_TYPES = Object.keys(OWNED_ASPECTS) as ManagedEntityType[];

/** The fields of each owned aspect that the manifest format can express: the tool owns exactly these. */
export const OWNED_FIELDS: Readonly<Record<OwnedAspectName, readonly string[]>> = {
  glossaryTermInfo: ['name', 'definition', 'termSource'],
  mlFeatureProperties: ['description', 'dataType', 'version', 'sources'],
  mlFeatureTableProperties: ['description', 'mlFeatures'],
  mlModelGroupProperties: ['description'],
  mlModelProperties: ['description', 'type', 'version', 'groups', 'mlFeatures'],
};

/** List fields whose order carries no meaning: compared as sets, written in manifest order. */
export const SET_LIKE_FIELDS: ReadonlySet<string> = new Set(['sources', 'mlFeatures', 'groups']);

export interface DesiredEntity {
  readonly urn: string;
  readonly entityType: ManagedEntityType;
  readonly aspectName: OwnedAspectName;
  /** Every owned field the manifest sets; an owned field missing here is to be cleared. */
  readonly fields: JsonObject;
  /** The document (or inline item) that declares the entity. */
  readonly source: SourceLocation;
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
}

export interface DesiredDatasetTerms {
  readonly datasetUrn: string;
  readonly terms: readonly DesiredTermEdge[];
  readonly columns: readonly DesiredColumnTerms[];
  readonly source: SourceLocation;
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
}

export interface DesiredState {
  readonly settings: ResolvedSettings;
  /** Sorted by URN. */
  readonly entities: readonly DesiredEntity[];
  /** Sorted by dataset URN. */
  readonly datasets: readonly DesiredDatasetTerms[];
  /** Terms referenced by URN but not declared in the catalog: they must already exist. */
  readonly externalTerms: readonly ExternalReference[];
}

export const DEFAULT_ACTOR = 'urn:li:corpuser:catalog';
export const DEFAULT_ENV = 'PROD';
