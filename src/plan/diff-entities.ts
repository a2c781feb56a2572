import {
  DECLARABLE_ASPECT_FIELDS,
  DECLARED_ONLY_FIELDS,
  OWNED_FIELDS,
  type DesiredAspect,
  type DesiredEntity,
} from '../model/desired-state.js';
import { stringOr, type JsonObject, type JsonValue } from '../model/json.js';
import { versionSeen, type LiveEntity } from '../model/live-state.js';
import { decodeUrnPart, glossaryTermDisplayName, parseRawUrn } from '../model/urn.js';
import { sameField } from './normalize.js';
import { diffAssociations } from './diff-associations.js';
import { carriesMarker } from './ownership.js';
import { aspectChangeBase, type Change, type FieldChange, type PlanNote } from './types.js';

export interface EntityDiff {
  readonly changes: readonly Change[];
  readonly notes: readonly PlanNote[];
}

/** Every change one declared entity needs: its owned aspect, its declarable aspects, its owners, tags, links. */
export function diffDeclaredEntity(
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  actor: string,
): EntityDiff {
  const associations = diffAssociations(desired, live, actor);
  const changes = [
    ...diffEntity(
      desired,
      live,
      associations.changes.some((change) => change.aspect === 'ownership'),
    ),
    ...(desired.aspects ?? []).flatMap((aspect) => diffDeclarableAspect(desired, aspect, live, actor)),
    ...associations.changes,
  ];
  return { changes, notes: associations.notes };
}

/**
 * The changes that make one declared entity match its manifest. The owned aspect is written as the live value
 * with the owned fields overlaid: fields the format cannot express survive byte for byte, and an owned field
 * that is equal after normalization keeps its live form. No difference, no change.
 */
export function diffEntity(
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  writesOwnership = false,
): Change[] {
  const changes: Change[] = [];
  const status = live?.aspects.get('status');
  if (status?.value['removed'] === true) {
    changes.push({
      kind: 'status',
      action: 'restore',
      id: `status ${desired.urn}`,
      urn: desired.urn,
      entityType: desired.entityType,
      aspect: 'status',
      versionSeen: versionSeen(live, 'status'),
      source: desired.source,
      before: status.value,
      after: { ...status.value, removed: false },
    });
  }

  const current = live?.aspects.get(desired.aspectName)?.value;
  const { after, fields } = overlayOwnedFields(desired, current);
  // An update needs a changed field; a declared entity whose aspect does not exist is created even when the
  // manifest sets none of its fields (a model group with no description still has to exist).
  if (fields.length === 0 && current !== undefined) return changes;

  const common = aspectChangeBase(desired.urn, desired.entityType, desired.aspectName, live, desired.source);
  const isNewEntity = live?.exists !== true;
  if (
    desired.entityType === 'glossaryTerm' &&
    isNewEntity &&
    desired.fields['termSource'] === 'INTERNAL' &&
    Object.keys(desired.fields).every((field) => CREATE_TERM_FIELDS.has(field)) &&
    !writesOwnership
  ) {
    // createGlossaryTerm writes exactly {name, definition, termSource: INTERNAL, parentNode}: DataHub's own way to create
    // a term. It also records the caller as the term's technical owner, so a term that declares owners (whose
    // ownership write would then meet an aspect it did not see) or more fields is written as an aspect.
    const raw = parseRawUrn(desired.urn);
    changes.push({
      ...common,
      kind: 'createGlossaryTerm',
      action: 'create',
      termId: raw.ok ? (raw.value.parts[0] as string) : desired.urn,
      name: stringOr(desired.fields['name']),
      description: stringOr(desired.fields['definition']),
      ...(typeof desired.fields['parentNode'] === 'string'
        ? { parentNode: desired.fields['parentNode'] }
        : {}),
      after,
      fields,
    });
    return changes;
  }
  changes.push({
    ...common,
    kind: 'upsertAspect',
    action: current === undefined ? 'create' : 'update',
    before: current ?? null,
    after,
    fields,
    markStatus: isNewEntity,
  });
  return changes;
}

