import { DiagnosticsError, sortDiagnostics, type Diagnostic } from '../errors.js';
import { loadCatalog as readCatalog, type CatalogLoad } from '../manifest/load-catalog.js';
import { readEnvironments, type Environment } from '../manifest/select-environment.js';
import type { DesiredState } from '../model/desired-state.js';
import type { Policy } from '../policy/types.js';
import { plural } from '../render/plural.js';
import { parseCacheOptions } from './parse-cache.js';

export interface LoadCatalogOptions {
  /** The catalog directory (relative to cwd): every *.yaml and *.yml file under it. */
  readonly dir: string;
  readonly cwd: string;
  /** Parse through the cache in `<cwd>/.catalog/cache/manifests` (what the CLI does unless --no-cache); default off. */
  readonly cache?: boolean;
  /** The Settings environment to read the manifests with (its env and variables); none: the manifests as written. */
  readonly environment?: string;
}

/** A catalog read, validated and resolved, with its policies compiled. */
export interface LoadedCatalog extends CatalogLoad {
  /** The catalog's Policy documents, compiled (none when it has none). */
  readonly policies: readonly Policy[];
}

/**
 * Reads the catalog directory, validates every manifest (every problem is collected, located, in `diagnostics`)
 * and builds the desired state (`state`, present only when there is no error). Never throws for a problem in the
 * manifests: requireValid does, for callers that need a valid catalog.
 */
export async function loadCatalog(options: LoadCatalogOptions): Promise<LoadedCatalog> {
  const load = await readCatalog(
    options.dir,
    options.cwd,
    parseCacheOptions(options.cwd, options.cache === true),
    options.environment,
  );
  return addPolicies(load);
}

/**
 * Compiles the Policy documents of a load (their broken expressions and duplicate names join its diagnostics,
 * and then, as for any error, the load has no state). The CEL library is imported only when there are
 * policies: loading it costs about 0.1 s, as much as validating a small catalog.
 */
export async function addPolicies(load: CatalogLoad): Promise<LoadedCatalog> {
  if (!load.documents.some((document) => document.manifest.kind === 'Policy'))
    return { ...load, policies: [] };
  const { parsePolicies } = await import('../policy/parse-policies.js');
  const parsed = parsePolicies(load.documents);
  if (parsed.diagnostics.length === 0) return { ...load, policies: parsed.policies };
  const diagnostics = sortDiagnostics([...load.diagnostics, ...parsed.diagnostics]);
  const { state: _state, declarations: _declarations, ...rest } = load;
  const hasErrors = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return { ...(hasErrors ? rest : load), diagnostics, policies: parsed.policies };
}

/** The desired state of a load, or a DiagnosticsError with every problem of the manifests (nothing was planned). */
export function requireValid(load: CatalogLoad): DesiredState {
  const errors: Diagnostic[] = load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (load.state === undefined || errors.length > 0) {
    throw new DiagnosticsError(
      'INVALID_MANIFESTS',
      load.diagnostics,
      `${plural(errors.length, 'problem')} in the manifests; nothing was planned`,
      load.files,
    );
  }
  return load.state;
}

/** The environments the catalog's Settings document declares, sorted by name (none without Settings). */
export function declaredEnvironments(load: CatalogLoad): readonly Environment[] {
  const settings = load.documents.find((document) => document.manifest.kind === 'Settings');
  return readEnvironments(settings?.manifest);
}
