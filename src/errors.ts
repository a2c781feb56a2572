/**
 * Three kinds of failure, three mechanisms (architecture.md, house rule 6):
 * - mistakes in the user's manifests are Diagnostics, collected and reported together;
 * - failures of the environment (network, server, files, git) are CatalogErrors with a code;
 * - bugs are assertions (InternalError).
 */

export interface SourceLocation {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

export type DiagnosticCode =
  | 'INVALID_ENCODING'
  | 'CONTROL_CHARACTER'
  | 'YAML_SYNTAX'
  | 'NOT_A_MAPPING'
  | 'MISSING_API_VERSION'
  | 'UNKNOWN_API_VERSION'
  | 'MISSING_KIND'
  | 'UNKNOWN_KIND'
  | 'UNKNOWN_FIELD'
  | 'MISSING_FIELD'
  | 'WRONG_TYPE'
  | 'INVALID_VALUE'
  | 'MALFORMED_URN'
  | 'DUPLICATE_DECLARATION'
  | 'UNKNOWN_REFERENCE'
  | 'REFERENCE_CYCLE'
  | 'MISSING_ENTITY'
  | 'MISSING_DATASET'
  | 'MISSING_COLUMN'
  | 'MISSING_TERM'
  | 'INVALID_ASPECT'
  | 'BREAKING_CHANGE'
  | 'UNOWNED_EDGE'
  | 'INVALID_EXPRESSION'
  | 'POLICY_VIOLATION';

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: 'error' | 'warning';
  /** One sentence, no file path in it. */
  readonly message: string;
  readonly location?: SourceLocation;
  /** e.g. "did you mean 'description'?" */
  readonly hint?: string;
  /** A second place the problem involves, e.g. the first declaration of a duplicate. */
  readonly related?: SourceLocation;
}

export type ErrorCode =
  | 'INVALID_MANIFESTS'
  | 'PREFLIGHT_FAILED'
  | 'FILE_ERROR'
  | 'CONFIG_INVALID'
  | 'HTTP_ERROR'
  | 'NETWORK_ERROR'
  | 'BAD_RESPONSE'
  | 'AUTH_FAILED'
  | 'GRAPHQL_ERROR'
  | 'STALE_PLAN'
  | 'PLAN_INVALID'
  | 'TOO_MANY_DELETES'
  | 'UNSUPPORTED_SERVER'
  | 'APPLY_FAILED'
  | 'GIT_ERROR'
  | 'INGEST_INVALID'
  | 'NOT_FOUND'
  | 'RUN_EMPTY'
  | 'VERSIONS_GONE'
  | 'USAGE'
  | 'INTERNAL_ERROR';

export class CatalogError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }
}

/** Carries every diagnostic of a failed step (manifest validation, preflight). */
export class DiagnosticsError extends CatalogError {
  readonly diagnostics: readonly Diagnostic[];
  /** The source files the diagnostics point into, for code frames. */
  readonly files: readonly { readonly path: string; readonly text: string }[];
  constructor(
    code: ErrorCode,
    diagnostics: readonly Diagnostic[],
    summary: string,
    files: readonly { readonly path: string; readonly text: string }[] = [],
  ) {
    super(code, summary);
    this.diagnostics = diagnostics;
    this.files = files;
  }
}

export class InternalError extends CatalogError {
  constructor(message: string) {
    super('INTERNAL_ERROR', message);
  }
}

export function assertNever(value: never): never {
  throw new InternalError(`unexpected value: ${JSON.stringify(value)}`);
}

export function compareLocations(a: SourceLocation | undefined, b: SourceLocation | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
}

/** Diagnostics in a stable order: by file, line, column, then code and message. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compareLocations(a.location, b.location) ||
      a.code.localeCompare(b.code) ||
      a.message.localeCompare(b.message),
  );
}
