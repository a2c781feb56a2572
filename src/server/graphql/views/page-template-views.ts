/**
 * Page templates and page modules (the home page's layout), after DataHub v1.7.0's PageTemplateMapper and
 * PageModuleMapper (datahub-graphql-core .../types/template, .../types/module): a template's rows of modules, its
 * surface, visibility and asset summary; a module's name, type, visibility and params. GmsGraphQLEngine resolves a
 * row's modules with the module type's batch loader and a module's `exists` with EntityExistsResolver.
 */
import type { JsonObject, JsonValue } from '../../../model/json.js';
import { parseRawUrn } from '../../../model/urn.js';
import { resolvedStamp } from './aspect-views.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import { bool, object, objects, strings, text } from './json-readers.js';
import type { CommonEntityView, EntityView, ResolvedAuditStampView } from './view-types.js';

export const PAGE_TEMPLATE_PROPERTIES = 'dataHubPageTemplateProperties';
export const PAGE_MODULE_PROPERTIES = 'dataHubPageModuleProperties';

/** The GraphQL DataHubPageModuleType values (PageModuleTypeMapper: any other reads UNKNOWN). */
const MODULE_TYPES: ReadonlySet<string> = new Set([
  'LINK', 'RICH_TEXT', 'ASSET_COLLECTION', 'HIERARCHY', 'OWNED_ASSETS', 'DOMAINS', 'ASSETS', 'OUTPUT_PORTS',
  'CHILD_HIERARCHY', 'DATA_PRODUCTS', 'RELATED_TERMS', 'PLATFORMS', 'LINEAGE', 'COLUMNS', 'SEMANTIC_MODEL_DATASETS',
  'SEMANTIC_MODEL_METRICS', 'SEMANTIC_MODEL_RELATIONSHIPS', 'SEMANTIC_MODEL_DIMENSIONS', 'AI_CONTEXT', 'METRIC_SQL',
  'RELATED_METRICS', 'UNKNOWN',
]); // prettier-ignore

interface ScopeView {
  readonly scope: string | null;
}

export interface PageModuleParamsView {
  readonly linkParams: { linkUrl: string; imageUrl: string | null; description: string | null } | null;
  readonly richTextParams: { content: string | null } | null;
  readonly assetCollectionParams: { assetUrns: string[]; dynamicFilterJson: string | null } | null;
  readonly hierarchyViewParams: {
    assetUrns: string[];
    showRelatedEntities: boolean;
    relatedEntitiesFilterJson: string | null;
  } | null;
}

export interface PageModulePropertiesView {
  readonly name: string;
  readonly type: string;
  readonly visibility: ScopeView;
  readonly params: PageModuleParamsView;
  readonly created: ResolvedAuditStampView | null;
  readonly lastModified: ResolvedAuditStampView | null;
}

export interface DataHubPageModuleView extends CommonEntityView {
  readonly properties: () => PageModulePropertiesView;
}

export interface PageTemplatePropertiesView {
  readonly rows: { modules: EntityView[] }[];
  readonly assetSummary: { summaryElements: SummaryElementView[] } | null;
  readonly surface: { surfaceType: string | null } | null;
  readonly visibility: ScopeView | null;
  readonly created: ResolvedAuditStampView | null;
  readonly lastModified: ResolvedAuditStampView | null;
}

interface SummaryElementView {
  readonly elementType: string | null;
  readonly structuredProperty: EntityView | null;
}

export interface DataHubPageTemplateView extends CommonEntityView {
  readonly properties: () => PageTemplatePropertiesView | null;
}

/** PageModuleParamsMapper: each kind of params only where its required field is present. */
function moduleParams(params: JsonObject | undefined): PageModuleParamsView {
  const link = object(params?.['linkParams']);
  const linkUrl = text(link?.['linkUrl']);
  const richText = object(params?.['richTextParams']);
  const collection = object(params?.['assetCollectionParams']);
  const collectionUrns = strings(collection?.['assetUrns']);
  const hierarchy = object(params?.['hierarchyViewParams']);
  return {
    linkParams:
      linkUrl === null
        ? null
        : { linkUrl, imageUrl: text(link?.['imageUrl']), description: text(link?.['description']) },
    richTextParams: richText === undefined ? null : { content: text(richText['content']) },
    assetCollectionParams:
      collectionUrns === null
        ? null
        : { assetUrns: collectionUrns, dynamicFilterJson: text(collection?.['dynamicFilterJson']) },
    hierarchyViewParams:
      hierarchy === undefined
        ? null
        : {
            assetUrns: strings(hierarchy['assetUrns']) ?? [],
            showRelatedEntities: bool(hierarchy['showRelatedEntities']) ?? false,
            relatedEntitiesFilterJson: text(hierarchy['relatedEntitiesFilterJson']),
          },
  };
}

