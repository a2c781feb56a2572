import { OWNED_FIELDS, type DesiredEntity } from '../model/desired-state.js';
import { stringOr, type JsonObject, type JsonValue } from '../model/json.js';
import { versionSeen, type LiveEntity } from '../model/live-state.js';
import { decodeUrnPart, glossaryTermDisplayName, parseRawUrn } from '../model/urn.js';
import { sameField } from './normalize.js';
import type { Change, FieldChange } from './types.js';

/**
 * The changes that make one declared entity match its manifest. The owned aspect is written as the live value
 * with the owned fields overlaid: fields the format cannot express survive byte for byte, and an owned field
 * that is equal after normalization keeps its live form. No difference, no change.
 */
export function diffEntity(desired: DesiredEntity, live: LiveEntity | undefined): Change[] {
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

  const common = {
    id: `${desired.aspectName} ${desired.urn}`,
    urn: desired.urn,
    entityType: desired.entityType,
    aspect: desired.aspectName,
    versionSeen: versionSeen(live, desired.aspectName),
    source: desired.source,
  };
  const isNewEntity = live?.exists !== true;
  if (desired.entityType === 'glossaryTerm' && isNewEntity && desired.fields['termSource'] === 'INTERNAL') {
    // createGlossaryTerm writes exactly {name, definition, termSource: INTERNAL}: DataHub's own way to create
    // a term (it also records the caller as the term's technical owner).
    const raw = parseRawUrn(desired.urn);
    changes.push({
      ...common,
      kind: 'createGlossaryTerm',
      action: 'create',
      termId: raw.ok ? (raw.value.parts[0] as string) : desired.urn,
      name: stringOr(desired.fields['name']),
      description: stringOr(desired.fields['definition']),
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

/**
 * What DataHub shows for an owned field the live aspect lacks, where that is not nothing: a term without a
 * name is shown under the last segment of its id, so a manifest naming it so (as `export` writes it) asks for
 * no change.
 */
function displayedDefault(desired: DesiredEntity, field: string): JsonValue | undefined {
  if (desired.aspectName !== 'glossaryTermInfo' || field !== 'name') return undefined;
  const raw = parseRawUrn(desired.urn);
  return raw.ok ? glossaryTermDisplayName(decodeUrnPart(raw.value.parts[0] ?? '')) : undefined;
}

function overlayOwnedFields(
  desired: DesiredEntity,
  current: JsonObject | undefined,
): { after: JsonObject; fields: FieldChange[] } {
  const after: Record<string, JsonValue> = { ...(current ?? {}) };
  const fields: FieldChange[] = [];
  for (const field of OWNED_FIELDS[desired.aspectName]) {
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
