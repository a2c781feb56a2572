/**
 * What each kind of entity page asks the GraphQL API for, and how it shows it: models with their groups,
 * features, hyper-parameters and metrics; features with their tables, models and sources; tables with their
 * features; groups with their models; terms with their node, related terms and where they are used; nodes with
 * their children; datasets with their columns and the terms on each; tags with what they tag.
 */
import { simplifyFieldPath } from '../../../model/field-path.js';
import { labelOf, node, nodes, str, type Label, type Node } from '../catalog-reader.js';
import { externalUrl, html, type Html } from '../html.js';
import { entityLink, linkList, section } from './layout.js';
import { appendTo } from '../../../model/group.js';
import {
  GROUP_MODELS_FIELDS,
  MODEL_LIFECYCLE_FIELDS,
  modelVersionOf,
  renderGroupModels,
  renderModelData,
  renderModelParameters,
  renderVersion,
} from './model-lifecycle.js';

const REL = (name: string, types: string, direction: 'INCOMING' | 'OUTGOING') =>
  `${name}: relationships(input: {types: [${types}], direction: ${direction}, count: 1000}) { total relationships { type entity { ...Label } } }`;

/** Which shared sections each GraphQL type has in DataHub's schema. */
const SHARED: Readonly<
  Record<string, readonly ('ownership' | 'tags' | 'glossaryTerms' | 'institutionalMemory')[]>
> = {
  Dataset: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLFeature: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLPrimaryKey: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLFeatureTable: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLModel: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  MLModelGroup: ['ownership', 'tags', 'glossaryTerms'],
  GlossaryTerm: ['ownership', 'institutionalMemory'],
  GlossaryNode: ['ownership'],
  Tag: ['ownership'],
  Container: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  Domain: ['ownership', 'institutionalMemory'],
  DataProduct: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  CorpGroup: ['ownership'],
  Chart: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  Dashboard: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  DataFlow: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
  DataJob: ['ownership', 'tags', 'glossaryTerms', 'institutionalMemory'],
};

const SHARED_FIELDS = {
  ownership: 'ownership { owners { type owner { ...Label } } }',
  tags: 'tags { tags { tag { ...Label ... on Tag { properties { colorHex } } } } }',
  glossaryTerms: 'glossaryTerms { terms { term { ...Label } } }',
  institutionalMemory: 'institutionalMemory { elements { url label } }',
} as const;

const COLUMN_TERMS = 'glossaryTerms { terms { term { ...Label } } }';

