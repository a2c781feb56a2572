/**
 * ML entities, after DataHub's MLFeatureMapper, MLPrimaryKeyMapper, MLFeatureTableMapper, MLModelMapper and
 * MLModelGroupMapper: name, platform and origin from the URN's key, the properties aspect (with the URN's name
 * where it has none), and the editable aspect DataHub's UI writes a description edit to
 * (src/datahub/editable-aspects.ts).
 */
import { UI_EDITABLE_ASPECTS } from '../../../datahub/editable-aspects.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../../../model/json.js';
import { decodeUrnPart } from '../../../model/urn.js';
import {
  auditStamp,
  baseDataViews,
  customProperties,
  versionPropertiesView,
  versionTag,
} from './aspect-views.js';
import { latestOf, type ViewContext } from './entity-base.js';
import { editableDescription, keyOf, keyedView, type KeyedEntityView } from './entity-parts.js';
import { number, objects, strings, text, whenPresent } from './json-readers.js';
import type {
  AuditStampView,
  BaseDataView,
  CustomPropertyView,
  EditableDescriptionView,
  EntityView,
  VersionPropertiesView,
  VersionTagView,
} from './view-types.js';

const DATA_TYPES = new Set([
  'USELESS', 'NOMINAL', 'ORDINAL', 'BINARY', 'COUNT', 'TIME', 'INTERVAL', 'IMAGE', 'VIDEO',
  'AUDIO', 'TEXT', 'MAP', 'SEQUENCE', 'SET', 'CONTINUOUS', 'BYTE', 'UNKNOWN',
]); // prettier-ignore

export interface MlFeaturePropertiesView {
  readonly description: string | null;
  readonly dataType: string | null;
  readonly version: VersionTagView | null;
  readonly sources: () => EntityView[] | null;
}

/** What MLFeature and MLPrimaryKey share: a namespace from the key, and their properties aspect. */
interface FeatureOrKeyView extends KeyedEntityView {
  readonly featureNamespace: string;
  readonly description: () => string | null;
  readonly dataType: () => string | null;
  readonly properties: () => MlFeaturePropertiesView | null;
  readonly editableProperties: () => EditableDescriptionView | null;
}

export interface MlFeatureView extends FeatureOrKeyView {
  /** The deprecated name of `properties`. */
  readonly featureProperties: () => MlFeaturePropertiesView | null;
}

export interface MlPrimaryKeyView extends FeatureOrKeyView {
  /** The deprecated name of `properties`. */
  readonly primaryKeyProperties: () => MlFeaturePropertiesView | null;
}

export interface MlFeatureTablePropertiesView {
  readonly description: string | null;
  readonly mlFeatures: () => EntityView[] | null;
  readonly mlPrimaryKeys: () => EntityView[] | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
}

export interface MlFeatureTableView extends KeyedEntityView {
  readonly description: () => string | null;
  readonly properties: () => MlFeatureTablePropertiesView | null;
  /** The deprecated name of `properties`. */
  readonly featureTableProperties: () => MlFeatureTablePropertiesView | null;
  readonly editableProperties: () => EditableDescriptionView | null;
}

export interface MlMetricView {
  readonly name: string | null;
  readonly description: string | null;
  readonly value: string | null;
  readonly createdAt: number | null;
}

/** What the properties of models and model groups share (modelNameAndStamps). */
interface ModelPropertiesBase {
  readonly name: string;
  readonly created: AuditStampView | null;
  readonly lastModified: AuditStampView | null;
  readonly mlModelLineageInfo: {
    readonly trainingJobs: readonly string[] | null;
    readonly downstreamJobs: readonly string[] | null;
  };
  readonly description: string | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
  readonly externalUrl: string | null;
}

export interface MlModelPropertiesView extends ModelPropertiesBase {
  readonly date: number | null;
  readonly version: string | null;
  readonly type: string | null;
  readonly hyperParams: readonly MlMetricView[] | null;
  readonly trainingMetrics: readonly MlMetricView[] | null;
  readonly mlFeatures: readonly string[] | null;
  readonly tags: readonly string[] | null;
  readonly groups: () => EntityView[];
}

export interface MlModelView extends KeyedEntityView {
  readonly description: () => string | null;
  readonly editableProperties: () => EditableDescriptionView | null;
  readonly versionProperties: () => VersionPropertiesView | null;
  readonly trainingData: () => BaseDataView[] | null;
  readonly evaluationData: () => BaseDataView[] | null;
  readonly properties: () => MlModelPropertiesView | null;
}

export interface MlModelGroupPropertiesView extends ModelPropertiesBase {
  readonly createdAt: number | null;
  readonly version: VersionTagView | null;
}

export interface MlModelGroupView extends KeyedEntityView {
  readonly description: () => string | null;
  readonly editableProperties: () => EditableDescriptionView | null;
  readonly properties: () => MlModelGroupPropertiesView | null;
}

export function mlFeatureView(urn: string, context: ViewContext): MlFeatureView {
  const view = featureOrKeyView(urn, 'mlFeature', UI_EDITABLE_ASPECTS.mlFeature.aspect, context);
  return { ...view, featureProperties: view.properties };
}

