/** GlossaryTerm (urn:li:glossaryTerm:<id>): a business term, attached to datasets and columns by DatasetTerms. */
import type { ManagedKind } from './kind.js';
import type { Associations } from './values.js';

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

export const glossaryTermKind: ManagedKind<GlossaryTermManifest, 'glossaryTerm', 'glossaryTermInfo'> = {
  kind: 'GlossaryTerm',
  schemaFile: 'glossary-term.schema.json',
  declares: true,
  entity: {
    entityType: 'glossaryTerm',
    ownedAspect: 'glossaryTermInfo',
    ownedFields: ['name', 'definition', 'termSource', 'parentNode', 'sourceRef', 'sourceUrl'],
    declaredOnlyFields: ['customProperties'],
    declarableAspects: ['glossaryRelatedTerms', 'domains', 'deprecation'],
    accepts: ['owners', 'tags', 'links', 'domain', 'deprecated'],
  },
};
