/**
 * Policies as code (docs/policies.md): a Policy document compiled once, the entities it is evaluated on, and
 * what an evaluation finds.
 */
import type { CelInput } from '@bufbuild/cel';
import type { SourceLocation } from '../errors.js';
import type { PolicySeverity } from '../kinds/policy.js';
import type { EntityKind } from '../kinds/registry.js';
import type { JsonObject } from '../model/json.js';

export type { PolicySeverity } from '../kinds/policy.js';
export type { EntityKind } from '../kinds/registry.js';

/** What an expression answers on one entity: true or false, or why it gave neither (a CEL error, another type). */
export type ExpressionResult =
  { readonly ok: true; readonly value: boolean } | { readonly ok: false; readonly error: string };

/** The values an expression sees, already converted for the CEL library (see toCelValue). */
export interface PolicyBindings {
  readonly entity: CelInput;
  readonly after: CelInput;
}

/** A CEL expression parsed and planned once, evaluated on every entity. */
export interface CompiledExpression {
  readonly text: string;
  /** Where the expression's value starts in its manifest. */
  readonly source: SourceLocation;
  /** Whether it names `after` at all: when no expression does, the `after` lookup is never made. */
  readonly usesAfter: boolean;
  readonly evaluate: (bindings: PolicyBindings) => ExpressionResult;
}

/** An example of `examples.pass` / `examples.fail`: a partial entity, and `after` when it gives one. */
export interface PolicyExample {
  /** The example as written, with `kind` filled in (the first of match.kinds) when it names none. */
  readonly entity: JsonObject;
  /** The example's `after` key (not part of the entity); {} when it has none. */
  readonly after: JsonObject;
  readonly source: SourceLocation;
}

export interface Policy {
  readonly name: string;
  readonly description?: string;
  readonly severity: PolicySeverity;
  readonly kinds: readonly EntityKind[];
  readonly where?: CompiledExpression;
  readonly rule: CompiledExpression;
  /** The message template, {{field}} placeholders unfilled. */
  readonly message?: string;
  readonly examples: { readonly pass: readonly PolicyExample[]; readonly fail: readonly PolicyExample[] };
  /** The policy's `name:` line. */
  readonly source: SourceLocation;
}

/** A declared entity a policy is evaluated on (see kinds/declaration.ts for what `entity` holds). */
export interface PolicySubject {
  readonly kind: EntityKind;
  readonly urn: string;
  readonly source: SourceLocation;
  readonly entity: JsonObject;
}

/** The aspects of an entity once the plan is applied: aspect name to value (absent aspects are missing keys). */
export type AfterAspects = Readonly<Record<string, JsonObject>>;

/** One entity that does not satisfy one policy. */
export interface PolicyViolation {
  readonly policy: string;
  readonly policySource: SourceLocation;
  readonly severity: PolicySeverity;
  readonly kind: EntityKind;
  readonly urn: string;
  /** Where the entity is declared. */
  readonly source: SourceLocation;
  /** The policy's message with its placeholders filled, else one that names the policy. */
  readonly message: string;
  /** Present when the rule (or `where`) could not be evaluated on this entity: what went wrong. */
  readonly reason?: string;
}
