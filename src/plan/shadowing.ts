/**
 * Shadowing (issue 19): DataHub's UI does not edit the aspects the tool owns for ML entities. Its updateDescription
 * (DescriptionUtils, v1.7.0) writes the description to an editable aspect of its own, and DataHub's GraphQL
 * mappers show that one over the properties' description. The manifest's description is then still written, and
 * the plan sees no drift, but nobody sees it in DataHub. The plan reports it as a note, not a change: the tool
 * does not own the editable aspect.
 *
 * Glossary terms and nodes, and tags, have no editable aspect: updateDescription writes their owned aspect, which
 * the plan already sees as drift. Datasets have editableDatasetProperties, but the manifests declare no dataset
 * description.
 */
import { UI_EDITABLE_ASPECTS } from '../datahub/editable-aspects.js';
import type { DesiredEntity, ManagedEntityType } from '../model/desired-state.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../model/json.js';
import type { LiveAspect, LiveEntity } from '../model/live-state.js';
import { sameField } from './normalize.js';
import type { PlanNote } from './types.js';

/** The editable aspect DataHub's UI writes for each entity type, and the owned fields of it that DataHub shows. */
export const EDITABLE_ASPECTS: Readonly<
  Partial<Record<ManagedEntityType, { readonly aspect: string; readonly fields: readonly string[] }>>
> = {
  mlFeature: UI_EDITABLE_ASPECTS.mlFeature,
  mlFeatureTable: UI_EDITABLE_ASPECTS.mlFeatureTable,
  mlModel: UI_EDITABLE_ASPECTS.mlModel,
  mlModelGroup: UI_EDITABLE_ASPECTS.mlModelGroup,
};

/** The editable aspects to read for an entity type (none for types the UI edits in place). */
export function editableAspectsOf(entityType: string): string[] {
  const editable = (EDITABLE_ASPECTS as Readonly<Record<string, { readonly aspect: string }>>)[entityType];
  return editable === undefined ? [] : [editable.aspect];
}

/** Who wrote an edit, and when (milliseconds since the epoch), as far as the catalog records it. */
export interface EditStamp {
  readonly actor?: string;
  readonly time?: number;
}

/**
 * One note per owned field whose displayed value is the UI edit: the editable value is set (DataHub's app falls
 * back to the owned aspect on an empty one) and is not the manifest's value.
 */
export function shadowingNotes(desired: DesiredEntity, live: LiveEntity | undefined): PlanNote[] {
  const editable = EDITABLE_ASPECTS[desired.entityType];
  const aspect = editable === undefined ? undefined : live?.aspects.get(editable.aspect);
  if (editable === undefined || aspect === undefined) return [];
  const stamp = editStampOf(aspect);
  const notes: PlanNote[] = [];
  for (const field of editable.fields) {
    const shown = aspect.value[field];
    if (typeof shown !== 'string' || shown.trim() === '') continue;
    if (sameField(desired.aspectName, field, desired.fields[field], shown)) continue;
    notes.push({
      kind: 'shadowedField',
      message:
        `${field} shown in DataHub is the UI edit of ${stamp.actor ?? 'an unknown user'} at ` +
        `${stamp.time === undefined ? 'an unknown time' : new Date(stamp.time).toISOString()} ` +
        `(${editable.aspect}), not the manifest's: ${preview(shown)}`,
      urn: desired.urn,
      source: desired.source,
      shadow: {
        field,
        aspect: desired.aspectName,
        shownFrom: editable.aspect,
        shown,
        ...stamp,
      },
    });
  }
  return notes;
}

/**
 * The edit's audit stamp: the editable aspect's own `lastModified`/`created` when it has them, else the stamps
 * GMS keeps with the aspect (systemMetadata.aspectModified/aspectCreated, then the row's `created`), else only
 * when the aspect was last written (systemMetadata.lastObserved).
 */
export function editStampOf(aspect: LiveAspect): EditStamp {
  const system = aspect.systemMetadata;
  const candidates: (JsonValue | undefined)[] = [
    aspect.value['lastModified'],
    aspect.value['created'],
    system?.['aspectModified'],
    system?.['aspectCreated'],
    aspect.created,
  ];
  for (const candidate of candidates) {
    const stamp = auditStamp(candidate);
    if (stamp !== undefined) return stamp;
  }
  const observed = system?.['lastObserved'];
  return typeof observed === 'number' && observed > 0 ? { time: observed } : {};
}

function auditStamp(value: JsonValue | JsonObject | undefined): EditStamp | undefined {
  if (!isJsonObject(value) || typeof value['actor'] !== 'string' || typeof value['time'] !== 'number')
    return undefined;
  // DataHub's UNKNOWN stamp (urn:li:corpuser:unknown at 0) says nothing.
  if (value['time'] <= 0) return undefined;
  return { actor: value['actor'], time: value['time'] };
}

const PREVIEW_LENGTH = 80;

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line);
}
