/**
 * Renames (kind Moved), pure. DataHub has no rename: the new entity B is created with the old entity A's owned
 * aspect (the fields the manifest cannot express come from A), the edges the tool owns follow the manifests (which
 * now name B) on their own, and A is retired last with the prune strategy. Each step reads only the live state,
 * so a re-run after an interrupted apply plans what is left, and a Moved whose A is gone (or retired) is a no-op.
 */
import { assertNever } from '../errors.js';
import { OWNED_ASPECTS, OWNED_FIELDS, type DesiredMove } from '../model/desired-state.js';
import { isJsonObject, type JsonObject } from '../model/json.js';
import { versionSeen, type LiveEntity, type LiveState } from '../model/live-state.js';
import { entityHasAspect } from '../model/registry.js';
import { isOwnedAssociation } from './ownership.js';
import type { Change, PlanNote, Rename, RetireStrategy } from './types.js';

/**
 * B's owned-aspect create with A's live aspect beneath it: the fields the manifest cannot express
 * (customProperties, hyperParams, …) are carried over. A term created with createGlossaryTerm, which writes four
 * fields only, becomes an aspect write when there is anything to carry.
 */
export function withCarriedAspect(
  change: Change,
  moves: ReadonlyMap<string, DesiredMove>,
  live: LiveState,
): Change {
  if (change.kind !== 'upsertAspect' && change.kind !== 'createGlossaryTerm') return change;
  if (change.action !== 'create') return change;
  const move = moves.get(change.urn);
  if (move === undefined || change.aspect !== OWNED_ASPECTS[move.entityType]) return change;
  const old = live.entities.get(move.from)?.aspects.get(change.aspect)?.value;
  if (old === undefined) return change;
  const owned = new Set(OWNED_FIELDS[OWNED_ASPECTS[move.entityType]]);
  const carried: Record<string, JsonObject[keyof JsonObject]> = {};
  for (const [field, value] of Object.entries(old))
    if (!owned.has(field) && change.after[field] === undefined) carried[field] = value;
  if (Object.keys(carried).length === 0) return change;
  const after = { ...carried, ...change.after };
  const fields = [
    ...change.fields,
    ...Object.keys(carried)
      .sort()
      .map((path) => ({ path, after: carried[path] as JsonObject[keyof JsonObject] })),
  ];
  if (change.kind === 'upsertAspect') return { ...change, after, fields };
  const {
    termId: _termId,
    name: _name,
    description: _description,
    parentNode: _parentNode,
    ...base
  } = change;
  return { ...base, kind: 'upsertAspect', before: null, after, fields, markStatus: true };
}

/** A is retired after everything else: a status write (delete), a deprecation naming B (deprecate), or nothing. */
export function retireChanges(
  move: DesiredMove,
  old: LiveEntity | undefined,
  strategy: RetireStrategy,
  actor: string,
): Change[] {
  if (old === undefined || !old.exists) return [];
  const status = old.aspects.get('status')?.value;
  if (status?.['removed'] === true) return [];
  switch (strategy) {
    case 'ignore':
      return [];
    case 'delete':
      if (!entityHasAspect(move.entityType, 'status')) return [];
      return [
        {
          kind: 'status',
          action: 'delete',
          id: `status ${move.from}`,
          urn: move.from,
          entityType: move.entityType,
          aspect: 'status',
          versionSeen: versionSeen(old, 'status'),
          source: move.source,
          before: status ?? null,
          after: { ...(status ?? {}), removed: true },
          retires: move.to,
        },
      ];
    case 'deprecate': {
      if (!entityHasAspect(move.entityType, 'deprecation')) return [];
      const current = old.aspects.get('deprecation')?.value;
      if (current?.['deprecated'] === true && current['replacement'] === move.to) return [];
      const after: JsonObject = {
        ...(current ?? {}),
        deprecated: true,
        note: `Renamed to ${move.to}`,
        replacement: move.to,
        actor,
      };
      return [
        {
          kind: 'upsertAspect',
          action: current === undefined ? 'create' : 'update',
          id: `deprecation ${move.from}`,
          urn: move.from,
          entityType: move.entityType,
          aspect: 'deprecation',
          versionSeen: versionSeen(old, 'deprecation'),
          source: move.source,
          before: current ?? null,
          after,
          fields: (['deprecated', 'note', 'replacement'] as const)
            .filter((field) => current?.[field] !== after[field])
            .map((path) => ({
              path,
              ...(current?.[path] === undefined ? {} : { before: current[path] }),
              after: after[path] as JsonObject[keyof JsonObject],
            })),
          markStatus: false,
          retires: move.to,
        },
      ];
    }
    default:
      return assertNever(strategy);
  }
}

/** The rename as the plan shows it: one line, and whether A is still to be retired. */
export function renameOf(
  move: DesiredMove,
  old: LiveEntity | undefined,
  changes: readonly Change[],
): Rename | undefined {
  const retiring = changes.find((change) => change.urn === move.from && change.retires === move.to);
  const creating = changes.some((change) => change.urn === move.to && change.action === 'create');
  if (old?.exists !== true && !creating) return undefined;
  if (retiring === undefined && !creating) return undefined;
  return {
    from: move.from,
    to: move.to,
    entityType: move.entityType,
    retire: retiring === undefined ? 'none' : retiring.kind === 'status' ? 'delete' : 'deprecate',
  };
}

/**
 * Term edges others added that name A, on the datasets the plan read: they are not the tool's to move, so they stay
 * on A and the plan says so.
 */
export function keptEdgeNotes(move: DesiredMove, live: LiveState, actor: string): PlanNote[] {
  if (move.entityType !== 'glossaryTerm') return [];
  const notes: PlanNote[] = [];
  for (const [urn, entity] of live.entities) {
    if (!urn.startsWith('urn:li:dataset:')) continue;
    const where: string[] = [];
    const terms = entity.aspects.get('glossaryTerms')?.value['terms'];
    if (Array.isArray(terms) && terms.some((term) => namesUnowned(term, move.from, actor)))
      where.push('the dataset');
    const fields = entity.aspects.get('editableSchemaMetadata')?.value['editableSchemaFieldInfo'];
    for (const field of Array.isArray(fields) ? fields : []) {
      if (!isJsonObject(field)) continue;
      const fieldTerms = isJsonObject(field['glossaryTerms']) ? field['glossaryTerms']['terms'] : undefined;
      if (Array.isArray(fieldTerms) && fieldTerms.some((term) => namesUnowned(term, move.from, actor)))
        where.push(`column ${typeof field['fieldPath'] === 'string' ? field['fieldPath'] : '?'}`);
    }
    for (const place of where)
      notes.push({
        kind: 'unownedEdge',
        urn,
        message: `${move.from} on ${place} was attached by someone else: kept on it, not moved to ${move.to}`,
        source: move.source,
      });
  }
  return notes;
}

function namesUnowned(term: unknown, termUrn: string, actor: string): boolean {
  return isJsonObject(term) && term['urn'] === termUrn && !isOwnedAssociation(term, actor);
}
