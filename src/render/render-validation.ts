import type { Diagnostic } from '../errors.js';
import { violationToJson } from '../policy/report-violations.js';
import type { PolicyViolation } from '../policy/types.js';
import { diagnosticToJson } from './render-diagnostics.js';

/** `catalog validate --output json`: whether the catalog is valid, what it declares, every problem and violation. */
export function validationToJson(validation: {
  readonly errors: number;
  readonly files: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly diagnostics: readonly Diagnostic[];
  readonly violations: readonly PolicyViolation[];
}): Record<string, unknown> {
  return {
    formatVersion: 1,
    valid: validation.errors === 0,
    files: validation.files,
    counts: validation.counts,
    diagnostics: validation.diagnostics.map(diagnosticToJson),
    violations: validation.violations.map(violationToJson),
  };
}
