/** GlossaryNode (urn:li:glossaryNode:<id>): a folder of the business glossary; nodes form a tree. */
import type { SourceLocation } from '../errors.js';
import { resolveAssociations } from './associations.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { checkNodeTree } from './node-tree.js';
import { domainAspect, simpleRef } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations, InDomain } from './values.js';

export interface GlossaryNodeManifest extends Associations, InDomain {
  readonly kind: 'GlossaryNode';
  readonly id: string;
  readonly name: string;
  readonly definition?: string;
  readonly parent?: string;
  readonly customProperties?: Readonly<Record<string, string>>;
}

const entity: EntityFacts<'glossaryNode', 'glossaryNodeInfo'> = {
  entityType: 'glossaryNode',
  ownedAspect: 'glossaryNodeInfo',
  ownedFields: ['name', 'definition', 'parentNode'],
  declaredOnlyFields: ['customProperties'],
  // `domain:` on every kind whose entity has the domains aspect in DataHub's registry (not tag, not domain).
  declarableAspects: ['domains'],
  accepts: ['owners', 'tags', 'links', 'domain'],
};

export const glossaryNodeKind: ManagedKind<GlossaryNodeManifest, 'glossaryNode', 'glossaryNodeInfo'> = {
  kind: 'GlossaryNode',
  schemaFile: 'glossary-node.schema.json',
  entity,
  resolve: { after: ['Domain', 'Tag'], run: resolveNodes },
  shadowNames: shadowId('GlossaryNode'),
};

/** Nodes are declared first, then their parents resolved: a node may name a parent declared after it. */
function resolveNodes(
  documents: readonly KindDocument<GlossaryNodeManifest>[],
  context: ResolveContext,
): void {
  const parents = new Map<string, { parent: string; source: SourceLocation }>();
  for (const { doc, urn } of declareIds(documents, context, entity.entityType)) {
    const { id, name, definition, parent, customProperties } = doc.manifest;
    const parentNode =
      parent === undefined
        ? undefined
        : simpleRef(context, 'glossaryNode', parent, doc.source.locate(['parent']));
    if (parentNode !== undefined)
      parents.set(urn, { parent: parentNode, source: doc.source.locate(['parent']) });
    const source = doc.source.locate(['id']);
    const associations = resolveAssociations(context, doc, doc.manifest, [], entity.entityType);
    const domain = domainAspect(context, doc, doc.manifest.domain, [], source);
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: compact({ name, definition: definition ?? '', parentNode, customProperties }),
      source,
      aspects: [domain.aspect],
      associations,
    });
    context.declareEntity(urn, source, {
      id,
      name,
      definition: definition ?? '',
      parent: parentNode,
      customProperties,
      domain: domain.urn,
      ...declaredAssociations(associations, entity.accepts),
    });
  }
  context.report(checkNodeTree(parents));
}
