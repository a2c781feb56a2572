/**
 * Assertions as DataHub v1.7.0 answers them (datahub-graphql-core): the Assertion entity after AssertionMapper
 * (its info with the dataset and custom assertions, the platform of its dataPlatformInstance, its status, tags and
 * owners), its `runEvents` after AssertionRunEventResolver and AssertionRunEventMapper. A freshness, volume, SQL,
 * field or schema assertion's own part of the info is not mapped (null).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../../model/json.js';
import { parseRawUrn } from '../../../model/urn.js';
import { assertionEntityOf } from '../../search/assertion-entity.js';
import { auditStamp, statusView } from './aspect-views.js';
import { commonView, latestOf, type LatestOf, type ViewContext } from './entity-base.js';
import { number, object, objects, strings, text } from './json-readers.js';
import type { CommonEntityView, EntityView, StatusView } from './view-types.js';

/** A GraphQL object the views answer (plain fields, or functions graphql-js calls). */
type Answer = Readonly<Record<string, unknown>>;

/** DataHub's placeholder platform of an assertion without a dataPlatformInstance (Constants.UNKNOWN_DATA_PLATFORM). */
const UNKNOWN_PLATFORM = 'urn:li:dataPlatform:unknown';

export interface AssertionView extends Omit<CommonEntityView, 'status'> {
  readonly info: () => Answer | null;
  readonly platform: () => EntityView;
  readonly dataPlatformInstance: () => Answer | null;
  readonly dataset: () => EntityView | null;
  readonly actions: () => Answer | null;
  readonly status: () => StatusView | null;
  readonly runEvents: (args: RunEventsArgs) => Answer;
}

export interface RunEventsArgs {
  readonly status?: string | null;
  readonly startTimeMillis?: number | null;
  readonly endTimeMillis?: number | null;
  readonly limit?: number | null;
}

/** ElasticSearchTimeseriesAspectService's DEFAULT_LIMIT, for run events asked without a limit. */
const RUN_EVENTS_LIMIT = 10_000;

export function assertionView(urn: string, context: ViewContext): AssertionView {
  const { service, viewOf } = context;
  const latest = latestOf(urn, context);
  const platformOf = (): string | null => text(latest('dataPlatformInstance')?.['platform']);
  return {
    ...commonView(urn, 'assertion', context),
    info: () => {
      const info = latest('assertionInfo');
      return info === undefined ? null : assertionInfoView(info);
    },
    platform: () => viewOf(platformOf() ?? UNKNOWN_PLATFORM),
    // DataPlatformInstanceAspectMapper: the instance's URN, with the platform; no instance, no DataPlatformInstance.
    dataPlatformInstance: () => {
      const instance = text(latest('dataPlatformInstance')?.['instance']);
      if (instance === null) return null;
      return { urn: instance, type: 'DATA_PLATFORM_INSTANCE', platform: () => viewOf(platformOf() ?? UNKNOWN_PLATFORM) }; // prettier-ignore
    },
    // The asserted entity when it is a dataset (the info's entityUrn, else its assertion's entity).
    dataset: () => {
      const info = latest('assertionInfo');
      const entity = info === undefined ? undefined : assertionEntityOf(info);
      return entity !== undefined && entity.startsWith('urn:li:dataset:') ? viewOf(entity) : null;
    },
    actions: () => actionsView(latest),
    status: () => statusView(latest('status')),
    runEvents: (args) => runEventsView(service, urn, args),
  };
}

/** AssertionMapper.mapAssertionInfo: the parts the mapper maps, each when present. */
function assertionInfoView(info: JsonObject): Answer {
  const lastUpdated = object(info['lastUpdated']);
  const source = object(info['source']);
  const dataset = object(info['datasetAssertion']);
  const custom = object(info['customAssertion']);
  return {
    type: text(info['type']),
    description: text(info['description']),
    lastUpdated: lastUpdated === undefined ? null : auditStamp(lastUpdated),
    datasetAssertion: dataset === undefined ? null : datasetAssertionView(dataset),
    customAssertion:
      custom === undefined
        ? null
        : {
            type: text(custom['type']),
            entityUrn: text(custom['entity']),
            field: fieldRef(text(custom['field'])),
            logic: text(custom['logic']),
          },
    source:
      source === undefined
        ? null
        : { type: text(source['type']), created: isJsonObject(source['created']) ? auditStamp(source['created']) : null }, // prettier-ignore
    externalUrl: text(info['externalUrl']),
  };
}

