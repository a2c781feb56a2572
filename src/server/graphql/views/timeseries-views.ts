/**
 * Dataset profiles and operations from the catalog's time-series store, as DataHub's TimeSeriesAspectResolver
 * answers `datasetProfiles` and `operations`: newest first, within the time window, at most `limit` (DataHub's
 * default 1 without one), filtered by the FilterInput's equality criteria (a field path such as
 * `partitionSpec.type` reads into the event), each mapped as DatasetProfileMapper and OperationMapper map it.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../../model/json.js';
import type { CatalogService } from '../../catalog-service.js';
import { number, objects, strings, text } from './json-readers.js';

export interface TimeseriesArgs {
  readonly startTimeMillis?: number | null;
  readonly endTimeMillis?: number | null;
  readonly limit?: number | null;
  readonly filter?: {
    readonly and: readonly { readonly field: string; readonly values?: readonly string[] | null; readonly value?: string | null }[]; // prettier-ignore
  } | null;
}

export interface PartitionSpecView {
  readonly type: string;
  readonly partition: string | null;
  readonly timePartition: { readonly startTimeMillis: number; readonly durationMillis: number } | null;
}

export interface DatasetFieldProfileView {
  readonly fieldPath: string;
  readonly uniqueCount: number | null;
  readonly uniqueProportion: number | null;
  readonly nullCount: number | null;
  readonly nullProportion: number | null;
  readonly min: string | null;
  readonly max: string | null;
  readonly mean: string | null;
  readonly median: string | null;
  readonly stdev: string | null;
  readonly sampleValues: readonly string[] | null;
  readonly quantiles: readonly JsonObject[] | null;
  readonly distinctValueFrequencies: readonly JsonObject[] | null;
}

export interface DatasetProfileView {
  readonly timestampMillis: number;
  readonly rowCount: number | null;
  readonly columnCount: number | null;
  readonly sizeInBytes: number | null;
  readonly partitionSpec: PartitionSpecView | null;
  readonly fieldProfiles: readonly DatasetFieldProfileView[] | null;
}

export interface OperationView {
  readonly timestampMillis: number;
  readonly lastUpdatedTimestamp: number;
  readonly actor: string | null;
  readonly operationType: string;
  readonly customOperationType: string | null;
  readonly sourceType: string | null;
  readonly numAffectedRows: number | null;
  readonly affectedDatasets: readonly string[] | null;
  readonly partition: string | null;
  readonly customProperties: readonly { readonly key: string; readonly value: string }[] | null;
}

const OPERATION_TYPES = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'CREATE',
  'ALTER',
  'DROP',
  'CUSTOM',
  'UNKNOWN',
]);
const OPERATION_SOURCES = new Set(['DATA_PROCESS', 'DATA_PLATFORM']);
const PARTITION_TYPES = new Set(['FULL_TABLE', 'QUERY', 'PARTITION']);

/** TimeSeriesAspectResolver's default when the query names no limit. */
const DEFAULT_LIMIT = 1;
/** How many events are read to filter in memory; more than any page the app asks for. */
const READ_LIMIT = 10_000;

/** The events of a timeseries aspect as TimeSeriesAspectResolver reads them: newest first, in the window, filtered. */
export function events(
  service: CatalogService,
  urn: string,
  aspect: string,
  args: TimeseriesArgs,
): JsonObject[] {
  const limit = Math.min(Math.max(0, args.limit ?? DEFAULT_LIMIT), READ_LIMIT);
  const criteria = args.filter?.and ?? [];
  const matches = (value: JsonObject): boolean =>
    criteria.every((criterion) => {
      const wanted = criterion.values ?? (criterion.value === undefined || criterion.value === null ? [] : [criterion.value]); // prettier-ignore
      const actual = valueAt(value, criterion.field.split('.'));
      return wanted.length === 0 || (actual !== undefined && wanted.includes(scalarText(actual)));
    });
  return service
    .timeseriesValues({
      urn,
      aspect,
      ...(args.startTimeMillis === undefined || args.startTimeMillis === null ? {} : { startTimeMillis: args.startTimeMillis }), // prettier-ignore
      ...(args.endTimeMillis === undefined || args.endTimeMillis === null ? {} : { endTimeMillis: args.endTimeMillis }), // prettier-ignore
      limit: criteria.length === 0 ? limit : READ_LIMIT,
    })
    .map((event) => event.value)
    .filter(matches)
    .slice(0, limit);
}

