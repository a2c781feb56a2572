/**
 * Renames (kind Moved), pure. DataHub has no rename: the new entity B is created with the old entity A's owned
 * aspect (the fields the manifest cannot express come from A), the edges the tool owns follow the manifests (which
 * now name B) on their own, and A is retired last with the prune strategy. Each step reads only the live state,
 * so a re-run after an interrupted apply plans what is left, and a Moved whose A is gone (or retired) is a no-op.
 */
import { assertNever } from '../errors.js';
import type { DesiredEntity, DesiredMove, DesiredState } from '../model/desired-state.js';
import { OWNED_ASPECTS, OWNED_FIELDS } from '../kinds/entity-tables.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../model/json.js';
import { versionSeen, type LiveAspect, type LiveEntity, type LiveState } from '../model/live-state.js';
import { entityHasAspect } from '../model/registry.js';
import {
  carriesMarker,
  isOwnedAsset,
  isOwnedAssociation,
  isOwnedLink,
  isOwnedOwner,
  isOwnedTag,
} from './ownership.js';
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
 * The edges others added that name a renamed entity's old URN A (architecture.md, section 3: never destroy what the
 * tool does not own): they are not the tool's to move, so they stay on A, and the plan says so, one note each.
 * Looked for in everything the plan read (live.entities) and in the entities read because they name A
 * (live.referrers): term attachments on any entity and on its edited or ingested columns, related terms of other
 * terms, data-product assets, models in a group and features in a table or a model written by someone else; and
 * on A itself, the owners, tags and links others added and the members of its lists that B's manifest does not
 * name (B gets only what the manifests declare). Only for renames whose A still exists.
 */
export function renameEdgeNotes(desired: DesiredState, live: LiveState, actor: string): PlanNote[] {
  const moves = (desired.moves ?? []).filter((move) => live.entities.get(move.from)?.exists === true);
  if (moves.length === 0) return [];
  const byFrom = new Map(moves.map((move) => [move.from, move]));
  const renamedTo = new Map((desired.moves ?? []).map((move) => [move.from, move.to]));
  const declared = new Map(desired.entities.map((entity) => [entity.urn, entity]));
  const notes: PlanNote[] = [];
  const seen = new Set<string>();
  for (const entities of [live.entities, live.referrers ?? new Map<string, LiveEntity>()])
    for (const [urn, entity] of entities) {
      // An old entity's own lists are compared with its successor's below, not taken for someone else's edges.
      if (seen.has(urn) || renamedTo.has(urn)) continue;
      seen.add(urn);
      notes.push(...edgesNaming(entity, byFrom, declared.get(urn), actor));
    }
  for (const move of moves)
    notes.push(
      ...linesKeptOnOld(move, live.entities.get(move.from), declared.get(move.to), renamedTo, actor),
    );
  // Two lines saying the same (a term attached twice, once with another catalog's marker) are one note.
  return [...new Map(notes.map((note) => [`${note.urn}\u0000${note.message}`, note])).values()];
}

/** The edge lists of one entity's aspects that name a renamed entity, and whether each line is the tool's. */
function edgesNaming(
  entity: LiveEntity,
  byFrom: ReadonlyMap<string, DesiredMove>,
  declared: DesiredEntity | undefined,
  actor: string,
): PlanNote[] {
  const notes: PlanNote[] = [];
  const entityType = entity.urn.split(':')[2] ?? '';
  const note = (move: DesiredMove, message: string): void => {
    notes.push({ kind: 'unownedEdge', urn: entity.urn, message, source: move.source });
  };
  const attached = (move: DesiredMove, place: string): void =>
    note(move, `${move.from} on ${place} was attached by someone else: kept on it, not moved to ${move.to}`);
  const othersTerms = (terms: JsonValue | undefined): DesiredMove[] =>
    (Array.isArray(terms) ? terms : []).flatMap((term: JsonValue) => {
      const move =
        isJsonObject(term) && typeof term['urn'] === 'string' ? byFrom.get(term['urn']) : undefined;
      return move === undefined || isOwnedAssociation(term, actor) ? [] : [move];
    });
  const aspect = (name: string): LiveAspect | undefined => entity.aspects.get(name);

  for (const move of othersTerms(aspect('glossaryTerms')?.value['terms']))
    attached(move, entityType === 'dataset' ? 'the dataset' : `the ${entityType}`);
  const columns: [string, JsonValue | undefined, string][] = [
    ['editableSchemaMetadata', aspect('editableSchemaMetadata')?.value['editableSchemaFieldInfo'], ''],
    ['schemaMetadata', aspect('schemaMetadata')?.value['fields'], ' (ingested schema)'],
  ];
  for (const [, fields, where] of columns)
    for (const field of Array.isArray(fields) ? fields : []) {
      if (!isJsonObject(field) || !isJsonObject(field['glossaryTerms'])) continue;
      const path = typeof field['fieldPath'] === 'string' ? field['fieldPath'] : '?';
      for (const move of othersTerms(field['glossaryTerms']['terms']))
        attached(move, `column ${path}${where}`);
    }

  // Related terms: the aspect is the manifest's when the term declares it, else the tool's when it wrote it last.
  const related = aspect('glossaryRelatedTerms');
  const relatedDeclared =
    declared?.aspects?.some((item) => item.aspectName === 'glossaryRelatedTerms' && item.value !== null) ===
    true;
  if (related !== undefined && !relatedDeclared && !carriesMarker(related.systemMetadata, actor))
    for (const field of RELATED_TERM_FIELDS)
      for (const move of namedIn(related.value[field], byFrom))
        note(
          move,
          `${move.from} is among this term's ${field}, written by someone else: kept, not moved to ${move.to}`,
        );

  const product = aspect('dataProductProperties')?.value['assets'];
  for (const asset of Array.isArray(product) ? product : []) {
    if (!isJsonObject(asset) || typeof asset['destinationUrn'] !== 'string') continue;
    const move = byFrom.get(asset['destinationUrn']);
    if (move !== undefined && !isOwnedAsset(asset, actor))
      note(
        move,
        `${move.from} is an asset of this data product added by someone else: kept, not moved to ${move.to}`,
      );
  }

  // Models in a group, features in a table or a model: whole lists, the manifest's when the entity is declared.
  for (const [aspectName, field] of LIST_EDGES) {
    const value = aspect(aspectName);
    if (value === undefined || declared !== undefined || carriesMarker(value.systemMetadata, actor)) continue;
    for (const move of namedIn(value.value[field], byFrom))
      note(
        move,
        `${move.from} is in this ${entityType}'s ${field}, written by someone else: kept, not moved to ${move.to}`,
      );
  }
  return notes;
}

