/**
 * How entities are named and ordered wherever the plan shows them (impact, picture, text and markdown): the entity
 * types in lineage order, the words for each type, and the name a URN carries for an entity the catalog does not
 * name.
 */
import { compareText } from '../model/compare-text.js';
import { decodeUrnPart, glossaryTermDisplayName, parseRawUrn } from '../model/urn.js';
import type { DependencyNode } from './dependency-graph.js';

/** The entity types the picture and the walk know, in the order they are listed. */
export const TYPE_ORDER: readonly string[] = [
  'dataset',
  'mlFeature',
  'mlPrimaryKey',
  'mlFeatureTable',
  'mlModel',
  'mlModelGroup',
  'glossaryTerm',
];

/** The words for an entity type in the plan's text, markdown and picture, one and many. */
const ENTITY_NOUNS: Readonly<Record<string, readonly [string, string]>> = {
  dataset: ['dataset', 'datasets'],
  mlFeature: ['feature', 'features'],
  mlPrimaryKey: ['primary key', 'primary keys'],
  mlFeatureTable: ['feature table', 'feature tables'],
  mlModel: ['model', 'models'],
  mlModelGroup: ['model group', 'model groups'],
  glossaryTerm: ['term', 'terms'],
  schemaField: ['column', 'columns'],
  chart: ['chart', 'charts'],
  dashboard: ['dashboard', 'dashboards'],
  dataJob: ['data job', 'data jobs'],
  dataProcessInstance: ['process run', 'process runs'],
};

/** The word for `count` entities of a type (the type itself for one without a word). */
export function entityNoun(entityType: string, count: number): string {
  const [one, many] = ENTITY_NOUNS[entityType] ?? [entityType, `${entityType}s`];
  return count === 1 ? one : many;
}

/** By name without case, then by name, then by URN. */
export function compareNodes(
  a: { readonly name: string; readonly urn: string },
  b: { readonly name: string; readonly urn: string },
): number {
  return (
    compareText(a.name.toLowerCase(), b.name.toLowerCase()) ||
    compareText(a.name, b.name) ||
    compareText(a.urn, b.urn)
  );
}

/** Known types in lineage order (datasets, features, tables, models, groups, terms), then the others by name. */
export function compareEntityTypes(a: string, b: string): number {
  const rank = (type: string): number => {
    const at = TYPE_ORDER.indexOf(type);
    return at === -1 ? TYPE_ORDER.length : at;
  };
  return rank(a) - rank(b) || compareText(a, b);
}

/** The entity type a URN names ('' when it is no URN). */
export function entityTypeOfUrn(urn: string): string {
  const raw = parseRawUrn(urn);
  return raw.ok ? raw.value.entityType : '';
}

/** A node for an entity the catalog gave no name for: the name from its URN. */
export function nodeFromUrn(urn: string): DependencyNode {
  return { urn, entityType: entityTypeOfUrn(urn), name: nameFromUrn(urn) };
}

/**
 * The name a URN carries, for entities the catalog does not name: a feature's `namespace.name`, the name part of
 * a dataset, model, group or table, the last segment of a term's id; the whole URN otherwise.
 */
export function nameFromUrn(urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) return urn;
  const { entityType, parts } = raw.value;
  const part = (at: number): string | undefined => {
    const value = parts[at];
    return value === undefined ? undefined : decodeUrnPart(value);
  };
  switch (entityType) {
    case 'mlFeature':
    case 'mlPrimaryKey':
      return parts.length === 2 ? `${part(0) ?? ''}.${part(1) ?? ''}` : urn;
    case 'dataset':
    case 'mlModel':
    case 'mlModelGroup':
    case 'mlFeatureTable':
      return part(1) ?? urn;
    case 'schemaField':
      return part(1) ?? urn;
    case 'glossaryTerm':
      // What DataHub shows for a term without a name of its own: its id's last segment.
      return glossaryTermDisplayName(part(0) ?? urn);
    default:
      return parts.length === 1 ? (part(0) ?? urn) : urn;
  }
}
