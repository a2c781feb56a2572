/**
 * The manifest kinds as TypeScript types: what a document looks like once its JSON Schema accepted it.
 * schemas/*.schema.json are the precise definition; these types mirror them.
 */
import type { ParsedDocument } from './parse-documents.js';

export type DatasetRefValue =
  string | { readonly platform: string; readonly name: string; readonly env?: string };

export interface SettingsManifest {
  readonly kind: 'Settings';
  readonly defaults?: { readonly platform?: string; readonly env?: string };
  readonly actor?: string;
  readonly target?: { readonly server?: string; readonly graphqlUrl?: string };
}

export interface GlossaryTermManifest {
  readonly kind: 'GlossaryTerm';
  readonly id: string;
  readonly name: string;
  readonly definition?: string;
  readonly termSource?: 'INTERNAL' | 'EXTERNAL';
}

export interface FeatureFields {
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

export interface MLFeatureTableManifest {
  readonly kind: 'MLFeatureTable';
  readonly name: string;
  readonly platform?: string;
  readonly description?: string;
  readonly features?: readonly (FeatureFields | FeatureReference)[];
}

export interface MLModelGroupManifest {
  readonly kind: 'MLModelGroup';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
}

export interface MLModelManifest {
  readonly kind: 'MLModel';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
  readonly type?: string;
  readonly version?: string;
  readonly groups?: readonly string[];
  readonly features?: readonly string[];
}

export interface DatasetTermsManifest {
  readonly kind: 'DatasetTerms';
  readonly dataset: DatasetRefValue;
  readonly terms?: readonly string[];
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

export type Manifest =
  | SettingsManifest
  | GlossaryTermManifest
  | MLFeatureManifest
  | MLFeatureTableManifest
  | MLModelGroupManifest
  | MLModelManifest
  | DatasetTermsManifest;

/** A document its schema accepted, with the source positions of the document it came from. */
export interface ValidatedDocument<M extends Manifest = Manifest> {
  readonly manifest: M;
  readonly source: ParsedDocument;
}

export function isFeatureReference(item: FeatureFields | FeatureReference): item is FeatureReference {
  return 'ref' in item;
}
