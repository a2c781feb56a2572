/**
 * The sections of a glossary term's page (its source, node, related terms, and the datasets and columns it is
 * attached to) and of a glossary node's page (its parents and children).
 */
import { simplifyFieldPath } from '../../../model/field-path.js';
import { node, nodes, str, type Node } from '../catalog-reader.js';
import { labelOf } from '../label.js';
import { externalUrl, html, type Html } from '../html.js';
import { hasTerm, related, relationships } from './entity-relations.js';
import { entityLink, linkList, section } from './layout.js';
import { customProperties, facts } from './page-parts.js';

export function termSections(entity: Node): Html {
  const properties = node(entity['properties']) ?? {};
  const sourceUrl = externalUrl(str(properties['sourceUrl']));
  const parents = nodes(node(entity['parentNodes'])?.['nodes']).map(labelOf);
  const relatedTerms = [
    ...relationships(entity, 'relatedOut').map((item) => ({ ...item, text: relationText(item.type, 'out') })),
    ...relationships(entity, 'relatedIn').map((item) => ({ ...item, text: relationText(item.type, 'in') })),
  ];
  const urn = str(entity['urn']) ?? '';
  const columnUses = relationships(entity, 'columnUses').flatMap((item) => {
    const dataset = item.node;
    const paths = new Set<string>();
    for (const field of nodes(node(dataset['schemaMetadata'])?.['fields'])) {
      if (hasTerm(field, urn)) paths.add(simplifyFieldPath(str(field['fieldPath']) ?? ''));
    }
    for (const field of nodes(node(dataset['editableSchemaMetadata'])?.['editableSchemaFieldInfo'])) {
      if (hasTerm(field, urn)) paths.add(simplifyFieldPath(str(field['fieldPath']) ?? ''));
    }
    return [...paths].sort().map((path) => ({ label: item.label, path }));
  });
  return html` ${facts([
    ['Source', str(properties['termSource'])],
    [
      'Reference',
      str(properties['sourceRef']) === undefined && sourceUrl === undefined
        ? undefined
        : html`${str(properties['sourceRef']) ?? ''}${sourceUrl === undefined ? '' : html` <a href="${sourceUrl}" rel="noopener noreferrer">${sourceUrl}</a>`}`,
    ],
    [
      'Glossary node',
      parents.length === 0
        ? undefined
        : html`${parents.map((parent, index) => html`${index > 0 ? ' › ' : ''}${entityLink(parent)}`)}`,
    ],
  ])}
  ${section(
    'Related terms',
    relatedTerms.length === 0
      ? undefined
      : html`<ul class="links">
          ${relatedTerms.map((item) => html`<li><span class="relation">${item.text}</span> ${entityLink(item.label)}</li>`)}
        </ul>`,
  )}
  ${section('Attached to', linkList(related(entity, 'termedWith'), true), 'used-by')}
  ${section(
    'Columns with this term',
    columnUses.length === 0
      ? undefined
      : html`<ul class="links">
          ${columnUses.map((use) => html`<li>${entityLink(use.label)} <code>${use.path}</code></li>`)}
        </ul>`,
  )}
  ${section('Properties', customProperties(properties['customProperties']))}`;
}

export function nodeSections(entity: Node): Html {
  const parents = nodes(node(entity['parentNodes'])?.['nodes']).map(labelOf);
  const children = related(entity, 'children');
  return html` ${facts([['Parent node', parents.length === 0 ? undefined : html`${parents.map((parent, index) => html`${index > 0 ? ' › ' : ''}${entityLink(parent)}`)}`]])}
  ${section('Nodes', linkList(children.filter((child) => child.type === 'GLOSSARY_NODE')))}
  ${section('Terms', linkList(children.filter((child) => child.type === 'GLOSSARY_TERM')))}`;
}

function relationText(type: string, direction: 'in' | 'out'): string {
  const texts: Readonly<Record<string, readonly [string, string]>> = {
    IsA: ['is a', 'is the kind of'],
    HasA: ['has', 'is part of'],
    IsRelatedTo: ['related to', 'related to'],
    HasValue: ['has value', 'is a value of'],
  };
  const pair = texts[type] ?? [type, type];
  return direction === 'out' ? pair[0] : pair[1];
}
