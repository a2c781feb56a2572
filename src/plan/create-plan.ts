import { assertNever, CatalogError } from '../errors.js';
import type { DesiredState, ManagedEntityType } from '../model/desired-state.js';
import { MANAGED_ENTITY_TYPES, OWNED_ASPECTS, WRITE_ORDER } from '../kinds/entity-tables.js';
import type { LiveEntity, LiveState } from '../model/live-state.js';
import { versionSeen } from '../model/live-state.js';
import { entityHasAspect } from '../model/registry.js';
import { overlaid } from '../model/json.js';
import { diffDeclaredEntity } from './diff-entities.js';
import { aliasDelta, aliasMovesOf, claimedAliasesByModel, deprecationNotes } from './plan-lifecycle.js';
import { diffPropertyValues } from './diff-associations.js';
import { diffDatasetProperties } from './diff-dataset-properties.js';
import { diffDatasetTerms } from './diff-term-edges.js';
import { entityLabel, namesOf, withLineNames } from './line-names.js';
import { diffFormAssignments, formsByEntity } from './diff-form-assignments.js';
import { isManagedEntity } from './ownership.js';
import { renameEdgeNotes, renameOf, retireChanges, withCarriedAspect } from './plan-renames.js';
import { retireProperty } from './prune-properties.js';
import { shadowingNotes } from './shadowing.js';
import {
  PLAN_FORMAT_VERSION,
  type Change,
  type Plan,
  type PlanGit,
  type PlanNote,
  type PlanSummary,
  type RetireStrategy,
} from './types.js';

export interface PlanContext {
  readonly toolVersion: string;
  readonly target: string;
  readonly git: PlanGit;
  readonly prune: boolean;
  readonly maxDeletes: number;
  /** How renames (kind Moved) retire the old entity; default 'deprecate'. */
  readonly pruneStrategy?: RetireStrategy;
}

/**
 * Desired state + live state → the plan (pure). Changes come in dependency order: terms, then model groups,
 * features, feature tables, models, then term attachments, and deletions last.
 */