const RELATED_TERM_FIELDS = ['isRelatedTerms', 'hasRelatedTerms', 'values', 'relatedTerms'] as const;

/** The owned list fields that are edges to other entities: a model's groups and features, a table's features. */
const LIST_EDGES: readonly (readonly [string, string])[] = [
  ['mlModelProperties', 'groups'],
  ['mlModelProperties', 'mlFeatures'],
  ['mlFeatureTableProperties', 'mlFeatures'],
];

function namedIn(list: JsonValue | undefined, byFrom: ReadonlyMap<string, DesiredMove>): DesiredMove[] {
  return (Array.isArray(list) ? list : []).flatMap((item) =>
    typeof item === 'string' && byFrom.has(item) ? [byFrom.get(item) as DesiredMove] : [],
  );
}

/**
 * What stays on A itself: the owners, tags and links others added (B gets the ones its manifest declares), and the
 * members of A's lists (a table's or model's features, a model's groups) that B's manifest does not name, once
 * renamed members are read under their new names.
 */
function linesKeptOnOld(
  move: DesiredMove,
  old: LiveEntity | undefined,
  successor: DesiredEntity | undefined,
  renamedTo: ReadonlyMap<string, string>,
  actor: string,
): PlanNote[] {
  if (old === undefined) return [];
  const notes: PlanNote[] = [];
  const note = (message: string): void => {
    notes.push({ kind: 'unownedEdge', urn: move.from, message, source: move.source });
  };
  const owned = old.aspects.get(OWNED_ASPECTS[move.entityType])?.value;
  for (const [aspectName, field] of LIST_EDGES) {
    if (aspectName !== OWNED_ASPECTS[move.entityType]) continue;
    const wanted = successor?.fields[field];
    const kept = new Set(Array.isArray(wanted) ? wanted : []);
    const list = owned?.[field];
    for (const item of Array.isArray(list) ? list : []) {
      if (typeof item !== 'string' || kept.has(item) || kept.has(renamedTo.get(item) ?? item)) continue;
      note(`${item} is in ${move.from}'s ${field} but not in ${move.to}'s: kept on it, not moved`);
    }
  }
  const associations = successor?.associations;
  const declaredOwners = new Set(associations?.owners.map((owner) => owner.owner));
  const declaredTags = new Set(associations?.tags.map((tag) => tag.tagUrn));
  const declaredLinks = new Set(associations?.links.map((link) => link.url));
  const lines = (aspect: string, field: string): JsonObject[] => {
    const value = old.aspects.get(aspect)?.value[field];
    return Array.isArray(value) ? value.filter(isJsonObject) : [];
  };
  const kept = (what: string): void =>
    note(`${what} on ${move.from} was added by someone else: kept on it, not given to ${move.to}`);
  for (const owner of lines('ownership', 'owners'))
    if (
      typeof owner['owner'] === 'string' &&
      !isOwnedOwner(owner, actor) &&
      !declaredOwners.has(owner['owner'])
    )
      kept(`owner ${owner['owner']}`);
  for (const tag of lines('globalTags', 'tags'))
    if (typeof tag['tag'] === 'string' && !isOwnedTag(tag, actor) && !declaredTags.has(tag['tag']))
      kept(`tag ${tag['tag']}`);
  for (const link of lines('institutionalMemory', 'elements'))
    if (typeof link['url'] === 'string' && !isOwnedLink(link, actor) && !declaredLinks.has(link['url']))
      kept(`link ${link['url']}`);
  return notes;
}