const CREATE_TERM_FIELDS: ReadonlySet<string> = new Set(['name', 'definition', 'termSource', 'parentNode']);

/** The fields of an aspect the tool owns for this entity: the format's, and customProperties when declared. */
function ownedFields(desired: DesiredEntity): readonly string[] {
  return [
    ...OWNED_FIELDS[desired.aspectName],
    ...DECLARED_ONLY_FIELDS.filter((field) => desired.fields[field] !== undefined),
  ];
}

/**
 * A whole aspect a kind can declare (a term's relatedTerms or domain). Declared: the manifest is the truth for
 * it. Not declared: left as it is, unless the tool wrote it last; then its fields are cleared, as removing the
 * line from the manifest asks.
 */
function diffDeclarableAspect(
  desired: DesiredEntity,
  aspect: DesiredAspect,
  live: LiveEntity | undefined,
  actor: string,
): Change[] {
  const liveAspect = live?.aspects.get(aspect.aspectName);
  const current = liveAspect?.value;
  const fields = DECLARABLE_ASPECT_FIELDS[aspect.aspectName] ?? [];
  if (aspect.value === null && (current === undefined || !carriesMarker(liveAspect?.systemMetadata, actor)))
    return [];
  const want = aspect.value ?? {};
  const after: Record<string, JsonValue> = { ...(current ?? {}) };
  const changed: FieldChange[] = [];
  for (const field of fields) {
    if (sameField(aspect.aspectName, field, want[field], current?.[field])) continue;
    changed.push({
      path: field,
      ...(current?.[field] === undefined ? {} : { before: current[field] }),
      ...(want[field] === undefined ? {} : { after: want[field] }),
    });
    if (want[field] === undefined) delete after[field];
    else after[field] = want[field];
  }
  if (changed.length === 0) return [];
  // domains requires its list: an emptied one is written as [].
  if (aspect.aspectName === 'domains' && after['domains'] === undefined) after['domains'] = [];
  return [
    {
      kind: 'upsertAspect',
      action: current === undefined ? 'create' : 'update',
      ...aspectChangeBase(desired.urn, desired.entityType, aspect.aspectName, live, aspect.source),
      before: current ?? null,
      after,
      fields: changed,
      markStatus: false,
    },
  ];
}

/**
 * What DataHub shows for an owned field the live aspect lacks, where that is not nothing: a term without a
 * name is shown under the last segment of its id, so a manifest naming it so (as `export` writes it) asks for
 * no change.
 */
function displayedDefault(desired: DesiredEntity, field: string): JsonValue | undefined {
  const named = desired.aspectName === 'glossaryTermInfo' || desired.aspectName === 'glossaryNodeInfo';
  if (!named || field !== 'name') return undefined;
  const raw = parseRawUrn(desired.urn);
  return raw.ok ? glossaryTermDisplayName(decodeUrnPart(raw.value.parts[0] ?? '')) : undefined;
}

function overlayOwnedFields(
  desired: DesiredEntity,
  current: JsonObject | undefined,
): { after: JsonObject; fields: FieldChange[] } {
  const after: Record<string, JsonValue> = { ...(current ?? {}) };
  const fields: FieldChange[] = [];
  for (const field of ownedFields(desired)) {
    const want = desired.fields[field];
    const have = current?.[field];
    const shown = have ?? (current === undefined ? undefined : displayedDefault(desired, field));
    if (sameField(desired.aspectName, field, want, shown ?? undefined)) continue;
    fields.push({
      path: field,
      ...(have === undefined ? {} : { before: have }),
      ...(want === undefined ? {} : { after: want }),
    });
    if (want === undefined) delete after[field];
    else after[field] = want;
  }
  // A new aspect is the manifest's fields, defaults included (glossaryTermInfo requires its defaulted ones).
  return { after: current === undefined ? { ...desired.fields } : after, fields };
}
