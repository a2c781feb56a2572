/**
 * What every entity view is built from: the context a view builder reads (the catalog, the views of other
 * entities, the search of a container's or domain's entities), and the fields every entity has (identity,
 * relationships, one hop of lineage, and the shared aspects, each read on demand).
 */
import { getNamedType, isObjectType } from 'graphql';
import { graphqlEntityType, graphqlObjectType } from '../../../datahub/entity-types.js';
import type { JsonObject } from '../../../model/json.js';
import { parseRawUrn } from '../../../model/urn.js';
import type { CatalogService } from '../../catalog-service.js';
import { lineageWindow } from '../lineage-edges.js';
import { lineageEdges } from '../lineage-walk.js';
import { separateLineage, siblingMergedLineage } from '../sibling-lineage.js';
import {
  applicationAssociations,
  deprecationView,
  domainView,
  globalTagsView,
  glossaryTermsView,
  institutionalMemoryView,
  ownershipView,
  rawAspects,
  statusView,
  subTypesView,
} from './aspect-views.js';
import { formsView, structuredPropertiesView } from './property-aspect-views.js';
import { bootstrappedAspect, isBootstrapped } from './bootstrapped.js';
import { browsePathV2Entries } from './browse-paths.js';
import { entityPrivileges } from './entity-privileges.js';
import { entityAssertions } from './entity-assertions.js';
import { entityIncidents } from './entity-incidents.js';
import { healthOf } from './health-view.js';
import type { ChildSearch } from './search-views.js';
import type {
  CommonEntityView,
  EntityView,
  LineageArgs,
  LineageView,
  RelationshipsArgs,
  RelationshipsView,
  ViewOf,
} from './view-types.js';

/** What a view builder reads. */
export interface ViewContext {
  readonly service: CatalogService;
  /** The view of a referenced entity (a shell when it does not exist), whatever its type. */
  readonly viewOf: ViewOf;
  /** Container.entities and Domain.entities: search lives with the resolvers, views only name the facet. */
  readonly childSearch: ChildSearch;
  /** The signed-in user: what an entity's `privileges` are answered for. */
  readonly actor: string;
}

/** Builds the view of one entity of the type it is registered for. */
export type ViewBuilder = (urn: string, context: ViewContext) => EntityView;

/** The latest value of each of an entity's aspects, read when asked. */
export type LatestOf = (aspect: string) => JsonObject | undefined;

/** The latest value of each of an entity's aspects, or the one GMS bootstraps (bootstrapped.ts) where none is stored. */
export function latestOf(urn: string, { service }: ViewContext): LatestOf {
  return (aspect) => service.latest(urn, aspect) ?? bootstrappedAspect(urn, aspect);
}

