/**
 * The manifest kinds as TypeScript types: what a document looks like once its JSON Schema accepted it.
 * schemas/*.schema.json are the precise definition; these types mirror them.
 */
import type { JsonObject } from '../model/json.js';
import type { ParsedDocument } from './parse-documents.js';

export type DatasetRefValue =
  string | { readonly platform: string; readonly name: string; readonly env?: string };

export interface SettingsManifest {
  readonly kind: 'Settings';
  readonly defaults?: { readonly platform?: string; readonly env?: string };
  readonly actor?: string;
  readonly target?: { readonly server?: string; readonly graphqlUrl?: string };
}

/** An owner line: a corpuser id, or a corpuser/corpGroup URN, with an OwnershipType or ownership type URN. */
export interface OwnerValue {
  readonly owner: string;
  readonly type?: string;
}

export interface LinkValue {
  readonly url: string;
  readonly description?: string;
}

/** The deprecation aspect as a manifest writes it: `true`, `false`, or a block. */
export type DeprecatedValue =
  | boolean
  | {
      readonly note?: string;
      /** A declared entity of the same kind by name (id for terms and tags, <table>.<name> for features), or a URN. */
      readonly replacement?: string;
      /** YYYY-MM-DD or an ISO date-time with its zone. */
      readonly decommissionTime?: string;
    };

/** owners, tags and links: accepted on every kind that declares an entity; `deprecated` on all but GlossaryNode. */
export interface Associations {
  readonly owners?: readonly OwnerValue[];
  readonly tags?: readonly string[];
  readonly links?: readonly LinkValue[];
  readonly deprecated?: DeprecatedValue;
}

/** One dataset a model was trained or evaluated on (DataHub's BaseData). */
export interface ModelDataValue {
  readonly dataset: DatasetRefValue;
  readonly motivation?: string;
  readonly preProcessing?: readonly string[];
}

export interface GlossaryNodeManifest extends Associations, InDomain {
  readonly kind: 'GlossaryNode';
  readonly id: string;
  readonly name: string;
  readonly definition?: string;
  readonly parent?: string;
  readonly customProperties?: Readonly<Record<string, string>>;
}

export interface RelatedTermsValue {
  readonly isA?: readonly string[];
  readonly hasA?: readonly string[];
  readonly values?: readonly string[];
  readonly relatedTo?: readonly string[];
}

export interface GlossaryTermManifest extends Associations {
  readonly kind: 'GlossaryTerm';
  readonly id: string;
  readonly name: string;
  readonly definition?: string;
  readonly termSource?: 'INTERNAL' | 'EXTERNAL';
  readonly parent?: string;
  readonly sourceRef?: string;
  readonly sourceUrl?: string;
  readonly customProperties?: Readonly<Record<string, string>>;
  readonly relatedTerms?: RelatedTermsValue;
  readonly domain?: string;
}

export interface TagManifest {
  readonly kind: 'Tag';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly colorHex?: string;
  readonly owners?: readonly OwnerValue[];
  readonly deprecated?: DeprecatedValue;
}

/** `domain:` on every kind whose entity has DataHub's domains aspect: a Domain id or URN. */
export interface InDomain {
  readonly domain?: string;
}

/** A business area that groups assets (urn:li:domain:<id>); DataHub's domain entity has no globalTags. */
export interface DomainManifest extends Omit<Associations, 'tags'> {
  readonly kind: 'Domain';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  /** Another Domain (domainProperties.parentDomain): its id or URN. */
  readonly parent?: string;
}

/** What a data product's asset names: a declared name, a URN, or a dataset as an object. */
export type AssetRefValue =
  string | { readonly platform: string; readonly name: string; readonly env?: string };

export interface DataProductManifest extends Associations, InDomain {
  readonly kind: 'DataProduct';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  /** dataProductProperties.assets, owned one by one. */
  readonly assets?: readonly AssetRefValue[];
}

export interface FeatureFields extends Associations, InDomain {
  readonly name: string;
  readonly dataType?: string;
  readonly description?: string;
  readonly version?: string;
  readonly sources?: readonly DatasetRefValue[];
}

export interface MLFeatureManifest extends FeatureFields {
  readonly kind: 'MLFeature';
  readonly namespace: string;
}

export interface FeatureReference {
  readonly ref: string;
}

export interface MLFeatureTableManifest extends Associations, InDomain {
  readonly kind: 'MLFeatureTable';
  readonly name: string;
  readonly platform?: string;
  readonly description?: string;
  readonly features?: readonly (FeatureFields | FeatureReference)[];
}

export interface MLModelGroupManifest extends Associations, InDomain {
  readonly kind: 'MLModelGroup';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
}

export interface MLModelManifest extends Associations, InDomain {
  readonly kind: 'MLModel';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
  readonly type?: string;
  readonly version?: string;
  /** versionProperties.aliases; the schema requires `version` with them. */
  readonly aliases?: readonly string[];
  readonly groups?: readonly string[];
  readonly features?: readonly string[];
  readonly hyperParams?: Readonly<Record<string, string>>;
  /** mlModelProperties.trainingMetrics */
  readonly metrics?: Readonly<Record<string, string>>;
  readonly trainingData?: readonly ModelDataValue[];
  readonly evaluationData?: readonly ModelDataValue[];
}

export interface DatasetTermsManifest {
  readonly kind: 'DatasetTerms';
  readonly dataset: DatasetRefValue;
  readonly terms?: readonly string[];
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

/** The kinds that declare entities (a Policy's match.kinds names these; schemas/policy.schema.json lists them). */
export const ENTITY_KINDS = [
  'GlossaryNode',
  'GlossaryTerm',
  'Tag',
  'MLFeature',
  'MLFeatureTable',
  'MLModelGroup',
  'MLModel',
  'DatasetTerms',
  'Domain',
  'DataProduct',
] as const;

export type EntityKind = (typeof ENTITY_KINDS)[number];

export type PolicySeverity = 'error' | 'warning';

/** A rule over declared entities, in CEL (docs/policies.md); it declares no entity. */
export interface PolicyManifest {
  readonly kind: 'Policy';
  readonly name: string;
  readonly description?: string;
  readonly severity?: PolicySeverity;
  readonly match: { readonly kinds: readonly EntityKind[]; readonly where?: string };
  readonly rule: string;
  readonly message?: string;
  readonly examples?: { readonly pass?: readonly JsonObject[]; readonly fail?: readonly JsonObject[] };
}

/**
 * A rename (DataHub has no rename): `from` names the old entity (id, name or URN), `to` the one the manifests now
 * declare, of the same kind. It declares no entity.
 */
export interface MovedManifest {
  readonly kind: 'Moved';
  readonly from: string;
  readonly to: string;
}

export type Manifest =
  | SettingsManifest
  | GlossaryNodeManifest
  | GlossaryTermManifest
  | TagManifest
  | MLFeatureManifest
  | MLFeatureTableManifest
  | MLModelGroupManifest
  | MLModelManifest
  | DatasetTermsManifest
  | DomainManifest
  | DataProductManifest
  | PolicyManifest
  | MovedManifest;

/** A document its schema accepted, with the source positions of the document it came from. */
export interface ValidatedDocument<M extends Manifest = Manifest> {
  readonly manifest: M;
  readonly source: ParsedDocument;
}

export function isFeatureReference(item: FeatureFields | FeatureReference): item is FeatureReference {
  return 'ref' in item;
}
