/**
 * The state of one run of the resolver, and the context each kind's pass works through (kinds/resolve-context.ts):
 * the symbol table, the URNs declared so far, the entities, datasets and declarations made, the entities referenced
 * but not declared, the deprecations pending, and every error found.
 */
import type { Diagnostic, SourceLocation } from '../errors.js';
import type { Declaration } from '../kinds/declaration.js';
import { isEntityKind, type ValidatedDocument } from '../kinds/registry.js';
import type {
  ErrorDetails,
  PendingDeprecation,
  ResolveContext,
  ResolveScope,
} from '../kinds/resolve-context.js';
import { resolveSettings, type SettingsManifest } from '../kinds/settings.js';
import type { KindDocument } from '../kinds/source.js';
import type {
  DesiredDatasetTerms,
  DesiredEntity,
  ExternalReference,
  ResolvedSettings,
} from '../model/desired-state.js';
import type { JsonValue } from '../model/json.js';
import { SymbolTable } from './symbol-table.js';

const NO_NAMES: ReadonlySet<string> = new Set();

export class ResolveRun {
  readonly diagnostics: Diagnostic[] = [];
  readonly entities: DesiredEntity[] = [];
  readonly datasets: DesiredDatasetTerms[] = [];
  readonly declarations: Declaration[] = [];
  readonly externalEntities = new Map<string, ExternalReference>();
  readonly externalTerms = new Map<string, ExternalReference>();
  /** `deprecated` lines, resolved once every entity is declared (a replacement may be declared later). */
  readonly deprecations: PendingDeprecation[] = [];
  readonly settings: ResolvedSettings;
  readonly scope: ResolveScope;
  private readonly declared = new Map<string, SourceLocation>();
  private readonly names = new SymbolTable();

  constructor(
    private readonly documents: readonly ValidatedDocument[],
    /** The names rejected documents still declare, by kind (kinds/resolve-passes.ts, shadowNamesOf). */
    private readonly shadow: ReadonlyMap<string, ReadonlySet<string>>,
    /** The selected environment's env (absent: none selected, or it names none). */
    environmentEnv: string | undefined,
    /** Whether to build the declarations (the entities policies see). */
    private readonly withDeclarations: boolean,
  ) {
    this.settings = resolveSettings(
      this.documentsOf<SettingsManifest>('Settings'),
      environmentEnv,
      this.error,
    );
    this.scope = {
      settings: this.settings,
      environmentEnv,
      isDeclared: (urn) => this.declared.has(urn),
      urnNamed: (kind, name) => this.names.urnNamed(kind, name),
      urnsNamed: (kind, name) => this.names.urnsNamed(kind, name),
      namesOf: (kind) => this.names.namesOf(kind),
      hasNames: (kind) => this.names.size(kind) > 0 || this.shadowed(kind).size > 0,
      nameOf: (kind, urn) => this.names.nameOf(kind, urn),
      shadowed: (kind) => this.shadowed(kind),
      error: this.error,
    };
  }

  /** The context of one kind's pass: what it records is that kind's. */
  contextFor(kind: string): ResolveContext {
    return {
      ...this.scope,
      kind,
      documentsOf: <M extends { readonly kind: string }>(of: M['kind']) => this.documentsOf<M>(of),
      declare: (urn, source) => this.declare(urn, source),
      define: (name, urn) => this.names.define(kind, name, urn),
      defineShared: (name, urn) => this.names.defineShared(kind, name, urn),
      addEntity: (entity) => void this.entities.push(entity),
      addDatasetTerms: (terms) => void this.datasets.push(terms),
      declareEntity: (urn, source, fields) => this.declareEntity(kind, urn, source, fields),
      pendDeprecation: (document, value, at, urn, scope = {}) =>
        void this.deprecations.push({ source: document.source, value, at, kind, urn, ...scope }),
      requireEntity: (urn, source, hint) => {
        if (!this.externalEntities.has(urn)) this.externalEntities.set(urn, { urn, source, hint: hint() });
      },
      requireTerm: (urn, source) => {
        if (!this.externalTerms.has(urn)) this.externalTerms.set(urn, { urn, source });
      },
      report: (diagnostics) => void this.diagnostics.push(...diagnostics),
    };
  }

  /** The documents of a kind (the schema accepted each as its kind's type: a document of `kind` is an M). */
  documentsOf<M extends { readonly kind: string }>(kind: M['kind']): KindDocument<M>[] {
    return this.documents.filter(
      (doc): doc is ValidatedDocument & KindDocument<M> => doc.manifest.kind === kind,
    );
  }

  readonly error = (
    code: Diagnostic['code'],
    message: string,
    location: SourceLocation,
    details: ErrorDetails = {},
  ): void => {
    this.diagnostics.push({
      code,
      severity: 'error',
      message,
      location,
      ...(details.hint === undefined ? {} : { hint: details.hint }),
      ...(details.related === undefined ? {} : { related: details.related }),
    });
  };

  /** Records a declaration; a second declaration of the same URN is an error naming both places. */
  private declare(urn: string, source: SourceLocation): boolean {
    const first = this.declared.get(urn);
    if (first !== undefined) {
      this.error('DUPLICATE_DECLARATION', `${urn} is declared twice`, source, {
        related: first,
        hint: `first declared at ${first.file}:${first.line}:${first.column}`,
      });
      return false;
    }
    this.declared.set(urn, source);
    return true;
  }

  /** Records what a policy sees of a declared entity (see Declaration); undefined fields are left out. */
  private declareEntity(
    kind: string,
    urn: string,
    source: SourceLocation,
    fields: Record<string, JsonValue | undefined>,
  ): void {
    if (!this.withDeclarations || !isEntityKind(kind)) return;
    const entity: Record<string, JsonValue> = { kind, urn };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) entity[key] = value;
    this.declarations.push({ kind, urn, source, entity });
  }

  private shadowed(kind: string): ReadonlySet<string> {
    return this.shadow.get(kind) ?? NO_NAMES;
  }
}
