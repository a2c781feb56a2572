/**
 * The plan's view of the ML lifecycle across entities (pure): which aliases move between models of a group, and
 * which changes add something to a deprecated entity or reference one (notes with the replacement).
 */
import type { DesiredState } from '../model/desired-state.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import type { LiveState } from '../model/live-state.js';
import { aliasesOf } from './diff-entities.js';
import { carriesMarker } from './ownership.js';
import type { AliasMove, Change, PlanNote } from './types.js';

/** For each declared model, the aliases that other models of its groups declare (they leave it when it holds them). */
export function claimedAliasesByModel(desired: DesiredState): Map<string, Set<string>> {
  const holders = aliasHolders(desired);
  const result = new Map<string, Set<string>>();
  for (const entity of desired.entities) {
    if (entity.entityType !== 'mlModel') continue;
    const claimed = new Set<string>();
    for (const group of groupsOf(entity.fields)) {
      for (const [alias, holder] of holders.get(group) ?? new Map<string, string>())
        if (holder !== entity.urn) claimed.add(alias);
    }
    result.set(entity.urn, claimed);
  }
  return result;
}

/** group URN → alias → the model whose manifest declares it (validation made each unique). */
function aliasHolders(desired: DesiredState): Map<string, Map<string, string>> {
  const holders = new Map<string, Map<string, string>>();
  for (const entity of desired.entities) {
    if (entity.entityType !== 'mlModel') continue;
    const aspect = entity.aspects?.find((item) => item.aspectName === 'versionProperties');
    if (!(aspect?.declaredFields ?? []).includes('aliases')) continue;
    for (const group of groupsOf(entity.fields)) {
      const byAlias = holders.get(group) ?? new Map<string, string>();
      for (const alias of aliasesOf(aspect?.value)) if (!byAlias.has(alias)) byAlias.set(alias, entity.urn);
      holders.set(group, byAlias);
    }
  }
  return holders;
}

function groupsOf(fields: JsonObject): string[] {
  const groups = fields['groups'];
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [];
}

const NO_ALIAS_DELTA = { added: [], removed: [] } as const;

/** Aliases a versionProperties change adds and removes. */
export function aliasDelta(change: Change): {
  readonly added: readonly string[];
  readonly removed: readonly string[];
} {
  if (change.kind !== 'upsertAspect' || change.aspect !== 'versionProperties') return NO_ALIAS_DELTA;
  const before = aliasesOf(change.before);
  const after = aliasesOf(change.after);
  return {
    added: after.filter((alias) => !before.includes(alias)),
    removed: before.filter((alias) => !after.includes(alias)),
  };
}

/** Alias moves: an alias one change removes from a model and another adds to a model of the same group. */
export function aliasMovesOf(changes: readonly Change[], desired: DesiredState): AliasMove[] {
  // Only models have groups and only versionProperties changes move aliases: a large plan has few of either.
  const versionChanges = changes.filter(
    (change) => change.kind === 'upsertAspect' && change.aspect === 'versionProperties',
  );
  if (versionChanges.length === 0) return [];
  const groups = new Map(
    desired.entities
      .filter((entity) => entity.entityType === 'mlModel')
      .map((entity) => [entity.urn, groupsOf(entity.fields)]),
  );
  const removals = versionChanges.flatMap((change) =>
    aliasDelta(change).removed.map((alias) => ({ alias, urn: change.urn })),
  );
  const moves: AliasMove[] = [];
  for (const change of versionChanges) {
    for (const alias of aliasDelta(change).added) {
      const to = change.urn;
      for (const group of groups.get(to) ?? []) {
        const from = removals.find(
          (removal) =>
            removal.alias === alias && removal.urn !== to && (groups.get(removal.urn) ?? []).includes(group),
        );
        if (from !== undefined) moves.push({ alias, group, from: from.urn, to });
      }
    }
  }
  return moves.sort(
    (a, b) => a.group.localeCompare(b.group) || a.alias.localeCompare(b.alias) || a.to.localeCompare(b.to),
  );
}

