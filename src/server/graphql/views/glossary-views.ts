/**
 * The business glossary, after DataHub's GlossaryTermMapper and GlossaryNodeMapper: GlossaryTermInfo.description
 * is the aspect's `definition`, a term's name falls back to its id's last segment, `createdOn` is when the info
 * aspect was first written, and parents are read up the `parentNode` chain.
 */
import { stringOr, type JsonObject } from '../../../model/json.js';
import { decodeUrnPart, glossaryTermDisplayName } from '../../../model/urn.js';
import { customProperties } from './aspect-views.js';
import { commonView, type ViewContext } from './entity-base.js';
import { createdOn, keyOf } from './entity-parts.js';
import { text, whenPresent } from './json-readers.js';
import { schemaMetadataView, type SchemaMetadataArgs, type SchemaMetadataView } from './schema-views.js';
import type { CommonEntityView, CustomPropertyView, ResolvedAuditStampView } from './view-types.js';

export interface GlossaryTermInfoView {
  readonly name: string | null;
  readonly description: string | null;
  readonly definition: string;
  readonly termSource: string;
  readonly sourceRef: string | null;
  readonly sourceUrl: string | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
  readonly rawSchema: string | null;
}

export interface GlossaryTermPropertiesView extends Omit<GlossaryTermInfoView, 'name'> {
  readonly name: string;
  readonly createdOn: () => ResolvedAuditStampView | null;
}

/** ParentNodesResult: the nodes above, nearest first. */
export interface ParentNodesView {
  readonly count: number;
  readonly nodes: readonly GlossaryNodeView[];
}

export interface GlossaryTermView extends CommonEntityView {
  readonly name: string;
  readonly hierarchicalName: string;
  readonly glossaryTermInfo: () => GlossaryTermInfoView | null;
  readonly properties: () => GlossaryTermPropertiesView | null;
  readonly parentNodes: () => ParentNodesView;
  readonly schemaMetadata: (args: SchemaMetadataArgs) => SchemaMetadataView | null;
}

export interface GlossaryNodeView extends CommonEntityView {
  readonly properties: () => {
    readonly name: string;
    readonly description: string | null;
    readonly customProperties: readonly CustomPropertyView[] | null;
    readonly createdOn: () => ResolvedAuditStampView | null;
  } | null;
  readonly parentNodes: () => ParentNodesView;
  readonly childrenCount: () => { readonly termsCount: number; readonly nodesCount: number };
}

export function glossaryTermView(urn: string, context: ViewContext): GlossaryTermView {
  const id = decodeUrnPart(stringOr(keyOf(urn, context)['name']));
  const info = (): JsonObject | undefined => context.service.latest(urn, 'glossaryTermInfo');
  const termName = glossaryTermDisplayName(id);
  const fields = (aspect: JsonObject): GlossaryTermInfoView => ({
    name: text(aspect['name']),
    description: text(aspect['definition']),
    definition: stringOr(aspect['definition']),
    // An aspect written with an empty termSource reads back as INTERNAL.
    termSource: stringOr(aspect['termSource']) || 'INTERNAL',
    sourceRef: text(aspect['sourceRef']),
    sourceUrl: text(aspect['sourceUrl']),
    customProperties: customProperties(aspect['customProperties'], urn),
    rawSchema: text(aspect['rawSchema']),
  });
  return {
    ...commonView(urn, 'glossaryTerm', context),
    name: termName,
    hierarchicalName: id,
    glossaryTermInfo: () => whenPresent(info(), (aspect) => fields(aspect)),
    properties: () =>
      whenPresent(info(), (aspect) => ({
        ...fields(aspect),
        name: text(aspect['name']) ?? termName,
        createdOn: () => createdOn(urn, 'glossaryTermInfo', context),
      })),
    parentNodes: () => parentNodes(text(info()?.['parentNode']), context),
    schemaMetadata: (args) => schemaMetadataView(urn, args.version ?? 0, keyOf(urn, context), context),
  };
}

export function glossaryNodeView(urn: string, context: ViewContext): GlossaryNodeView {
  const { service } = context;
  const id = decodeUrnPart(stringOr(keyOf(urn, context)['name']));
  const info = (): JsonObject | undefined => service.latest(urn, 'glossaryNodeInfo');
  return {
    ...commonView(urn, 'glossaryNode', context),
    properties: () =>
      whenPresent(info(), (aspect) => ({
        name: text(aspect['name']) ?? id,
        description: text(aspect['definition']),
        customProperties: customProperties(aspect['customProperties'], urn),
        createdOn: () => createdOn(urn, 'glossaryNodeInfo', context),
      })),
    parentNodes: () => parentNodes(text(info()?.['parentNode']), context),
    // GlossaryNode.childrenCount: the terms and nodes whose parentNode is this node (IsPartOf edges).
    childrenCount: () => {
      const children = service.relationships({ urn, types: ['IsPartOf'], direction: 'INCOMING', start: 0, count: 10_000, includeRemoved: false }); // prettier-ignore
      const ofType = (type: string) => children.items.filter((item) => item.urn.startsWith(`urn:li:${type}:`)).length; // prettier-ignore
      return { termsCount: ofType('glossaryTerm'), nodesCount: ofType('glossaryNode') };
    },
  };
}

/**
 * Parents from the nearest up, each as a glossary node whatever its URN says; a cycle in the data ends the walk
 * instead of looping.
 */
function parentNodes(first: string | null, context: ViewContext): ParentNodesView {
  const nodes: GlossaryNodeView[] = [];
  const seen = new Set<string>();
  for (let parent = first; parent !== null && !seen.has(parent) && nodes.length < 100;) {
    seen.add(parent);
    nodes.push(glossaryNodeView(parent, context));
    parent = text(context.service.latest(parent, 'glossaryNodeInfo')?.['parentNode']);
  }
  return { count: nodes.length, nodes };
}
