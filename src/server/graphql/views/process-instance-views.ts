/**
 * Data process instances (pipeline runs, ML training runs), after DataHub's DataProcessInstanceMapper at v1.7.0:
 * name, created and custom properties from dataProcessInstanceProperties, the training run's id, outputs,
 * hyper-parameters and metrics from mlTrainingRunProperties, the platform from dataPlatformInstance, the container
 * it runs in, the template it is a run of (dataProcessInstanceRelationships.parentTemplate), and its run events
 * (`state`, TimeSeriesAspectResolver over dataProcessInstanceRunEvent, mapped as
 * DataProcessInstanceRunEventMapper).
 */
import type { JsonValue } from '../../../model/json.js';
import { auditStamp, customProperties } from './aspect-views.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import { containerOf, parentContainers, type ParentContainersView } from './entity-parts.js';
import { number, object, strings, text, whenPresent } from './json-readers.js';
import { metrics, type MlMetricView } from './ml-views.js';
import { events, type TimeseriesArgs } from './timeseries-views.js';
import type { AuditStampView, CommonEntityView, CustomPropertyView, EntityView } from './view-types.js';

const RUN_STATUSES = new Set(['STARTED', 'COMPLETE']);
const RESULT_TYPES = new Set(['SUCCESS', 'FAILURE', 'SKIPPED', 'UP_FOR_RETRY']);

export interface DataProcessRunEventView {
  readonly timestampMillis: number;
  readonly attempt: number | null;
  readonly status: string | null;
  readonly result: { readonly resultType: string | null; readonly nativeResultType: string | null } | null;
  readonly durationMillis: number | null;
}

export interface DataProcessInstanceView extends CommonEntityView {
  readonly name: () => string | null;
  readonly created: () => AuditStampView | null;
  readonly externalUrl: () => string | null;
  readonly properties: () => {
    readonly name: string;
    readonly externalUrl: string | null;
    readonly created: AuditStampView | null;
    readonly customProperties: readonly CustomPropertyView[] | null;
  } | null;
  readonly mlTrainingRunProperties: () => {
    readonly id: string | null;
    readonly outputUrls: readonly string[] | null;
    readonly hyperParams: readonly MlMetricView[] | null;
    readonly trainingMetrics: readonly MlMetricView[] | null;
  } | null;
  readonly platform: () => EntityView | null;
  readonly dataPlatformInstance: () => { readonly platform: () => EntityView; readonly instanceId: string | null } | null; // prettier-ignore
  readonly container: () => EntityView | null;
  readonly parentContainers: () => ParentContainersView;
  readonly parentTemplate: () => EntityView | null;
  readonly state: (args: TimeseriesArgs) => DataProcessRunEventView[];
}

export function dataProcessInstanceView(urn: string, context: ViewContext): DataProcessInstanceView {
  const { service, viewOf } = context;
  const latest = latestOf(urn, context);
  const properties = () => latest('dataProcessInstanceProperties');
  const stamp = (value: JsonValue | undefined): AuditStampView | null =>
    object(value) === undefined ? null : auditStamp(value);
  const platformUrn = (): string | null => text(latest('dataPlatformInstance')?.['platform']);
  return {
    ...commonView(urn, 'dataProcessInstance', context),
    name: () => text(properties()?.['name']),
    created: () => stamp(properties()?.['created']),
    externalUrl: () => text(properties()?.['externalUrl']),
    properties: () =>
      whenPresent(properties(), (aspect) => ({
        name: text(aspect['name']) ?? '',
        externalUrl: text(aspect['externalUrl']),
        created: stamp(aspect['created']),
        customProperties: customProperties(aspect['customProperties'], urn),
      })),
    mlTrainingRunProperties: () =>
      whenPresent(latest('mlTrainingRunProperties'), (aspect) => ({
        id: text(aspect['id']),
        outputUrls: strings(aspect['outputUrls']),
        hyperParams: metrics(aspect['hyperParams']),
        trainingMetrics: metrics(aspect['trainingMetrics']),
      })),
    platform: () => {
      const platform = platformUrn();
      return platform === null ? null : viewOf(platform);
    },
    dataPlatformInstance: () =>
      whenPresent(latest('dataPlatformInstance'), (aspect) => ({
        platform: () => viewOf(text(aspect['platform']) ?? ''),
        instanceId: text(aspect['instance']),
      })),
    container: () => containerOf(latest('container'), context),
    parentContainers: () => parentContainers(urn, context),
    parentTemplate: () => {
      const template = text(latest('dataProcessInstanceRelationships')?.['parentTemplate']);
      return template === null ? null : viewOf(template);
    },
    state: (args) =>
      events(service, urn, 'dataProcessInstanceRunEvent', args).map((event) => {
        const result = object(event['result']);
        const status = text(event['status']);
        const type = text(result?.['type']);
        return {
          timestampMillis: number(event['timestampMillis']) ?? 0,
          attempt: number(event['attempt']),
          status: status !== null && RUN_STATUSES.has(status) ? status : null,
          result:
            result === undefined
              ? null
              : {
                  resultType: type !== null && RESULT_TYPES.has(type) ? type : null,
                  nativeResultType: text(result['nativeResultType']),
                },
          durationMillis: number(event['durationMillis']),
        };
      }),
  };
}
