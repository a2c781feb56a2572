/**
 * Maps stored aspects to the objects of DataHub's GraphQL schema, following DataHub's mappers
 * (datahub-graphql-core .../types/<entity>/mappers): `name`, `featureNamespace`, `platform` and `origin` come from
 * the URN's key; GlossaryTermInfo.description is the aspect's `definition`; fields without a value are null, and
 * a non-null field the aspects cannot fill gets DataHub's fallback (e.g. a term's name from its id), so an entity
 * with partial aspects never raises a non-null error. Related entities are resolved lazily (graphql-js calls
 * function-valued fields), so only what a query selects is read.
 */
import { getNamedType, isObjectType, type GraphQLResolveInfo } from 'graphql';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../../model/json.js';
import {
  decodeUrnPart,
  encodeUrnPart,
  glossaryTermDisplayName,
  isFabricType,
  parseRawUrn,
} from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { graphqlEntityType } from '../../datahub/entity-types.js';
import { entityDisplayName } from '../search/search-document.js';
import {
  auditStamp,
  baseDataViews,
  bool,
  customProperties,
  deprecationView,
  domainView,
  globalTagsView,
  glossaryTermsView,
  institutionalMemoryView,
  number,
  object,
  objects,
  ownershipView,
  platformName,
  rawAspects,
  statusView,
  strings,
  subTypesView,
  text,
  versionPropertiesView,
  versionTag,
  whenPresent,
  type View,
} from './views/aspect-views.js';
import { lineageNeighbours } from './lineage-search.js';
import { browsePathV2 } from './views/browse-paths.js';
import { SYSTEM_OWNERSHIP_TYPES } from './views/ownership-types.js';
import { datasetProfiles, operations, type TimeseriesArgs } from './views/timeseries-views.js';
import {
  chartFields,
  dashboardFields,
  dataFlowFields,
  dataJobFields,
} from './views/dashboard-pipeline-views.js';

/** The GraphQL object type of each entity type; the rest are GenericEntity. */
const TYPENAMES: Readonly<Record<string, string>> = {
  dataset: 'Dataset',
  mlFeature: 'MLFeature',
  mlFeatureTable: 'MLFeatureTable',
  mlModel: 'MLModel',
  mlModelGroup: 'MLModelGroup',
  mlPrimaryKey: 'MLPrimaryKey',
  glossaryTerm: 'GlossaryTerm',
  glossaryNode: 'GlossaryNode',
  tag: 'Tag',
  corpuser: 'CorpUser',
  corpGroup: 'CorpGroup',
  dataPlatform: 'DataPlatform',
  container: 'Container',
  domain: 'Domain',
  dataProduct: 'DataProduct',
  chart: 'Chart',
  dashboard: 'Dashboard',
  dataFlow: 'DataFlow',
  dataJob: 'DataJob',
  notebook: 'Notebook',
  schemaField: 'SchemaFieldEntity',
  ownershipType: 'OwnershipTypeEntity',
};

const PLATFORM_TYPES = new Set([
  'FILE_SYSTEM', 'KEY_VALUE_STORE', 'MESSAGE_BROKER', 'OBJECT_STORE', 'OLAP_DATASTORE',
  'QUERY_ENGINE', 'RELATIONAL_DB', 'SEARCH_ENGINE', 'OTHERS',
]); // prettier-ignore
const DATA_TYPES = new Set([
  'USELESS', 'NOMINAL', 'ORDINAL', 'BINARY', 'COUNT', 'TIME', 'INTERVAL', 'IMAGE', 'VIDEO',
  'AUDIO', 'TEXT', 'MAP', 'SEQUENCE', 'SET', 'CONTINUOUS', 'BYTE', 'UNKNOWN',
]); // prettier-ignore

interface LineageArgs {
  readonly direction: 'UPSTREAM' | 'DOWNSTREAM';
  readonly start?: number | null;
  readonly count?: number | null;
  readonly includeGhostEntities?: boolean | null;
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

export class EntityViews {
  constructor(private readonly service: CatalogService) {}

  /**
   * The view of an entity, or null when it was never created (its key aspect is not stored) or when it is not of
   * the expected type (`dataset(urn:)` with a tag URN).
   */
  entity(urn: string, expectedType?: string): View | null {
    const raw = parseRawUrn(urn);
    if (!raw.ok || (expectedType !== undefined && raw.value.entityType !== expectedType)) return null;
    if (!this.service.exists(urn)) return null;
    return this.view(urn);
  }

