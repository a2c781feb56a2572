/**
 * The package's library entry (package.json `exports`): run the CLI in-process, load and validate manifests,
 * and read or write plan documents. Everything else is internal and may change between minor versions.
 */
export { runCli, VERSION } from './cli/program.js';
export { processIo, type CliIo, type OutputStream } from './cli/io.js';
export { loadCatalog, type CatalogLoad } from './manifest/load-catalog.js';
export { parsePlan, serializePlan } from './plan/plan-json.js';
export { PLAN_FORMAT_VERSION, type Change, type Plan } from './plan/types.js';
export { CatalogError, DiagnosticsError } from './errors.js';
