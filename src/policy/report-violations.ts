import type { Diagnostic } from '../errors.js';
import type { PolicyViolation } from './types.js';

/**
 * A violation as a located diagnostic, at the entity's manifest line: validate (and any renderer of
 * diagnostics) shows it with its code frame; the hint names where the policy is, and why the rule failed.
 */
export function violationToDiagnostic(violation: PolicyViolation): Diagnostic {
  const { file, line } = violation.policySource;
  const where = `policy '${violation.policy}' is at ${file}:${line}`;
  return {
    code: 'POLICY_VIOLATION',
    severity: violation.severity,
    message: `${violation.message} (policy ${violation.policy})`,
    location: violation.source,
    hint: violation.reason === undefined ? where : `${violation.reason}; ${where}`,
    related: violation.policySource,
  };
}

/** The JSON form of a violation (validate --output json, and plans): flat, stable keys. */
export function violationToJson(violation: PolicyViolation): Record<string, unknown> {
  return {
    policy: violation.policy,
    policyFile: violation.policySource.file,
    policyLine: violation.policySource.line,
    severity: violation.severity,
    kind: violation.kind,
    urn: violation.urn,
    file: violation.source.file,
    line: violation.source.line,
    column: violation.source.column,
    message: violation.message,
    reason: violation.reason ?? null,
  };
}
