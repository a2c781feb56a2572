/** Domain (urn:li:domain:<id>): a business area that groups assets; DataHub's domain entity has no globalTags. */
import type { SourceLocation } from '../errors.js';
import { resolveAssociations } from './associations.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { checkNodeTree } from './node-tree.js';
import { domainRef } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations } from './values.js';

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
  accepts: ['owners', 'links', 'deprecated'],
};

export const domainKind: ManagedKind<DomainManifest, 'domain', 'domainProperties'> = {
  kind: 'Domain',
  schemaFile: 'domain.schema.json',
  entity,
  // Every other kind may name a domain in `domain:`: domains come first.
  resolve: { after: [], replacementName: 'Domain id', run: resolveDomains },
  shadowNames: shadowId('Domain'),
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
