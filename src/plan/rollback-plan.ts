/**
 * The undo of one run as a plan (pure): each aspect the run wrote goes back to the version it replaced, an entity
 * the run created is soft-deleted, one it soft-deleted is restored, and edges it added or removed go back with the
 * aspect that holds them. What someone changed after the run is kept and listed (a note each), as DataHub keeps
 * the "unsafe entities" of a rollback (RollbackService at v1.7.0); what is already as it was before the run is left
 * alone, so that running a rollback again finishes an interrupted one and never writes twice.
 *
 * It is a plan like any other: shown, judged by the policies and --max-deletes, applied with conditional writes
 * (every change carries the version it saw) and read back.
 */
import { diffJson } from '../model/json-diff.js';
import type { JsonObject } from '../model/json.js';
import { MISSING_VERSION } from '../model/live-state.js';
import { sameIgnoringStamps, stripStamps } from './normalize.js';
import type { Change, FieldChange, PlanNote } from './types.js';

/** What the catalog holds of an aspect now. */
export interface LatestAspect {
  readonly value: JsonObject;
  readonly version: string;
  /** The run its latest write named (none: a write without a run id, such as an edit in DataHub's UI). */
  readonly runId?: string;
  readonly lastObserved?: number;
}

/** One aspect the run wrote, with what the catalog holds of it now and the version the run replaced. */
export interface RunAspect {
  readonly urn: string;
  readonly entityType: string;
  readonly name: string;
  readonly aspect: string;
  /** The version the run left it at ('' unknown: the run's write is in place while the latest names the run). */
  readonly written: string;
  readonly latest?: LatestAspect;
  /**
   * The value the run replaced: null when the run created the aspect, 'missing' when the catalog no longer has
   * that version, undefined when it was not read (not needed: the aspect is kept or already undone).
   */
  readonly previous?: JsonObject | null | 'missing';
}

/** What a rollback found and decided. */
export interface RollbackDecision {
  readonly changes: readonly Change[];
  /** The aspects kept as they are, each a note naming the entity, the aspect and who changed it. */
  readonly kept: readonly PlanNote[];
  /** Aspects whose replaced version the catalog no longer has: the rollback cannot be planned. */
  readonly missing: readonly RunAspect[];
  /** Aspects already as they were before the run (an earlier rollback, or someone undid them by hand). */
  readonly alreadyUndone: number;
}

/** The aspects whose "empty" value is no lines at all, as good as no aspect (what the run created, taken back). */
const LINE_ASPECTS: Readonly<Record<string, JsonObject>> = {
  glossaryTerms: { terms: [] },
  ownership: { owners: [] },
  globalTags: { tags: [] },
  institutionalMemory: { elements: [] },
  editableSchemaMetadata: { editableSchemaFieldInfo: [] },
};

/** Whether the run's write is what the catalog holds now. */
export function stillTheRuns(item: RunAspect, runId: string): boolean {
  const latest = item.latest;
  if (latest === undefined) return false;
  if (item.written !== '') return latest.version === item.written && (latest.runId ?? runId) === runId;
  return latest.runId === runId;
}

/** The version the run replaced: the one before the version it wrote (row N-1 holds it, in GMS as here). */
export function replacedVersion(item: RunAspect): number | undefined {
  const written = Number(item.written !== '' ? item.written : item.latest?.version);
  return Number.isInteger(written) && written > 1 ? written - 1 : undefined;
}

/**
 * Decides the undo. `created`: the entities the run created (a status mark or key aspect it wrote first); `unsafe`:
 * those of them someone else wrote to since, with who did (they are kept, not deleted).
 */
