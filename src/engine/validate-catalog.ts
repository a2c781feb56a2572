import { sortDiagnostics, type Diagnostic } from '../errors.js';
import { MANIFEST_KINDS } from '../manifest/schemas.js';
import { violationToDiagnostic } from '../policy/report-violations.js';
import type { PolicyViolation } from '../policy/types.js';
import type { PolicyTestReport } from '../policy/test-policies.js';
import { loadCatalog, type LoadCatalogOptions, type LoadedCatalog } from './load-catalog.js';

export type { PolicyTestReport, PolicyTestResult } from '../policy/test-policies.js';
export type { PolicyViolation } from '../policy/types.js';

/** A catalog checked offline: its manifests, and its policies evaluated on the declared entities. */
export interface Validation {
  readonly load: LoadedCatalog;
  /** The policies' violations (`after` is an empty map offline); none when the catalog has errors. */
  readonly violations: readonly PolicyViolation[];
  /** The manifests' problems and the violations as located diagnostics, sorted by file, line and column. */
  readonly diagnostics: readonly Diagnostic[];
  /** How many of the diagnostics are errors (a violation of an error policy is one). */
  readonly errors: number;
  /** Documents per kind, every manifest kind listed (0 for none), in the schemas' order. */
  readonly counts: Readonly<Record<string, number>>;
}

/**
 * `catalog validate`: loads the catalog and evaluates its policies on the declared entities. Offline; nothing is
 * thrown for a problem of the manifests: `errors` counts them.
 */
export async function validateCatalog(options: LoadCatalogOptions): Promise<Validation> {
  const load = await loadCatalog(options);
  const violations = await evaluateOffline(load);
  const diagnostics = sortDiagnostics([...load.diagnostics, ...violations.map(violationToDiagnostic)]);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return { load, violations, diagnostics, errors, counts: countKinds(load) };
}

/** The policies' violations on the declared entities; none when there are no policies or the catalog has errors. */
async function evaluateOffline(load: LoadedCatalog): Promise<PolicyViolation[]> {
  const { policies } = load;
  if (policies.length === 0 || load.state === undefined) return [];
  const { evaluatePolicies, policySubjects } = await import('../policy/index.js');
  return evaluatePolicies(policies, policySubjects(load));
}

function countKinds(load: LoadedCatalog): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(MANIFEST_KINDS.map((kind) => [kind, 0]));
  for (const { manifest } of load.documents) counts[manifest.kind] = (counts[manifest.kind] ?? 0) + 1;
  return counts;
}

/** A catalog's policies run against their own examples (none when the catalog has errors or no policies). */
export interface PolicyTests {
  readonly load: LoadedCatalog;
  readonly report: PolicyTestReport;
  /** How many of the load's diagnostics are errors (then no policy was tested). */
  readonly errors: number;
  /** No error, and every test passed. */
  readonly ok: boolean;
}

const NO_TESTS: PolicyTestReport = { results: [], untested: [] };

/**
 * `catalog policies test`: runs each policy against the examples it declares (examples.pass must satisfy it,
 * examples.fail must violate it), like conftest's tests. Offline.
 */
export async function testCatalogPolicies(options: LoadCatalogOptions): Promise<PolicyTests> {
  const load = await loadCatalog(options);
  const errors = load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  let report = NO_TESTS;
  if (errors === 0 && load.policies.length > 0) {
    const { testPolicies } = await import('../policy/test-policies.js');
    report = testPolicies(load.policies);
  }
  const failed = report.results.filter((result) => !result.passed).length;
  return { load, report, errors, ok: errors === 0 && failed === 0 };
}