  /** The view of an entity that is referenced (an association, a source): a shell when it does not exist. */
  view = (urn: string): View => {
    const raw = parseRawUrn(urn);
    const entityType = raw.ok ? raw.value.entityType : '';
    switch (entityType) {
      case 'dataset':
        return this.dataset(urn);
      case 'mlFeature':
        return this.mlFeature(urn);
      case 'mlPrimaryKey':
        return this.mlPrimaryKey(urn);
      case 'mlFeatureTable':
        return this.mlFeatureTable(urn);
      case 'mlModel':
        return this.mlModel(urn);
      case 'mlModelGroup':
        return this.mlModelGroup(urn);
      case 'glossaryTerm':
        return this.glossaryTerm(urn);
      case 'glossaryNode':
        return this.glossaryNode(urn);
      case 'tag':
        return this.tag(urn);
      case 'corpuser':
        return this.corpUser(urn);
      case 'corpGroup':
        return this.corpGroup(urn);
      case 'dataPlatform':
        return this.dataPlatform(urn);
      case 'container':
        return this.container(urn);
      case 'domain':
        return this.domain(urn);
      case 'dataProduct':
        return this.dataProduct(urn);
      case 'ownershipType':
        return this.ownershipType(urn);
      case 'schemaField':
        return this.schemaField(urn, raw.ok ? raw.value.parts : []);
      case 'chart':
      case 'dashboard':
      case 'dataFlow':
      case 'dataJob':
        return this.dashboardOrPipeline(urn, entityType);
      default:
        return {
          ...this.base(urn, entityType),
          name: () => entityDisplayName(urn, this.service.aspectsOf(urn)),
        };
    }
  };

  /** What every entity view has: identity, relationships, and the shared aspects, each read on demand. */
  private base(urn: string, entityType: string): View {
    const latest = (aspect: string): JsonObject | undefined => this.service.latest(urn, aspect);
    return {
      __typename: TYPENAMES[entityType] ?? 'GenericEntity',
      urn,
      type: graphqlEntityType(entityType),
      exists: () => this.service.exists(urn),
      relationships: (args: RelationshipsArgs) => this.relationships(urn, args.input),
      status: () => statusView(latest('status')),
      ownership: () => ownershipView(latest('ownership'), urn, this.view),
      tags: () => globalTagsView(latest('globalTags'), urn, this.view),
      globalTags: () => globalTagsView(latest('globalTags'), urn, this.view),
      glossaryTerms: () => glossaryTermsView(latest('glossaryTerms'), urn, this.view),
      institutionalMemory: () => institutionalMemoryView(latest('institutionalMemory'), urn, this.view),
      domain: () => domainView(latest('domains'), urn, this.view),
      deprecation: () => deprecationView(latest('deprecation'), this.view),
      subTypes: () => subTypesView(latest('subTypes')),
      aspects: (args: {
        input?: { aspectNames?: string[] | null; autoRenderOnly?: boolean | null } | null;
      }) => rawAspects(this.service.aspectsOf(urn), args.input),
      lastIngested: null,
      privileges: allGranted,
      // EntityLineageResultResolver: one hop up or down the lineage edges (lineage-search.ts).
      lineage: (args: { input: LineageArgs }) => this.lineage(urn, args.input),
      // BrowsePathsV2Mapper: each entry's id as its name, and the entity it names.
      browsePathV2: () => ({
        path: browsePathV2(this.service, urn).map((name) => ({
          name,
          entity: () => (parseRawUrn(name).ok && this.service.exists(name) ? this.view(name) : null),
        })),
      }),
    };
  }

  /** Charts, dashboards, data flows and jobs: the shared fields, plus their own (dashboard-pipeline-views). */
  private dashboardOrPipeline(urn: string, entityType: 'chart' | 'dashboard' | 'dataFlow' | 'dataJob'): View {
    const latest = (aspect: string): JsonObject | undefined => this.service.latest(urn, aspect);
    const fields = {
      chart: chartFields,
      dashboard: dashboardFields,
      dataFlow: dataFlowFields,
      dataJob: dataJobFields,
    };
    return {
      ...this.base(urn, entityType),
      container: () => this.containerOf(latest('container')),
      parentContainers: () => this.parentContainers(urn),
      ...fields[entityType](urn, this.key(urn), latest, this.view),
    };
  }

  /** The URN's key fields (the key aspect DataHub derives from the URN). */
  private key(urn: string): JsonObject {
    try {
      return this.service.keyOf(urn).value;
    } catch {
      return {};
    }
  }

  /** name, platform and origin, as DataHub's mappers take them from the key. */
  private keyed(urn: string, entityType: string): View {
    const key = this.key(urn);
    return {
      ...this.base(urn, entityType),
      name: decodeUrnPart(stringOr(key['name'])),
      ...(typeof key['platform'] === 'string'
        ? { platform: () => this.view(key['platform'] as string) }
        : {}),
      ...(typeof key['origin'] === 'string' ? { origin: fabric(key['origin']) } : {}),
    };
  }

