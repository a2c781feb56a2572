/**
 * A dataset's schema versions and the blame of its columns, from its TECHNICAL_SCHEMA transactions:
 * SchemaVersionListMapper, SchemaBlameMapper and TimelineUtils (datahub-graphql-core/.../types/timeline/ at
 * v1.7.0).
 */
import type { ChangeOperation, ChangeTransaction } from './change-event.js';

export interface SemanticVersionStruct {
  readonly semanticVersion: string;
  readonly semanticVersionTimestamp: number;
  readonly versionStamp: string;
}

export interface SchemaVersionList {
  readonly latestVersion: SemanticVersionStruct;
  readonly version: null;
  readonly semanticVersionList: readonly SemanticVersionStruct[];
}

export interface SchemaFieldBlame {
  readonly fieldPath: string;
  readonly schemaFieldChange: {
    readonly timestampMillis: number;
    readonly lastSemanticVersion: string;
    readonly versionStamp: string;
    readonly changeType: ChangeOperation;
    readonly lastSchemaFieldChange: string;
  };
}

export interface SchemaBlame {
  readonly version: SemanticVersionStruct | null;
  readonly schemaFieldBlameList: readonly SchemaFieldBlame[] | null;
}

/** TimelineUtils.truncateSemanticVersion: `1.0.0-computed` → `1.0.0`. */
export function truncateSemanticVersion(version: string): string {
  return version.endsWith('-computed') ? version.slice(0, version.lastIndexOf('-computed')) : version;
}

/**
 * Maven's ComparableVersion order, for the dotted numbers the timeline computes (and the version a caller names):
 * numerically part by part, missing parts counting as 0. A version with a non-numeric part sorts by text after.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string): number[] => version.split(/[.-]/).map((part) => Number(part));
  const left = parts(a);
  const right = parts(b);
  if (left.some(Number.isNaN) || right.some(Number.isNaN)) return a < b ? -1 : a > b ? 1 : 0;
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function struct(transaction: ChangeTransaction): SemanticVersionStruct {
  return {
    semanticVersion: truncateSemanticVersion(transaction.semVer),
    semanticVersionTimestamp: transaction.timestamp,
    versionStamp: transaction.versionStamp,
  };
}

/** Newest version first (a stable sort: versions computed equal keep their time order). */
function newestFirst(transactions: readonly ChangeTransaction[]): ChangeTransaction[] {
  return [...transactions].sort((a, b) =>
    compareVersions(truncateSemanticVersion(b.semVer), truncateSemanticVersion(a.semVer)),
  );
}

/** SchemaVersionListMapper.map: null without any transaction. */
export function schemaVersionList(transactions: readonly ChangeTransaction[]): SchemaVersionList | null {
  const latest = transactions.at(-1);
  if (latest === undefined) return null;
  return {
    latestVersion: struct(latest),
    version: null,
    semanticVersionList: newestFirst(transactions).map(struct),
  };
}

const VERB: Record<ChangeOperation, string> = { ADD: 'Added', MODIFY: 'Modified', REMOVE: 'Removed' };

/**
 * SchemaBlameMapper.map: for each column, the last change at or before `cutoff` (the latest version when none is
 * named), columns whose last change removed them left out.
 */
export function schemaBlame(transactions: readonly ChangeTransaction[], cutoff: string | null): SchemaBlame {
  const latest = transactions.at(-1);
  if (latest === undefined) return { version: null, schemaFieldBlameList: null };
  const limit = cutoff ?? truncateSemanticVersion(latest.semVer);
  const selected = newestFirst(transactions).filter(
    (transaction) => compareVersions(truncateSemanticVersion(transaction.semVer), limit) <= 0,
  );
  const first = selected[0];
  if (first === undefined) return { version: null, schemaFieldBlameList: null };
  const blame = new Map<string, SchemaFieldBlame>();
  for (const transaction of selected) {
    for (const event of transaction.changeEvents) {
      if (event.category !== 'TECHNICAL_SCHEMA' || event.modifier === null || blame.has(event.modifier))
        continue;
      const fieldPath = columnPathOf(event.modifier);
      if (fieldPath === null) continue;
      const version = truncateSemanticVersion(transaction.semVer);
      blame.set(event.modifier, {
        fieldPath,
        schemaFieldChange: {
          timestampMillis: transaction.timestamp,
          lastSemanticVersion: version,
          versionStamp: transaction.versionStamp,
          changeType: event.operation,
          lastSchemaFieldChange: `${VERB[event.operation]} in v${version}`,
        },
      });
    }
  }
  return {
    version: struct(first),
    schemaFieldBlameList: [...blame.values()].filter(
      (entry) => entry.schemaFieldChange.changeType !== 'REMOVE',
    ),
  };
}

/** The field path of `urn:li:schemaField:(<dataset>,<path>)` (SchemaFieldKey.fieldPath), null for another URN. */
export function columnPathOf(urn: string): string | null {
  const prefix = 'urn:li:schemaField:(';
  if (!urn.startsWith(prefix) || !urn.endsWith(')')) return null;
  const inner = urn.slice(prefix.length, -1);
  // The dataset URN is a tuple itself: the path follows the comma after its closing parenthesis.
  let depth = 0;
  for (let index = 0; index < inner.length; index += 1) {
    const char = inner[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) return inner.slice(index + 1);
  }
  return null;
}