/** The fields of one GraphQL type that its page shows, beyond the Label. */
const DETAILS: Readonly<Record<string, string>> = {
  MLModel: `properties { type version date externalUrl hyperParams { name value } trainingMetrics { name value description }
      groups { ...Label } customProperties { key value } }
    ${MODEL_LIFECYCLE_FIELDS}
    ${REL('features', '"Consumes"', 'OUTGOING')}`,
  MLFeature: `properties { dataType version { versionTag } sources { ...Label } }
    ${REL('tables', '"Contains"', 'INCOMING')}
    ${REL('models', '"Consumes"', 'INCOMING')}`,
  MLPrimaryKey: `properties { dataType version { versionTag } sources { ...Label } }
    ${REL('tables', '"KeyedBy"', 'INCOMING')}`,
  MLFeatureTable: `properties { mlFeatures { ...Label } mlPrimaryKeys { ...Label } customProperties { key value } }`,
  MLModelGroup: `properties { version { versionTag } createdAt }
    ${GROUP_MODELS_FIELDS}`,
  GlossaryTerm: `properties { termSource sourceRef sourceUrl customProperties { key value } }
    parentNodes { nodes { ...Label } }
    ${REL('relatedOut', '"IsA", "HasA", "IsRelatedTo", "HasValue"', 'OUTGOING')}
    ${REL('relatedIn', '"IsA", "HasA", "IsRelatedTo", "HasValue"', 'INCOMING')}
    ${REL('termedWith', '"TermedWith"', 'INCOMING')}
    columnUses: relationships(input: {types: ["EditableSchemaFieldWithGlossaryTerm", "SchemaFieldWithGlossaryTerm"],
        direction: INCOMING, count: 1000}) {
      total relationships { entity { ...Label ... on Dataset {
        schemaMetadata { fields { fieldPath glossaryTerms { terms { term { urn } } } } }
        editableSchemaMetadata { editableSchemaFieldInfo { fieldPath glossaryTerms { terms { term { urn } } } } } } } }
    }`,
  GlossaryNode: `parentNodes { nodes { ...Label } }
    ${REL('children', '"IsPartOf"', 'INCOMING')}`,
  Dataset: `properties { qualifiedName externalUrl customProperties { key value } }
    schemaMetadata { primaryKeys fields { fieldPath description nativeDataType ${COLUMN_TERMS} } }
    editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description ${COLUMN_TERMS} } }
    ${REL('features', '"DerivedFrom"', 'INCOMING')}`,
  Tag: `properties { colorHex }
    ${REL('tagged', '"TaggedWith"', 'INCOMING')}`,
  Domain: `parentDomains { domains { ...Label } }
    ${REL('subDomains', '"IsPartOf"', 'INCOMING')}
    ${REL('inDomain', '"AssociatedWith"', 'INCOMING')}`,
  DataProduct: `${REL('assets', '"DataProductContains"', 'OUTGOING')}`,
};

/** The GraphQL types whose entity can be in a domain (DataHub's `domain` field): each page names it. */
const IN_DOMAIN = new Set([
  'Dataset',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'MLModel',
  'MLModelGroup',
  'GlossaryTerm',
  'GlossaryNode',
  'DataProduct',
  'Container',
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
]);

/** The types an asset of a data product can be (DataProductProperties.assets in DataHub's PDL). */
const PRODUCT_ASSETS = new Set([
  'Dataset',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'MLModel',
  'MLModelGroup',
  'Container',
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
]);

/** The `... on Type { … }` selection of an entity page query. */
export function detailsSelection(graphqlType: string): string {
  const shared = (SHARED[graphqlType] ?? []).map((field) => SHARED_FIELDS[field]).join('\n    ');
  const details = [
    DETAILS[graphqlType] ?? '',
    IN_DOMAIN.has(graphqlType) ? 'domain { domain { ...Label } }' : '',
    PRODUCT_ASSETS.has(graphqlType) ? REL('dataProducts', '"DataProductContains"', 'INCOMING') : '',
  ].join('\n    ');
  const aspects = 'aspects { aspectName payload }';
  const hasAspects = !['DataPlatform'].includes(graphqlType);
  return `... on ${graphqlType} {\n    ${shared}\n    ${details}\n    ${hasAspects ? aspects : ''}\n  }`;
}

/**
 * The sections of a page specific to its kind of entity (before the shared owners, tags and links); `datasets`
 * names the datasets the entity refers to by URN only (a model's training and evaluation data).
 */
export function kindSections(
  graphqlType: string,
  entity: Node,
  datasets: ReadonlyMap<string, Label> = new Map(),
): Html {
  switch (graphqlType) {
    case 'MLModel':
      return modelSections(entity, datasets);
    case 'MLFeature':
    case 'MLPrimaryKey':
      return featureSections(entity, graphqlType === 'MLPrimaryKey');
    case 'MLFeatureTable':
      return tableSections(entity);
    case 'MLModelGroup':
      return html`${facts([['Version', str(node(node(entity['properties'])?.['version'])?.['versionTag'])]])}
      ${section('Models in this group', renderGroupModels(entity))}`;
    case 'GlossaryTerm':
      return termSections(entity);
    case 'GlossaryNode':
      return nodeSections(entity);
    case 'Dataset':
      return datasetSections(entity);
    case 'Tag':
      return section('Tagged', linkList(related(entity, 'tagged'), true));
    case 'Domain':
      return domainSections(entity);
    case 'DataProduct':
      return section('Assets', linkList(related(entity, 'assets'), true));
    default:
      return html``;
  }
}

