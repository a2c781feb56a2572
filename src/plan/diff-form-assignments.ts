/**
 * A form's assignment to an entity: the entity's `forms` aspect lists it (FormAssociation {urn, incompletePrompts,
 * completedPrompts}), written as DataHub's FormService.batchAssignFormToEntities writes it (v1.7.0: a new form joins
 * incompleteForms with every prompt incomplete; a form already there, complete or not, is left as it is) and
 * removed as batchUnassignFormForEntities removes it (from both lists).
 *
 * A FormAssociation has no field a marker fits in. The tool marks the prompt associations it writes (their
 * lastModified stamp: its actor, and its context as the message), and records the forms it assigned in the marker of
 * its write of the aspect too (`declared`, ownership.ts withDeclaredFields), for a form without prompts: only forms
 * so marked are ever removed. FormService keeps the other forms' associations as they are when a steward assigns
 * another form; once stewards have completed every prompt of a form the tool assigned and the aspect was rewritten,
 * the tool no longer knows it assigned the form and leaves it (the safe direction), as it leaves forms others
 * assigned.
 */
import type { SourceLocation } from '../errors.js';
import type { DesiredState } from '../model/desired-state.js';
import { isJsonObject, stringOr, type JsonObject, overlaid } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { plannedStamp } from './diff-term-edges.js';
import { OWNERSHIP_CONTEXT, wroteDeclaredField } from './ownership.js';
import { aspectChangeBase, type AssociationItem, type AssociationsChange } from './types.js';

export interface WantedForm {
  readonly formUrn: string;
  readonly promptIds: readonly string[];
  readonly source: SourceLocation;
}

/** The forms the manifests assign, by entity URN (from each Form's `assignedTo`). */
export function formsByEntity(desired: DesiredState): Map<string, WantedForm[]> {
  const byEntity = new Map<string, WantedForm[]>();
  for (const form of desired.entities) {
    if (form.entityType !== 'form' || form.assignedTo === undefined) continue;
    const prompts = Array.isArray(form.fields['prompts']) ? form.fields['prompts'].filter(isJsonObject) : [];
    const promptIds = prompts.map((prompt) => stringOr(prompt['id']));
    for (const entity of form.assignedTo) {
      const list = byEntity.get(entity.urn) ?? [];
      list.push({ formUrn: form.urn, promptIds, source: entity.source });
      byEntity.set(entity.urn, list);
    }
  }
  return byEntity;
}

/**
 * The stamp of a prompt association the tool writes: its actor and, as the stamp's message, the tool's context (an
 * AuditStamp has room for one): the marker that tells an association the tool made, whoever rewrote the aspect
 * since (FormService keeps the other forms' associations as they are).
 */
function promptStamp(actor: string): JsonObject {
  return { ...plannedStamp(actor), message: OWNERSHIP_CONTEXT };
}

function promptMarked(form: JsonObject, actor: string): boolean {
  const prompts = [form['incompletePrompts'], form['completedPrompts']].flatMap((list) =>
    Array.isArray(list) ? list.filter(isJsonObject) : [],
  );
  return prompts.some((prompt) => {
    const stamp = prompt['lastModified'];
    return isJsonObject(stamp) && stamp['actor'] === actor && stamp['message'] === OWNERSHIP_CONTEXT;
  });
}

function formsOf(aspect: JsonObject | undefined, list: 'incompleteForms' | 'completedForms'): JsonObject[] {
  const forms = aspect?.[list];
  return Array.isArray(forms) ? forms.filter(isJsonObject) : [];
}

/** The change of one entity's forms aspect, or undefined when it has what the manifests ask. */
export function diffFormAssignments(
  target: { readonly urn: string; readonly entityType: string; readonly source?: SourceLocation },
  wanted: readonly WantedForm[],
  live: LiveEntity | undefined,
  actor: string,
): AssociationsChange | undefined {
  const liveAspect = live?.aspects.get('forms');
  const current = liveAspect?.value;
  if (current === undefined && wanted.length === 0) return undefined;
  const wantedUrns = new Set(wanted.map((form) => form.formUrn));
  const owned = (form: JsonObject, urn: string): boolean =>
    promptMarked(form, actor) || wroteDeclaredField(liveAspect?.systemMetadata, actor, urn);
  const removed: AssociationItem[] = [];
  const keep = (form: JsonObject): boolean => {
    const urn = stringOr(form['urn']);
    if (wantedUrns.has(urn) || !owned(form, urn)) return true;
    removed.push({ key: urn, label: urn });
    return false;
  };
  const incomplete = formsOf(current, 'incompleteForms').filter(keep);
  const completed = formsOf(current, 'completedForms').filter(keep);
  const present = new Set([...incomplete, ...completed].map((form) => stringOr(form['urn'])));
  const added: AssociationItem[] = [];
  for (const form of wanted) {
    if (present.has(form.formUrn)) continue;
    present.add(form.formUrn);
    added.push({ key: form.formUrn, label: form.formUrn, source: form.source });
    incomplete.push({
      urn: form.formUrn,
      incompletePrompts: form.promptIds.map((id) => ({ id, lastModified: promptStamp(actor) })),
      completedPrompts: [],
    });
  }
  if (added.length === 0 && removed.length === 0) return undefined;
  // The forms the tool has assigned once this is written: what the manifests ask, that the aspect holds.
  const declared = [...wantedUrns].filter((urn) => present.has(urn)).sort();
  const envelope: JsonObject = { incompleteForms: [], completedForms: [], verifications: [] };
  return {
    kind: 'associations',
    action: current === undefined ? 'create' : 'update',
    ...aspectChangeBase(target.urn, target.entityType, 'forms', live, target.source ?? wanted[0]?.source),
    added,
    removed,
    before: current ?? null,
    after: overlaid(current ?? envelope, { incompleteForms: incomplete, completedForms: completed }),
    ...(declared.length === 0 ? {} : { declared }),
  };
}
