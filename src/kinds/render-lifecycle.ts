/**
 * The ML lifecycle fields of a manifest (manifests.md, "The ML lifecycle") from the aspects DataHub holds:
 * versionProperties, mlModelProperties' hyperParams and trainingMetrics, mlModelTrainingData,
 * mlModelEvaluationData and deprecation. Pure; the inverse of what the resolver writes for these fields, so that
 * importing what a connector wrote and reconciling it plans no change.
 */
import {
  isJsonObject,
  isStringArray,
  optionalString,
  stringOr,
  type JsonObject,
  type JsonValue,
} from '../model/json.js';

type Doc = Record<string, JsonValue>;

/** The fields in the order a manifest lists them (after `features`, before owners, tags and links). */
export const LIFECYCLE_FIELDS = [
  'version',
  'aliases',
  'hyperParams',
  'metrics',
  'trainingData',
  'evaluationData',
  'deprecated',
] as const;
export type LifecycleField = (typeof LIFECYCLE_FIELDS)[number];

export interface LifecycleFields {
  readonly fields: Partial<Record<LifecycleField, JsonValue>>;
  /** What the aspects hold that the fields cannot say (each a sentence about this entity). */
  readonly notes: readonly string[];
}

/**
 * The lifecycle fields of one entity. `version`, `aliases`, `hyperParams`, `metrics`, `trainingData` and
 * `evaluationData` are MLModel's; `deprecated` is every kind's. `replacementRef` writes a replacement URN as the
 * manifest names it (a name when that entity is in the same output, else the URN).
 */
export function renderLifecycleFields(
  entityType: string,
  aspects: ReadonlyMap<string, JsonObject>,
  replacementRef: (urn: string) => string,
): LifecycleFields {
  const fields: Partial<Record<LifecycleField, JsonValue>> = {};
  const notes: string[] = [];
  if (entityType === 'mlModel') {
    const properties = aspects.get('mlModelProperties');
    const versionProperties = aspects.get('versionProperties');
    // versionProperties is where DataHub's SDK and connectors keep the version; mlModelProperties.version is the
    // older place, read only when there is no versionProperties.
    const version = versionTagOf(versionProperties?.['version']) ?? versionTagOf(properties?.['version']);
    if (version !== undefined) fields.version = version;
    const aliases = (Array.isArray(versionProperties?.['aliases']) ? versionProperties['aliases'] : [])
      .map(versionTagOf)
      .filter((alias): alias is string => alias !== undefined);
    if (aliases.length > 0) fields.aliases = [...new Set(aliases)];
    const hyperParams = nameValueMap(properties?.['hyperParams'], 'hyperParams', notes);
    if (hyperParams !== undefined) fields.hyperParams = hyperParams;
    const metrics = nameValueMap(properties?.['trainingMetrics'], 'trainingMetrics', notes);
    if (metrics !== undefined) fields.metrics = metrics;
    const training = dataList(aspects.get('mlModelTrainingData')?.['trainingData']);
    if (training !== undefined) fields.trainingData = training;
    const evaluation = dataList(aspects.get('mlModelEvaluationData')?.['evaluationData']);
    if (evaluation !== undefined) fields.evaluationData = evaluation;
  }
  const deprecated = deprecationOf(aspects.get('deprecation'), replacementRef);
  if (deprecated !== undefined) fields.deprecated = deprecated;
  return { fields, notes };
}

function versionTagOf(value: JsonValue | undefined): string | undefined {
  return isJsonObject(value) ? optionalString(value['versionTag']) : undefined;
}

/**
 * MLHyperParam / MLMetric lists as a manifest map (name → value). A map holds one value per name and no
 * description or time: what it cannot hold is reported and the rest kept.
 */
function nameValueMap(value: JsonValue | undefined, field: string, notes: string[]): Doc | undefined {
  if (!Array.isArray(value)) return undefined;
  const map: Doc = {};
  let dropped = 0;
  for (const item of value) {
    if (!isJsonObject(item)) continue;
    const name = stringOr(item['name']);
    if (name === '' || name in map) {
      dropped += 1;
      continue;
    }
    map[name] = stringOr(item['value']);
    if (item['description'] !== undefined || item['createdAt'] !== undefined) dropped += 1;
  }
  if (dropped > 0)
    notes.push(
      `${field}: ${dropped} entr${dropped === 1 ? 'y has' : 'ies have'} a repeated name, a description or a time, which a manifest's name: value map cannot hold`,
    );
  return Object.keys(map).length === 0 ? undefined : map;
}

/** BaseData lists (dataset, motivation, preProcessing) as a manifest writes them. */
function dataList(value: JsonValue | undefined): Doc[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.filter(isJsonObject).flatMap((item): Doc[] => {
    const dataset = optionalString(item['dataset']);
    if (dataset === undefined) return [];
    const motivation = optionalString(item['motivation']);
    const steps = item['preProcessing'];
    return [
      {
        dataset,
        ...(motivation === undefined ? {} : { motivation }),
        ...(isStringArray(steps) && steps.length > 0 ? { preProcessing: [...steps] } : {}),
      },
    ];
  });
  return list.length === 0 ? undefined : list;
}

/**
 * The deprecation aspect as `deprecated`: `true` when it says no more than that, else a block. An aspect that
 * says `deprecated: false` declares nothing. The actor is not a field: the tool writes as itself.
 */
export function deprecationOf(
  aspect: JsonObject | undefined,
  replacementRef: (urn: string) => string,
): JsonValue | undefined {
  if (aspect?.['deprecated'] !== true) return undefined;
  const note = stringOr(aspect['note']);
  const replacement = optionalString(aspect['replacement']);
  const time = aspect['decommissionTime'];
  const block: Doc = {
    ...(note === '' ? {} : { note }),
    ...(replacement === undefined ? {} : { replacement: replacementRef(replacement) }),
    ...(typeof time === 'number' && Math.abs(time) <= MAX_DATE_MILLIS
      ? { decommissionTime: dateOf(time) }
      : {}),
  };
  return Object.keys(block).length === 0 ? true : block;
}

/** ECMAScript's largest time value: beyond it a Date is invalid. */
const MAX_DATE_MILLIS = 8.64e15;

/** Epoch milliseconds as the date a manifest writes (`2027-01-31`), or the full UTC time when not midnight. */
export function dateOf(millis: number): string {
  const iso = new Date(millis).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}