/**
 * The domain an entity is in and the data products that hold it, shown at the top of every page that can have them
 * (a domain's own page shows its parent instead).
 */
export function membershipFacts(entity: Node): Html {
  const domain = node(node(entity['domain'])?.['domain']);
  const products = related(entity, 'dataProducts');
  return facts([
    ['Domain', domain === undefined ? undefined : entityLink(labelOf(domain))],
    [
      products.length === 1 ? 'Data product' : 'Data products',
      products.length === 0
        ? undefined
        : html`${products.map((product, index) => html`${index > 0 ? ', ' : ''}${entityLink(product)}`)}`,
    ],
  ]);
}

/** A domain: its parents (root first), sub-domains, data products and the other entities in it. */
function domainSections(entity: Node): Html {
  // parentDomains answers the nearest parent first, as DataHub's resolver does; the path reads from the root.
  const parents = nodes(node(entity['parentDomains'])?.['domains']).map(labelOf).reverse();
  const inside = related(entity, 'inDomain');
  return html` ${facts([
    [
      'Parent domain',
      parents.length === 0
        ? undefined
        : html`${parents.map((parent, index) => html`${index > 0 ? ' › ' : ''}${entityLink(parent)}`)}`,
    ],
  ])}
  ${section(
    'Sub-domains',
    linkList(related(entity, 'subDomains').filter((child) => child.type === 'DOMAIN')),
  )}
  ${section('Data products', linkList(inside.filter((item) => item.type === 'DATA_PRODUCT')))}
  ${section(
    'In this domain',
    linkList(
      inside.filter((item) => item.type !== 'DATA_PRODUCT'),
      true,
    ),
  )}`;
}

/** Owners, tags, glossary terms and links: shown on every page whose entity has them. */
export function sharedSections(entity: Node): Html {
  const owners = nodes(node(entity['ownership'])?.['owners']).flatMap((owner) => {
    const who = node(owner['owner']);
    return who === undefined ? [] : [{ label: labelOf(who), type: str(owner['type']) }];
  });
  const tags = nodes(node(entity['tags'])?.['tags']).flatMap((item) => {
    const tag = node(item['tag']);
    return tag === undefined ? [] : [labelOf(tag)];
  });
  const links = nodes(node(entity['institutionalMemory'])?.['elements']);
  return html` ${section(
    'Owners',
    owners.length === 0
      ? undefined
      : html`<ul class="links">
          ${owners.map(
            (owner) =>
              html`<li>
                ${entityLink(owner.label)}${owner.type === undefined ? '' : html` <span class="badge">${ownerType(owner.type)}</span>`}
              </li>`,
          )}
        </ul>`,
  )}
  ${section(
    'Tags',
    tags.length === 0
      ? undefined
      : html`<ul class="chips">
          ${tags.map((tag) => html`<li>${entityLink(tag)}</li>`)}
        </ul>`,
  )}
  ${section('Glossary terms', linkList(termLabels(entity['glossaryTerms'])))}
  ${section(
    'Links',
    links.length === 0
      ? undefined
      : html`<ul class="links">
          ${links.map((link) => {
            const url = externalUrl(str(link['url']));
            const label = str(link['label']) ?? str(link['url']) ?? '';
            return html`<li>
              ${url === undefined ? html`<span>${label} (${str(link['url']) ?? ''})</span>` : html`<a href="${url}" rel="noopener noreferrer">${label}</a>`}
            </li>`;
          })}
        </ul>`,
  )}`;
}

