/**
 * What a kind's pass of the resolver works with (kind.ts, ResolvePart): manifest/ implements it over one run's
 * state. The symbol table maps each kind's names to the URNs they stand for; a pass records its own kind's names,
 * entities, declarations and pending deprecations, and may look up any kind's names.
 */
import type { Diagnostic, SourceLocation } from '../errors.js';
import type { DesiredDatasetTerms, DesiredEntity, ResolvedSettings } from '../model/desired-state.js';
import type { JsonValue } from '../model/json.js';
import type { DocumentPath, KindDocument, ParsedDocument } from './source.js';
import type { DeprecatedValue } from './values.js';

export interface ErrorDetails {
  readonly hint?: string;
  /** A second place the problem involves, e.g. the first declaration of a duplicate. */
  readonly related?: SourceLocation | undefined;
}

/** A `deprecated:` line, resolved once every entity is declared (a replacement may be declared later). */
export interface PendingDeprecation {
  readonly source: ParsedDocument;
  readonly value: DeprecatedValue | undefined;
  /** The path of the declaration in its document ([] for a document, ['features', i] for an inline feature). */
  readonly at: DocumentPath;
  readonly kind: string;
  readonly urn: string;
  /** Where the entity is: a replacement named by a name several entities share is the one beside it. */
  readonly platform?: string;
  readonly env?: string;
}

/** Read-only answers about the run: the settings and the symbol table. */
export interface ResolveScope {
  readonly settings: ResolvedSettings;
  /** The selected environment's env (absent: none selected, or it names none). */
  readonly environmentEnv: string | undefined;
  /** Whether `urn` is declared by any document so far. */
  isDeclared(urn: string): boolean;
  /** The URN a name of a kind stands for (the first, for a name several entities share). */
  urnNamed(kind: string, name: string): string | undefined;
  /** Every URN a name of a kind stands for. */
  urnsNamed(kind: string, name: string): readonly string[];
  /** The names of a kind, each once, in the order they were first declared. */
  namesOf(kind: string): Iterable<string>;
  /** Whether any document declares a name of the kind (rejected ones included). */
  hasNames(kind: string): boolean;
  /** The name a kind's entity was declared under (for messages; not on a hot path). */
  nameOf(kind: string, urn: string): string | undefined;
  /** The names documents of a kind that their schema rejected still declare (see kind.ts, shadowNames). */
  shadowed(kind: string): ReadonlySet<string>;
  error(code: Diagnostic['code'], message: string, location: SourceLocation, details?: ErrorDetails): void;
}

export interface ResolveContext extends ResolveScope {
  /** The kind whose pass this is: the names, declarations and deprecations recorded are its own. */
  readonly kind: string;
  /** The catalog's documents of another kind (an MLFeatureTable's inline features are MLFeature's to declare). */
  documentsOf<M extends { readonly kind: string }>(kind: M['kind']): readonly KindDocument<M>[];
  /** Records a declaration of `urn`; a second declaration of the same URN is an error naming both places. */
  declare(urn: string, source: SourceLocation): boolean;
  /** `name` stands for `urn` (one URN per name: a later one replaces it). */
  define(name: string, urn: string): void;
  /** `name` stands for `urn` too (a name several entities share: the same name on other platforms or envs). */
  defineShared(name: string, urn: string): void;
  addEntity(entity: DesiredEntity): void;
  addDatasetTerms(terms: DesiredDatasetTerms): void;
  /** What a policy sees of a declared entity (kinds/declaration.ts); undefined fields are left out. */
  declareEntity(urn: string, source: SourceLocation, fields: Record<string, JsonValue | undefined>): void;
  pendDeprecation(
    document: { readonly source: ParsedDocument },
    value: DeprecatedValue | undefined,
    at: DocumentPath,
    urn: string,
    scope?: { readonly platform?: string; readonly env?: string },
  ): void;
  /** A referenced entity the manifests do not declare: it must exist in the catalog (the first reference wins). */
  requireEntity(urn: string, source: SourceLocation, hint: () => string): void;
  /** The same for a glossary term (checked with the dataset edges that name it). */
  requireTerm(urn: string, source: SourceLocation): void;
  report(diagnostics: readonly Diagnostic[]): void;
}
