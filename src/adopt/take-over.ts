/**
 * `catalog adopt --take-over` (pure): once a UI edit is adopted into the manifest, the manifest is made the only
 * source again. The plan writes the owned aspect with the adopted value and then clears the field in the editable
 * aspect DataHub's UI wrote, so DataHub shows the manifest's value, which is now the same text.
 */
import type { DesiredState } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import type { LiveState } from '../model/live-state.js';
import { createPlan, withChanges, type PlanContext } from '../plan/create-plan.js';
import { aspectChangeBase, type Change, type Plan, type UpsertAspectChange } from '../plan/types.js';
import type { Adoption } from './compute-adoption.js';

export function takeOverPlan(
  adoptions: readonly Adoption[],
  adopted: DesiredState,
  live: LiveState,
  context: Omit<PlanContext, 'prune' | 'maxDeletes'>,
): Plan {
  const shadows = adoptions.filter(
    (adoption) => adoption.reason === 'shadow' && adoption.shownFrom !== undefined,
  );
  const urns = new Set(shadows.map((adoption) => adoption.urn));
  const entities = new Map(adopted.entities.map((entity) => [entity.urn, entity]));
  const full = createPlan(adopted, live, { ...context, prune: false, maxDeletes: 0 });
  // The owned aspect first: DataHub then never shows the manifest's old value while the edit is cleared.
  const writes: Change[] = full.changes.filter(
    (change) =>
      urns.has(change.urn) &&
      (change.kind === 'upsertAspect' || change.kind === 'createGlossaryTerm') &&
      change.aspect === entities.get(change.urn)?.aspectName,
  );
  const clears: UpsertAspectChange[] = [];
  for (const urn of [...urns].sort()) {
    const entity = entities.get(urn);
    const liveEntity = live.entities.get(urn);
    const fields = shadows.filter((adoption) => adoption.urn === urn);
    const aspect = fields[0]?.shownFrom;
    const before = aspect === undefined ? undefined : liveEntity?.aspects.get(aspect)?.value;
    if (entity === undefined || aspect === undefined || before === undefined) continue;
    const adopted = new Set(fields.map((adoption) => adoption.field));
    const after: JsonObject = Object.fromEntries(Object.entries(before).filter(([key]) => !adopted.has(key)));
    clears.push({
      kind: 'upsertAspect',
      action: 'update',
      ...aspectChangeBase(urn, entity.entityType, aspect, liveEntity, fields[0]?.source),
      before,
      after,
      fields: fields.map((adoption) => ({ path: adoption.field, before: before[adoption.field] ?? null })),
      markStatus: false,
    });
  }
  return { ...withChanges(full, [...writes, ...clears]), notes: [] };
}
