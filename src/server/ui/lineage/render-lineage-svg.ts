/**
 * The lineage picture as SVG markup, drawn on the server from a laid-out graph: each entity a rounded box with its
 * type and name inside a link to its page, each edge a path with an arrowhead in the direction data flows, the
 * focus highlighted, and what the cap left out as a plain "and N more" box. Every text goes through the `html`
 * template, so catalog names are escaped like everywhere else; colours come from the stylesheet (the page's
 * Content-Security-Policy allows no inline style), sizes are attributes so the SVG keeps its shape anywhere.
 */
import { entityPath, html, type Html } from '../html.js';
import {
  CAPTION_FONT_PX,
  NAME_FONT_PX,
  type LineageLayout,
  type PlacedEdge,
  type PlacedNode,
  type Point,
} from './layout-lineage.js';

export interface LineageSvgOptions {
  /** What the picture shows, for assistive technology ("Lineage of …"). */
  readonly title: string;
  /** Where an entity's box links to; its page by default. */
  readonly href?: (urn: string) => string;
  /**
   * `wide`: left to right, drawn at its natural size (scrolls in its frame when wider); `column`: the phone's
   * picture, one column scaled to its frame (layout-lineage-column.ts). Both go on one page; the stylesheet shows
   * one by the screen's width.
   */
  readonly variant?: 'wide' | 'column';
}

const ARROW_ID = 'lineage-arrow';
const CLASSES = { wide: 'lineage-graph lineage-picture', column: 'lineage-column lineage-picture' } as const;
const CAPTION_BASELINE = 19;
const NAME_BASELINE = 38;
const TEXT_INSET = 12;

export function renderLineageSvg(layout: LineageLayout, options: LineageSvgOptions): Html {
  const href = options.href ?? entityPath;
  const variant = options.variant ?? 'wide';
  // Ids are the page's: the second picture's get a suffix.
  const suffix = variant === 'wide' ? '' : `-${variant}`;
  const arrow = `${ARROW_ID}${suffix}`;
  return html`<svg
    class="${CLASSES[variant]}"
    xmlns="http://www.w3.org/2000/svg"
    width="${String(layout.width)}"
    height="${String(layout.height)}"
    viewBox="0 0 ${String(layout.width)} ${String(layout.height)}"
    role="group"
    aria-labelledby="lineage-graph-title${suffix}"
  >
    <title id="lineage-graph-title${suffix}">${options.title}</title>
    <defs>
      <marker
        id="${arrow}"
        viewBox="0 0 10 10"
        refX="9"
        refY="5"
        markerWidth="7"
        markerHeight="7"
        markerUnits="userSpaceOnUse"
        orient="auto"
      >
        <path class="arrowhead" d="M0,0 L10,5 L0,10 z" />
      </marker>
    </defs>
    <g class="edges">${layout.edges.map((placed) => edgePath(placed, arrow))}</g>
    <g class="nodes">${layout.nodes.map((placed) => nodeBox(placed, href))}</g>
  </svg>`;
}

function edgePath(placed: PlacedEdge, arrow: string): Html {
  const more = placed.edge.relationship === '';
  return html`<path
    class="edge${more ? ' to-more' : ''}"
    d="${pathData(placed.points)}"
    marker-end="url(#${arrow})"
    >${more ? '' : html`<title>${placed.edge.relationship}</title>`}</path
  >`;
}

/**
 * A smooth line through the points, level at each of them: one cubic curve per segment whose control points lie
 * halfway along it, level with its ends. A line between boxes side by side leaves and enters them horizontally,
 * so the arrowhead points into the box.
 */
export function pathData(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (first === undefined) return '';
  const at = (x: number, y: number) => `${String(round(x))},${String(round(y))}`;
  let data = `M${at(first.x, first.y)}`;
  let from = first;
  for (const to of rest) {
    const half = (to.x - from.x) / 2;
    data += ` C${at(from.x + half, from.y)} ${at(to.x - half, to.y)} ${at(to.x, to.y)}`;
    from = to;
  }
  return data;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function nodeBox(placed: PlacedNode, href: (urn: string) => string): Html {
  const { node } = placed;
  const box = html`<rect
      x="${String(placed.x)}"
      y="${String(placed.y)}"
      width="${String(placed.width)}"
      height="${String(placed.height)}"
      rx="8"
      ry="8"
    /><text
      class="caption"
      x="${String(placed.x + TEXT_INSET)}"
      y="${String(placed.y + CAPTION_BASELINE)}"
      font-size="${String(CAPTION_FONT_PX)}"
      >${placed.caption}</text
    ><text
      class="name"
      x="${String(placed.x + TEXT_INSET)}"
      y="${String(placed.y + NAME_BASELINE)}"
      font-size="${String(NAME_FONT_PX)}"
      >${placed.name}</text
    >`;
  switch (node.kind) {
    case 'entity': {
      const focus = node.side === 'focus';
      return html`<a
        class="node ${focus ? 'focus' : node.side}"
        href="${href(node.id)}"
        data-urn="${node.id}"
        ${focus ? html`aria-current="page"` : ''}
        ><title>${placed.fullName} (${placed.caption})</title>${box}</a
      >`;
    }
    case 'more':
      return html`<g class="node more ${node.side}"
        ><title>${placed.caption}: ${placed.fullName} not shown</title>${box}</g
      >`;
    default:
      return assertNever(node);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected lineage node: ${JSON.stringify(value)}`);
}
