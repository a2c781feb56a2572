/**
 * The lineage picture for a phone: one column, data flowing down (the farthest upstream at the top, the focus, then
 * downstream), every box as wide as the column, and each edge drawn in a gutter on the left, from the side of one box
 * into the side of the other. Left to right (layout-lineage.ts), a picture is as wide as its hops, over a thousand
 * pixels for a feature two hops each way; in one column it is as wide as one box, and fits a 390-pixel screen with
 * its text at full size (never below 12px). Pure: the same graph gives the same coordinates.
 */
import { compareText } from '../../../model/compare-text.js';
import {
  describeNode,
  NAME_FONT_PX,
  shortenTo,
  type LineageLayout,
  type PlacedEdge,
  type PlacedNode,
} from './layout-lineage.js';
import type { LineageGraph, LineageNode } from './lineage-graph.js';

/** Sizes in CSS pixels: a 390-pixel phone leaves about 360 for the picture's frame. */
const MARGIN = 12;
/** The gutter the edges run in, and how far apart its lanes are. */
const GUTTER = 40;
const LANES = 5;
const LANE_STEP = 6;
const BOX_WIDTH = 280;
const NODE_HEIGHT = 50;
const ROW_GAP = 14;
const PADDING_X = 12;
/** As layout-lineage.ts measures text: a generous average advance for bold system-ui. */
const CHAR_WIDTH = 0.62;
/** The most characters of a name a box of BOX_WIDTH holds at NAME_FONT_PX. */
const NAME_CHARS = Math.floor((BOX_WIDTH - 2 * PADDING_X) / (NAME_FONT_PX * CHAR_WIDTH));

export const COLUMN_WIDTH = MARGIN + GUTTER + BOX_WIDTH + MARGIN;

/** Where a node goes down the column: upstream from the farthest in, the focus, then downstream outwards. */
function rowKey(node: LineageNode): [number, number] {
  if (node.kind === 'more') return node.side === 'upstream' ? [0, 0] : [3, Number.MAX_SAFE_INTEGER];
  if (node.side === 'focus') return [1, 0];
  return node.side === 'upstream' ? [0, -node.depth + 1_000] : [2, node.depth];
}

export function layoutLineageColumn(graph: LineageGraph): LineageLayout {
  const ordered = [...graph.nodes].sort((a, b) => {
    const [groupA, rankA] = rowKey(a);
    const [groupB, rankB] = rowKey(b);
    return groupA - groupB || rankA - rankB || compareText(nameOf(a), nameOf(b)) || compareText(a.id, b.id);
  });
  const nodes: PlacedNode[] = ordered.map((node, row) => {
    const text = describeNode(node);
    return {
      node,
      x: MARGIN + GUTTER,
      y: MARGIN + row * (NODE_HEIGHT + ROW_GAP),
      width: BOX_WIDTH,
      height: NODE_HEIGHT,
      caption: shortenTo(text.caption, NAME_CHARS + 4),
      name: shortenTo(text.fullName, NAME_CHARS),
      fullName: text.fullName,
    };
  });
  const boxes = new Map(nodes.map((placed) => [placed.node.id, placed]));
  const edges: PlacedEdge[] = graph.edges.flatMap((edge, index): PlacedEdge[] => {
    const from = boxes.get(edge.from);
    const to = boxes.get(edge.to);
    if (from === undefined || to === undefined || from === to) return [];
    // Each edge leaves its box's left side for a lane of the gutter, runs along it and enters the other box's side.
    const lane = MARGIN + GUTTER - 10 - (index % LANES) * LANE_STEP;
    const start = { x: from.x, y: from.y + from.height / 2 };
    const end = { x: to.x, y: to.y + to.height / 2 };
    return [{ edge, points: [start, { x: lane, y: start.y }, { x: lane, y: end.y }, end] }];
  });
  const height =
    nodes.length === 0 ? 0 : MARGIN * 2 + nodes.length * NODE_HEIGHT + (nodes.length - 1) * ROW_GAP;
  return { width: COLUMN_WIDTH, height, nodes, edges };
}

function nameOf(node: LineageNode): string {
  return node.kind === 'entity' ? node.label.name : '';
}
