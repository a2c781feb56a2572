/**
 * How each kind of entity page shows what it asked for (entity-selection.ts): models with their groups, features,
 * hyper-parameters and metrics; features with their tables, models and sources; tables with their features;
 * groups with their models; terms and nodes (glossary-sections.ts); datasets with their columns
 * (dataset-sections.ts); tags with what they tag; domains and data products with what they hold. Then what every
 * page shows that has it: the domain and data products an entity is in, its owners, tags, terms and links.
 */
import { node, nodes, str, type Node } from '../catalog-reader.js';
import { labelOf, type Label } from '../label.js';
import { externalUrl, html, type Html } from '../html.js';
import { datasetSections } from './dataset-sections.js';
import { related, termLabels } from './entity-relations.js';
import { nodeSections, termSections } from './glossary-sections.js';
import { entityLink, linkList, section } from './layout.js';
import {
  modelVersionOf,
  renderGroupModels,
  renderModelData,
  renderModelParameters,
  renderVersion,
} from './model-lifecycle.js';
import { customProperties, facts, formatTime } from './page-parts.js';
import { formSections, propertySections, structuredPropertySections } from './property-sections.js';

/**
 * The sections of one kind of page; `datasets` names the datasets the entity refers to by URN only (a model's
 * training and evaluation data).
 */
type KindSections = (entity: Node, datasets: ReadonlyMap<string, Label>) => Html;

/** The sections specific to each GraphQL type that has a page of its own. */
const KIND_SECTIONS: ReadonlyMap<string, KindSections> = new Map<string, KindSections>([
  ['MLModel', modelSections],
  ['MLFeature', (entity) => featureSections(entity, false)],
  ['MLPrimaryKey', (entity) => featureSections(entity, true)],
  ['MLFeatureTable', tableSections],
  ['MLModelGroup', groupSections],
  ['GlossaryTerm', termSections],
  ['GlossaryNode', nodeSections],
  ['Dataset', datasetSections],
  ['Tag', (entity) => section('Tagged', linkList(related(entity, 'tagged'), true))],
  ['Domain', domainSections],
  ['DataProduct', (entity) => section('Assets', linkList(related(entity, 'assets'), true))],
  ['StructuredPropertyEntity', structuredPropertySections],
  ['Form', formSections],
]);

/** The sections of a page specific to its kind of entity (before the shared owners, tags and links). */
export function kindSections(
  graphqlType: string,
  entity: Node,
  datasets: ReadonlyMap<string, Label> = new Map(),
): Html {
  const sections = KIND_SECTIONS.get(graphqlType);
  return sections === undefined ? html`` : sections(entity, datasets);
}

/** Whether a GraphQL type has sections of its own (a page without them shows its aspects instead). */
export function hasKindSections(graphqlType: string): boolean {
  return KIND_SECTIONS.has(graphqlType);
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

/** Structured properties, forms, owners, tags, glossary terms and links: shown on every page whose entity has them. */
export function sharedSections(entity: Node): Html {
  const owners = nodes(node(entity['ownership'])?.['owners']).flatMap((owner) => {
    const who = node(owner['owner']);
    // The ownership type's own name, as DataHub's UI shows it (a custom type by its name, not "Custom").
    const named = str(node(node(owner['ownershipType'])?.['info'])?.['name']);
    const legacy = str(owner['type']);
    const type = named ?? (legacy === undefined ? undefined : ownerType(legacy));
    return who === undefined ? [] : [{ label: labelOf(who), type }];
  });
  const tags = nodes(node(entity['tags'])?.['tags']).flatMap((item) => {
    const tag = node(item['tag']);
    return tag === undefined ? [] : [labelOf(tag)];
  });
  const links = nodes(node(entity['institutionalMemory'])?.['elements']);
  return html` ${propertySections(entity)}
  ${section(
    'Owners',
    owners.length === 0
      ? undefined
      : html`<ul class="links">
          ${owners.map(
            (owner) =>
              html`<li>
                ${entityLink(owner.label)}${owner.type === undefined ? '' : html` <span class="badge">${owner.type}</span>`}
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

function groupSections(entity: Node): Html {
  return html`${facts([['Version', str(node(node(entity['properties'])?.['version'])?.['versionTag'])]])}
  ${section('Models in this group', renderGroupModels(entity))}`;
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

function ownerType(type: string): string {
  const lower = type.toLowerCase().replace(/_/g, ' ');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}