function scope(value: JsonValue | undefined): ScopeView | null {
  const visibility = object(value);
  return visibility === undefined ? null : { scope: text(visibility['scope']) };
}

/**
 * PageModuleMapper: a module whose properties are gone (deleted, its references not yet cleaned up) reads as
 * setDefaultModule's placeholder (no name, OWNED_ASSETS, global, stamped now without an actor); the app asks
 * `exists` and leaves it out.
 */
function moduleProperties(aspect: JsonObject | undefined, context: ViewContext): PageModulePropertiesView {
  const now: ResolvedAuditStampView = { time: Date.now(), actor: () => null };
  const type = text(aspect?.['type']);
  return {
    name: text(aspect?.['name']) ?? '',
    type: type === null ? 'OWNED_ASSETS' : MODULE_TYPES.has(type) ? type : 'UNKNOWN',
    visibility: scope(aspect?.['visibility']) ?? { scope: 'GLOBAL' },
    params: moduleParams(object(aspect?.['params'])),
    created: (aspect === undefined ? null : resolvedStamp(aspect['created'], context.viewOf)) ?? now,
    lastModified:
      (aspect === undefined ? null : resolvedStamp(aspect['lastModified'], context.viewOf)) ?? now,
  };
}

export function dataHubPageModuleView(urn: string, context: ViewContext): DataHubPageModuleView {
  return {
    ...commonView(urn, 'dataHubPageModule', context),
    // EntityTypeMapper has no entry for either type (OTHER); their mappers name the type themselves.
    __typename: 'DataHubPageModule',
    type: 'DATAHUB_PAGE_MODULE',
    properties: () => moduleProperties(latestOf(urn, context)(PAGE_MODULE_PROPERTIES), context),
  };
}

function templateProperties(aspect: JsonObject, context: ViewContext): PageTemplatePropertiesView {
  const { viewOf } = context;
  const summary = object(aspect['assetSummary']);
  const surface = object(aspect['surface']);
  return {
    rows: objects(aspect['rows']).map((row) => ({ modules: (strings(row['modules']) ?? []).map(viewOf) })),
    assetSummary:
      summary === undefined
        ? null
        : {
            summaryElements: objects(summary['summaryElements']).map((element) => {
              const property = text(element['structuredPropertyUrn']);
              return {
                elementType: text(element['elementType']),
                structuredProperty: property === null ? null : viewOf(property),
              };
            }),
          },
    surface: surface === undefined ? null : { surfaceType: text(surface['surfaceType']) },
    visibility: scope(aspect['visibility']),
    created: resolvedStamp(aspect['created'], viewOf),
    lastModified: resolvedStamp(aspect['lastModified'], viewOf),
  };
}

export function dataHubPageTemplateView(urn: string, context: ViewContext): DataHubPageTemplateView {
  return {
    ...commonView(urn, 'dataHubPageTemplate', context),
    __typename: 'DataHubPageTemplate',
    type: 'DATAHUB_PAGE_TEMPLATE',
    properties: () => {
      const aspect = latestOf(urn, context)(PAGE_TEMPLATE_PROPERTIES);
      return aspect === undefined ? null : templateProperties(aspect, context);
    },
  };
}

/**
 * PageTemplateType.batchLoad: a template is answered only with its properties (PageTemplateMapper answers null for
 * one without, e.g. a deleted template a setting still names); null for anything else.
 */
export function loadPageTemplate(urn: string | null, context: ViewContext): EntityView | null {
  if (urn === null) return null;
  const raw = parseRawUrn(urn);
  if (!raw.ok || raw.value.entityType !== 'dataHubPageTemplate') return null;
  return latestOf(urn, context)(PAGE_TEMPLATE_PROPERTIES) === undefined ? null : context.viewOf(urn);
}
