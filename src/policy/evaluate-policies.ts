import type { CelInput } from '@bufbuild/cel';
import { compareText } from '../model/compare-text.js';
import { compareLocations } from '../errors.js';
import { stableStringify, type JsonObject, type JsonValue } from '../model/json.js';
import { toCelValue } from './compile-expression.js';
import type { AfterAspects, EntityKind, Policy, PolicySubject, PolicyViolation } from './types.js';

export interface EvaluateOptions {
  /**
   * During a plan: the aspects of an entity (by URN) as they will be once the plan is applied. Without it
   * (offline `validate`), and for a URN it answers undefined, `after` is an empty map: a rule written
   * `!has(after.globalTags) || …` holds, and a `where` that needs `after` does not match.
   */
  readonly after?: (urn: string) => AfterAspects | undefined;
}

/** What one policy finds on one entity. */
export type PolicyOutcome =
  | { readonly status: 'not-matched' }
  | { readonly status: 'compliant' }
  | { readonly status: 'violated'; readonly reason?: string };

const EMPTY_MAP: CelInput = new Map<string, CelInput>();

/**
 * Evaluates every policy on every subject of a kind it matches: `where` first (false: the policy does not
 * apply), then `rule` (true: compliant). An expression that fails on an entity (a missing field, a type
 * mismatch) makes a violation whose reason says so, never a crash. Violations come sorted by the entity's
 * manifest location, then policy name and URN.
 */
export function evaluatePolicies(
  policies: readonly Policy[],
  subjects: readonly PolicySubject[],
  options: EvaluateOptions = {},
): PolicyViolation[] {
  const byKind = new Map<EntityKind, Policy[]>();
  for (const policy of policies)
    for (const kind of policy.kinds) byKind.set(kind, [...(byKind.get(kind) ?? []), policy]);
  const violations: PolicyViolation[] = [];
  for (const subject of subjects) {
    const applicable = byKind.get(subject.kind);
    if (applicable === undefined) continue;
    // Converted once per entity, not once per policy: catalogs have tens of thousands of entities.
    const entity = toCelValue(subject.entity);
    const needsAfter = applicable.some((policy) => policy.rule.usesAfter || policy.where?.usesAfter === true);
    const afterAspects = needsAfter ? options.after?.(subject.urn) : undefined;
    const after = afterAspects === undefined ? EMPTY_MAP : toCelValue(afterAspects);
    for (const policy of applicable) {
      const outcome = evaluatePolicy(policy, entity, after);
      if (outcome.status !== 'violated') continue;
      violations.push({
        policy: policy.name,
        policySource: policy.source,
        severity: policy.severity,
        kind: subject.kind,
        urn: subject.urn,
        source: subject.source,
        message: violationMessage(policy, subject),
        ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
      });
    }
  }
  return violations.sort(
    (a, b) =>
      compareLocations(a.source, b.source) ||
      compareText(a.policy, b.policy) ||
      compareText(a.urn, b.urn) ||
      compareText(a.kind, b.kind),
  );
}

/** One policy on one entity, both already converted for CEL (also what `catalog policies test` runs). */
export function evaluatePolicy(policy: Policy, entity: CelInput, after: CelInput): PolicyOutcome {
  if (policy.where !== undefined) {
    const matched = policy.where.evaluate({ entity, after });
    if (!matched.ok)
      return { status: 'violated', reason: `the where condition failed on this entity: ${matched.error}` };
    if (!matched.value) return { status: 'not-matched' };
  }
  const result = policy.rule.evaluate({ entity, after });
  if (!result.ok) return { status: 'violated', reason: `the rule failed on this entity: ${result.error}` };
  return result.value ? { status: 'compliant' } : { status: 'violated' };
}

/** The policy's message with {{field}} (or {{field.sub}}) filled from the entity; a field it lacks stays as written. */
export function violationMessage(
  policy: Policy,
  subject: Pick<PolicySubject, 'kind' | 'urn' | 'entity'>,
): string {
  if (policy.message === undefined) {
    const about = policy.description === undefined ? '' : `: ${policy.description}`;
    return `${subject.kind} ${subject.urn} does not satisfy policy '${policy.name}'${about}`;
  }
  return fillPlaceholders(policy.message, subject.entity);
}

export function fillPlaceholders(template: string, entity: JsonObject): string {
  return template.replace(
    /\{\{\s*([A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)*)\s*\}\}/g,
    (placeholder, path: string) => {
      let value: JsonValue | undefined = entity;
      for (const key of path.split('.')) {
        value =
          typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key)
            ? (value as JsonObject)[key]
            : undefined;
      }
      return value === undefined ? placeholder : printValue(value);
    },
  );
}

function printValue(value: JsonValue): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  if (typeof value === 'object' && value !== null) return stableStringify(value);
  return String(value);
}
