/** GlossaryNode (urn:li:glossaryNode:<id>): a folder of the business glossary; nodes form a tree. */
import type { SourceLocation } from '../errors.js';
import { resolveAssociations } from './associations.js';
import { asIs, declaredAt, referenceTo, text } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { checkNodeTree } from './node-tree.js';
import { domainAspect, simpleRef } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations, InDomain } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { associationsOf, fileName, nonEmptyMap, optional } from './export-helpers.js';
import { optionalString, stringOr, type JsonObject } from '../model/json.js';
import { glossaryTermDisplayName } from '../model/urn.js';

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
  accepts: ['owners', 'tags', 'links', 'domain', 'properties'],
};

export const glossaryNodeKind: ManagedKind<GlossaryNodeManifest, 'glossaryNode', 'glossaryNodeInfo'> = {
  kind: 'GlossaryNode',
  schemaFile: 'glossary-node.schema.json',
  entity,
  resolve: { after: ['Domain', 'Tag'], run: resolveNodes },
  shadowNames: shadowId('GlossaryNode'),
  export: { entityType: 'glossaryNode', start: exportNodes },
  adopt: {
    declarations: declaredAt('id'),
    fields: {
      name: { key: 'name', toManifest: text, required: true },
      definition: { key: 'definition', toManifest: text },
      parentNode: { key: 'parent', toManifest: referenceTo },
      customProperties: { key: 'customProperties', toManifest: asIs },
    },
  },
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

/** A node goes to the file of its glossary (the first segment of its id), before the glossary's terms. */
function exportNodes(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  const exported: { entity: ExportedEntity; id: string; info: JsonObject }[] = [];
  return {
    names: () => {
      for (const node of entities) {
        const urn = context.typed(node.urn, 'glossaryNode');
        const info = node.aspects.get('glossaryNodeInfo');
        if (urn === undefined || info === undefined) continue;
        context.setName('GlossaryNode', node.urn, urn.id);
        exported.push({ entity: node, id: urn.id, info });
      }
    },
    documents: () => {
      for (const { entity, id, info } of exported) {
        const parent = optionalString(info['parentNode']);
        context.add(`glossary/${fileName(id.split('.')[0] ?? id)}.yaml`, {
          apiVersion: 'catalog/v1',
          kind: 'GlossaryNode',
          id,
          name: stringOr(info['name'], glossaryTermDisplayName(id)),
          ...optional('definition', stringOr(info['definition']) || undefined),
          ...optional('parent', parent === undefined ? undefined : context.nameIn('GlossaryNode', parent)),
          ...optional('customProperties', nonEmptyMap(info['customProperties'])),
          ...associationsOf(entity, context),
        });
        context.count('GlossaryNode');
      }
    },
  };
}