  private relationships(urn: string, input: RelationshipsArgs['input']): View {
    const start = Math.max(0, input.start ?? 0);
    const count = Math.min(Math.max(0, input.count ?? 100), 10_000);
    const page = this.service.relationships({
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
        entity: () => this.view(item.urn),
        created: null,
      })),
    };
  }

  private lineage(urn: string, input: LineageArgs): View {
    const edges = lineageNeighbours(this.service, urn, input.direction, input.includeGhostEntities === true);
    const start = Math.max(0, input.start ?? 0);
    const page = edges.slice(start, start + Math.min(Math.max(0, input.count ?? 100), 10_000));
    return {
      start,
      count: page.length,
      total: edges.length,
      filtered: 0,
      relationships: page.map((edge) => ({
        type: edge.type,
        entity: () => this.view(edge.urn),
        degree: 1,
        createdOn: null,
        createdActor: null,
        updatedOn: null,
        updatedActor: null,
        isManual: false,
        paths: [],
      })),
    };
  }

  dataset(urn: string): View {
    const latest = (aspect: string): JsonObject | undefined => this.service.latest(urn, aspect);
    const key = this.key(urn);
    const keyName = decodeUrnPart(stringOr(key['name']));
    const origin = fabric(key['origin']);
    return {
      ...this.keyed(urn, 'dataset'),
      origin,
      description: () => text(latest('datasetProperties')?.['description']),
      container: () => this.containerOf(latest('container')),
      parentContainers: () => this.parentContainers(urn),
      properties: () => {
        const properties = latest('datasetProperties');
        if (properties === undefined) return null;
        const created = object(properties['created']);
        const lastModified = object(properties['lastModified']);
        return {
          name: text(properties['name']) ?? keyName,
          qualifiedName: text(properties['qualifiedName']),
          origin,
          description: text(properties['description']),
          customProperties: customProperties(properties['customProperties'], urn),
          externalUrl: text(properties['externalUrl']),
          created: number(created?.['time']),
          createdActor: text(created?.['actor']),
          lastModified: auditStamp(lastModified),
          lastModifiedActor: text(lastModified?.['actor']),
        };
      },
      editableProperties: () => {
        const editable = latest('editableDatasetProperties');
        return editable === undefined
          ? null
          : { description: text(editable['description']), name: text(editable['name']) };
      },
      schemaMetadata: (args: { version?: number | null }) => this.schemaMetadata(urn, args.version ?? 0, key),
      datasetProfiles: (args: TimeseriesArgs) => datasetProfiles(this.service, urn, args),
      operations: (args: TimeseriesArgs) => operations(this.service, urn, args),
      viewProperties: () => {
        const view = latest('viewProperties');
        return view === undefined
          ? null
          : {
              materialized: view['materialized'] === true,
              logic: stringOr(view['viewLogic']),
              formattedLogic: text(view['formattedViewLogic']),
              language: stringOr(view['viewLanguage']),
            };
      },
      editableSchemaMetadata: () => {
        const aspect = latest('editableSchemaMetadata');
        if (aspect === undefined) return null;
        return {
          editableSchemaFieldInfo: objects(aspect['editableSchemaFieldInfo']).map((entry) => {
            const fieldPath = stringOr(entry['fieldPath']);
            const fieldUrn = schemaFieldUrn(urn, fieldPath);
            const tags = (): View | null => globalTagsView(object(entry['globalTags']), fieldUrn, this.view);
            return {
              fieldPath,
              description: text(entry['description']),
              glossaryTerms: () => glossaryTermsView(object(entry['glossaryTerms']), fieldUrn, this.view),
              tags,
              globalTags: tags,
            };
          }),
        };
      },
    };
  }

  private schemaMetadata(urn: string, version: number, key: JsonObject): View | null {
    const aspect =
      version === 0
        ? this.service.latest(urn, 'schemaMetadata')
        : this.service.getVersion(urn, 'schemaMetadata', version)?.value;
    if (aspect === undefined) return null;
    return {
      aspectVersion: version,
      datasetUrn: urn,
      name: stringOr(aspect['schemaName']),
      platformUrn: stringOr(aspect['platform'], stringOr(key['platform'])),
      version: number(aspect['version']) ?? 0,
      cluster: text(aspect['cluster']),
      hash: stringOr(aspect['hash']),
      primaryKeys: strings(aspect['primaryKeys']),
      createdAt: number(object(aspect['created'])?.['time']),
      fields: objects(aspect['fields']).map((field) => {
        const fieldPath = stringOr(field['fieldPath']);
        const fieldUrn = schemaFieldUrn(urn, fieldPath);
        const tags = (): View | null => globalTagsView(object(field['globalTags']), fieldUrn, this.view);
        return {
          fieldPath,
          jsonPath: text(field['jsonPath']),
          label: text(field['label']),
          nullable: field['nullable'] === true,
          description: text(field['description']),
          type: schemaFieldType(field['type']),
          nativeDataType: text(field['nativeDataType']),
          recursive: field['recursive'] === true,
          tags,
          globalTags: tags,
          glossaryTerms: () => glossaryTermsView(object(field['glossaryTerms']), fieldUrn, this.view),
          isPartOfKey: bool(field['isPartOfKey']),
          isPartitioningKey: bool(field['isPartitioningKey']),
          jsonProps: text(field['jsonProps']),
        };
      }),
    };
  }

  mlFeature(urn: string): View {
    return this.featureOrKey(urn, 'mlFeature', 'featureProperties');
  }

  mlPrimaryKey(urn: string): View {
    return this.featureOrKey(urn, 'mlPrimaryKey', 'primaryKeyProperties');
  }

  /** MLFeature and MLPrimaryKey have the same shape: a namespace from the key, and their properties aspect. */
  private featureOrKey(
    urn: string,
    entityType: 'mlFeature' | 'mlPrimaryKey',
    deprecatedField: 'featureProperties' | 'primaryKeyProperties',
  ): View {
    const aspectName = `${entityType}Properties`;
    const properties = (): JsonObject | undefined => this.service.latest(urn, aspectName);
    const propertiesView = (): View | null =>
      whenPresent(properties(), (aspect) => ({
        description: text(aspect['description']),
        dataType: dataType(aspect['dataType']),
        version: versionTag(aspect['version']),
        sources: () => strings(aspect['sources'])?.map(this.view) ?? null,
      }));
    const editableAspect =
      entityType === 'mlFeature' ? 'editableMlFeatureProperties' : 'editableMlPrimaryKeyProperties';
    return {
      ...this.keyed(urn, entityType),
      featureNamespace: decodeUrnPart(stringOr(this.key(urn)['featureNamespace'])),
      description: () => text(properties()?.['description']),
      dataType: () => dataType(properties()?.['dataType']),
      properties: propertiesView,
      [deprecatedField]: propertiesView,
      editableProperties: () => this.editableDescription(urn, editableAspect),
    };
  }

  mlFeatureTable(urn: string): View {
    const properties = (): JsonObject | undefined => this.service.latest(urn, 'mlFeatureTableProperties');
    const propertiesView = (): View | null =>
      whenPresent(properties(), (aspect) => ({
        description: text(aspect['description']),
        mlFeatures: () => strings(aspect['mlFeatures'])?.map(this.view) ?? null,
        mlPrimaryKeys: () => strings(aspect['mlPrimaryKeys'])?.map(this.view) ?? null,
        customProperties: customProperties(aspect['customProperties'], urn),
      }));
    return {
      ...this.keyed(urn, 'mlFeatureTable'),
      description: () => text(properties()?.['description']),
      properties: propertiesView,
      featureTableProperties: propertiesView,
      editableProperties: () => this.editableDescription(urn, 'editableMlFeatureTableProperties'),
    };
  }

  mlModel(urn: string): View {
    const properties = (): JsonObject | undefined => this.service.latest(urn, 'mlModelProperties');
    return {
      ...this.keyed(urn, 'mlModel'),
      description: () => text(properties()?.['description']),
      editableProperties: () => this.editableDescription(urn, 'editableMlModelProperties'),
      versionProperties: () =>
        versionPropertiesView(this.service.latest(urn, 'versionProperties'), this.view),
      trainingData: () => baseDataViews(this.service.latest(urn, 'mlModelTrainingData')?.['trainingData']),
      evaluationData: () =>
        baseDataViews(this.service.latest(urn, 'mlModelEvaluationData')?.['evaluationData']),
      properties: () =>
        whenPresent(properties(), (aspect) => ({
          description: text(aspect['description']),
          date: number(aspect['date']),
          version: versionTag(aspect['version'])?.versionTag ?? null,
          type: text(aspect['type']),
          hyperParams: metrics(aspect['hyperParams']),
          trainingMetrics: metrics(aspect['trainingMetrics']),
          mlFeatures: strings(aspect['mlFeatures']),
          tags: strings(aspect['tags']),
          // DataHub answers [] (not null) when a model belongs to no group.
          groups: () => (strings(aspect['groups']) ?? []).map(this.view),
          customProperties: customProperties(aspect['customProperties'], urn),
          externalUrl: text(aspect['externalUrl']),
          ...modelNameAndStamps(aspect, this.key(urn)),
        })),
    };
  }

  mlModelGroup(urn: string): View {
    const properties = (): JsonObject | undefined => this.service.latest(urn, 'mlModelGroupProperties');
    return {
      ...this.keyed(urn, 'mlModelGroup'),
      description: () => text(properties()?.['description']),
      editableProperties: () => this.editableDescription(urn, 'editableMlModelGroupProperties'),
      properties: () =>
        whenPresent(properties(), (aspect) => ({
          description: text(aspect['description']),
          createdAt: number(aspect['createdAt']),
          version: versionTag(aspect['version']),
          customProperties: customProperties(aspect['customProperties'], urn),
          externalUrl: text(aspect['externalUrl']),
          ...modelNameAndStamps(aspect, this.key(urn)),
        })),
    };
  }

  glossaryTerm(urn: string): View {
    const id = decodeUrnPart(stringOr(this.key(urn)['name']));
    const info = (): JsonObject | undefined => this.service.latest(urn, 'glossaryTermInfo');
    const termName = glossaryTermDisplayName(id);
    const fields = (aspect: JsonObject): View => ({
      name: text(aspect['name']),
      description: text(aspect['definition']),
      definition: stringOr(aspect['definition']),
      // An aspect written with an empty termSource reads back as INTERNAL.
      termSource: stringOr(aspect['termSource']) || 'INTERNAL',
      sourceRef: text(aspect['sourceRef']),
      sourceUrl: text(aspect['sourceUrl']),
      customProperties: customProperties(aspect['customProperties'], urn),
      rawSchema: text(aspect['rawSchema']),
    });
    return {
      ...this.base(urn, 'glossaryTerm'),
      name: termName,
      hierarchicalName: id,
      glossaryTermInfo: () => whenPresent(info(), (aspect) => fields(aspect)),
      properties: () =>
        whenPresent(info(), (aspect) => ({
          ...fields(aspect),
          name: text(aspect['name']) ?? termName,
          createdOn: () => this.createdOn(urn, 'glossaryTermInfo'),
        })),
      parentNodes: () => this.parentNodes(text(info()?.['parentNode'])),
      schemaMetadata: (args: { version?: number | null }) =>
        this.schemaMetadata(urn, args.version ?? 0, this.key(urn)),
    };
  }

  glossaryNode(urn: string): View {
    const id = decodeUrnPart(stringOr(this.key(urn)['name']));
    const info = (): JsonObject | undefined => this.service.latest(urn, 'glossaryNodeInfo');
    return {
      ...this.base(urn, 'glossaryNode'),
      properties: () =>
        whenPresent(info(), (aspect) => ({
          name: text(aspect['name']) ?? id,
          description: text(aspect['definition']),
          customProperties: customProperties(aspect['customProperties'], urn),
          createdOn: () => this.createdOn(urn, 'glossaryNodeInfo'),
        })),
      parentNodes: () => this.parentNodes(text(info()?.['parentNode'])),
      // GlossaryNode.childrenCount: the terms and nodes whose parentNode is this node (IsPartOf edges).
      childrenCount: () => {
        const children = this.service.relationships({ urn, types: ['IsPartOf'], direction: 'INCOMING', start: 0, count: 10_000, includeRemoved: false }); // prettier-ignore
        const ofType = (type: string) => children.items.filter((item) => item.urn.startsWith(`urn:li:${type}:`)).length; // prettier-ignore
        return { termsCount: ofType('glossaryTerm'), nodesCount: ofType('glossaryNode') };
      },
    };
  }

  /** Parents from the nearest up; a cycle in the data ends the walk instead of looping. */
  private parentNodes(first: string | null): View {
    const nodes: View[] = [];
    const seen = new Set<string>();
    for (let parent = first; parent !== null && !seen.has(parent) && nodes.length < 100;) {
      seen.add(parent);
      nodes.push(this.glossaryNode(parent));
      parent = text(this.service.latest(parent, 'glossaryNodeInfo')?.['parentNode']);
    }
    return { count: nodes.length, nodes };
  }

  tag(urn: string): View {
    const id = decodeUrnPart(stringOr(this.key(urn)['name']));
    const properties = (): JsonObject | undefined => this.service.latest(urn, 'tagProperties');
    return {
      ...this.base(urn, 'tag'),
      name: id,
      description: () => text(properties()?.['description']),
      properties: () =>
        whenPresent(properties(), (aspect) => ({
          name: text(aspect['name']) ?? id,
          description: text(aspect['description']),
          colorHex: text(aspect['colorHex']),
        })),
    };
  }

  corpUser(urn: string): View {
    const latest = (aspect: string): JsonObject | undefined => this.service.latest(urn, aspect);
    const info = (): View | null =>
      whenPresent(latest('corpUserInfo'), (aspect) => ({
        active: aspect['active'] === true,
        displayName: text(aspect['displayName']),
        email: text(aspect['email']),
        title: text(aspect['title']),
        manager: () => (typeof aspect['managerUrn'] === 'string' ? this.view(aspect['managerUrn']) : null),
        departmentId: number(aspect['departmentId']),
        departmentName: text(aspect['departmentName']),
        firstName: text(aspect['firstName']),
        lastName: text(aspect['lastName']),
        fullName: text(aspect['fullName']),
        countryCode: text(aspect['countryCode']),
        customProperties: customProperties(aspect['customProperties'], urn),
      }));
    const editable = (): View | null =>
      whenPresent(latest('corpUserEditableInfo'), (aspect) => ({
        displayName: text(aspect['displayName']),
        title: text(aspect['title']),
        aboutMe: text(aspect['aboutMe']),
        teams: strings(aspect['teams']),
        skills: strings(aspect['skills']),
        pictureLink: text(aspect['pictureLink']),
        slack: text(aspect['slack']),
        phone: text(aspect['phone']),
        email: text(aspect['email']),
      }));
    return {
      ...this.base(urn, 'corpuser'),
      username: decodeUrnPart(stringOr(this.key(urn)['username'])),
      properties: info,
      info,
      editableProperties: editable,
      editableInfo: editable,
      status: () => (latest('corpUserStatus')?.['status'] === 'ACTIVE' ? 'ACTIVE' : null),
      settings: () => this.corpUserSettings(latest('corpUserSettings')),
      isNativeUser: () => latest('corpUserCredentials') !== undefined,
    };
  }

  /**
   * CorpUserMapper.mapCorpUserSettings: always an object, appearance always set (showSimplifiedHomepage from the
   * showSimplifiedHomepageByDefault flag, false, unless the user chose), the rest only where the aspect has it.
   */
  private corpUserSettings(aspect: JsonObject | undefined): View {
    const appearance = object(aspect?.['appearance']);
    const views = object(aspect?.['views']);
    const homePage = object(aspect?.['homePage']);
    const locale = object(aspect?.['locale']);
    const defaultView = text(views?.['defaultView']);
    const template = text(homePage?.['pageTemplate']);
    return {
      appearance: {
        showSimplifiedHomepage: appearance?.['showSimplifiedHomepage'] === true,
        showThemeV2: appearance === undefined ? null : bool(appearance['showThemeV2']),
      },
      views: views === undefined ? null : { defaultView: defaultView === null ? null : { urn: defaultView, type: 'DATAHUB_VIEW' } }, // prettier-ignore
      homePage:
        homePage === undefined
          ? null
          : {
              pageTemplate: template === null ? null : { urn: template, type: 'DATAHUB_PAGE_TEMPLATE' },
              dismissedAnnouncementUrns: strings(homePage['dismissedAnnouncements']),
            },
      locale: locale === undefined ? null : { language: text(locale['language']) },
    };
  }

  corpGroup(urn: string): View {
    const latest = (aspect: string): JsonObject | undefined => this.service.latest(urn, aspect);
    return {
      ...this.base(urn, 'corpGroup'),
      name: decodeUrnPart(stringOr(this.key(urn)['name'])),
      properties: () =>
        whenPresent(latest('corpGroupInfo'), (aspect) => ({
          ...groupContact(aspect),
          slack: text(aspect['slack']),
        })),
      // The deprecated `info` field of DataHub's CorpGroup reads the same aspect as `properties`, plus members.
      info: () =>
        whenPresent(latest('corpGroupInfo'), (aspect) => ({
          ...groupContact(aspect),
          admins: () => strings(aspect['admins'])?.map(this.view) ?? null,
          members: () => strings(aspect['members'])?.map(this.view) ?? null,
          groups: strings(aspect['groups']),
        })),
      editableProperties: () =>
        whenPresent(latest('corpGroupEditableInfo'), (aspect) => ({
          description: text(aspect['description']),
          slack: text(aspect['slack']),
          email: text(aspect['email']),
          pictureLink: text(aspect['pictureLink']),
        })),
      origin: () => {
        const aspect = latest('origin');
        const type = text(aspect?.['type']);
        return aspect === undefined
          ? null
          : {
              type: type === 'NATIVE' || type === 'EXTERNAL' ? type : 'UNKNOWN',
              externalType: text(aspect['externalType']),
            };
      },
    };
  }

  dataPlatform(urn: string): View {
    const name = decodeUrnPart(stringOr(this.key(urn)['platformName'], platformName(urn)));
    const info = (): View | null => {
      const aspect = this.service.latest(urn, 'dataPlatformInfo');
      if (aspect === undefined) return null;
      const type = text(aspect['type']);
      return {
        type: type !== null && PLATFORM_TYPES.has(type) ? type : 'OTHERS',
        displayName: text(aspect['displayName']),
        datasetNameDelimiter: stringOr(aspect['datasetNameDelimiter']),
        logoUrl: text(aspect['logoUrl']),
      };
    };
    return {
      ...this.base(urn, 'dataPlatform'),
      name,
      properties: info,
      info,
      displayName: () => text(this.service.latest(urn, 'dataPlatformInfo')?.['displayName']),
    };
  }

  container(urn: string): View {
    const latest = (aspect: string): JsonObject | undefined => this.service.latest(urn, aspect);
    const guid = decodeUrnPart(stringOr(this.key(urn)['guid'], urn));
    return {
      ...this.base(urn, 'container'),
      // ContainerMapper takes the platform from dataPlatformInstance; DataPlatform! needs one either way.
      platform: () =>
        this.view(stringOr(latest('dataPlatformInstance')?.['platform'], 'urn:li:dataPlatform:unknown')),
      container: () => this.containerOf(latest('container')),
      parentContainers: () => this.parentContainers(urn),
      properties: () =>
        whenPresent(latest('containerProperties'), (aspect) => ({
          name: text(aspect['name']) ?? guid,
          description: text(aspect['description']),
          customProperties: customProperties(aspect['customProperties'], urn),
          externalUrl: text(aspect['externalUrl']),
          qualifiedName: text(aspect['qualifiedName']),
        })),
      editableProperties: () => this.editableDescription(urn, 'editableContainerProperties'),
      entities: (args: { input?: EntitiesInput | null }) => this.childSearch('container', urn, args.input),
    };
  }

  domain(urn: string): View {
    const id = decodeUrnPart(stringOr(this.key(urn)['id']));
    return {
      ...this.base(urn, 'domain'),
      id,
      properties: () => {
        const aspect = this.service.latest(urn, 'domainProperties');
        return aspect === undefined
          ? null
          : {
              name: text(aspect['name']) ?? id,
              description: text(aspect['description']),
              customProperties: customProperties(aspect['customProperties'], urn),
              // DomainPropertiesMapper: the aspect's own `created` stamp.
              createdOn: this.resolvedStamp(aspect['created']),
            };
      },
      entities: (args: { input?: EntitiesInput | null }) => this.childSearch('domains', urn, args.input),
      parentDomains: () => {
        const domains: View[] = [];
        const seen = new Set<string>([urn]);
        let parent = text(this.service.latest(urn, 'domainProperties')?.['parentDomain']);
        while (parent !== null && !seen.has(parent) && domains.length < 100) {
          seen.add(parent);
          domains.push(this.domain(parent));
          parent = text(this.service.latest(parent, 'domainProperties')?.['parentDomain']);
        }
        return { count: domains.length, domains };
      },
    };
  }

  /** DataProductMapper: its properties (the name falls back to the URN's id), with the number of its assets. */
  private dataProduct(urn: string): View {
    const id = decodeUrnPart(stringOr(this.key(urn)['id']));
    return {
      ...this.base(urn, 'dataProduct'),
      properties: () => {
        const aspect = this.service.latest(urn, 'dataProductProperties');
        if (aspect === undefined) return null;
        return {
          name: text(aspect['name']) ?? id,
          description: text(aspect['description']),
          externalUrl: text(aspect['externalUrl']),
          numAssets: Array.isArray(aspect['assets']) ? aspect['assets'].length : 0,
          customProperties: customProperties(aspect['customProperties'], urn),
          createdOn: null,
        };
      },
    };
  }

  /** OwnershipTypeEntity: its stored info, else the info DataHub bootstraps for the system types. */
  private ownershipType(urn: string): View {
    return {
      ...this.base(urn, 'ownershipType'),
      type: 'CUSTOM_OWNERSHIP_TYPE',
      info: () => {
        const aspect = this.service.latest(urn, 'ownershipTypeInfo');
        if (aspect === undefined) return SYSTEM_OWNERSHIP_TYPES[urn] ?? null;
        return {
          name: stringOr(aspect['name']),
          description: text(aspect['description']),
          created: this.resolvedStamp(aspect['created']),
          lastModified: this.resolvedStamp(aspect['lastModified']),
        };
      },
    };
  }

  private schemaField(urn: string, parts: readonly string[]): View {
    return {
      ...this.base(urn, 'schemaField'),
      fieldPath: decodeUrnPart(parts[1] ?? ''),
      parent: () => this.view(parts[0] ?? ''),
    };
  }

  /** Search results of the entities inside a container or domain (Container.entities, Domain.entities). */
  private childSearch(facet: string, urn: string, input: EntitiesInput | null | undefined): View {
    return this.childSearchResolver({ facet, urn, input: input ?? {} });
  }

  /** Set by the endpoint: search lives there, views only hand it the facet to filter by. */
  childSearchResolver: (request: { facet: string; urn: string; input: EntitiesInput }) => View = () => ({
    start: 0,
    count: 0,
    total: 0,
    searchResults: [],
  });

  private containerOf(aspect: JsonObject | undefined): View | null {
    const container = text(aspect?.['container']);
    return container === null ? null : this.view(container);
  }

  private parentContainers(urn: string): View {
    const containers: View[] = [];
    const seen = new Set<string>([urn]);
    let parent = text(this.service.latest(urn, 'container')?.['container']);
    while (parent !== null && !seen.has(parent) && containers.length < 100) {
      seen.add(parent);
      containers.push(this.view(parent));
      parent = text(this.service.latest(parent, 'container')?.['container']);
    }
    return { count: containers.length, containers };
  }

  /** An AuditStamp as DataHub's ResolvedAuditStamp: the actor as a user. */
  private resolvedStamp(value: JsonValue | undefined): View | null {
    if (!isJsonObject(value)) return null;
    const actor = text(value['actor']);
    return { time: number(value['time']) ?? 0, actor: () => (actor === null ? null : this.view(actor)) };
  }

  /** ResolvedAuditStamp of when an aspect was first written, as the glossary mappers take it from its envelope. */
  private createdOn(urn: string, aspectName: string): View | null {
    const created = this.service.envelopedAspects(urn, [aspectName])[aspectName]?.created;
    return created === undefined ? null : { time: created.time, actor: () => this.view(created.actor) };
  }

  private editableDescription(urn: string, aspectName: string): View | null {
    const aspect = this.service.latest(urn, aspectName);
    return aspect === undefined ? null : { description: text(aspect['description']) };
  }
}

