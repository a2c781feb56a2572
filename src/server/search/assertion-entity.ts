/**
 * The entity an assertion is on, as GMS v1.7.0 finds it: AssertionInfo.entityUrn, which its AssertionInfoMutator
 * writes on ingestion, else the entity of the assertion's own part (entity-registry's
 * AssertionUtils.getEntityFromAssertionInfo: a dataset assertion's `dataset`, every other kind's `entity`).
 * AssertionInfo.entityUrn is @Searchable as `entity`: the web app finds a dataset's assertions by it.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';

const PART_OF_TYPE: Readonly<Record<string, readonly [string, string]>> = {
  DATASET: ['datasetAssertion', 'dataset'],
  FRESHNESS: ['freshnessAssertion', 'entity'],
  VOLUME: ['volumeAssertion', 'entity'],
  SQL: ['sqlAssertion', 'entity'],
  FIELD: ['fieldAssertion', 'entity'],
  DATA_SCHEMA: ['schemaAssertion', 'entity'],
  CUSTOM: ['customAssertion', 'entity'],
};

export function assertionEntityOf(info: JsonObject): string | undefined {
  if (typeof info['entityUrn'] === 'string') return info['entityUrn'];
  const type = info['type'];
  const part = typeof type === 'string' && Object.hasOwn(PART_OF_TYPE, type) ? PART_OF_TYPE[type] : undefined;
  if (part === undefined) return undefined;
  const value = info[part[0]];
  const entity = isJsonObject(value) ? value[part[1]] : undefined;
  return typeof entity === 'string' ? entity : undefined;
}
