/** GlossaryTerm (urn:li:glossaryTerm:<id>): a business term, attached to datasets and columns by DatasetTerms. */
import type { SourceLocation } from '../errors.js';
import type { DesiredAspect } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import { resolveAssociations } from './associations.js';
import { asIs, declaredAt, referenceTo, text } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { domainAspect, simpleRef, termEdges } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations } from './values.js';
import type { ExportContext, ExportDoc, ExportedEntity, ExportSteps } from './export-context.js';
import {
  associationsOf,
  fileName,
  idOf,
  nonEmpty,
  nonEmptyMap,
  optional,
  urnList,
} from './export-helpers.js';
import { optionalString, stringOr } from '../model/json.js';
import { glossaryTermDisplayName } from '../model/urn.js';

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
  accepts: ['owners', 'tags', 'links', 'domain', 'deprecated', 'properties'],
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
  export: { entityType: 'glossaryTerm', replacementName: idOf('glossaryTerm'), start: exportTerms },
  adopt: {
    declarations: declaredAt('id'),
    fields: {
      name: { key: 'name', toManifest: text, required: true },
      definition: { key: 'definition', toManifest: text },
      termSource: { key: 'termSource', toManifest: text },
      parentNode: { key: 'parent', toManifest: referenceTo },
      sourceRef: { key: 'sourceRef', toManifest: text },
      sourceUrl: { key: 'sourceUrl', toManifest: text },
      customProperties: { key: 'customProperties', toManifest: asIs },
    },
  },
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

/** A term goes to the file of its glossary (the first segment of its id); others refer to it by its id. */
function exportTerms(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    names: () => {
      for (const term of entities) {
        const urn = context.typed(term.urn, 'glossaryTerm');
        if (urn !== undefined && term.aspects.has('glossaryTermInfo'))
          context.setName('GlossaryTerm', term.urn, urn.id);
      }
    },
    documents: () => {
      for (const term of entities) {
        const urn = context.typed(term.urn, 'glossaryTerm');
        const info = term.aspects.get('glossaryTermInfo');
        if (urn === undefined || info === undefined) continue;
        const termSource = stringOr(info['termSource']);
        const parent = optionalString(info['parentNode']);
        const related = term.aspects.get('glossaryRelatedTerms');
        const relatedList = (field: string): string[] | undefined =>
          nonEmpty(urnList(related?.[field]).map((ref) => context.nameIn('GlossaryTerm', ref)));
        const relatedTerms: ExportDoc = {
          ...optional('isA', relatedList('isRelatedTerms')),
          ...optional('hasA', relatedList('hasRelatedTerms')),
          ...optional('values', relatedList('values')),
          ...optional('relatedTo', relatedList('relatedTerms')),
        };
        context.add(`glossary/${fileName(urn.id.split('.')[0] ?? urn.id)}.yaml`, {
          apiVersion: 'catalog/v1',
          kind: 'GlossaryTerm',
          id: urn.id,
          name: stringOr(info['name'], glossaryTermDisplayName(urn.id)),
          ...optional('definition', stringOr(info['definition']) || undefined),
          ...optional('termSource', termSource === 'EXTERNAL' ? 'EXTERNAL' : undefined),
          ...optional('parent', parent === undefined ? undefined : context.nameIn('GlossaryNode', parent)),
          ...optional('sourceRef', optionalString(info['sourceRef'])),
          ...optional('sourceUrl', optionalString(info['sourceUrl'])),
          ...optional('customProperties', nonEmptyMap(info['customProperties'])),
          ...(Object.keys(relatedTerms).length === 0 ? {} : { relatedTerms }),
          ...associationsOf(term, context),
        });
        context.count('GlossaryTerm');
      }
    },
  };
}
