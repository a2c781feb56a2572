import { sortDiagnostics, type Diagnostic } from '../errors.js';
import type { DesiredState } from '../model/desired-state.js';
import type { Declaration } from '../kinds/declaration.js';
import type { ValidatedDocument } from '../kinds/registry.js';
import { openParseCache } from './parse-cache.js';
import { outcomeOf, parseDocuments, type ParseOutcome, type SourceFile } from './parse-documents.js';
import { parseFilesInParallel } from './parse-in-parallel.js';
import { readManifestFiles } from './read-manifest-files.js';
import { interpolateVariables } from './interpolate-variables.js';
import type { Environment } from './select-environment.js';
import { resolveDesiredState } from './resolve-desired-state.js';
import { loadValidators } from './schemas.js';
import { validateDocuments } from './validate-documents.js';

export interface CatalogLoad {
  readonly files: readonly SourceFile[];
  readonly documents: readonly ValidatedDocument[];
  /** Present only when there are no errors. */
  readonly state?: DesiredState;
  /** The declared entities as policies see them; present only when there are no errors. */
  readonly declarations?: readonly Declaration[];
  /** Every problem found, sorted by file, line and column. */
  readonly diagnostics: readonly Diagnostic[];
  /** The Settings environment the catalog was built for (absent: none asked for, or an unknown one). */
  readonly environment?: Environment;
}

/**
 * parse → validate → resolve over files already read: pure apart from compiling the schemas once (and the parse
 * cache, when one is given).
 */
export function buildCatalog(
  files: readonly SourceFile[],
  parse: (file: SourceFile) => ParseOutcome = parseDocuments,
  /** The Settings environment to build for (--environment); none: the manifests as written. */
  environment?: string,
  /**
   * `policies`: build the entities policies see only when the catalog has Policy documents (what the commands do:
   * at 250,000 entities they are 165 MB nobody reads otherwise); `always` for callers that read them regardless.
   */
  declarations: 'always' | 'policies' = 'always',
): CatalogLoad {
  return buildFromParsed(
    files,
    files.map((file) => parse(file)),
    environment,
    declarations,
  );
}

/** buildCatalog over files already parsed (`parsed[i]` is `files[i]`'s outcome). */
function buildFromParsed(
  files: readonly SourceFile[],
  parsed: readonly ParseOutcome[],
  environment: string | undefined,
  declarations: 'always' | 'policies',
): CatalogLoad {
  // Environments (interpolate-variables.ts): `${var.name}` replaced before the schemas see the values.
  const interpolated = interpolateVariables(
    parsed.flatMap((outcome) => outcome.documents),
    environment,
  );
  const validated = validateDocuments(interpolated.documents, loadValidators());
  const resolved = resolveDesiredState(
    validated.documents,
    [...validated.rejected, ...parsed.flatMap((outcome) => outcome.partialValues)],
    interpolated.environment,
    declarations === 'always' || validated.documents.some((document) => document.manifest.kind === 'Policy'),
  );
  const diagnostics = sortDiagnostics([
    ...parsed.flatMap((outcome) => outcome.diagnostics),
    ...interpolated.diagnostics,
    ...validated.diagnostics,
    ...resolved.diagnostics,
  ]);
  const hasErrors = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return {
    files,
    documents: validated.documents,
    diagnostics,
    ...(interpolated.environment === undefined ? {} : { environment: interpolated.environment }),
    ...(hasErrors ? {} : { state: resolved.state, declarations: resolved.declarations }),
  };
}

export interface ParseCacheOptions {
  /** Where parsed files are cached (see parse-cache.ts); none: every file is parsed. */
  readonly dir: string;
  readonly toolVersion: string;
}

/** Reads the catalog directory and builds its desired state. */
export async function loadCatalog(
  dir: string,
  cwd?: string,
  cache?: ParseCacheOptions,
  environment?: string,
): Promise<CatalogLoad> {
  const files = await readManifestFiles(dir, cwd);
  // Parsed on two threads when the catalog is large (parse-in-parallel.ts), through the cache when there is one.
  const parseCache = cache === undefined ? undefined : openParseCache(cache.dir, cache.toolVersion);
  const outcomes =
    parseCache === undefined
      ? (await parseFilesInParallel(files)).map((parsed, index) =>
          outcomeOf(files[index] as SourceFile, parsed),
        )
      : await parseCache.parseAll(files, parseFilesInParallel);
  const load = buildFromParsed(files, outcomes, environment, 'policies');
  parseCache?.prune();
  return load;
}