function modelSections(entity: Node, datasets: ReadonlyMap<string, Label>): Html {
  const properties = node(entity['properties']) ?? {};
  const groups = nodes(properties['groups']).map(labelOf);
  const url = externalUrl(str(properties['externalUrl']));
  const version = modelVersionOf(entity);
  return html` ${facts([
    ['Model type', str(properties['type'])],
    ['Version', renderVersion(version)],
    ['Version in the model properties', version.propertiesVersion],
    ['Version note', version.comment],
    ['Trained', typeof properties['date'] === 'number' ? formatTime(properties['date']) : undefined],
  ])}
  ${url === undefined ? '' : html`<p><a href="${url}" rel="noopener noreferrer">Open in the model registry</a></p>`}
  ${section('Groups', linkList(groups))} ${section('Features', linkList(related(entity, 'features')))}
  ${renderModelData(entity, datasets)} ${renderModelParameters(properties)}
  ${section('Properties', customProperties(properties['customProperties']))}`;
}

function featureSections(entity: Node, isPrimaryKey: boolean): Html {
  const properties = node(entity['properties']) ?? {};
  return html` ${facts([
    ['Data type', str(properties['dataType'])],
    ['Version', str(node(properties['version'])?.['versionTag'])],
  ])}
  ${section(isPrimaryKey ? 'Keys of tables' : 'Feature tables', linkList(related(entity, 'tables')))}
  ${isPrimaryKey ? '' : section('Used by models', linkList(related(entity, 'models')))}
  ${section('Source datasets', linkList(nodes(properties['sources']).map(labelOf)))}`;
}

function tableSections(entity: Node): Html {
  const properties = node(entity['properties']) ?? {};
  return html` ${section('Features', linkList(nodes(properties['mlFeatures']).map(labelOf)))}
  ${section('Primary keys', linkList(nodes(properties['mlPrimaryKeys']).map(labelOf)))}
  ${section('Properties', customProperties(properties['customProperties']))}`;
}

