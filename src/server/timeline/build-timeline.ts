/**
 * An entity's change transactions from its stored aspect versions, as TimelineServiceImpl.processAspectTimeline
 * computes them at v1.7.0: each aspect's versions in time order, the first against "no value" (GMS's sentinel
 * row), each pair diffed by the differs of the categories asked; the transactions of one timestamp combined into
 * one; semantic versions assigned in time order (the first 0.0.0, then bumped by the highest change of each
 * timestamp); and each transaction stamped with the row version of every aspect at its time.
 */
import type { JsonObject } from '../../model/json.js';
import {
  CHANGE_CATEGORIES,
  highestChange,
  type AspectRow,
  type ChangeCategory,
  type ChangeEvent,
  type ChangeTransaction,
  type SemanticChange,
} from './change-event.js';
import { aspectsOf, differOf } from './timeline-registry.js';

interface PartialTransaction {
  readonly timestamp: number;
  readonly actor: string;
  readonly semVerChange: SemanticChange;
  readonly changeEvents: readonly ChangeEvent[];
}

export function buildTimeline(
  entityUrn: string,
  entityType: string,
  rows: readonly AspectRow[],
  asked: ReadonlySet<ChangeCategory>,
): ChangeTransaction[] {
  // The categories in declaration order, so that one aspect's events come out in a stable order.
  const categories = CHANGE_CATEGORIES.filter((category) => asked.has(category));
  const aspects = aspectsOf(entityType, categories);
  const byAspect = rowsByAspect(rows);
  const byTimestamp = new Map<number, PartialTransaction[]>();
  for (const [aspect, versions] of [...byAspect].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!aspects.has(aspect)) continue;
    let previous: JsonObject | null = null;
    for (const row of versions) {
      const list = byTimestamp.get(row.createdOn) ?? [];
      byTimestamp.set(row.createdOn, list);
      for (const category of categories) {
        const differ = differOf(entityType, category, aspect);
        if (differ === undefined) continue;
        const changeEvents = differ(previous, row.value, entityUrn, category);
        if (changeEvents.length === 0) continue;
        list.push({
          timestamp: row.createdOn,
          actor: row.createdBy,
          semVerChange: highestChange(changeEvents),
          changeEvents,
        });
      }
      previous = row.value;
    }
  }
  const semVers = semanticVersions(byTimestamp);
  const stamps = versionStamps(byAspect);
  const transactions: ChangeTransaction[] = [];
  for (const [timestamp, list] of byTimestamp) {
    const first = list[0];
    if (first === undefined) continue;
    transactions.push({
      timestamp,
      actor: first.actor,
      semVerChange: highestChange(list),
      changeEvents: list.flatMap((transaction) => transaction.changeEvents),
      semVer: semVers.get(timestamp) ?? '0.0.0-computed',
      versionStamp: stamps.get(timestamp) ?? '',
    });
  }
  return transactions.sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * Each aspect's versions, oldest first. GMS keeps them in a set ordered by creation time, so of two versions
 * written in the same millisecond only one counts: the one read first, the lower row version (0 is the latest).
 */
function rowsByAspect(rows: readonly AspectRow[]): Map<string, AspectRow[]> {
  const byAspect = new Map<string, Map<number, AspectRow>>();
  for (const row of [...rows].sort((a, b) => a.version - b.version)) {
    const versions = byAspect.get(row.aspect) ?? new Map<number, AspectRow>();
    byAspect.set(row.aspect, versions);
    if (!versions.has(row.createdOn)) versions.set(row.createdOn, row);
  }
  return new Map(
    [...byAspect].map(([aspect, versions]) => [
      aspect,
      [...versions.values()].sort((a, b) => a.createdOn - b.createdOn),
    ]),
  );
}

/** assignSemanticVersions: every timestamp a diffed version was written at, in order, even one with no events. */
function semanticVersions(
  byTimestamp: ReadonlyMap<number, readonly PartialTransaction[]>,
): Map<number, string> {
  const versions = new Map<number, string>();
  let current: [number, number, number] | undefined;
  for (const timestamp of [...byTimestamp.keys()].sort((a, b) => a - b)) {
    const highest = highestChange(byTimestamp.get(timestamp) ?? []);
    current = nextVersion(current, highest);
    versions.set(timestamp, `${current.join('.')}-computed`);
  }
  return versions;
}

function nextVersion(
  previous: [number, number, number] | undefined,
  change: SemanticChange,
): [number, number, number] {
  if (previous === undefined) return [0, 0, 0];
  const [major, minor, patch] = previous;
  switch (change) {
    case 'MAJOR':
      return [major + 1, 0, 0];
    case 'MINOR':
      return [major, minor + 1, 0];
    case 'PATCH':
      return [major, minor, patch + 1];
    case 'NONE':
    case 'EXCEPTIONAL':
      return previous;
  }
}

/**
 * constructTimestampVersionCache: for every time a version was written, the row version each aspect had then
 * (the version written at that time, else the last one before it), as `aspect:version;…` in aspect order.
 */
function versionStamps(byAspect: ReadonlyMap<string, readonly AspectRow[]>): Map<number, string> {
  const stamps = new Map<number, string>();
  const aspects = [...byAspect.keys()].sort();
  for (const versions of byAspect.values()) {
    for (const { createdOn } of versions) {
      if (stamps.has(createdOn)) continue;
      const parts: string[] = [];
      for (const aspect of aspects) {
        const atOrBefore = (byAspect.get(aspect) ?? []).filter((row) => row.createdOn <= createdOn).at(-1);
        if (atOrBefore !== undefined) parts.push(`${aspect}:${atOrBefore.version}`);
      }
      stamps.set(createdOn, parts.join(';'));
    }
  }
  return stamps;
}

/** Version stamp parsing (VersionedUrnUtils.convertVersionStamp): aspect name → row version. */
export function parseVersionStamp(stamp: string | null | undefined): Map<string, number> | string {
  const versions = new Map<string, number>();
  if (stamp === null || stamp === undefined || stamp.trim() === '') return versions;
  for (const pair of stamp.split(';')) {
    const tokens = pair.split(':');
    if (tokens.length !== 2) return `Invalid version stamp cannot be parsed: ${stamp}`;
    const version = Number(tokens[1]);
    if (!Number.isInteger(version)) return `Invalid value for aspect version: ${tokens[1] ?? ''}`;
    versions.set(tokens[0] ?? '', version);
  }
  return versions;
}
