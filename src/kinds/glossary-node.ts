/** GlossaryNode (urn:li:glossaryNode:<id>): a folder of the business glossary; nodes form a tree. */
import type { ManagedKind } from './kind.js';
import type { Associations, InDomain } from './values.js';

export interface GlossaryNodeManifest extends Associations, InDomain {
  readonly kind: 'GlossaryNode';
  readonly id: string;
  readonly name: string;
  readonly definition?: string;
  readonly parent?: string;
  readonly customProperties?: Readonly<Record<string, string>>;
}

export const glossaryNodeKind: ManagedKind<GlossaryNodeManifest, 'glossaryNode', 'glossaryNodeInfo'> = {
  kind: 'GlossaryNode',
  schemaFile: 'glossary-node.schema.json',
  declares: true,
  entity: {
    entityType: 'glossaryNode',
    ownedAspect: 'glossaryNodeInfo',
    ownedFields: ['name', 'definition', 'parentNode'],
    declaredOnlyFields: ['customProperties'],
    // `domain:` on every kind whose entity has the domains aspect in DataHub's registry (not tag, not domain).
    declarableAspects: ['domains'],
    accepts: ['owners', 'tags', 'links', 'domain'],
  },
};