function valueAt(value: JsonValue | undefined, path: readonly string[]): JsonValue | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  return isJsonObject(value) ? valueAt(value[head], rest) : undefined;
}

export function datasetProfiles(
  service: CatalogService,
  urn: string,
  args: TimeseriesArgs,
): DatasetProfileView[] {
  return events(service, urn, 'datasetProfile', args).map((profile) => ({
    timestampMillis: number(profile['timestampMillis']) ?? 0,
    rowCount: number(profile['rowCount']),
    columnCount: number(profile['columnCount']),
    sizeInBytes: number(profile['sizeInBytes']),
    partitionSpec: partitionSpec(profile['partitionSpec']),
    fieldProfiles: Array.isArray(profile['fieldProfiles'])
      ? objects(profile['fieldProfiles']).map((field) => ({
          fieldPath: text(field['fieldPath']) ?? '',
          uniqueCount: number(field['uniqueCount']),
          uniqueProportion: number(field['uniqueProportion']),
          nullCount: number(field['nullCount']),
          nullProportion: number(field['nullProportion']),
          min: text(field['min']),
          max: text(field['max']),
          mean: text(field['mean']),
          median: text(field['median']),
          stdev: text(field['stdev']),
          sampleValues: strings(field['sampleValues']),
          quantiles: Array.isArray(field['quantiles']) ? objects(field['quantiles']) : null,
          distinctValueFrequencies: Array.isArray(field['distinctValueFrequencies'])
            ? objects(field['distinctValueFrequencies'])
            : null,
        }))
      : null,
  }));
}

export function operations(service: CatalogService, urn: string, args: TimeseriesArgs): OperationView[] {
  return events(service, urn, 'operation', args).map((operation) => {
    const custom = isJsonObject(operation['customProperties']) ? operation['customProperties'] : undefined;
    return {
      timestampMillis: number(operation['timestampMillis']) ?? 0,
      lastUpdatedTimestamp: number(operation['lastUpdatedTimestamp']) ?? 0,
      actor: text(operation['actor']),
      operationType: oneOf(OPERATION_TYPES, operation['operationType']) ?? 'UNKNOWN',
      customOperationType: text(operation['customOperationType']),
      sourceType: oneOf(OPERATION_SOURCES, operation['sourceType']),
      numAffectedRows: number(operation['numAffectedRows']),
      affectedDatasets: strings(operation['affectedDatasets']),
      partition: isJsonObject(operation['partitionSpec'])
        ? text(operation['partitionSpec']['partition'])
        : null,
      customProperties:
        custom === undefined
          ? null
          : Object.entries(custom).map(([key, value]) => ({ key, value: scalarText(value) })),
    };
  });
}

function partitionSpec(value: JsonValue | undefined): PartitionSpecView | null {
  if (!isJsonObject(value)) return null;
  const time = isJsonObject(value['timePartition']) ? value['timePartition'] : undefined;
  return {
    type: oneOf(PARTITION_TYPES, value['type']) ?? 'PARTITION',
    partition: text(value['partition']),
    timePartition:
      time === undefined
        ? null
        : {
            startTimeMillis: number(time['startTimeMillis']) ?? 0,
            durationMillis: number(time['durationMillis']) ?? 0,
          },
  };
}

/** A scalar as the index compares it (text); objects and lists as JSON. */
function scalarText(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** A value of an enum the schema knows, or null (an unknown symbol would fail the whole field). */
function oneOf(values: ReadonlySet<string>, value: JsonValue | undefined): string | null {
  return typeof value === 'string' && values.has(value) ? value : null;
}
