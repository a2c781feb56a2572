/**
 * Policies as code: what commands and the plan use. Importing this module loads the CEL library (about 0.1 s),
 * so import it lazily, only for a catalog that has policies (manifest/load-catalog.ts compiles them).
 */
export { compileExpression, toCelValue, type CompileOutcome } from './compile-expression.js';
export {
  evaluatePolicies,
  evaluatePolicy,
  fillPlaceholders,
  violationMessage,
  type EvaluateOptions,
  type PolicyOutcome,
} from './evaluate-policies.js';
export { parsePolicies, type ParsedPolicies } from './parse-policies.js';
export { policySubjects } from './policy-subjects.js';
export { violationToDiagnostic, violationToJson } from './report-violations.js';
export { testPolicies, type PolicyTestReport, type PolicyTestResult } from './test-policies.js';
export type {
  AfterAspects,
  CompiledExpression,
  EntityKind,
  Policy,
  PolicyExample,
  PolicySeverity,
  PolicySubject,
  PolicyViolation,
} from './types.js';
