/**
 * The order apply writes a plan in: steps, each written whole (its requests sharing the places in flight) before
 * the next begins, and a failure stopping the run after its step.
 *
 * The phases (phaseOf) put each entity type after the types it may name. Two neighbouring phases of entity types
 * go in one step when nothing in the later one names an entity the step creates: a plan's model groups and features
 * name no glossary term, so they go out together with the terms' creation, and the tables and models that name
 * those features together in the next step. Each step boundary leaves places idle while its last requests finish
 * (one request for a phase of 80 groups), and creating terms with GraphQL no longer holds back what needs no term.
 * The phases that order other things stay steps of their own: an alias given up before a model takes it, and
 * deletions, retirements and term removals last.
 */
import { isJsonObject, type JsonValue } from '../model/json.js';
import { LAST_PHASE, phaseOf } from './create-plan.js';
import type { Change } from './types.js';

/** The plan's changes in steps, in order; within a step, in the plan's order. */
export function applySteps(changes: readonly Change[]): Change[][] {
  const phases = new Map<number, Change[]>();
  for (const change of changes) {
    const phase = phaseOf(change);
    const list = phases.get(phase);
    if (list === undefined) phases.set(phase, [change]);
    else list.push(change);
  }
  const steps: Change[][] = [];
  let current: Change[] | undefined;
  let created = new Set<string>();
  for (const phase of [...phases.keys()].sort((a, b) => a - b)) {
    const list = phases.get(phase) ?? [];
    const joins =
      current !== undefined &&
      isEntityTypePhase(phase) &&
      isEntityTypePhase(phaseOf(current[0] as Change)) &&
      !list.some((change) => namesAny(change, created));
    if (!joins || current === undefined) {
      current = [];
      created = new Set();
      steps.push(current);
    }
    for (const change of list) {
      current.push(change);
      if (creates(change)) created.add(change.urn);
    }
  }
  return steps;
}

/** The phases of entity types (phaseOf: a whole number below the last phase); others order something else. */
function isEntityTypePhase(phase: number): boolean {
  return Number.isInteger(phase) && phase >= 0 && phase < LAST_PHASE;
}

/** Whether the change brings an entity into the catalog (or back): what a change naming it must wait for. */
export function creates(change: Change): boolean {
  switch (change.kind) {
    case 'createGlossaryTerm':
      return true;
    case 'upsertAspect':
      return change.action === 'create' && change.markStatus;
    case 'status':
      return change.action === 'restore';
    default:
      return false;
  }
}

/** Whether the change names (anywhere in what it writes) one of these entities, other than its own. */
export function namesAny(change: Change, urns: ReadonlySet<string>): boolean {
  if (urns.size === 0) return false;
  if (change.kind === 'createGlossaryTerm' && change.parentNode !== undefined && urns.has(change.parentNode))
    return true;
  return holdsAny(change.after, urns, change.urn);
}

function holdsAny(value: JsonValue, urns: ReadonlySet<string>, own: string): boolean {
  if (typeof value === 'string') return value !== own && urns.has(value);
  if (Array.isArray(value)) return value.some((item: JsonValue) => holdsAny(item, urns, own));
  if (isJsonObject(value)) return Object.values(value).some((item) => holdsAny(item, urns, own));
  return false;
}