/** What every entity view has: identity, relationships, and the shared aspects, each read on demand. */
export function commonView(urn: string, entityType: string, context: ViewContext): CommonEntityView {
  const { service, viewOf } = context;
  const latest = latestOf(urn, context);
  return {
    __typename: graphqlObjectType(entityType),
    urn,
    type: graphqlEntityType(entityType),
    exists: () => service.exists(urn) || isBootstrapped(urn),
    relationships: (args) => relationships(urn, args.input, context),
    status: () => statusView(latest('status')),
    ownership: () => ownershipView(latest('ownership'), urn, viewOf),
    tags: () => globalTagsView(latest('globalTags'), urn, viewOf),
    globalTags: () => globalTagsView(latest('globalTags'), urn, viewOf),
    glossaryTerms: () => glossaryTermsView(latest('glossaryTerms'), urn, viewOf),
    institutionalMemory: () => institutionalMemoryView(latest('institutionalMemory'), urn, viewOf),
    domain: () => domainView(latest('domains'), urn, viewOf),
    applications: () => applicationAssociations(latest('applications'), urn, viewOf),
    application: () => applicationAssociations(latest('applications'), urn, viewOf)?.[0] ?? null,
    deprecation: () => deprecationView(latest('deprecation'), viewOf),
    subTypes: () => subTypesView(latest('subTypes')),
    structuredProperties: () => structuredPropertiesView(latest('structuredProperties'), urn, viewOf),
    forms: () => formsView(latest('forms'), urn, viewOf),
    // Only the types whose schema has `health` select it (health-view.ts).
    health: () => healthOf(urn, entityType, service) ?? null,
    // Only the types whose schema has `incidents` select it (entity-incidents.ts).
    incidents: (args) => entityIncidents(service, urn, args, viewOf),
    // Only datasets have `assertions` in the schema (entity-assertions.ts).
    assertions: (args) => entityAssertions(service, urn, args, viewOf),
    aspects: (args) => rawAspects(service.aspectsOf(urn), args.input),
    lastIngested: null,
    privileges: (_args, _context, info) =>
      // DataHubPolicy.privileges is the policy's own list, not the user's: absent, as the default resolver answers it.
      isObjectType(getNamedType(info.returnType)) ? entityPrivileges(service, context.actor, urn, entityType) : undefined, // prettier-ignore
    // EntityLineageResultResolver: one hop up or down the lineage edges (lineage-walk.ts).
    lineage: (args) => lineage(urn, args.input, context),
    // BrowsePathsV2Mapper: each entry's id as its name, and the entity it names.
    browsePathV2: () => ({
      path: browsePathV2Entries(service, urn).map((entry) => ({
        name: entry.id,
        entity: () => (entry.urn !== undefined && parseRawUrn(entry.urn).ok ? viewOf(entry.urn) : null),
      })),
    }),
  };
}

function relationships(
  urn: string,
  input: RelationshipsArgs['input'],
  { service, viewOf }: ViewContext,
): RelationshipsView {
  const start = Math.max(0, input.start ?? 0);
  const count = Math.min(Math.max(0, input.count ?? 100), 10_000);
  const page = service.relationships({
    urn,
    types: input.types,
    direction: input.direction,
    start,
    count,
    includeRemoved: input.includeSoftDelete !== false,
  });
  return {
    start,
    count: page.items.length,
    total: page.total,
    relationships: page.items.map((item) => ({
      type: item.type,
      direction: input.direction,
      entity: () => viewOf(item.urn),
      created: null,
    })),
  };
}

/**
 * EntityLineageResultResolver: one hop (the siblings' lineage merged in, sibling-lineage.ts), within the time window
 * of `startTimeMillis` / `endTimeMillis`, each edge with who created and last updated it and when, and whether it
 * was drawn by hand.
 */
function lineage(urn: string, input: LineageArgs['input'], { service, viewOf }: ViewContext): LineageView {
  const window = lineageWindow(input.startTimeMillis, input.endTimeMillis, () => service.now());
  const edgesOf = (of: string) =>
    lineageEdges(service, of, input.direction, {
      includeRemoved: input.includeGhostEntities === true,
      window,
    });
  // SiblingGraphService: the siblings' lineage merged in unless the app shows siblings separately.
  const merged =
    input.separateSiblings === true
      ? separateLineage(edgesOf(urn))
      : siblingMergedLineage(service, urn, edgesOf);
  const edges = merged.edges;
  const start = Math.max(0, input.start ?? 0);
  const page = edges.slice(start, start + Math.min(Math.max(0, input.count ?? 100), 10_000));
  const actor = (actorUrn: string | null) => (actorUrn === null ? null : () => viewOf(actorUrn));
  return {
    start,
    count: page.length,
    total: merged.total,
    filtered: merged.filtered,
    relationships: page.map((edge) => ({
      type: edge.type,
      entity: () => viewOf(edge.urn),
      degree: 1,
      createdOn: edge.createdOn,
      createdActor: actor(edge.createdActor),
      updatedOn: edge.updatedOn,
      updatedActor: actor(edge.updatedActor),
      isManual: edge.isManual,
      paths: [],
    })),
  };
}

/**
 * EntityPrivileges of the signed-in user: the embedded catalog's token gives full access, so every privilege the
 * schema's type names is granted, as DataHub's EntityPrivilegesResolver answers for an admin.
 */
