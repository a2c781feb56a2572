/**
 * The package's library entry (package.json `exports["."]`): the engine the CLI and the GitHub Action run on.
 * Typed options in, typed results out; progress and warnings are events; nothing is printed and the process is
 * never exited. docs/api.md describes it with a worked example. Everything not exported here is internal and may
 * change between minor versions. (The CLI itself, in-process, is `datahub-gitops/cli`.)
 */

// What every operation is given, and what it reports as it works.
export { environmentFromVariables, type EngineContext, type TargetOptions } from './engine/context.js';
export { describeEvent, type EngineEvent, type EventListener } from './engine/events.js';
export { ENVIRONMENT_NAME, type Environment } from './engine/environments.js';

// Catalogs: load, validate, test policies.
export {
  addPolicies,
  declaredEnvironments,
  loadCatalog,
  requireValid,
  type LoadCatalogOptions,
  type LoadedCatalog,
} from './engine/load-catalog.js';
export {
  testCatalogPolicies,
  validateCatalog,
  type PolicyTestReport,
  type PolicyTestResult,
  type PolicyTests,
  type PolicyViolation,
  type Validation,
} from './engine/validate-catalog.js';

// Plans: make one (and apply it), apply a saved one, save and read them.
export { planCatalog, type PlanOptions, type PlannedRun } from './engine/plan-catalog.js';
export { openSavedPlan, type SavedPlan, type SavedPlanOptions } from './engine/open-saved-plan.js';
export { readPlanFile, writePlanFile } from './engine/plan-file.js';
export type {
  ApplyOptions,
  ApplyResult,
  RunResult,
  StepResult,
  StepStatus,
  Verification,
  VerifyFailure,
} from './engine/apply-changes.js';
export { parsePlan, serializePlan } from './plan/plan-json.js';
export { planDigest } from './plan/plan-digest.js';

// Runs: list them, undo one.
export { listRuns, type RunListing, type RunRecord, type RunsOptions } from './engine/list-runs.js';
export { planRollback, type PlannedRollback, type RollbackOptions } from './engine/rollback-run.js';
export { PLAN_FORMAT_VERSION, type Change, type Plan } from './plan/types.js';

// Bringing DataHub's side into the manifests, and manifests from elsewhere.
export {
  planAdoption,
  type Adoption,
  type AdoptionConflict,
  type AdoptionOptions,
  type AdoptionRun,
  type EditedFile,
} from './engine/plan-adoption.js';
export {
  exportCatalog,
  writeManifestFiles,
  type ExportedManifests,
  type ExportKind,
  type ExportOptions,
} from './engine/export-catalog.js';
export { EXPORT_KINDS } from './engine/export-kinds.js';
export {
  importGlossaryFile,
  writeGlossaryManifests,
  type GlossaryImport,
  type GlossaryImportOptions,
  type ImportResult,
  type ResolvedDomain,
} from './engine/import-glossary.js';
export { importDatahubFiles, type DatahubFilesImport, type DatahubImport } from './engine/import-datahub.js';

// The catalog itself: load metadata files, read aspects, serve the embedded catalog.
export { ingestFiles, type IngestOptions, type IngestOutcome } from './engine/ingest-files.js';
export { readAspects, type ReadAspectsOptions } from './engine/read-aspects.js';
export { serveCatalog, type ServedCatalog, type ServeOptions } from './engine/serve-catalog.js';

// Printing as the CLI prints.
export { renderPlan, type PlanFormat } from './render/render-plan.js';
export { linesOf, renderDiagnostics } from './render/render-diagnostics.js';
export { renderError } from './render/render-error.js';
export { failureReport, renderApplyLine, renderRunLine } from './render/render-apply.js';
export { renderRunsJson, renderRunsText } from './render/render-runs.js';
export { createStyle, useColor, type Style } from './render/style.js';

export { CatalogError, DiagnosticsError, type Diagnostic, type SourceLocation } from './errors.js';
export { VERSION } from './engine/version.js';
