/**
 * /e/<urn>/lineage: where an entity's data comes from and where it goes, a few hops each way (`?hops=1..4`, 2 by
 * default), drawn as an SVG on the server with links to every entity's page, and listed as text below it.
 * On a narrow screen the picture keeps its size and scrolls sideways inside its frame; its text never shrinks.
 */
import { type CatalogReader } from '../catalog-reader.js';
import { typeName, type Label } from '../label.js';
import { entityPath, html, type Html } from '../html.js';
import { layoutLineage } from '../lineage/layout-lineage.js';
import {
  DEFAULT_LINEAGE_OPTIONS,
  buildLineageGraph,
  type LineageGraph,
  type LineageNode,
  type LineageSide,
} from '../lineage/lineage-graph.js';
import { readLineage } from '../lineage/read-lineage.js';
import { layoutLineageColumn } from '../lineage/layout-lineage-column.js';
import { renderLineageSvg } from '../lineage/render-lineage-svg.js';
import { entityLink, layout } from './layout.js';
import { notInCatalogPage, type Page } from './page-parts.js';

export const MAX_HOPS = 4;

/** The GraphQL types whose pages link to their lineage (the entities the picture is about). */
export const LINEAGE_TYPES: ReadonlySet<string> = new Set([
  'Dataset',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'MLModel',
  'MLModelGroup',
]);

/** The path of an entity's lineage page. */
export function lineagePath(urn: string, hops?: number): string {
  const path = `${entityPath(urn)}/lineage`;
  return hops === undefined || hops === DEFAULT_LINEAGE_OPTIONS.hops ? path : `${path}?hops=${String(hops)}`;
}

/** `?hops=` as a number of hops from 1 to MAX_HOPS; the default for anything else. */
export function parseHops(params: URLSearchParams): number {
  const hops = Number(params.get('hops'));
  return Number.isInteger(hops) && hops >= 1 && hops <= MAX_HOPS ? hops : DEFAULT_LINEAGE_OPTIONS.hops;
}

export async function renderLineagePage(
  reader: CatalogReader,
  urn: string,
  hops: number,
  signedIn: boolean,
): Promise<Page> {
  const options = { ...DEFAULT_LINEAGE_OPTIONS, hops };
  const answers = await readLineage(reader, urn, options);
  const focus = answers?.get(urn);
  if (answers === undefined || focus === undefined) return notInCatalogPage(urn, signedIn);
  const graph = buildLineageGraph(urn, answers, options);
  const label = focus.label;
  const entities = graph.nodes.filter((node) => node.kind === 'entity').length;
  const left = graph.nodes.reduce((sum, node) => sum + (node.kind === 'more' ? node.count : 0), 0);
  const main = html`<nav class="breadcrumbs" aria-label="Breadcrumbs">
      <a href="${entityPath(label.urn)}">${label.name}</a> › Lineage
    </nav>
    <h1>Lineage of ${label.name}</h1>
    <p class="lineage-summary">
      ${typeName(label.type)}, ${hops === 1 ? '1 hop' : `${String(hops)} hops`} upstream and downstream:
      ${
        entities === 1
          ? 'no lineage is recorded for it.'
          : html`${String(entities)} entities${left === 0 ? '' : ` drawn, ${String(left)} more left out`}.
              Data flows <span class="on-wide">from left to right</span
              ><span class="on-narrow">from top to bottom</span>; each box opens its page.`
      }
    </p>
    ${hopChoices(label.urn, hops)}
    ${
      entities === 1
        ? ''
        : html`<figure class="lineage">
              <div
                class="lineage-scroll"
                tabindex="0"
                role="region"
                aria-label="Lineage graph (scrolls sideways)"
              >
                ${renderLineageSvg(layoutLineage(graph), { title: `Lineage of ${label.name}` })}
                ${renderLineageSvg(layoutLineageColumn(graph), {
                  title: `Lineage of ${label.name}`,
                  variant: 'column',
                })}
              </div>
              <figcaption>
                <span class="on-wide">Upstream on the left, downstream on the right</span
                ><span class="on-narrow">Upstream at the top, downstream below</span>; the highlighted box is
                ${label.name}.
                <span class="scroll-hint">Scroll the picture sideways to see all of it.</span>
              </figcaption>
            </figure>
            ${listing(graph)}`
    }`;
  return { status: 200, body: layout({ title: `Lineage of ${label.name}`, signedIn }, main) };
}

function hopChoices(urn: string, current: number): Html {
  const choices = Array.from({ length: MAX_HOPS }, (_, index) => index + 1);
  return html`<p class="hop-choices">
    Hops each way:
    ${choices.map((hops) =>
      hops === current
        ? html` <span class="current" aria-current="page">${String(hops)}</span>`
        : html` <a href="${lineagePath(urn, hops)}">${String(hops)}</a>`,
    )}
  </p>`;
}

/** The same entities as text, by side and distance: for screen readers, and for copying a name. */
function listing(graph: LineageGraph): Html {
  const side = (which: LineageSide, title: string) => {
    const nodes = graph.nodes.filter((node) => node.kind === 'entity' && node.side === which);
    const more = graph.nodes.find((node) => node.kind === 'more' && node.side === which);
    if (nodes.length === 0 && more === undefined) return html``;
    return html`<h3>${title}</h3>
      <ul class="links">
        ${nodes.map((node) => html`<li>${entityItem(node)}</li>`)}
        ${more?.kind === 'more' ? html`<li>and ${String(more.count)} more</li>` : ''}
      </ul>`;
  };
  return html`<details class="lineage-list">
    <summary>The entities in this picture, as a list</summary>
    ${side('upstream', 'Upstream')} ${side('downstream', 'Downstream')}
  </details>`;
}

function entityItem(node: LineageNode): Html {
  if (node.kind !== 'entity') return html``;
  const label: Label = node.label;
  return html`${entityLink(label, true)}
    <span class="count">${node.depth === 1 ? '1 hop' : `${String(node.depth)} hops`}</span>`;
}