export interface EntitiesInput {
  readonly query?: string | null;
  readonly start?: number | null;
  readonly count?: number | null;
  readonly filters?: readonly unknown[] | null;
}

/**
 * EntityPrivileges of the signed-in user: the embedded catalog's token gives full access, so every privilege the
 * schema's type names is granted, as DataHub's EntityPrivilegesResolver answers for an admin.
 */
function allGranted(
  _args: unknown,
  _context: unknown,
  info: GraphQLResolveInfo,
): Record<string, boolean> | undefined {
  const type = getNamedType(info.returnType);
  // DataHubPolicy.privileges is the policy's own list, not the user's: absent, as the default resolver answers it.
  if (!isObjectType(type)) return undefined;
  return Object.fromEntries(
    Object.values(type.getFields())
      .filter((field) => getNamedType(field.type).name === 'Boolean')
      .map((field) => [field.name, true]),
  );
}

/** `urn:li:schemaField:(<dataset>,<fieldPath>)`, as DataHub names a column for associatedUrn. */
function schemaFieldUrn(datasetUrn: string, fieldPath: string): string {
  return `urn:li:schemaField:(${datasetUrn},${encodeUrnPart(fieldPath)})`;
}

function fabric(value: JsonValue | undefined): string {
  return typeof value === 'string' && isFabricType(value) ? value : 'PROD';
}