export function mlPrimaryKeyView(urn: string, context: ViewContext): MlPrimaryKeyView {
  const view = featureOrKeyView(urn, 'mlPrimaryKey', UI_EDITABLE_ASPECTS.mlPrimaryKey.aspect, context);
  return { ...view, primaryKeyProperties: view.properties };
}

function featureOrKeyView(
  urn: string,
  entityType: 'mlFeature' | 'mlPrimaryKey',
  editableAspect: string,
  context: ViewContext,
): FeatureOrKeyView {
  const properties = (): JsonObject | undefined => context.service.latest(urn, `${entityType}Properties`);
  return {
    ...keyedView(urn, entityType, context),
    featureNamespace: decodeUrnPart(stringOr(keyOf(urn, context)['featureNamespace'])),
    description: () => text(properties()?.['description']),
    dataType: () => dataType(properties()?.['dataType']),
    properties: () =>
      whenPresent(properties(), (aspect) => ({
        description: text(aspect['description']),
        dataType: dataType(aspect['dataType']),
        version: versionTag(aspect['version']),
        sources: () => strings(aspect['sources'])?.map(context.viewOf) ?? null,
      })),
    editableProperties: () => editableDescription(urn, editableAspect, context),
  };
}

export function mlFeatureTableView(urn: string, context: ViewContext): MlFeatureTableView {
  const { service, viewOf } = context;
  const properties = (): JsonObject | undefined => service.latest(urn, 'mlFeatureTableProperties');
  const propertiesView = (): MlFeatureTablePropertiesView | null =>
    whenPresent(properties(), (aspect) => ({
      description: text(aspect['description']),
      mlFeatures: () => strings(aspect['mlFeatures'])?.map(viewOf) ?? null,
      mlPrimaryKeys: () => strings(aspect['mlPrimaryKeys'])?.map(viewOf) ?? null,
      customProperties: customProperties(aspect['customProperties'], urn),
    }));
  return {
    ...keyedView(urn, 'mlFeatureTable', context),
    description: () => text(properties()?.['description']),
    properties: propertiesView,
    featureTableProperties: propertiesView,
    editableProperties: () => editableDescription(urn, UI_EDITABLE_ASPECTS.mlFeatureTable.aspect, context),
  };
}

export function mlModelView(urn: string, context: ViewContext): MlModelView {
  const { viewOf } = context;
  const latest = latestOf(urn, context);
  const properties = (): JsonObject | undefined => latest('mlModelProperties');
  return {
    ...keyedView(urn, 'mlModel', context),
    description: () => text(properties()?.['description']),
    editableProperties: () => editableDescription(urn, UI_EDITABLE_ASPECTS.mlModel.aspect, context),
    versionProperties: () => versionPropertiesView(latest('versionProperties'), viewOf),
    trainingData: () => baseDataViews(latest('mlModelTrainingData')?.['trainingData']),
    evaluationData: () => baseDataViews(latest('mlModelEvaluationData')?.['evaluationData']),
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
        groups: () => (strings(aspect['groups']) ?? []).map(viewOf),
        customProperties: customProperties(aspect['customProperties'], urn),
        externalUrl: text(aspect['externalUrl']),
        ...modelNameAndStamps(aspect, keyOf(urn, context)),
      })),
  };
}

export function mlModelGroupView(urn: string, context: ViewContext): MlModelGroupView {
  const properties = (): JsonObject | undefined => context.service.latest(urn, 'mlModelGroupProperties');
  return {
    ...keyedView(urn, 'mlModelGroup', context),
    description: () => text(properties()?.['description']),
    editableProperties: () => editableDescription(urn, UI_EDITABLE_ASPECTS.mlModelGroup.aspect, context),
    properties: () =>
      whenPresent(properties(), (aspect) => ({
        description: text(aspect['description']),
        createdAt: number(aspect['createdAt']),
        version: versionTag(aspect['version']),
        customProperties: customProperties(aspect['customProperties'], urn),
        externalUrl: text(aspect['externalUrl']),
        ...modelNameAndStamps(aspect, keyOf(urn, context)),
      })),
  };
}

function dataType(value: JsonValue | undefined): string | null {
  return typeof value === 'string' && DATA_TYPES.has(value) ? value : null;
}

/**
 * What MLModelPropertiesMapper and MLModelGroupPropertiesMapper share: the name (the URN's name when the aspect has
 * none), the created and lastModified time stamps as audit stamps, and the lineage info (training and downstream
 * jobs).
 */
function modelNameAndStamps(
  aspect: JsonObject,
  key: JsonObject,
): Pick<ModelPropertiesBase, 'name' | 'created' | 'lastModified' | 'mlModelLineageInfo'> {
  const stamp = (value: JsonValue | undefined): AuditStampView | null =>
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

/** MLHyperParamMapper and MLMetricMapper. */
export function metrics(value: JsonValue | undefined): MlMetricView[] | null {
  if (!Array.isArray(value)) return null;
  return objects(value).map((metric) => ({
    name: text(metric['name']),
    description: text(metric['description']),
    value: text(metric['value']),
    createdAt: number(metric['createdAt']),
  }));
}