export function decideRollback(
  runId: string,
  aspects: readonly RunAspect[],
  created: ReadonlySet<string>,
  unsafe: ReadonlyMap<string, string>,
): RollbackDecision {
  const changes: Change[] = [];
  const kept: PlanNote[] = [];
  const missing: RunAspect[] = [];
  const deleted = new Set<string>();
  let alreadyUndone = 0;
  const keep = (item: RunAspect, why: string): void => {
    kept.push({ kind: 'keptByRollback', urn: item.urn, name: item.name, message: `${item.aspect}: ${why}` });
  };
  for (const item of aspects) {
    const { latest } = item;
    if (created.has(item.urn)) {
      // The entity goes as a whole (its status): its aspects stay with it, hidden.
      if (deleted.has(item.urn) || unsafe.has(item.urn)) continue;
      const status = aspects.find((other) => other.urn === item.urn && other.aspect === 'status')?.latest;
      if (status?.value['removed'] === true) {
        alreadyUndone += 1;
        deleted.add(item.urn);
        continue;
      }
      deleted.add(item.urn);
      changes.push(softDelete(item, status));
      continue;
    }
    if (!stillTheRuns(item, runId)) {
      if (latest !== undefined && item.previous !== undefined && item.previous !== 'missing') {
        if (sameIgnoringStamps(latest.value, item.previous ?? LINE_ASPECTS[item.aspect])) {
          alreadyUndone += 1;
          continue;
        }
      }
      keep(item, `changed after run ${runId} ${changedBy(latest)}: kept as it is`);
      continue;
    }
    if (latest === undefined) continue;
    if (item.previous === 'missing') {
      missing.push(item);
      continue;
    }
    const before = item.previous ?? LINE_ASPECTS[item.aspect];
    if (before === undefined) {
      keep(
        item,
        `created by run ${runId} on an entity that existed before it; a rollback does not delete an aspect`,
      );
      continue;
    }
    if (sameIgnoringStamps(latest.value, before)) continue;
    changes.push(restore(item, latest, before));
  }
  for (const [urn, who] of unsafe) {
    const item = aspects.find((candidate) => candidate.urn === urn);
    if (item !== undefined)
      kept.push({
        kind: 'keptByRollback',
        urn,
        name: item.name,
        message: `created by run ${runId}, and written to since ${who}: the entity is kept`,
      });
  }
  return { changes, kept, missing, alreadyUndone };
}

function changedBy(latest: LatestAspect | undefined): string {
  if (latest === undefined) return '(it was deleted since)';
  const when = latest.lastObserved === undefined ? '' : ` at ${new Date(latest.lastObserved).toISOString()}`;
  return latest.runId === undefined ? `by a write without a run id${when}` : `by run ${latest.runId}${when}`;
}

function base(item: RunAspect, aspect: string, version: string) {
  return {
    id: `${aspect} ${item.urn}`,
    urn: item.urn,
    name: item.name,
    entityType: item.entityType,
    aspect,
    versionSeen: version,
  };
}

function softDelete(item: RunAspect, status: LatestAspect | undefined): Change {
  return {
    ...base(item, 'status', status?.version ?? MISSING_VERSION),
    kind: 'status',
    action: 'delete',
    before: status?.value ?? null,
    after: { ...(status?.value ?? {}), removed: true },
  };
}

function restore(item: RunAspect, latest: LatestAspect, before: JsonObject): Change {
  if (item.aspect === 'status') {
    return {
      ...base(item, 'status', latest.version),
      kind: 'status',
      action: before['removed'] === true ? 'delete' : 'restore',
      before: latest.value,
      after: before,
    };
  }
  return {
    ...base(item, item.aspect, latest.version),
    kind: 'upsertAspect',
    action: 'update',
    before: latest.value,
    after: before,
    fields: fieldsOf(latest.value, before),
    markStatus: false,
  };
}

/** The fields the restore changes, stamps left out (they go back with the value, and say nothing to a reviewer). */
function fieldsOf(now: JsonObject, before: JsonObject): FieldChange[] {
  return diffJson(stripStamps(now), stripStamps(before)).map((change) => ({
    path: change.path,
    ...(change.before === undefined ? {} : { before: change.before }),
    ...(change.after === undefined ? {} : { after: change.after }),
  }));
}