/** AssertionMapper.mapDatasetAssertionInfo. */
function datasetAssertionView(dataset: JsonObject): Answer {
  return {
    datasetUrn: text(dataset['dataset']),
    scope: text(dataset['scope']),
    fields: (strings(dataset['fields']) ?? []).map((field) => fieldRef(field)),
    aggregation: text(dataset['aggregation']),
    operator: text(dataset['operator']),
    parameters: parametersView(object(dataset['parameters'])),
    nativeType: text(dataset['nativeType']),
    nativeParameters: stringMap(dataset['nativeParameters']),
    logic: text(dataset['logic']),
  };
}

function parametersView(parameters: JsonObject | undefined): Answer | null {
  if (parameters === undefined) return null;
  const parameter = (value: JsonValue | undefined): Answer | null => {
    const entry = object(value);
    return entry === undefined ? null : { value: text(entry['value']), type: text(entry['type']) };
  };
  return {
    value: parameter(parameters['value']),
    minValue: parameter(parameters['minValue']),
    maxValue: parameter(parameters['maxValue']),
  };
}

/** SchemaFieldRef: a column's URN and its path (the URN's second key part). */
function fieldRef(urn: string | null): Answer | null {
  if (urn === null) return null;
  const raw = parseRawUrn(urn);
  return { urn, path: raw.ok ? (raw.value.parts[1] ?? '') : '' };
}

function stringMap(value: JsonValue | undefined): Answer[] {
  const map = object(value);
  return map === undefined ? [] : Object.entries(map).map(([key, entry]) => ({ key, value: text(entry) }));
}

function actionsView(latest: LatestOf): Answer | null {
  const actions = latest('assertionActions');
  if (actions === undefined) return null;
  const list = (value: JsonValue | undefined) => (Array.isArray(value) ? objects(value).map((action) => ({ type: text(action['type']) })) : null); // prettier-ignore
  return { onSuccess: list(actions['onSuccess']), onFailure: list(actions['onFailure']) };
}

/**
 * AssertionRunEventResolver: the assertion's run events (newest first, within the window, of the status asked,
 * at most `limit`), with how many of the completed ones failed, succeeded and errored.
 */
function runEventsView(service: ViewContext['service'], urn: string, args: RunEventsArgs): Answer {
  const status = args.status ?? null;
  const events = service
    .timeseriesValues({
      urn,
      aspect: 'assertionRunEvent',
      ...(args.startTimeMillis === undefined || args.startTimeMillis === null ? {} : { startTimeMillis: args.startTimeMillis }), // prettier-ignore
      ...(args.endTimeMillis === undefined || args.endTimeMillis === null ? {} : { endTimeMillis: args.endTimeMillis }), // prettier-ignore
      limit: args.limit ?? RUN_EVENTS_LIMIT,
      ...(status === null ? {} : { equals: [['status', status]] }),
    })
    .map((event) => runEventView(event.value, event.systemMetadata));
  const completedWith = (type: string) =>
    events.filter((event) => event.status === 'COMPLETE' && event.result?.type === type).length;
  return {
    total: events.length,
    failed: completedWith('FAILURE'),
    succeeded: completedWith('SUCCESS'),
    errored: completedWith('ERROR'),
    runEvents: events,
  };
}

interface RunEventAnswer extends Answer {
  readonly status: string | null;
  readonly result: (Answer & { readonly type: string | null }) | null;
}

/** AssertionRunEventMapper (the result's error is not mapped, as the mapper leaves it). */
function runEventView(event: JsonObject, systemMetadata: JsonObject): RunEventAnswer {
  const result = object(event['result']);
  return {
    timestampMillis: number(event['timestampMillis']) ?? 0,
    lastObservedMillis: number(systemMetadata['lastObserved']),
    assertionUrn: text(event['assertionUrn']),
    asserteeUrn: text(event['asserteeUrn']),
    runId: text(event['runId']),
    status: text(event['status']),
    runtimeContext: isJsonObject(event['runtimeContext']) ? stringMap(event['runtimeContext']) : null,
    result:
      result === undefined
        ? null
        : {
            type: text(result['type']),
            rowCount: number(result['rowCount']),
            actualAggValue: number(result['actualAggValue']),
            missingCount: number(result['missingCount']),
            unexpectedCount: number(result['unexpectedCount']),
            externalUrl: text(result['externalUrl']),
            nativeResults: isJsonObject(result['nativeResults']) ? stringMap(result['nativeResults']) : null,
            severity: text(result['severity']),
          },
  };
}
