/**
 * Domains, data products and tags, after DataHub's DomainMapper, DataProductMapper and TagMapper: each one's
 * properties with the URN's id as the name where they have none; a domain's entities are a search by its facet,
 * and its parents are read up the `parentDomain` chain.
 */
import { stringOr } from '../../../model/json.js';
import { decodeUrnPart } from '../../../model/urn.js';
import { customProperties, resolvedStamp } from './aspect-views.js';
import { commonView, type ViewContext } from './entity-base.js';
import { keyOf } from './entity-parts.js';
import { text, whenPresent } from './json-readers.js';
import type { EntitiesInput, SearchResultsView } from './search-views.js';
import type { CommonEntityView, CustomPropertyView, ResolvedAuditStampView } from './view-types.js';

export interface DomainView extends CommonEntityView {
  readonly id: string;
  readonly properties: () => {
    readonly name: string;
    readonly description: string | null;
    readonly customProperties: readonly CustomPropertyView[] | null;
    readonly createdOn: ResolvedAuditStampView | null;
  } | null;
  readonly entities: (args: { readonly input?: EntitiesInput | null }) => SearchResultsView;
  readonly parentDomains: () => { readonly count: number; readonly domains: readonly DomainView[] };
}

export interface DataProductView extends CommonEntityView {
  readonly properties: () => {
    readonly name: string;
    readonly description: string | null;
    readonly externalUrl: string | null;
    readonly numAssets: number;
    readonly customProperties: readonly CustomPropertyView[] | null;
    readonly createdOn: null;
  } | null;
}

export interface TagView extends CommonEntityView {
  readonly name: string;
  readonly description: () => string | null;
  readonly properties: () => {
    readonly name: string;
    readonly description: string | null;
    readonly colorHex: string | null;
  } | null;
}

export function domainView(urn: string, context: ViewContext): DomainView {
  const { service, viewOf } = context;
  const id = decodeUrnPart(stringOr(keyOf(urn, context)['id']));
  return {
    ...commonView(urn, 'domain', context),
    id,
    properties: () =>
      whenPresent(service.latest(urn, 'domainProperties'), (aspect) => ({
        name: text(aspect['name']) ?? id,
        description: text(aspect['description']),
        customProperties: customProperties(aspect['customProperties'], urn),
        // DomainPropertiesMapper: the aspect's own `created` stamp.
        createdOn: resolvedStamp(aspect['created'], viewOf),
      })),
    entities: (args) => context.childSearch({ facet: 'domains', urn, input: args.input ?? {} }),
    parentDomains: () => {
      // Each parent as a domain whatever its URN says; a cycle in the data ends the walk.
      const domains: DomainView[] = [];
      const seen = new Set<string>([urn]);
      let parent = text(service.latest(urn, 'domainProperties')?.['parentDomain']);
      while (parent !== null && !seen.has(parent) && domains.length < 100) {
        seen.add(parent);
        domains.push(domainView(parent, context));
        parent = text(service.latest(parent, 'domainProperties')?.['parentDomain']);
      }
      return { count: domains.length, domains };
    },
  };
}

/** DataProductMapper: its properties (the name falls back to the URN's id), with the number of its assets. */
export function dataProductView(urn: string, context: ViewContext): DataProductView {
  const id = decodeUrnPart(stringOr(keyOf(urn, context)['id']));
  return {
    ...commonView(urn, 'dataProduct', context),
    properties: () =>
      whenPresent(context.service.latest(urn, 'dataProductProperties'), (aspect) => ({
        name: text(aspect['name']) ?? id,
        description: text(aspect['description']),
        externalUrl: text(aspect['externalUrl']),
        numAssets: Array.isArray(aspect['assets']) ? aspect['assets'].length : 0,
        customProperties: customProperties(aspect['customProperties'], urn),
        createdOn: null,
      })),
  };
}

export function tagView(urn: string, context: ViewContext): TagView {
  const id = decodeUrnPart(stringOr(keyOf(urn, context)['name']));
  const properties = () => context.service.latest(urn, 'tagProperties');
  return {
    ...commonView(urn, 'tag', context),
    name: id,
    description: () => text(properties()?.['description']),
    properties: () =>
      whenPresent(properties(), (aspect) => ({
        name: text(aspect['name']) ?? id,
        description: text(aspect['description']),
        colorHex: text(aspect['colorHex']),
      })),
  };
}
