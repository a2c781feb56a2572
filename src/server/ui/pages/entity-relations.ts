/**
 * Reading an entity page's answer: the entities of an aliased `relationships` read, and the glossary terms of an
 * entity or a column, each as a Label.
 */
import { node, nodes, str, type Node } from '../catalog-reader.js';
import { labelOf, type Label } from '../label.js';

/** One relationship of an entity: its type, and the entity at its other end. */
export interface Related {
  readonly type: string;
  readonly label: Label;
  readonly node: Node;
}

/** The relationships the page query read under `alias`. */
export function relationships(entity: Node, alias: string): Related[] {
  return nodes(node(entity[alias])?.['relationships']).flatMap((item) => {
    const other = node(item['entity']);
    return other === undefined ? [] : [{ type: str(item['type']) ?? '', label: labelOf(other), node: other }];
  });
}

/** The entities at the other end of the relationships read under `alias`, each once, by name. */
export function related(entity: Node, alias: string): Label[] {
  return uniqueLabels(relationships(entity, alias).map((item) => item.label)).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

/** The terms of a GlossaryTerms answer. */
export function termLabels(value: unknown): Label[] {
  return nodes(node(value)?.['terms']).flatMap((item) => {
    const term = node(item['term']);
    return term === undefined ? [] : [labelOf(term)];
  });
}

export function uniqueLabels(labels: readonly Label[]): Label[] {
  return [...new Map(labels.map((label) => [label.urn, label])).values()];
}

/** Whether a field's GlossaryTerms answer holds the term. */
export function hasTerm(field: Node, termUrn: string): boolean {
  return nodes(node(field['glossaryTerms'])?.['terms']).some(
    (item) => node(item['term'])?.['urn'] === termUrn,
  );
}
