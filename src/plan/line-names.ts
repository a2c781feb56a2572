/**
 * Every line of a plan names the entity it is about, by name and URN: a reviewer with several notes on several
 * models must be able to tell which one each is about without decoding URNs. The name is what people call the
 * entity: the name the manifest declares, else the one the catalog holds, else the one its URN carries (a feature's
 * `namespace.name`, a dataset's name). Pure.
 */
import type { DesiredState } from '../model/desired-state.js';
import { isJsonObject } from '../model/json.js';
import type { LiveEntity, LiveState } from '../model/live-state.js';
import { nameFromUrn } from './entity-names.js';
import type { Change, Plan, PlanNote, PlanPolicyViolation } from './types.js';

/** The aspects whose `name` field is an entity's display name, as DataHub's pages show it. */
const NAME_ASPECTS = [
  'glossaryTermInfo',
  'glossaryNodeInfo',
  'tagProperties',
  'domainProperties',
  'dataProductProperties',
  'ownershipTypeInfo',
  'mlModelProperties',
  'mlModelGroupProperties',
  'mlFeatureTableProperties',
  'datasetProperties',
] as const;

/** Looks an entity's name up by URN; every URN has one (at worst the name its URN carries). */
export type NameOf = (urn: string) => string;

/** Names from the manifests first, then from the live catalog. */
export function namesOf(desired: DesiredState, live: LiveState): NameOf {
  const declared = new Map<string, string>();
  for (const entity of desired.entities) {
    const name = entity.fields['name'];
    if (typeof name === 'string' && name.trim() !== '') declared.set(entity.urn, name);
  }
  return (urn) => declared.get(urn) ?? liveName(live, urn) ?? nameFromUrn(urn);
}

/** Names from what was read of the catalog alone (a plan made without manifests: a rollback's). */
export function liveNamesOf(entities: ReadonlyMap<string, LiveEntity>): NameOf {
  return (urn) => liveName({ entities }, urn) ?? nameFromUrn(urn);
}

function liveName(live: LiveState, urn: string): string | undefined {
  const entity = live.entities.get(urn) ?? live.undeclared?.get(urn);
  if (entity === undefined) return undefined;
  for (const aspect of NAME_ASPECTS) {
    const value = entity.aspects.get(aspect)?.value;
    const name = isJsonObject(value) ? value['name'] : undefined;
    if (typeof name === 'string' && name.trim() !== '') return name;
  }
  return undefined;
}

/** The plan with every change, note and policy warning carrying its entity's name. */
export function withLineNames(plan: Plan, nameOf: NameOf): Plan {
  return {
    ...plan,
    changes: plan.changes.map((change) => named(change, nameOf)),
    notes: plan.notes.map((note) => named(note, nameOf)),
    ...(plan.policyWarnings === undefined
      ? {}
      : { policyWarnings: plan.policyWarnings.map((warning) => named(warning, nameOf)) }),
  };
}

function named<T extends Change | PlanNote | PlanPolicyViolation>(line: T, nameOf: NameOf): T {
  return line.name === undefined ? { ...line, name: nameOf(line.urn) } : line;
}

/** The names a plan's lines already carry, for what is added to it later (policy warnings, refusals). */
export function namesInPlan(plan: Pick<Plan, 'changes' | 'notes'>): NameOf {
  const names = new Map<string, string>();
  for (const line of [...plan.changes, ...plan.notes])
    if (line.name !== undefined) names.set(line.urn, line.name);
  return (urn) => names.get(urn) ?? nameFromUrn(urn);
}

/**
 * How a line names its entity: `fraud-detector (urn:li:mlModelGroup:(…))`, or the URN alone when the name is the
 * URN itself (an entity type whose URN carries no shorter name).
 */
export function entityLabel(name: string | undefined, urn: string): string {
  return name === undefined || name === urn || name.trim() === '' ? urn : `${name} (${urn})`;
}

/** A line's label: its name (else the name its URN carries) and its URN. */
export function lineLabel(line: { readonly urn: string; readonly name?: string }): string {
  return entityLabel(line.name ?? nameFromUrn(line.urn), line.urn);
}
