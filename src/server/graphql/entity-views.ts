/**
 * Maps stored aspects to the objects of DataHub's GraphQL schema, following DataHub's mappers
 * (datahub-graphql-core .../types/<entity>/mappers): `name`, `featureNamespace`, `platform` and `origin` come from
 * the URN's key; GlossaryTermInfo.description is the aspect's `definition`; fields without a value are null, and
 * a non-null field the aspects cannot fill gets DataHub's fallback (e.g. a term's name from its id), so an entity
 * with partial aspects never raises a non-null error. Related entities are resolved lazily (graphql-js calls
 * function-valued fields), so only what a query selects is read.
 *
 * Each entity type has a view builder of its area (views/); a type without one is a GenericEntity.
 */
import { parseRawUrn } from '../../model/urn.js';
import { entityDisplayName } from '../search/search-document.js';
import type { CatalogService } from '../catalog-service.js';
import { applicationView } from './views/application-views.js';
import { assertionView } from './views/assertion-views.js';
import { chartView, dashboardView, dataFlowView, dataJobView } from './views/dashboard-pipeline-views.js';
import { dataHubViewView } from './views/data-hub-view.js';
import { datasetView } from './views/dataset-views.js';
import { dataProductView, domainView, tagView } from './views/domain-views.js';
import { commonView, type ViewBuilder, type ViewContext } from './views/entity-base.js';
import { glossaryNodeView, glossaryTermView } from './views/glossary-views.js';
import {
  mlFeatureTableView,
  mlFeatureView,
  mlModelGroupView,
  mlModelView,
  mlPrimaryKeyView,
} from './views/ml-views.js';
import { isBootstrapped } from './views/bootstrapped.js';
import { incidentView } from './views/incident-views.js';
import { ownershipTypeView } from './views/ownership-type-view.js';
import {
  dataHubPageModuleView,
  dataHubPageTemplateView,
  loadPageTemplate,
} from './views/page-template-views.js';
import { dataHubRoleView } from './views/role-view.js';
import { postView } from './views/post-view.js';
import { dataProcessInstanceView } from './views/process-instance-views.js';
import { containerView, dataPlatformView } from './views/platform-views.js';
import { schemaFieldEntityView } from './views/schema-views.js';
import { formEntityView, structuredPropertyEntityView } from './views/structured-property-views.js';
import type { ChildSearch } from './views/search-views.js';
import { corpGroupView, corpUserView } from './views/user-views.js';
import { versionSetView } from './views/version-set-view.js';
import type { CommonEntityView, EntityView } from './views/view-types.js';

/** The view builder of each entity type the catalog answers with its own GraphQL type. */
/**
 * Types that answer whether or not anything was written for them. A column: SchemaFieldType.batchLoad
 * (datahub-graphql-core v1.7.0, schemaFieldEntityFetchEnabled on by default) reads it with batchGetV2, which always
 * includes the key aspect, so the app's lineage counts of a column (getLineageCounts) resolve for any column.
 */
const ANSWERED_UNWRITTEN: ReadonlySet<string> = new Set(['schemaField']);

const VIEW_BUILDERS: ReadonlyMap<string, ViewBuilder> = new Map<string, ViewBuilder>([
  ['dataset', datasetView],
  ['schemaField', schemaFieldEntityView],
  ['mlFeature', mlFeatureView],
  ['mlPrimaryKey', mlPrimaryKeyView],
  ['mlFeatureTable', mlFeatureTableView],
  ['mlModel', mlModelView],
  ['mlModelGroup', mlModelGroupView],
  ['glossaryTerm', glossaryTermView],
  ['glossaryNode', glossaryNodeView],
  ['tag', tagView],
  ['domain', domainView],
  ['dataProduct', dataProductView],
  ['corpuser', corpUserView],
  ['corpGroup', corpGroupView],
  ['ownershipType', ownershipTypeView],
  ['structuredProperty', structuredPropertyEntityView],
  ['form', formEntityView],
  ['dataPlatform', dataPlatformView],
  ['container', containerView],
  ['chart', chartView],
  ['dashboard', dashboardView],
  ['dataFlow', dataFlowView],
  ['dataJob', dataJobView],
  ['dataProcessInstance', dataProcessInstanceView],
  ['dataHubRole', dataHubRoleView],
  ['application', applicationView],
  ['versionSet', versionSetView],
  ['dataHubView', dataHubViewView],
  ['incident', incidentView],
  ['assertion', assertionView],
  ['post', postView],
  ['dataHubPageTemplate', dataHubPageTemplateView],
  ['dataHubPageModule', dataHubPageModuleView],
]);

/** A GenericEntity: the shared fields, named as the search index names it. */
interface GenericEntityView extends CommonEntityView {
  readonly name: () => string;
}

function genericView(urn: string, entityType: string, context: ViewContext): GenericEntityView {
  return {
    ...commonView(urn, entityType, context),
    name: () => entityDisplayName(urn, context.service.aspectsOf(urn)),
  };
}

export class EntityViews {
  private readonly context: ViewContext;

  /** `childSearch` answers Container.entities and Domain.entities (search lives with the resolvers). */
  constructor(service: CatalogService, childSearch: ChildSearch, actor: string) {
    this.context = { service, viewOf: this.view, childSearch, actor };
  }

  /**
   * The view of an entity, or null when it was never created (its key aspect is not stored, and it is not one GMS
   * bootstraps: the root user, the data platforms) or when it is not of the expected type (`dataset(urn:)` with a tag URN).
   */
  entity(urn: string, expectedType?: string): EntityView | null {
    const raw = parseRawUrn(urn);
    if (!raw.ok || (expectedType !== undefined && raw.value.entityType !== expectedType)) return null;
    if (
      !this.context.service.exists(urn) &&
      !isBootstrapped(urn) &&
      !ANSWERED_UNWRITTEN.has(raw.value.entityType)
    )
      return null;
    return this.view(urn);
  }

  /** The fields every entity has (relationships, the shared aspects), for a type answered under another name. */
  common(urn: string, entityType: string): CommonEntityView {
    return commonView(urn, entityType, this.context);
  }

  /** A page template as the settings that name one resolve it (PageTemplateType's loader): null without properties. */
  pageTemplate(urn: string | null): EntityView | null {
    return loadPageTemplate(urn, this.context);
  }

  /** The view of an entity that is referenced (an association, a source): a shell when it does not exist. */
  readonly view = (urn: string): EntityView => {
    const raw = parseRawUrn(urn);
    const entityType = raw.ok ? raw.value.entityType : '';
    const build = VIEW_BUILDERS.get(entityType);
    return build === undefined ? genericView(urn, entityType, this.context) : build(urn, this.context);
  };
}
