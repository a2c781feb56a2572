import { sortDiagnostics, type Diagnostic } from '../errors.js';
import type { DesiredState } from '../model/desired-state.js';
import type { ValidatedDocument } from './kinds.js';
import { parseDocuments, type SourceFile } from './parse-documents.js';
import { readManifestFiles } from './read-manifest-files.js';
import { resolveDesiredState } from './resolve-desired-state.js';
import { loadValidators } from './schemas.js';
import { validateDocuments } from './validate-documents.js';

export interface CatalogLoad {
  readonly files: readonly SourceFile[];
  readonly documents: readonly ValidatedDocument[];
  /** Present only when there are no errors. */
  readonly state?: DesiredState;
  /** Every problem found, sorted by file, line and column. */
  readonly diagnostics: readonly Diagnostic[];
}

/** parse → validate → resolve over files already read: pure apart from compiling the schemas once. */
export function buildCatalog(files: readonly SourceFile[]): CatalogLoad {
  const parsed = files.map(parseDocuments);
  const validated = validateDocuments(
    parsed.flatMap((outcome) => outcome.documents),
    loadValidators(),
  );
  const resolved = resolveDesiredState(validated.documents, [
    ...validated.rejected,
    ...parsed.flatMap((outcome) => outcome.partialValues),
  ]);
  const diagnostics = sortDiagnostics([
    ...parsed.flatMap((outcome) => outcome.diagnostics),
    ...validated.diagnostics,
    ...resolved.diagnostics,
  ]);
  const hasErrors = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return {
    files,
    documents: validated.documents,
    diagnostics,
    ...(hasErrors ? {} : { state: resolved.state }),
  };
}

/** Reads the catalog directory and builds its desired state. */
export async function loadCatalog(dir: string, cwd?: string): Promise<CatalogLoad> {
  return buildCatalog(await readManifestFiles(dir, cwd));
}