export function createPlan(desired: DesiredState, live: LiveState, context: PlanContext): Plan {
  const { actor } = desired.settings;
  const changes: Change[] = [];
  const notes: PlanNote[] = [];
  let unchanged = 0;
  const claimedAliases = claimedAliasesByModel(desired);
  const moves = new Map((desired.moves ?? []).map((move) => [move.to, move]));

  const forms = formsByEntity(desired);
  for (const entity of desired.entities) {
    const liveEntity = live.entities.get(entity.urn);
    const diff = diffDeclaredEntity(entity, liveEntity, actor, claimedAliases.get(entity.urn));
    const formsChange = entityHasAspect(entity.entityType, 'forms')
      ? diffFormAssignments(entity, forms.get(entity.urn) ?? [], liveEntity, actor)
      : undefined;
    forms.delete(entity.urn);
    if (diff.changes.length === 0 && formsChange === undefined) unchanged += 1;
    changes.push(...diff.changes.map((change) => withCarriedAspect(change, moves, live)));
    if (formsChange !== undefined) changes.push(formsChange);
    notes.push(...diff.notes, ...shadowingNotes(entity, liveEntity));
  }
  // Forms assigned to entities the manifests name only by URN (a dataset, an entity kept in DataHub).
  for (const [urn, wanted] of forms) {
    const change = diffFormAssignments(
      { urn, entityType: urn.split(':')[2] ?? '' },
      wanted,
      live.entities.get(urn),
      actor,
    );
    if (change !== undefined) changes.push(change);
  }
  const declaredDatasets = new Set(desired.datasets.map((dataset) => dataset.datasetUrn));
  for (const dataset of desired.datasets) {
    const diff = diffDatasetTerms(dataset.datasetUrn, dataset, live.entities.get(dataset.datasetUrn), actor);
    const properties = diffDatasetProperties(dataset, live, actor);
    if (diff.changes.length + properties.changes.length === 0) unchanged += 1;
    changes.push(...diff.changes, ...properties.changes);
    notes.push(...diff.notes, ...properties.notes);
  }

  if (context.prune) {
    const pruned = pruneChanges(desired, live, declaredDatasets, actor, context.pruneStrategy, notes);
    if (pruned.length > context.maxDeletes) {
      const nameOf = namesOf(desired, live);
      throw new CatalogError(
        'TOO_MANY_DELETES',
        `the plan would delete ${pruned.length} ${pruned.length === 1 ? 'thing' : 'things'} (${pruned
          .slice(0, 5)
          .map((change) => `${change.aspect} of ${entityLabel(nameOf(change.urn), change.urn)}`)
          .join('; ')}${pruned.length > 5 ? '; …' : ''}), more than --max-deletes ${context.maxDeletes}; ` +
          `review them with --dry-run and raise --max-deletes to allow it`,
      );
    }
    changes.push(...pruned);
  }

  for (const move of desired.moves ?? []) {
    changes.push(
      ...retireChanges(move, live.entities.get(move.from), context.pruneStrategy ?? 'deprecate', actor),
    );
  }
  notes.push(...renameEdgeNotes(desired, live, actor));

  const ordered = orderChanges(changes);
  // Each rename looks only at the changes of its two entities: not the whole plan once per rename.
  const renamed = new Set((desired.moves ?? []).flatMap((move) => [move.from, move.to]));
  const renameChanges = renamed.size === 0 ? [] : ordered.filter((change) => renamed.has(change.urn));
  const renames = (desired.moves ?? []).flatMap(
    (move) => renameOf(move, live.entities.get(move.from), renameChanges) ?? [],
  );
  notes.push(...deprecationNotes(ordered, desired, live));
  const aliasMoves = aliasMovesOf(ordered, desired);
  const plan: Plan = {
    formatVersion: PLAN_FORMAT_VERSION,
    tool: { name: 'catalog', version: context.toolVersion },
    target: context.target,
    actor,
    git: context.git,
    options: { prune: context.prune, maxDeletes: context.maxDeletes },
    summary: summarize(ordered, unchanged),
    changes: ordered,
    notes: [...notes].sort((a, b) => a.urn.localeCompare(b.urn) || a.message.localeCompare(b.message)),
    ...(aliasMoves.length === 0 ? {} : { aliasMoves }),
    ...(renames.length === 0 ? {} : { renames }),
  };
  return withLineNames(plan, namesOf(desired, live));
}

/**
 * Soft-deletes of entities the manifests no longer declare, when the tool can show it managed them, and
 * removal of the tool's own edges from datasets the manifests no longer name.
 */
function pruneChanges(
  desired: DesiredState,
  live: LiveState,
  declaredDatasets: ReadonlySet<string>,
  actor: string,
  strategy: RetireStrategy = 'deprecate',
  notes: PlanNote[] = [],
): Change[] {
  const declared = new Set(desired.entities.map((entity) => entity.urn));
  const changes: Change[] = [];
  for (const [urn, entity] of live.undeclared ?? new Map<string, LiveEntity>()) {
    if (declared.has(urn) || declaredDatasets.has(urn)) continue;
    const entityType = urn.split(':')[2] ?? '';
    if ((MANAGED_ENTITY_TYPES as readonly string[]).includes(entityType)) {
      // Without a status aspect (DataHub's domains) there is no soft-delete: such an entity is never pruned.
      if (!entityHasAspect(entityType, 'status')) continue;
      const ownedAspect = OWNED_ASPECTS[entityType as ManagedEntityType];
      const status = entity.aspects.get('status');
      if (!entity.exists || status?.value['removed'] === true || !isManagedEntity(entity, ownedAspect, actor))
        continue;
      if (entityType === 'structuredProperty') {
        // Never a plain soft-delete: the prune strategy says how (prune-properties.ts).
        const retired = retireProperty(urn, entity, strategy);
        changes.push(...retired.changes);
        notes.push(...retired.notes);
        continue;
      }
      changes.push({
        kind: 'status',
        action: 'delete',
        id: `status ${urn}`,
        urn,
        entityType,
        aspect: 'status',
        versionSeen: versionSeen(entity, 'status'),
        before: status?.value ?? null,
        after: overlaid(status?.value, { removed: true }),
      });
    } else if (entityType === 'dataset') {
      changes.push(...diffDatasetTerms(urn, undefined, entity, actor).changes);
      // The values the tool set on a dataset no manifest names any more (its columns' are not read).
      changes.push(...diffPropertyValues({ urn, entityType }, undefined, entity, actor).changes);
    }
  }
  return changes;
}

