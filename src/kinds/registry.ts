/**
 * The registry: every manifest kind, once. Each line is one kind's module (kind.ts says what a module holds);
 * every list of kinds is derived from here: the `Manifest` union, EntityKind, the schema file of each kind,
 * export's kinds, and the per-entity-type tables (entity-tables.ts). schemas/kinds.schema.json lists the kinds for
 * the envelope, the policies and the editors: `npm run schemas` rewrites it from this one, and
 * schema-lists.test.ts fails while they disagree.
 */
import { dataProductKind } from './data-product.js';
import { formKind } from './form.js';
import { datasetTermsKind } from './dataset-terms.js';
import { domainKind } from './domain.js';
import { glossaryNodeKind } from './glossary-node.js';
import { glossaryTermKind } from './glossary-term.js';
import type { DeclaringKind, KindModule, ManagedKind } from './kind.js';
import { mlFeatureTableKind } from './ml-feature-table.js';
import { mlFeatureKind } from './ml-feature.js';
import { mlModelGroupKind } from './ml-model-group.js';
import { mlModelKind } from './ml-model.js';
import { movedKind } from './moved.js';
import { ownershipTypeKind } from './ownership-type.js';
import { policyKind } from './policy.js';
import { settingsKind } from './settings.js';
import { structuredPropertyKind } from './structured-property.js';
import type { KindDocument } from './source.js';
import { tagKind } from './tag.js';

/** Every manifest kind, in the order `catalog validate` counts them and names them in its hints. */
export const KINDS = [
  settingsKind,
  glossaryNodeKind,
  glossaryTermKind,
  tagKind,
  domainKind,
  dataProductKind,
  mlFeatureKind,
  mlFeatureTableKind,
  mlModelGroupKind,
  mlModelKind,
  datasetTermsKind,
  ownershipTypeKind,
  structuredPropertyKind,
  formKind,
  policyKind,
  movedKind,
] as const;

type AnyKind = (typeof KINDS)[number];
type ManifestOf<K> =
  K extends ManagedKind<infer M, string, string>
    ? M
    : K extends DeclaringKind<infer M>
      ? M
      : K extends KindModule<infer M>
        ? M
        : never;

/** A kind's name: the `kind:` of its documents. */
export type KindName = AnyKind['kind'];
/** What a document of any kind looks like once its JSON Schema accepted it. */
export type Manifest = ManifestOf<AnyKind>;
/** The kinds that declare entities (a Policy's match.kinds names these). */
export type EntityKind = Extract<AnyKind, { readonly resolve: unknown }>['kind'];
/** A document its schema accepted, with the source positions of the document it came from. */
export type ValidatedDocument<M extends Manifest = Manifest> = KindDocument<M>;

/** Every kind's name, in registry order. */
export const MANIFEST_KINDS: readonly KindName[] = KINDS.map((module) => module.kind);

/** The schema file of each kind. */
export const KIND_SCHEMA_FILES = Object.fromEntries(
  KINDS.map((module) => [module.kind, module.schemaFile]),
) as Readonly<Record<KindName, string>>;

/** The kinds that declare entities, in registry order. */
export const ENTITY_KINDS: readonly EntityKind[] = KINDS.flatMap((module) =>
  'resolve' in module ? [module.kind] : [],
);

export function isEntityKind(kind: string): kind is EntityKind {
  return (ENTITY_KINDS as readonly string[]).includes(kind);
}

/**
 * The kinds `catalog export` writes, in the order its `--kind` choices list them: the order the command had
 * before the registry, kept (its help shows it); a kind added since comes after these, in registry order.
 */
export const EXPORT_KINDS: readonly EntityKind[] = keptOrder(ENTITY_KINDS, [
  'Tag',
  'GlossaryNode',
  'GlossaryTerm',
  'MLFeature',
  'MLFeatureTable',
  'MLModelGroup',
  'MLModel',
  'DatasetTerms',
  'Domain',
  'DataProduct',
]);

/** `kinds` in the order `first` names them, then the others in their own order. */
export function keptOrder<K extends string>(kinds: readonly K[], first: readonly K[]): K[] {
  return [...first.filter((kind) => kinds.includes(kind)), ...kinds.filter((kind) => !first.includes(kind))];
}
