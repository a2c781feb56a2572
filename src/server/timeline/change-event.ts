/**
 * DataHub's timeline as data: the change events its per-aspect differs emit and the transactions the timeline
 * groups them into (metadata-io/src/main/java/com/linkedin/metadata/timeline/data/ at v1.7.0: ChangeEvent,
 * ChangeTransaction, ChangeCategory, ChangeOperation, SemanticChangeType).
 */
import type { JsonObject } from '../../model/json.js';

/** ChangeCategory, in its declaration order (the order the timeline runs the differs of one aspect in). */
export const CHANGE_CATEGORIES = [
  'DOCUMENTATION',
  'GLOSSARY_TERM',
  'OWNERSHIP',
  'TECHNICAL_SCHEMA',
  'TAG',
  'DOMAIN',
  'DEPRECATION',
  'LIFECYCLE',
  'RUN',
  'BUSINESS_ATTRIBUTE',
  'STRUCTURED_PROPERTY',
  'APPLICATION',
  'PARENT',
  'RELATED_ENTITIES',
  'ASSET_MEMBERSHIP',
  'VERSIONING',
] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

export type ChangeOperation = 'ADD' | 'MODIFY' | 'REMOVE';

/** SemanticChangeType: how far a change moves the computed semantic version, from least to most. */
export const SEMANTIC_CHANGES = ['NONE', 'PATCH', 'MINOR', 'MAJOR', 'EXCEPTIONAL'] as const;
export type SemanticChange = (typeof SEMANTIC_CHANGES)[number];

/**
 * One change event; `parameters` keeps the order the generator put them in (ImmutableMap's order), and is null
 * where the generator sets none (ChangeEvent's builder leaves it null; the GraphQL mapper then maps none).
 */
export interface ChangeEvent {
  readonly entityUrn: string;
  readonly category: ChangeCategory;
  readonly operation: ChangeOperation;
  readonly modifier: string | null;
  readonly parameters: readonly (readonly [string, string])[] | null;
  readonly semVerChange: SemanticChange;
  readonly description: string;
}

/** The events of one aspect write (or of every write at one timestamp, once combined). */
export interface ChangeTransaction {
  readonly timestamp: number;
  readonly actor: string;
  readonly semVerChange: SemanticChange;
  readonly changeEvents: readonly ChangeEvent[];
  /** `x.y.z-computed`, assigned once every transaction is known. */
  readonly semVer: string;
  /** `aspect:version;…`: the row version of every aspect at that time (VersionedUrnUtils.constructVersionStamp). */
  readonly versionStamp: string;
}

/** One stored version of an aspect, as the timeline reads it (metadata_aspect_v2's row). */
export interface AspectRow {
  readonly aspect: string;
  readonly version: number;
  readonly value: JsonObject;
  readonly createdOn: number;
  readonly createdBy: string;
}

/**
 * A differ: the events between two values of one aspect of `entityUrn` (null where the aspect had no value: the
 * timeline's sentinel before the first version), for one category. A pure function of the two values.
 */
export type AspectDiffer = (
  previous: JsonObject | null,
  current: JsonObject,
  entityUrn: string,
  category: ChangeCategory,
) => ChangeEvent[];

export function highestChange(events: readonly { readonly semVerChange: SemanticChange }[]): SemanticChange {
  let highest: SemanticChange = 'NONE';
  for (const event of events) {
    if (SEMANTIC_CHANGES.indexOf(event.semVerChange) > SEMANTIC_CHANGES.indexOf(highest))
      highest = event.semVerChange;
  }
  return highest;
}

/** The last part of a URN's key, as Urn.getId() answers it (`urn:li:tag:Legacy` → `Legacy`). */
export function urnId(urn: string): string {
  const prefix = /^urn:li:[^:]+:/.exec(urn);
  return prefix === null ? urn : urn.slice(prefix[0].length);
}

/** An event of `category` on `entityUrn`; the differs fill in the rest. */
export function changeEvent(
  fields: Omit<ChangeEvent, 'modifier' | 'parameters'> & {
    readonly modifier?: string | null;
    readonly parameters?: readonly (readonly [string, string])[];
  },
): ChangeEvent {
  return { modifier: null, parameters: null, ...fields };
}