function dataType(value: JsonValue | undefined): string | null {
  return typeof value === 'string' && DATA_TYPES.has(value) ? value : null;
}

/** SchemaFieldDataType from the Pegasus union `{"type": {"com.linkedin.schema.StringType": {}}}`. */
function schemaFieldType(value: JsonValue | undefined): string {
  const union = isJsonObject(value) ? object(value['type']) : undefined;
  const member = union === undefined ? '' : (Object.keys(union)[0] ?? '');
  const simple = member.slice(member.lastIndexOf('.') + 1).replace(/Type$/, '');
  const known: Record<string, string> = {
    Boolean: 'BOOLEAN', Fixed: 'FIXED', String: 'STRING', Bytes: 'BYTES', Number: 'NUMBER', Date: 'DATE',
    Time: 'TIME', Enum: 'ENUM', Null: 'NULL', Map: 'MAP', Array: 'ARRAY', Union: 'UNION', Record: 'STRUCT',
  }; // prettier-ignore
  return known[simple] ?? 'NULL';
}

/**
 * What MLModelPropertiesMapper and MLModelGroupPropertiesMapper share: the name (the URN's name when the aspect has
 * none), the created and lastModified time stamps as audit stamps, and the lineage info (training and downstream
 * jobs).
 */
function modelNameAndStamps(aspect: JsonObject, key: JsonObject): View {
  const stamp = (value: JsonValue | undefined): View | null =>
    isJsonObject(value) ? auditStamp(value) : null;
  return {
    name: text(aspect['name']) ?? decodeUrnPart(stringOr(key['name'])),
    created: stamp(aspect['created']),
    lastModified: stamp(aspect['lastModified']),
    mlModelLineageInfo: {
      trainingJobs: strings(aspect['trainingJobs']),
      downstreamJobs: strings(aspect['downstreamJobs']),
    },
  };
}

function metrics(value: JsonValue | undefined): View[] | null {
  if (!Array.isArray(value)) return null;
  return objects(value).map((metric) => ({
    name: text(metric['name']),
    description: text(metric['description']),
    value: text(metric['value']),
    createdAt: number(metric['createdAt']),
  }));
}

/** The fields CorpGroup's `properties` and `info` both show. */
function groupContact(aspect: JsonObject): Record<string, string | null> {
  return {
    displayName: text(aspect['displayName']),
    description: text(aspect['description']),
    email: text(aspect['email']),
  };
}
