/**
 * The shapes of the objects the views hand graphql-js: one interface per GraphQL type they fill (DataHub's
 * entity.graphql names), with only the fields the views set; graphql-js answers the rest through the endpoint's
 * default resolver (absent-values.ts). A field whose value is a function is resolved lazily: graphql-js calls it
 * (with the field's arguments) only when a query selects it, so only what a query asks for is read.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { AssertionsArgs, EntityAssertionsView } from './entity-assertions.js';
import type { EntityIncidentsView, IncidentsArgs } from './entity-incidents.js';
import type { HealthView } from './health-view.js';

/** What every entity view has: its GraphQL object type, URN and EntityType value. */
export interface EntityView {
  readonly __typename: string;
  readonly urn: string;
  readonly type: string;
}

/** Resolves a referenced URN to its view (a shell when the entity does not exist). */
export type ViewOf = (urn: string) => EntityView;

/** AuditStamp {time: Long!, actor: String}. */
export interface AuditStampView {
  readonly time: number;
  readonly actor: string | null;
}

/** ResolvedAuditStamp: the actor as an entity. */
export interface ResolvedAuditStampView {
  readonly time: number;
  readonly actor: () => EntityView | null;
}

export interface CustomPropertyView {
  readonly key: string;
  readonly value: string | null;
  readonly associatedUrn: string;
}

export interface StatusView {
  readonly removed: boolean;
}

export interface OwnerView {
  readonly owner: () => EntityView;
  readonly type: string | null;
  readonly ownershipType: () => EntityView | null;
  readonly source: { readonly type: string; readonly url: string | null } | null;
  readonly associatedUrn: string;
}

export interface OwnershipView {
  readonly owners: readonly OwnerView[];
  readonly lastModified: AuditStampView;
}

export interface GlobalTagsView {
  readonly tags: readonly { readonly tag: () => EntityView; readonly associatedUrn: string }[];
}

export interface GlossaryTermsView {
  readonly terms: readonly {
    readonly term: () => EntityView;
    readonly actor: () => EntityView | null;
    readonly associatedUrn: string;
  }[];
}

export interface InstitutionalMemoryView {
  readonly elements: readonly {
    readonly url: string;
    readonly label: string;
    readonly description: string;
    readonly author: () => EntityView;
    readonly actor: () => EntityView;
    readonly created: AuditStampView;
    readonly updated: AuditStampView | null;
    readonly associatedUrn: string;
    readonly settings: { readonly showInAssetPreview: boolean } | null;
  }[];
}

export interface DomainAssociationView {
  readonly domain: () => EntityView;
  readonly associatedUrn: string;
}

export interface ApplicationAssociationView {
  readonly application: () => EntityView;
  readonly associatedUrn: string;
}

export interface DeprecationView {
  readonly deprecated: boolean;
  readonly decommissionTime: number | null;
  readonly note: string | null;
  readonly actor: string | null;
  readonly actorEntity: () => EntityView | null;
  readonly replacement: () => EntityView | null;
}

export interface VersionTagView {
  readonly versionTag: string | null;
}

export interface VersionPropertiesView {
  readonly versionSet: () => EntityView;
  readonly version: VersionTagView;
  readonly aliases: readonly VersionTagView[];
  readonly comment: string | null;
  readonly isLatest: boolean;
  readonly created: ResolvedAuditStampView | null;
  readonly createdInSource: ResolvedAuditStampView | null;
}

export interface BaseDataView {
  readonly dataset: string;
  readonly motivation: string | null;
  readonly preProcessing: readonly string[] | null;
}

export interface SubTypesView {
  readonly typeNames: readonly string[] | null;
}

export interface RawAspectView {
  readonly aspectName: string;
  readonly payload: string;
  readonly renderSpec: {
    readonly displayType: string | null;
    readonly displayName: string | null;
    readonly key: string | null;
  } | null;
}

export interface RawAspectsArgs {
  readonly input?: {
    readonly aspectNames?: readonly string[] | null;
    readonly autoRenderOnly?: boolean | null;
  } | null;
}

