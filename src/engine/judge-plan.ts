import { DiagnosticsError } from '../errors.js';
import type { CatalogLoad } from '../manifest/load-catalog.js';
import type { LiveState } from '../model/live-state.js';
import { aspectsAfter } from '../plan/aspects-after.js';
import { namesInPlan } from '../plan/line-names.js';
import type { Plan } from '../plan/types.js';
import type { Policy, PolicySubject } from '../policy/types.js';
import { plural } from '../render/plural.js';
import type { LoadedCatalog } from './load-catalog.js';

/** The catalog's policies with the declared entities they are evaluated on (none: the catalog has no policies). */
export interface LoadedPolicies {
  readonly policies: readonly Policy[];
  readonly subjects: readonly PolicySubject[];
}

export const NO_POLICIES: LoadedPolicies = { policies: [], subjects: [] };

/** What planning keeps of a load's policies. The policy module (and CEL) is loaded only when there are some. */
export async function policiesOf(load: LoadedCatalog): Promise<LoadedPolicies> {
  if (load.policies.length === 0) return NO_POLICIES;
  const { policySubjects } = await import('../policy/index.js');
  return { policies: load.policies, subjects: policySubjects(load) };
}

/**
 * Evaluates the policies with `after`, the aspects once the plan is applied: a violation of an error policy stops
 * the run before any write (located like a manifest error); warnings go into the plan.
 */
export async function judgePlan(
  plan: Plan,
  loaded: LoadedPolicies,
  live: LiveState,
  files: CatalogLoad['files'],
): Promise<Plan> {
  if (loaded.policies.length === 0) return plan;
  const { evaluatePolicies, violationToDiagnostic } = await import('../policy/index.js');
  // With --changed-since, only the entities the plan looked at are judged.
  const planned = new Set(plan.changes.map((change) => change.urn));
  const subjects = loaded.subjects.filter(
    (subject) => planned.has(subject.urn) || live.entities.has(subject.urn),
  );
  const violations = evaluatePolicies(loaded.policies, subjects, { after: aspectsAfter(plan, live) });
  const errors = violations.filter((violation) => violation.severity === 'error');
  if (errors.length > 0) {
    throw new DiagnosticsError(
      'PREFLIGHT_FAILED',
      violations.map(violationToDiagnostic),
      `${plural(errors.length, 'violation')} of error policies; nothing was written (docs/policies.md)`,
      files,
    );
  }
  const nameOf = namesInPlan(plan);
  return {
    ...plan,
    policyWarnings: violations.map((violation) => ({ ...violation, name: nameOf(violation.urn) })),
  };
}
