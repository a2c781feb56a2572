/** GlossaryTerm (urn:li:glossaryTerm:<id>): a business term, attached to datasets and columns by DatasetTerms. */
import type { SourceLocation } from '../errors.js';
import type { DesiredAspect } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import { resolveAssociations } from './associations.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { domainAspect, simpleRef, termEdges } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
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

const entity: EntityFacts<'glossaryTerm', 'glossaryTermInfo'> = {
  entityType: 'glossaryTerm',
  ownedAspect: 'glossaryTermInfo',
  ownedFields: ['name', 'definition', 'termSource', 'parentNode', 'sourceRef', 'sourceUrl'],
  declaredOnlyFields: ['customProperties'],
  declarableAspects: ['glossaryRelatedTerms', 'domains', 'deprecation'],
  accepts: ['owners', 'tags', 'links', 'domain', 'deprecated'],
};

export const glossaryTermKind: ManagedKind<GlossaryTermManifest, 'glossaryTerm', 'glossaryTermInfo'> = {
  kind: 'GlossaryTerm',
  schemaFile: 'glossary-term.schema.json',
  entity,
  resolve: {
    after: ['GlossaryNode', 'Domain', 'Tag'],
    replacementName: 'GlossaryTerm id',
    run: resolveTerms,
  },
  shadowNames: shadowId('GlossaryTerm'),
};

/** Term ids first (related terms may name any declared term), then each term's fields. */
function resolveTerms(
  documents: readonly KindDocument<GlossaryTermManifest>[],
  context: ResolveContext,
): void {
  for (const { doc, urn } of declareIds(documents, context, entity.entityType)) {
    const { id, name, definition, termSource, parent, sourceRef, sourceUrl, customProperties } = doc.manifest;
    const source = doc.source.locate(['id']);
    const parentNode =
      parent === undefined
        ? undefined
        : simpleRef(context, 'glossaryNode', parent, doc.source.locate(['parent']));
    const { aspects, relatedTerms, domain } = termAspects(context, doc, source);
    const associations = resolveAssociations(context, doc, doc.manifest, [], entity.entityType);
    context.pendDeprecation(doc, doc.manifest.deprecated, [], urn);
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: compact({
        name,
        definition: definition ?? '',
        termSource: termSource ?? 'INTERNAL',
        parentNode,
        sourceRef,
        sourceUrl,
        customProperties,
      }),
      source,
      aspects,
      associations,
    });
    context.declareEntity(urn, source, {
      id,
      name,
      definition: definition ?? '',
      termSource: termSource ?? 'INTERNAL',
      parent: parentNode,
      sourceRef,
      sourceUrl,
      customProperties,
      relatedTerms,
      domain,
      ...declaredAssociations(associations, entity.accepts),
    });
  }
}

/**
 * glossaryRelatedTerms and domains of a term (the whole aspect when declared, null when not), and the
 * resolved related terms and domain in the manifest's terms.
 */
function termAspects(
  context: ResolveContext,
  doc: KindDocument<GlossaryTermManifest>,
  source: SourceLocation,
): { aspects: DesiredAspect[]; relatedTerms: JsonObject; domain: string | undefined } {
  const { relatedTerms, domain } = doc.manifest;
  const related = (key: 'isA' | 'hasA' | 'values' | 'relatedTo'): string[] =>
    termEdges(context, doc, relatedTerms?.[key] ?? [], ['relatedTerms', key]).map((edge) => edge.termUrn);
  const resolved = {
    isA: related('isA'),
    hasA: related('hasA'),
    values: related('values'),
    relatedTo: related('relatedTo'),
  };
  const domainOf = domainAspect(context, doc, domain, [], source);
  const aspects: DesiredAspect[] = [
    {
      aspectName: 'glossaryRelatedTerms',
      value:
        relatedTerms === undefined
          ? null
          : compact({
              isRelatedTerms: resolved.isA,
              hasRelatedTerms: resolved.hasA,
              values: resolved.values,
              relatedTerms: resolved.relatedTo,
            }),
      source: relatedTerms === undefined ? source : doc.source.locate(['relatedTerms']),
    },
    domainOf.aspect,
  ];
  return { aspects, relatedTerms: resolved, domain: domainOf.urn };
}
