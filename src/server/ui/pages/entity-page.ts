/**
 * One page per entity, at /e/<url-encoded URN>: who it is, what it is linked to (both ways), who owns it,
 * whether this tool manages it (from the systemMetadata properties the reconciler writes), and every stored
 * aspect. Entities of kinds without a page of their own show their aspects.
 */
import { parseJson } from '../../../model/json.js';
import { node, nodes, str, type CatalogReader, type Node } from '../catalog-reader.js';
import { LABEL_FRAGMENT, labelOf, typeName, type Label } from '../label.js';
import { entityPath, html, type Html } from '../html.js';
import { deprecationSelection, renderDeprecation } from './deprecation.js';
import { detailsSelection } from './entity-selection.js';
import { hasKindSections, kindSections, membershipFacts, sharedSections } from './entity-sections.js';
import { layout } from './layout.js';
import { LINEAGE_TYPES, lineagePath } from './lineage-page.js';
import { managedBanner, managedBy } from './managed-by.js';
import { modelDatasetUrns, readDatasetLabels } from './model-lifecycle.js';
import { notInCatalogPage, type Page } from './page-parts.js';
import { findShadowedDescription, renderShadowNotice, shadowSelection } from './shadowed-description.js';

const KIND_QUERY = 'query EntityKind($urn: String!) { entity(urn: $urn) { __typename urn } }';

export async function renderEntityPage(reader: CatalogReader, urn: string, signedIn: boolean): Promise<Page> {
  const kind = node((await reader.query(KIND_QUERY, { urn }))['entity']);
  const typename = str(kind?.['__typename']);
  if (kind === undefined || typename === undefined) return notInCatalogPage(urn, signedIn);
  const data = await reader.query(
    `query EntityPage($urn: String!) {
      entity(urn: $urn) { ...Label ${detailsSelection(typename)} ${deprecationSelection(typename)} }
      history: aspectHistory(input: {urn: $urn, count: 1000}) { total versions { aspectName version createdOn createdBy systemMetadata } }
      ${shadowSelection(typename)}
    }
    ${LABEL_FRAGMENT}`,
    { urn },
  );
  const entity = node(data['entity']) ?? {};
  const label = labelOf(entity);
  const aspects = nodes(entity['aspects']);
  const removed = aspects.some(
    (aspect) => aspect['aspectName'] === 'status' && /"removed":true/.test(str(aspect['payload']) ?? ''),
  );
  const managed = managedBy(nodes(node(data['history'])?.['versions']));
  const shadow = findShadowedDescription(typename, data);
  const datasets =
    typename === 'MLModel'
      ? await readDatasetLabels(reader, modelDatasetUrns(entity))
      : new Map<string, Label>();
  // A kind without sections of its own shows its aspects open; other pages fold them away.
  const generic = !hasKindSections(typename);

  const main = html` <article class="entity" data-urn="${label.urn}">
    <header class="entity-header">
      <p class="kind">
        <span class="badge">${typeName(label.type)}</span
        >${label.platform === undefined ? '' : html` <span class="platform">${label.platform}</span>`}
      </p>
      <h1>${label.name}</h1>
      <p class="urn"><code>${label.urn}</code></p>
      ${
        LINEAGE_TYPES.has(typename)
          ? html`<nav class="entity-views" aria-label="Views of this entity">
              <a href="${lineagePath(label.urn)}">Lineage</a>
              <a href="${entityPath(label.urn)}/history">History</a>
            </nav>`
          : ''
      }
      ${removed ? html`<p class="banner warn" role="note">Soft-deleted: hidden from search, kept in the catalog.</p>` : ''}
      ${renderDeprecation(entity)} ${managed === undefined ? '' : managedBanner(managed)}
    </header>
    ${
      label.description === ''
        ? ''
        : html`<section class="description" aria-label="Description">
            ${paragraphs(label.description)}${shadow === undefined ? '' : renderShadowNotice(shadow)}
          </section>`
    }
    ${membershipFacts(entity)} ${kindSections(typename, entity, datasets)} ${sharedSections(entity)}
    ${aspectsSection(aspects, generic)}
    <p class="page-links"><a href="${entityPath(label.urn)}/history">History of this entity's aspects</a></p>
  </article>`;
  return { status: 200, body: layout({ title: label.name, signedIn }, main) };
}

function paragraphs(text: string): Html {
  return html`${text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => html`<p>${paragraph}</p>`)}`;
}

/** Every stored aspect, pretty-printed: the page of an entity kind without one of its own, and a detail elsewhere. */
function aspectsSection(aspects: readonly Node[], open: boolean): Html {
  if (aspects.length === 0) return html``;
  const body = html`${aspects.map((aspect) => {
    const name = str(aspect['aspectName']) ?? '';
    const parsed = parseJson(str(aspect['payload']) ?? 'null');
    const pretty = parsed.ok ? JSON.stringify(parsed.value, null, 2) : (str(aspect['payload']) ?? '');
    return html`<section class="aspect" aria-label="${name}">
      <h3>${name}</h3>
      <pre tabindex="0">${pretty}</pre>
    </section>`;
  })}`;
  return open
    ? html`<section aria-labelledby="aspects">
        <h2 id="aspects">Aspects</h2>
        ${body}
      </section>`
    : html`<details class="aspects">
        <summary>All aspects (${String(aspects.length)})</summary>
        ${body}
      </details>`;
}
