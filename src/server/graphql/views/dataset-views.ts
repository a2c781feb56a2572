/**
 * Datasets, after DataHub's DatasetMapper: name, platform and origin from the URN's key, the properties with the
 * key's name where they have none, the editable properties and column edits the UI writes, the schema, the view
 * definition, the containers it is in, and the profiles and operations of the time-series store.
 */
import { stringOr } from '../../../model/json.js';
import { decodeUrnPart } from '../../../model/urn.js';
import { auditStamp, customProperties, versionPropertiesView } from './aspect-views.js';
import { latestOf, type ViewContext } from './entity-base.js';
import {
  containerOf,
  fabric,
  keyOf,
  keyedView,
  parentContainers,
  type KeyedEntityView,
  type ParentContainersView,
} from './entity-parts.js';
import { fineGrainedLineagesView, type FineGrainedLineageView } from './fine-grained-lineage-views.js';
import { number, object, text, whenPresent } from './json-readers.js';
import { entityRuns, type DataProcessInstanceResultView, type RunsArgs } from './process-runs.js';
import {
  editableSchemaMetadataView,
  schemaMetadataView,
  type EditableSchemaMetadataView,
  type SchemaMetadataArgs,
  type SchemaMetadataView,
} from './schema-views.js';
import {
  datasetProfiles,
  operations,
  type DatasetProfileView,
  type OperationView,
  type TimeseriesArgs,
} from './timeseries-views.js';
import type { ScrollAcrossEntitiesInput } from '../search-inputs.js';
import { siblingsSearch, siblingsView, type SiblingPropertiesView } from './sibling-views.js';
import type { Scrolled, SearchResultsView } from './search-views.js';
import type { AuditStampView, CustomPropertyView, EntityView, VersionPropertiesView } from './view-types.js';

export interface DatasetPropertiesView {
  readonly name: string;
  readonly qualifiedName: string | null;
  readonly origin: string;
  readonly description: string | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
  readonly externalUrl: string | null;
  readonly created: number | null;
  readonly createdActor: string | null;
  readonly lastModified: AuditStampView;
  readonly lastModifiedActor: string | null;
}

export interface ViewPropertiesView {
  readonly materialized: boolean;
  readonly logic: string;
  readonly formattedLogic: string | null;
  readonly language: string;
}

export interface DatasetView extends KeyedEntityView {
  readonly origin: string;
  readonly description: () => string | null;
  readonly container: () => EntityView | null;
  readonly parentContainers: () => ParentContainersView;
  readonly properties: () => DatasetPropertiesView | null;
  readonly editableProperties: () => {
    readonly description: string | null;
    readonly name: string | null;
  } | null;
  readonly schemaMetadata: (args: SchemaMetadataArgs) => SchemaMetadataView | null;
  readonly datasetProfiles: (args: TimeseriesArgs) => DatasetProfileView[];
  readonly operations: (args: TimeseriesArgs) => OperationView[];
  readonly viewProperties: () => ViewPropertiesView | null;
  readonly editableSchemaMetadata: () => EditableSchemaMetadataView | null;
  readonly fineGrainedLineages: () => readonly FineGrainedLineageView[] | null;
  readonly versionProperties: () => VersionPropertiesView | null;
  readonly runs: (args: RunsArgs) => DataProcessInstanceResultView;
  readonly siblings: () => SiblingPropertiesView | null;
  readonly siblingsSearch: (args: { input: ScrollAcrossEntitiesInput }) => Scrolled<SearchResultsView>;
}

export function datasetView(urn: string, context: ViewContext): DatasetView {
  const { service, viewOf } = context;
  const latest = latestOf(urn, context);
  const key = keyOf(urn, context);
  const keyName = decodeUrnPart(stringOr(key['name']));
  const origin = fabric(key['origin']);
  return {
    ...keyedView(urn, 'dataset', context),
    origin,
    description: () => text(latest('datasetProperties')?.['description']),
    container: () => containerOf(latest('container'), context),
    parentContainers: () => parentContainers(urn, context),
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
    editableProperties: () =>
      whenPresent(latest('editableDatasetProperties'), (editable) => ({
        description: text(editable['description']),
        name: text(editable['name']),
      })),
    schemaMetadata: (args) => schemaMetadataView(urn, args.version ?? 0, key, context),
    // DatasetMapper: the UpstreamLineage's column-level lineage, empty when it has none, null without the aspect.
    fineGrainedLineages: () =>
      whenPresent(latest('upstreamLineage'), (aspect) => fineGrainedLineagesView(aspect) ?? []),
    // DatasetMapper maps versionProperties with VersionPropertiesMapper (a dataset is SupportsVersions).
    versionProperties: () => versionPropertiesView(latest('versionProperties'), viewOf),
    datasetProfiles: (args) => datasetProfiles(service, urn, args),
    operations: (args) => operations(service, urn, args),
    viewProperties: () =>
      whenPresent(latest('viewProperties'), (view) => ({
        materialized: view['materialized'] === true,
        logic: stringOr(view['viewLogic']),
        formattedLogic: text(view['formattedViewLogic']),
        language: stringOr(view['viewLanguage']),
      })),
    editableSchemaMetadata: () => editableSchemaMetadataView(latest('editableSchemaMetadata'), urn, viewOf),
    runs: (args) => entityRuns(urn, args, context),
    siblings: () => siblingsView(urn, context),
    siblingsSearch: (args) => siblingsSearch(urn, args.input, context),
  };
}
