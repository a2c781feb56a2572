/** Domain (urn:li:domain:<id>): a business area that groups assets; DataHub's domain entity has no globalTags. */
import type { SourceLocation } from '../errors.js';
import { resolveAssociations } from './associations.js';
import { NOT_ADOPTED, referenceTo, text } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { checkNodeTree } from './node-tree.js';
import { domainRef } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { deprecatedOf, linksOf, propertiesOf, optional, ownersOf } from './export-helpers.js';
import { optionalString, stringOr, type JsonObject } from '../model/json.js';

export interface DomainManifest extends Omit<Associations, 'tags'> {
  readonly kind: 'Domain';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  /** Another Domain (domainProperties.parentDomain): its id or URN. */
  readonly parent?: string;
}

const entity: EntityFacts<'domain', 'domainProperties'> = {
  entityType: 'domain',
  ownedAspect: 'domainProperties',
  ownedFields: ['name', 'description', 'parentDomain'],
  declarableAspects: ['deprecation'],
  accepts: ['owners', 'links', 'deprecated', 'properties'],
};

export const domainKind: ManagedKind<DomainManifest, 'domain', 'domainProperties'> = {
  kind: 'Domain',
  schemaFile: 'domain.schema.json',
  entity,
  // Every other kind may name a domain in `domain:`: domains come first.
  resolve: { after: [], replacementName: 'Domain id', run: resolveDomains },
  shadowNames: shadowId('Domain'),
  export: { entityType: 'domain', start: exportDomains },
  adopt: {
    // adopt has never looked up Domain documents: these fields are not brought back yet.
    declarations: NOT_ADOPTED,
    fields: {
      name: { key: 'name', toManifest: text, required: true },
      description: { key: 'description', toManifest: text },
      parentDomain: { key: 'parent', toManifest: referenceTo },
    },
  },
};

/** Domains are declared first, then their parents resolved: a domain may name a parent declared after it. */
function resolveDomains(documents: readonly KindDocument<DomainManifest>[], context: ResolveContext): void {
  const parents = new Map<string, { parent: string; source: SourceLocation }>();
  for (const { doc, urn } of declareIds(documents, context, entity.entityType)) {
    const { id, name, description, parent } = doc.manifest;
    const parentDomain =
      parent === undefined ? undefined : domainRef(context, parent, doc.source.locate(['parent']));
    if (parentDomain !== undefined)
      parents.set(urn, { parent: parentDomain, source: doc.source.locate(['parent']) });
    const source = doc.source.locate(['id']);
    const associations = resolveAssociations(context, doc, doc.manifest, [], entity.entityType);
    context.pendDeprecation(doc, doc.manifest.deprecated, [], urn);
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: compact({ name: name ?? id, description, parentDomain }),
      source,
      associations,
    });
    context.declareEntity(urn, source, {
      id,
      name: name ?? id,
      description,
      parent: parentDomain,
      ...declaredAssociations(associations, entity.accepts),
    });
  }
  // The same rule as glossary nodes: following parentDomain must end at a root.
  context.report(checkNodeTree(parents));
}

/** Domains go to domains.yaml; other documents refer to an exported domain by its id. */
function exportDomains(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  const exported: { entity: ExportedEntity; id: string; properties: JsonObject }[] = [];
  return {
    names: () => {
      for (const domain of entities) {
        const urn = context.typed(domain.urn, 'domain');
        const properties = domain.aspects.get('domainProperties');
        if (urn === undefined || properties === undefined) continue;
        context.setName('Domain', domain.urn, urn.id);
        exported.push({ entity: domain, id: urn.id, properties });
      }
    },
    documents: () => {
      for (const { entity, id, properties } of exported) {
        const name = stringOr(properties['name'], id);
        const parent = optionalString(properties['parentDomain']);
        context.add('domains.yaml', {
          apiVersion: 'catalog/v1',
          kind: 'Domain',
          id,
          ...optional('name', name === id ? undefined : name),
          ...optional('description', optionalString(properties['description'])),
          ...optional('parent', parent === undefined ? undefined : context.nameIn('Domain', parent)),
          ...deprecatedOf(entity, context),
          ...ownersOf(entity),
          ...linksOf(entity),
          ...propertiesOf(entity),
        });
        context.count('Domain');
      }
    },
  };
}
