/**
 * Places the lineage graph with dagre (a layered layout, left to right: upstream on the left, downstream on the
 * right) and decides each node's text and size. Pure: the same graph gives the same coordinates, rounded so that
 * the rendered SVG is byte-for-byte the same.
 *
 * There are no font metrics on the server, so a node's width comes from its text's length at a generous average
 * character width; long names are shortened with an ellipsis (the full name is the node's tooltip).
 */
import dagreModule from '@dagrejs/dagre';
import { typeName } from '../label.js';
import type { LineageEdge, LineageGraph, LineageNode } from './lineage-graph.js';

/**
 * The part of dagre this module uses, typed here: dagre 3.1's own declarations import their siblings without file
 * extensions ('./lib/graph-lib'), which TypeScript's NodeNext resolution cannot follow in an ES module package,
 * so the package's types arrive unresolved.
 */
interface DagreGraph {
  setGraph(label: {
    rankdir: 'LR';
    nodesep: number;
    ranksep: number;
    edgesep: number;
    marginx: number;
    marginy: number;
  }): unknown;
  setDefaultEdgeLabel(label: () => object): unknown;
  setNode(id: string, label: { width: number; height: number }): unknown;
  setEdge(from: string, to: string): unknown;
  node(id: string): { x: number; y: number; width: number; height: number };
  edge(from: string, to: string): { points?: readonly { x: number; y: number }[] };
  graph(): { width?: number; height?: number };
}

interface Dagre {
  graphlib: { Graph: new () => DagreGraph };
  layout(graph: DagreGraph): void;
}

const dagre = dagreModule as unknown as Dagre;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface PlacedNode {
  readonly node: LineageNode;
  /** Top-left corner and size, in CSS pixels (the SVG is drawn at its natural size). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The small first line (the entity's type and platform) and the name, as drawn. */
  readonly caption: string;
  readonly name: string;
  /** The whole name, when `name` is shortened. */
  readonly fullName: string;
}

export interface PlacedEdge {
  readonly edge: LineageEdge;
  readonly points: readonly Point[];
}

export interface LineageLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly PlacedNode[];
  readonly edges: readonly PlacedEdge[];
}

/** Text sizes the stylesheet draws the nodes with (style.css, .lineage-graph); never below 12px. */
export const NAME_FONT_PX = 14;
export const CAPTION_FONT_PX = 12;
/** Average advance of a character, as a share of the font size: wide enough for bold system-ui. */
const CHAR_WIDTH = 0.62;
const MAX_NAME_CHARS = 40;
const PADDING_X = 12;
const NODE_HEIGHT = 50;
const MIN_NODE_WIDTH = 120;
const MARGIN = 16;

export function layoutLineage(graph: LineageGraph): LineageLayout {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 44, edgesep: 12, marginx: MARGIN, marginy: MARGIN });
  layout.setDefaultEdgeLabel(() => ({}));
  const texts = new Map(graph.nodes.map((node) => [node.id, textOf(node)]));
  for (const node of graph.nodes) {
    const text = texts.get(node.id);
    if (text === undefined) continue;
    layout.setNode(node.id, { width: widthOf(text), height: NODE_HEIGHT });
  }
  const edges = graph.edges.filter(
    (edge) => texts.has(edge.from) && texts.has(edge.to) && edge.from !== edge.to,
  );
  for (const edge of edges) layout.setEdge(edge.from, edge.to);
  dagre.layout(layout);

  const nodes = graph.nodes.flatMap((node): PlacedNode[] => {
    const placed = layout.node(node.id);
    const text = texts.get(node.id);
    if (text === undefined) return [];
    return [
      {
        node,
        x: round(placed.x - placed.width / 2),
        y: round(placed.y - placed.height / 2),
        width: placed.width,
        height: placed.height,
        ...text,
      },
    ];
  });
  const boxes = new Map(nodes.map((placed) => [placed.node.id, placed]));
  const placedEdges = edges.map((edge) => ({
    edge,
    points: edgePoints(
      layout.edge(edge.from, edge.to).points ?? [],
      boxes.get(edge.from),
      boxes.get(edge.to),
    ),
  }));
  const label = layout.graph();
  return {
    width: Math.ceil(label.width ?? 0),
    height: Math.ceil(label.height ?? 0),
    nodes,
    edges: placedEdges,
  };
}

/**
 * Where an edge runs: out of the middle of its source's right side and into the middle of its target's left side
 * (dagre starts and ends it wherever the line to its next point crosses the box, often the top of a wide box), through
 * the points dagre routes a long edge by around the boxes between. An edge between neighbouring ranks has one such
 * point, in the gap between them, which adds nothing but a wobble. An edge drawn right to left (dagre reverses one
 * edge of a cycle) keeps dagre's points.
 */
function edgePoints(
  points: readonly { x: number; y: number }[],
  from: PlacedNode | undefined,
  to: PlacedNode | undefined,
): Point[] {
  const rounded = points.map((point) => ({ x: round(point.x), y: round(point.y) }));
  if (from === undefined || to === undefined || to.x < from.x + from.width) return rounded;
  const inner = rounded.slice(1, -1);
  return [
    { x: round(from.x + from.width), y: round(from.y + from.height / 2) },
    ...(inner.length <= 1 ? [] : inner),
    { x: round(to.x), y: round(to.y + to.height / 2) },
  ];
}

/** A node's text as drawn: its caption (type and platform) and name, shortened, and its whole name. */
export function describeNode(node: LineageNode): { caption: string; name: string; fullName: string } {
  return textOf(node);
}

function textOf(node: LineageNode): { caption: string; name: string; fullName: string } {
  switch (node.kind) {
    case 'entity': {
      const { label } = node;
      const caption =
        label.platform === undefined ? typeName(label.type) : `${typeName(label.type)} · ${label.platform}`;
      return { caption: shorten(caption), name: shorten(label.name), fullName: label.name };
    }
    case 'more': {
      const name = `and ${String(node.count)} more`;
      return { caption: node.side, name, fullName: name };
    }
    default:
      return assertNever(node);
  }
}

function widthOf(text: { caption: string; name: string }): number {
  const name = text.name.length * NAME_FONT_PX * CHAR_WIDTH;
  const caption = text.caption.length * CAPTION_FONT_PX * CHAR_WIDTH;
  return Math.max(MIN_NODE_WIDTH, Math.ceil(Math.max(name, caption) + 2 * PADDING_X));
}

/** At most MAX_NAME_CHARS characters (code points, so no surrogate pair is split), with an ellipsis. */
function shorten(text: string): string {
  return shortenTo(text, MAX_NAME_CHARS);
}

/** At most `max` characters (code points), with an ellipsis when shortened. */
export function shortenTo(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected lineage node: ${JSON.stringify(value)}`);
}