/** What a deprecated entity is replaced by, as far as the manifests and the live catalog tell. */
interface Deprecated {
  readonly replacement?: string;
}

/**
 * Deprecated entities: as the manifests declare them (a declaration wins: un-deprecating in the same plan is no
 * warning), else as the live deprecation aspect says (for whatever the plan read).
 */
function deprecatedEntities(desired: DesiredState, live: LiveState): Map<string, Deprecated> {
  const result = new Map<string, Deprecated>();
  // Entities whose manifests manage their deprecation (declared, or declared as none).
  const managed = new Set<string>();
  for (const entity of desired.entities) {
    const aspect = entity.aspects?.find((item) => item.aspectName === 'deprecation');
    if (aspect === undefined) continue;
    managed.add(entity.urn);
    if (aspect.value !== null) result.set(entity.urn, replacementOf(aspect.value));
  }
  for (const [urn, entity] of live.entities) {
    // Declared above: the declaration wins (each live URN comes once, so only a declaration is in `result` yet).
    if (result.has(urn)) continue;
    const aspect = entity.aspects.get('deprecation');
    if (aspect?.value['deprecated'] !== true) continue;
    // The tool's own deprecation of an entity that no longer declares one is being lifted by this plan.
    if (managed.has(urn) && carriesMarker(aspect.systemMetadata, desired.settings.actor)) continue;
    result.set(urn, replacementOf(aspect.value));
  }
  return result;
}

function replacementOf(value: JsonObject): Deprecated {
  return typeof value['replacement'] === 'string' ? { replacement: value['replacement'] } : {};
}

function addedUrns(change: Change, field: string): string[] {
  if (change.kind !== 'upsertAspect' && change.kind !== 'createGlossaryTerm') return [];
  const before = change.kind === 'upsertAspect' ? listOf(change.before?.[field]) : [];
  return listOf(change.after[field]).filter((urn) => !before.includes(urn));
}

function listOf(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * A note for each change that adds something to a deprecated entity (a model to a group, a feature to a table or
 * model, a term to a dataset) or references a deprecated entity (a term attached, a group or feature linked).
 */
export function deprecationNotes(
  changes: readonly Change[],
  desired: DesiredState,
  live: LiveState,
): PlanNote[] {
  const deprecated = deprecatedEntities(desired, live);
  if (deprecated.size === 0) return [];
  const notes: PlanNote[] = [];
  const note = (change: Change, target: string, message: string): void => {
    const info = deprecated.get(target);
    if (info === undefined) return;
    const instead = info.replacement === undefined ? '' : `; its replacement is ${info.replacement}`;
    notes.push({
      kind: 'deprecatedTarget',
      message: `${message} ${target}, which is deprecated${instead}`,
      urn: change.urn,
      ...(change.source === undefined ? {} : { source: change.source }),
      deprecated: {
        urn: target,
        ...(info.replacement === undefined ? {} : { replacement: info.replacement }),
      },
    });
  };
  for (const change of changes) {
    if (change.kind === 'upsertAspect' && change.aspect === 'mlModelProperties') {
      for (const group of addedUrns(change, 'groups')) note(change, group, `adds ${change.urn} to group`);
      const features = addedUrns(change, 'mlFeatures');
      for (const feature of features) note(change, feature, `adds to ${change.urn} the feature`);
      if (features.length > 0) note(change, change.urn, 'adds features to model');
    }
    if (change.kind === 'upsertAspect' && change.aspect === 'mlFeatureTableProperties') {
      const features = addedUrns(change, 'mlFeatures');
      for (const feature of features) note(change, feature, `adds to ${change.urn} the feature`);
      if (features.length > 0) note(change, change.urn, 'adds features to table');
    }
    if (change.kind === 'termEdges') {
      for (const edge of change.added) note(change, edge.termUrn, `attaches to ${change.urn} the term`);
      if (change.added.length > 0) note(change, change.urn, 'attaches terms to dataset');
    }
  }
  return notes;
}