export interface RelationshipsArgs {
  readonly input: {
    readonly types: readonly string[];
    readonly direction: 'INCOMING' | 'OUTGOING';
    readonly start?: number | null;
    readonly count?: number | null;
    readonly includeSoftDelete?: boolean | null;
  };
}

/** EntityRelationshipsResult. */
export interface RelationshipsView {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly relationships: readonly {
    readonly type: string;
    readonly direction: 'INCOMING' | 'OUTGOING';
    readonly entity: () => EntityView;
    readonly created: null;
  }[];
}

export interface LineageArgs {
  readonly input: {
    readonly direction: 'UPSTREAM' | 'DOWNSTREAM';
    readonly start?: number | null;
    readonly count?: number | null;
    readonly includeGhostEntities?: boolean | null;
    readonly startTimeMillis?: number | null;
    readonly endTimeMillis?: number | null;
    readonly separateSiblings?: boolean | null;
  };
}

/** EntityLineageResult: one hop, so every relationship is of degree 1 and has no path. */
export interface LineageView {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly filtered: number;
  readonly relationships: readonly {
    readonly type: string;
    readonly entity: () => EntityView;
    readonly degree: number;
    readonly createdOn: number | null;
    readonly createdActor: (() => EntityView) | null;
    readonly updatedOn: number | null;
    readonly updatedActor: (() => EntityView) | null;
    readonly isManual: boolean;
    readonly paths: readonly never[];
  }[];
}

export interface BrowsePathsV2View {
  readonly path: readonly { readonly name: string; readonly entity: () => EntityView | null }[];
}

/** The entity's privileges as EntityPrivileges answers them for the signed-in user (entity-privileges.ts). */
export type PrivilegesResolver = (
  args: unknown,
  context: unknown,
  info: GraphQLResolveInfo,
) => Readonly<Record<string, boolean>> | undefined;

/** The fields every entity view has beyond its identity: relationships, lineage and the shared aspects. */
export interface CommonEntityView extends EntityView {
  readonly exists: () => boolean;
  readonly relationships: (args: RelationshipsArgs) => RelationshipsView;
  readonly status: () => StatusView | null;
  readonly ownership: () => OwnershipView | null;
  readonly tags: () => GlobalTagsView | null;
  readonly globalTags: () => GlobalTagsView | null;
  readonly glossaryTerms: () => GlossaryTermsView | null;
  readonly institutionalMemory: () => InstitutionalMemoryView | null;
  readonly domain: () => DomainAssociationView | null;
  readonly applications: () => readonly ApplicationAssociationView[] | null;
  readonly application: () => ApplicationAssociationView | null;
  readonly deprecation: () => DeprecationView | null;
  readonly subTypes: () => SubTypesView | null;
  /** structured-property-views.ts: the entity's property values, and the forms assigned to it. */
  readonly structuredProperties: () => {
    readonly properties: readonly Readonly<Record<string, unknown>>[];
  } | null;
  readonly forms: () => Readonly<Record<string, unknown>> | null;
  /** The assets' health (health-view.ts); null for the entity types that have none. */
  readonly health: () => readonly HealthView[] | null;
  /** An asset's incidents (entity-incidents.ts), for the types whose schema has them. */
  readonly incidents: (args: IncidentsArgs) => EntityIncidentsView<EntityView>;
  /** A dataset's assertions (entity-assertions.ts). */
  readonly assertions: (args: AssertionsArgs) => EntityAssertionsView<EntityView>;
  readonly aspects: (args: RawAspectsArgs) => RawAspectView[];
  readonly lastIngested: null;
  readonly privileges: PrivilegesResolver;
  readonly lineage: (args: LineageArgs) => LineageView;
  readonly browsePathV2: () => BrowsePathsV2View;
}

/** An editable aspect's description: the `editableProperties` of most entity types. */
export interface EditableDescriptionView {
  readonly description: string | null;
}
