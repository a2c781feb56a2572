/**
 * What one manifest kind says about itself. Each kind is one module (src/kinds/<kind>.ts) exporting one object of
 * these types, and the registry (registry.ts) lists every module once: every list of kinds elsewhere (the
 * `Manifest` union, EntityKind, the schema files, export's kinds, the per-entity-type tables of entity-tables.ts)
 * is derived from there.
 *
 *   KindModule      every kind: its `kind:` value and its JSON Schema file in schemas/.
 *   DeclaringKind   a kind whose documents declare entities (policies match them, `match.kinds`): its pass of
 *                   the resolver (`resolve`), the names a document its schema rejected still declares
 *                   (`shadowNames`), its part of `catalog export` (`export`), and where `catalog adopt` finds
 *                   its declarations (`adopt`).
 *   ManagedKind     a declaring kind whose entity the tool owns an aspect of: the DataHub entity (`entity`: type,
 *                   owned aspect and fields, declarable aspects, the associations it accepts), and in `adopt`
 *                   the owned fields adopt may bring back into its manifests.
 *
 * The steps every kind shares are helpers its module calls, not copies: resolving (resolve-helpers.ts: ids
 * declared, values compacted, a declaration's associations; associations.ts; references.ts: names, URNs, domain),
 * exporting (export-helpers.ts: owners, tags, links, domain, deprecation) and adopting (adopt-fields.ts).
 *
 * Adding a kind: its module, its schema in schemas/ and its tests; one line in registry.ts; its entity type and
 * owned aspect in model/desired-state.ts's unions (entity-tables.ts checks them); `npm run schemas` for the
 * schemas' kind lists.
 */
import type { JsonObject } from '../model/json.js';
import type { AdoptPart } from './adopt-fields.js';
import type { ExportPart } from './export-context.js';
import type { ResolveContext } from './resolve-context.js';
import type { KindDocument } from './source.js';

export interface KindModule<M extends { readonly kind: string }> {
  readonly kind: M['kind'];
  /** Its JSON Schema in schemas/ (also published for editors). */
  readonly schemaFile: string;
}

/**
 * owners, tags and links live in their own aspects; `domain:` in domains; `deprecated:` in deprecation;
 * `properties:` in structuredProperties; `terms:` (a data product's) in glossaryTerms.
 */
export type AssociationField = 'owners' | 'tags' | 'links' | 'domain' | 'deprecated' | 'properties' | 'terms';

export interface DeclaringKind<M extends { readonly kind: string }> extends KindModule<M> {
  readonly resolve: ResolvePart<M>;
  /**
   * The names a document of this kind still declares when its schema rejected it (or it has YAML errors), as
   * [kind, name] pairs: a reference to one of them is not reported as unknown, since the document's own error is
   * the one to fix.
   */
  readonly shadowNames?: (value: JsonObject) => readonly (readonly [kind: string, name: string])[];
  /** Read back from aspects: `catalog export` and `catalog import datahub` (export-context.ts). */
  readonly export: ExportPart;
  /** Where `catalog adopt` finds its declarations, and the owned fields it may bring back (adopt-fields.ts). */
  readonly adopt: AdoptPart<M>;
}

export interface ResolvePart<M> {
  /**
   * The kinds whose names its documents use, in the order they are resolved: the resolver runs each kind after
   * these (resolve-passes.ts).
   */
  readonly after: readonly string[];
  /** How a deprecation's `replacement` names an entity of this kind ("Tag id"): looked up among its names. */
  readonly replacementName?: string;
  /**
   * Its pass: declares its names and entities and resolves their fields, through the context (the symbol table,
   * the entities and declarations made, the errors). `documents` are the catalog's documents of this kind. (A
   * method, so that the registry can hold every kind's module as one type and run it on documents of its kind.)
   */
  run(documents: readonly KindDocument<M>[], context: ResolveContext): void;
}

/** The DataHub entity a managed kind declares, and which of its aspects and fields the tool owns. */
export interface EntityFacts<T extends string = string, A extends string = string> {
  readonly entityType: T;
  /** The aspect whose manifest-expressible fields the tool owns (architecture.md, section 3.1). */
  readonly ownedAspect: A;
  /** The fields of the owned aspect the manifest format can express: the tool owns exactly these. */
  readonly ownedFields: readonly string[];
  /**
   * Fields of the owned aspect the tool owns only when the manifest declares them (`customProperties`: a map
   * others often fill in; declaring it, even as {}, makes the manifest the truth for the whole map).
   */
  readonly declaredOnlyFields?: readonly string[];
  /**
   * Whole aspects besides the owned one that the kind can declare (GlossaryTerm: relatedTerms, domain). A declared
   * one is the manifest's; an undeclared one is left alone unless the tool wrote it last (then it is cleared, as
   * removing the line asks).
   */
  readonly declarableAspects: readonly string[];
  /**
   * The associations its manifests accept (the schema's fields); owners, tags and links are also checked against
   * DataHub's entity registry when resolved (associations.ts, resolveAssociations).
   */
  readonly accepts: readonly AssociationField[];
}

export interface ManagedKind<
  M extends { readonly kind: string },
  T extends string,
  A extends string,
> extends DeclaringKind<M> {
  readonly entity: EntityFacts<T, A>;
}