// Domains first (everything may name one; a domain its parent), data products last (after their assets): the
// order the kinds registry gives (kinds/entity-tables.ts).
const PHASES = WRITE_ORDER;

/** The phase of a change: what must exist before it is written comes in an earlier phase. */
export function phaseOf(change: Change): number {
  switch (change.kind) {
    case 'status':
      return change.action === 'delete' ? PHASES.length + 1 : PHASES.indexOf(change.entityType);
    case 'termEdges':
      return change.removed.length > 0 &&
        change.added.length === 0 &&
        (change.claimed?.length ?? 0) === 0 &&
        change.source === undefined
        ? PHASES.length + 1
        : PHASES.indexOf('dataset');
    case 'upsertAspect':
      // A renamed entity is deprecated last, once its successor and the edges moved to it are written.
      if (change.retires !== undefined) return PHASES.length + 1;
      // A model giving up an alias is written in a phase of its own just before the models: the model taking it
      // (next phase) never holds it at the same time, and it is on no model for one write only.
      return aliasDelta(change).removed.length > 0
        ? PHASES.indexOf(change.entityType) - 0.5
        : PHASES.indexOf(change.entityType);
    case 'associations':
      // A form is assigned once the form is written (its entity type comes late: it names what it is assigned to).
      return change.aspect === 'forms' ? PHASES.indexOf('form') + 0.5 : PHASES.indexOf(change.entityType);
    case 'createGlossaryTerm':
      return PHASES.indexOf(change.entityType);
    default:
      return assertNever(change);
  }
}

export function orderChanges(changes: readonly Change[]): Change[] {
  // Each change's phase is worked out once: a sort compares every change about log n times, and a phase can cost
  // allocations (an alias delta), which at 250,000 changes made most of planning's memory peak.
  return changes
    .map((change) => ({ change, phase: phaseOf(change) }))
    .sort(
      (a, b) =>
        a.phase - b.phase ||
        a.change.urn.localeCompare(b.change.urn) ||
        a.change.aspect.localeCompare(b.change.aspect),
    )
    .map(({ change }) => change);
}

/** The plan with some of its changes left out (a release that does not need them), its summary counted again. */
export function withChanges(plan: Plan, changes: readonly Change[]): Plan {
  return { ...plan, changes, summary: { ...plan.summary, ...summarize(changes, plan.summary.unchanged) } };
}

function summarize(changes: readonly Change[], unchanged: number): PlanSummary {
  const summary = {
    create: 0,
    update: 0,
    delete: 0,
    termsAttached: 0,
    termsDetached: 0,
    associationsAdded: 0,
    associationsRemoved: 0,
    claimed: 0,
    unchanged,
  };
  for (const change of changes) {
    switch (change.kind) {
      case 'termEdges':
        summary.termsAttached += change.added.length;
        summary.termsDetached += change.removed.length;
        summary.claimed += change.claimed?.length ?? 0;
        break;
      case 'associations':
        summary.associationsAdded += change.added.length;
        summary.associationsRemoved += change.removed.length;
        summary.claimed += change.claimed?.length ?? 0;
        break;
      case 'status':
        if (change.action === 'delete') summary.delete += 1;
        else summary.update += 1;
        break;
      case 'upsertAspect':
      case 'createGlossaryTerm':
        if (change.action === 'create') summary.create += 1;
        else summary.update += 1;
        break;
      default:
        assertNever(change);
    }
  }
  return summary;
}