function termSections(entity: Node): Html {
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

function nodeSections(entity: Node): Html {
  const parents = nodes(node(entity['parentNodes'])?.['nodes']).map(labelOf);
  const children = related(entity, 'children');
  return html` ${facts([['Parent node', parents.length === 0 ? undefined : html`${parents.map((parent, index) => html`${index > 0 ? ' › ' : ''}${entityLink(parent)}`)}`]])}
  ${section('Nodes', linkList(children.filter((child) => child.type === 'GLOSSARY_NODE')))}
  ${section('Terms', linkList(children.filter((child) => child.type === 'GLOSSARY_TERM')))}`;
}

function datasetSections(entity: Node): Html {
  const properties = node(entity['properties']) ?? {};
  const schema = node(entity['schemaMetadata']);
  const editable = nodes(node(entity['editableSchemaMetadata'])?.['editableSchemaFieldInfo']);
  const keys = new Set((Array.isArray(schema?.['primaryKeys']) ? schema['primaryKeys'] : []).map(String));
  const editsByPath = new Map<string, Node[]>();
  for (const entry of editable) {
    const path = simplifyFieldPath(str(entry['fieldPath']) ?? '');
    appendTo(editsByPath, path, entry);
  }
  const schemaPaths = new Set<string>();
  const rows = nodes(schema?.['fields']).map((field) => {
    const path = simplifyFieldPath(str(field['fieldPath']) ?? '');
    schemaPaths.add(path);
    const edits = editsByPath.get(path) ?? [];
    const description =
      edits.map((edit) => str(edit['description'])).find((text) => text !== undefined) ??
      str(field['description']);
    const terms = uniqueLabels([
      ...termLabels(field['glossaryTerms']),
      ...edits.flatMap((edit) => termLabels(edit['glossaryTerms'])),
    ]);
    return {
      path,
      type: str(field['nativeDataType']),
      description,
      terms,
      key: keys.has(str(field['fieldPath']) ?? ''),
    };
  });
  const orphans = [...editsByPath.entries()]
    .filter(([path]) => !schemaPaths.has(path))
    .map(([path, edits]) => ({
      path,
      type: undefined,
      description: edits.map((edit) => str(edit['description'])).find((text) => text !== undefined),
      terms: uniqueLabels(edits.flatMap((edit) => termLabels(edit['glossaryTerms']))),
      key: false,
    }));
  const all = [...rows, ...orphans];
  const url = externalUrl(str(properties['externalUrl']));
  return html` ${facts([['Qualified name', str(properties['qualifiedName'])]])}
  ${url === undefined ? '' : html`<p><a href="${url}" rel="noopener noreferrer">Open in the source system</a></p>`}
  ${section(
    'Columns',
    all.length === 0
      ? undefined
      : html`<div class="table-wrap">
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
                <th scope="col">Glossary terms</th>
              </tr>
            </thead>
            <tbody>
              ${all.map(
                (row) =>
                  html`<tr>
                    <th scope="row">
                      <code>${row.path}</code>${row.key ? html` <span class="badge">key</span>` : ''}${
                        schemaPaths.has(row.path) || schema === undefined
                          ? ''
                          : html` <span class="badge warn">not in schema</span>`
                      }
                    </th>
                    <td data-label="Type">${row.type ?? ''}</td>
                    <td data-label="Description">${row.description ?? ''}</td>
                    <td data-label="Terms">${row.terms.length === 0 ? '' : termList(row.terms)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`,
  )}
  ${section('Features derived from it', linkList(related(entity, 'features')))}
  ${section('Properties', customProperties(properties['customProperties']))}`;
}

function termList(terms: readonly Label[]): Html {
  return html`<ul class="inline-list">
    ${terms.map((term) => html`<li>${entityLink(term)}</li>`)}
  </ul>`;
}

/** A definition list of the facts that have a value. */
export function facts(rows: readonly (readonly [string, string | Html | undefined])[]): Html {
  const present = rows.filter(([, value]) => value !== undefined && value !== '');
  if (present.length === 0) return html``;
  return html`<dl class="facts">
    ${present.map(
      ([name, value]) =>
        html`<div>
          <dt>${name}</dt>
          <dd>${value ?? ''}</dd>
        </div>`,
    )}
  </dl>`;
}

function pairs(items: readonly Node[]): Html | undefined {
  if (items.length === 0) return undefined;
  return html`<div class="table-wrap">
    <table>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        ${items.map(
          (item) =>
            html`<tr>
              <th scope="row">${str(item['name']) ?? ''}</th>
              <td>${str(item['value']) ?? ''}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

function customProperties(value: unknown): Html | undefined {
  return pairs(nodes(value).map((entry) => ({ name: entry['key'], value: entry['value'] })));
}

interface Related {
  readonly type: string;
  readonly label: Label;
  readonly node: Node;
}

function relationships(entity: Node, alias: string): Related[] {
  return nodes(node(entity[alias])?.['relationships']).flatMap((item) => {
    const other = node(item['entity']);
    return other === undefined ? [] : [{ type: str(item['type']) ?? '', label: labelOf(other), node: other }];
  });
}

function related(entity: Node, alias: string): Label[] {
  return uniqueLabels(relationships(entity, alias).map((item) => item.label)).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

function termLabels(value: unknown): Label[] {
  return nodes(node(value)?.['terms']).flatMap((item) => {
    const term = node(item['term']);
    return term === undefined ? [] : [labelOf(term)];
  });
}

function uniqueLabels(labels: readonly Label[]): Label[] {
  return [...new Map(labels.map((label) => [label.urn, label])).values()];
}

function hasTerm(field: Node, termUrn: string): boolean {
  return nodes(node(field['glossaryTerms'])?.['terms']).some(
    (item) => node(item['term'])?.['urn'] === termUrn,
  );
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

function ownerType(type: string): string {
  const lower = type.toLowerCase().replace(/_/g, ' ');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export function formatTime(millis: number): string {
  return `${new Date(millis).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
