/**
 * Structured properties and forms on the catalog's own pages: the property values an entity carries (each
 * property by its display name, linked to its page; URN values as links; a value the tool set marked so), the forms
 * assigned to it with how many of their prompts are done, and the pages of a structured property (its definition)
 * and of a form (its prompts).
 */
import { node, nodes, str, type Node } from '../catalog-reader.js';
import { html, type Html } from '../html.js';
import { labelOf } from '../label.js';
import { entityLink, section } from './layout.js';
import { facts } from './page-parts.js';

/** The GraphQL types that have structuredProperties and forms in DataHub's schema. */
export const HAS_PROPERTIES: ReadonlySet<string> = new Set([
  'Dataset',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'MLModel',
  'MLModelGroup',
  'GlossaryTerm',
  'GlossaryNode',
  'Container',
  'Domain',
  'DataProduct',
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
  'SchemaFieldEntity',
]);

const VALUES = '... on StringValue { stringValue } ... on NumberValue { numberValue }';

/** What a page asks for to show an entity's property values and forms. */
export const PROPERTY_FIELDS = `structuredProperties { properties {
      structuredProperty { ...Label }
      values { ${VALUES} }
      valueEntities { ...Label }
      attribution { sourceDetail { key value } } } }
    forms {
      incompleteForms { form { ...Label } incompletePrompts { id } completedPrompts { id } }
      completedForms { form { ...Label } incompletePrompts { id } completedPrompts { id } } }`;

/** What a structured property's page and a form's page ask for. */
export const PROPERTY_DETAILS: Readonly<Record<string, string>> = {
  StructuredPropertyEntity: `definition { qualifiedName cardinality immutable
      valueType { info { type } } entityTypes { info { displayName } }
      typeQualifier { allowedTypes { info { displayName } } }
      allowedValues { value { ${VALUES} } description } }
    settings { isHidden showInSearchFilters showInAssetSummary showAsAssetBadge showInColumnsTable }`,
  Form: `info { type prompts { id title required structuredPropertyParams { structuredProperty { ...Label } } } }`,
};

function valueText(value: Node): string {
  const text = value['stringValue'] ?? value['numberValue'];
  return typeof text === 'number' ? String(text) : (str(text) ?? '');
}

/** An entity's property values and forms. */
export function propertySections(entity: Node): Html {
  const entries = nodes(node(entity['structuredProperties'])?.['properties']);
  const forms = node(entity['forms']);
  const assigned = [
    ...nodes(forms?.['incompleteForms']).map((form) => ({ form, done: false })),
    ...nodes(forms?.['completedForms']).map((form) => ({ form, done: true })),
  ];
  return html`${section(
    'Structured properties',
    entries.length === 0
      ? undefined
      : html`<table class="properties">
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            ${entries.map((entry) => {
              const property = node(entry['structuredProperty']);
              const linked = new Map(
                nodes(entry['valueEntities']).map((item) => [str(item['urn']), labelOf(item)]),
              );
              const managed = nodes(node(entry['attribution'])?.['sourceDetail']).some(
                (detail) => detail['key'] === 'managedBy' && detail['value'] === 'catalog',
              );
              return html`<tr>
                <td>${property === undefined ? '' : entityLink(labelOf(property))}</td>
                <td>
                  ${nodes(entry['values']).map((value, index) => {
                    const text = valueText(value);
                    const label = linked.get(text);
                    return html`${index > 0 ? ', ' : ''}${label === undefined ? html`<span>${text}</span>` : entityLink(label)}`;
                  })}
                  ${managed ? html` <span class="badge" title="set by the catalog's manifests">managed</span>` : ''}
                </td>
              </tr>`;
            })}
          </tbody>
        </table>`,
  )}
  ${section(
    'Forms',
    assigned.length === 0
      ? undefined
      : html`<ul class="links">
          ${assigned.map(({ form, done }) => {
            const label = node(form['form']);
            const complete = nodes(form['completedPrompts']).length;
            const total = complete + nodes(form['incompletePrompts']).length;
            return html`<li>
              ${label === undefined ? '' : entityLink(labelOf(label))}
              <span class="badge"
                >${done ? 'complete' : `${String(complete)} of ${String(total)} prompts done`}</span
              >
            </li>`;
          })}
        </ul>`,
  )}`;
}

/** A structured property's page: its definition and where DataHub shows it. */
export function structuredPropertySections(entity: Node): Html {
  const definition = node(entity['definition']) ?? {};
  const settings = node(entity['settings']);
  const names = (value: unknown): string | undefined => {
    const list = nodes(value).map((item) => str(node(item['info'])?.['displayName']) ?? '');
    return list.length === 0 ? undefined : list.join(', ');
  };
  const allowed = nodes(definition['allowedValues']);
  const shown = settings === undefined ? [] : Object.entries(settings).filter(([, value]) => value === true);
  return html`${facts([
    ['Qualified name', str(definition['qualifiedName'])],
    ['Value type', str(node(node(definition['valueType'])?.['info'])?.['type'])?.toLowerCase()],
    ['Cardinality', str(definition['cardinality'])],
    ['Immutable', definition['immutable'] === true ? 'yes' : undefined],
    ['For', names(definition['entityTypes'])],
    ['Values are', names(node(definition['typeQualifier'])?.['allowedTypes'])],
    ['Shown', shown.length === 0 ? undefined : shown.map(([key]) => key).join(', ')],
  ])}
  ${section(
    'Allowed values',
    allowed.length === 0
      ? undefined
      : html`<ul class="links">
          ${allowed.map((item) => {
            const description = str(item['description']);
            return html`<li>
              <code>${valueText(node(item['value']) ?? {})}</code
              >${description === undefined ? '' : html` ${description}`}
            </li>`;
          })}
        </ul>`,
  )}`;
}

/** A form's page: its type and prompts, each with the property it asks for. */
export function formSections(entity: Node): Html {
  const info = node(entity['info']) ?? {};
  const prompts = nodes(info['prompts']);
  return html`${facts([['Type', str(info['type'])?.toLowerCase()]])}
  ${section(
    'Prompts',
    prompts.length === 0
      ? undefined
      : html`<ol class="links">
          ${prompts.map((prompt) => {
            const property = node(node(prompt['structuredPropertyParams'])?.['structuredProperty']);
            return html`<li>
              ${str(prompt['title']) ?? str(prompt['id']) ?? ''}${prompt['required'] === true ? html` <span class="badge">required</span>` : ''}
              ${property === undefined ? '' : html`: ${entityLink(labelOf(property))}`}
            </li>`;
          })}
        </ol>`,
  )}`;
}
