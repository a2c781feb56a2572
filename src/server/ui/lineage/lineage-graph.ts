/**
 * The lineage picture's graph as a value: a breadth-first walk from one entity over the relationships the catalog
 * serves, a few hops upstream and a few downstream, capped at a number of nodes with one "and N more" node per
 * side for what the cap left out.
 *
 * The walk is pure: it reads the answers read so far (entity → its neighbours on each side) and says which
 * entities it still needs; the page's reader (read-lineage.ts) asks for those in one query per hop and walks again.
 *
 * Data flows left to right: datasets → features (mlFeatureProperties.sources, DerivedFrom), features → feature
 * tables (mlFeatureTableProperties.mlFeatures, Contains; primary keys: KeyedBy), features → models
 * (mlModelProperties.mlFeatures, Consumes), models → groups (mlModelProperties.groups, MemberOf), and the dataset
 * lineage DataHub's registry marks `isLineage` (DownstreamOf, Consumes, Produces, TrainedBy) that comes with them.
 */
import {
  LINEAGE_DESTINATION_IS_DOWNSTREAM,
  LINEAGE_SOURCE_IS_DOWNSTREAM,
} from '../../../datahub/lineage-relationships.js';
import { compareText } from '../../../model/compare-text.js';
import type { Label } from '../label.js';

export type LineageSide = 'upstream' | 'downstream';

/**
 * Which relationships the picture draws, and which end is downstream: for the first list the relationship's source
 * (a feature DerivedFrom a dataset), for the second its destination (a model is a member of its group). DataHub's
 * lineage relationships, and the ML ones that are not lineage to DataHub: a table Contains its features and is
 * KeyedBy its primary keys, a model is a MemberOf its group.
 */
export const SOURCE_IS_DOWNSTREAM = [...LINEAGE_SOURCE_IS_DOWNSTREAM, 'Contains', 'KeyedBy'] as const;
export const DESTINATION_IS_DOWNSTREAM = ['MemberOf', ...LINEAGE_DESTINATION_IS_DOWNSTREAM] as const;

/** One neighbour of an entity on one side, and the relationship that links them. */
export interface Neighbour {
  readonly label: Label;
  readonly relationship: string;
}

/** What the catalog answered for one entity: its label and its neighbours on each side. */
export interface EntityAnswer {
  readonly label: Label;
  readonly upstream: readonly Neighbour[];
  readonly downstream: readonly Neighbour[];
  /** Neighbours the catalog has beyond those answered (the reader asks for a page of them per side). */
  readonly unread: Readonly<Record<LineageSide, number>>;
}

export interface LineageOptions {
  /** How many hops to walk on each side. */
  readonly hops: number;
  /** The most entity nodes in the picture, the focus included. */
  readonly maxNodes: number;
}

export const DEFAULT_LINEAGE_OPTIONS: LineageOptions = { hops: 2, maxNodes: 60 };

export type LineageNode =
  | {
      readonly kind: 'entity';
      readonly id: string;
      readonly label: Label;
      /** Hops from the focus, and on which side of it (the focus is at 0, on neither). */
      readonly depth: number;
      readonly side: LineageSide | 'focus';
    }
  | { readonly kind: 'more'; readonly id: string; readonly side: LineageSide; readonly count: number };

export interface LineageEdge {
  /** Node ids; data flows from `from` to `to`. */
  readonly from: string;
  readonly to: string;
  /** The relationship's name (DerivedFrom, Consumes, …); empty for edges to an "and N more" node. */
  readonly relationship: string;
}

export interface LineageGraph {
  readonly focus: string;
  readonly hops: number;
  readonly nodes: readonly LineageNode[];
  readonly edges: readonly LineageEdge[];
}

/** The id of the node standing for what the cap left out on one side. */
export function moreNodeId(side: LineageSide): string {
  return `more:${side}`;
}

interface Walk {
  /** Entities in the picture, in the order the walk reached them. */
  readonly reached: Map<string, { label: Label; depth: number; side: LineageSide | 'focus' }>;
  readonly edges: Map<string, LineageEdge>;
  /** Entities left out by the cap, per side, and the entities in the picture they hang from. */
  readonly hidden: Record<LineageSide, Set<string>>;
  readonly unread: Record<LineageSide, number>;
  readonly cutAt: Record<LineageSide, Set<string>>;
  /** Entities within the hops whose neighbours are not answered yet. */
  readonly unanswered: string[];
}

function walk(focus: string, answers: ReadonlyMap<string, EntityAnswer>, options: LineageOptions): Walk {
  const result: Walk = {
    reached: new Map(),
    edges: new Map(),
    hidden: { upstream: new Set(), downstream: new Set() },
    unread: { upstream: 0, downstream: 0 },
    cutAt: { upstream: new Set(), downstream: new Set() },
    unanswered: [],
  };
  const start = answers.get(focus);
  if (start === undefined) {
    result.unanswered.push(focus);
    return result;
  }
  result.reached.set(focus, { label: start.label, depth: 0, side: 'focus' });
  let level = [focus];
  for (let depth = 0; depth < options.hops && level.length > 0; depth += 1) {
    const candidates: Candidate[] = [];
    for (const urn of level) {
      const answer = answers.get(urn);
      const here = result.reached.get(urn);
      if (answer === undefined || here === undefined) {
        result.unanswered.push(urn);
        continue;
      }
      // Each entity is walked away from the focus only: upstream of an upstream entity, not its other consumers.
      for (const side of SIDES) {
        if (here.side !== 'focus' && here.side !== side) continue;
        for (const neighbour of answer[side]) candidates.push({ from: urn, side, neighbour });
        if (answer.unread[side] > 0) {
          result.unread[side] += answer.unread[side];
          result.cutAt[side].add(urn);
        }
      }
    }
    // The next hop depends on this one whole (the cap counts in walk order): read the rest of it first.
    if (result.unanswered.length > 0) return result;
    // The same picture for the same catalog, whatever order the answers came in; the two sides take turns, so
    // that the cap leaves out some of each rather than all of one.
    const next: string[] = [];
    for (const { from, side, neighbour } of takingTurns(candidates)) {
      const urn = neighbour.label.urn;
      if (!result.reached.has(urn)) {
        if (result.reached.size >= options.maxNodes) {
          result.hidden[side].add(urn);
          result.cutAt[side].add(from);
          continue;
        }
        result.reached.set(urn, { label: neighbour.label, depth: depth + 1, side });
        next.push(urn);
      }
      const edge =
        side === 'upstream'
          ? { from: urn, to: from, relationship: neighbour.relationship }
          : { from, to: urn, relationship: neighbour.relationship };
      const key = `${edge.from}\u0000${edge.to}`;
      if (!result.edges.has(key)) result.edges.set(key, edge);
    }
    level = next;
  }
  return result;
}

const SIDES: readonly LineageSide[] = ['upstream', 'downstream'];

interface Candidate {
  readonly from: string;
  readonly side: LineageSide;
  readonly neighbour: Neighbour;
}

/** Each side's candidates in a stable order, upstream and downstream alternating. */
function takingTurns(candidates: readonly Candidate[]): Candidate[] {
  const order = (a: Candidate, b: Candidate) =>
    compareText(a.neighbour.label.urn, b.neighbour.label.urn) ||
    compareText(a.from, b.from) ||
    compareText(a.neighbour.relationship, b.neighbour.relationship);
  const [upstream, downstream] = SIDES.map((side) =>
    candidates.filter((candidate) => candidate.side === side).sort(order),
  );
  const result: Candidate[] = [];
  for (let index = 0; index < Math.max(upstream?.length ?? 0, downstream?.length ?? 0); index += 1) {
    const up = upstream?.[index];
    const down = downstream?.[index];
    if (up !== undefined) result.push(up);
    if (down !== undefined) result.push(down);
  }
  return result;
}

/** The entities the walk still needs the neighbours of (none once the graph is complete). */
export function unansweredOf(
  focus: string,
  answers: ReadonlyMap<string, EntityAnswer>,
  options: LineageOptions = DEFAULT_LINEAGE_OPTIONS,
): string[] {
  return walk(focus, answers, options).unanswered;
}

/**
 * The graph of the answers: the entities the walk reached (the focus first), the edges between them, and an
 * "and N more" node on each side where the cap or the reader's page left entities out.
 */
export function buildLineageGraph(
  focus: string,
  answers: ReadonlyMap<string, EntityAnswer>,
  options: LineageOptions = DEFAULT_LINEAGE_OPTIONS,
): LineageGraph {
  const result = walk(focus, answers, options);
  const nodes: LineageNode[] = [...result.reached].map(([urn, reached]) => ({
    kind: 'entity',
    id: urn,
    ...reached,
  }));
  const edges = [...result.edges.values()];
  for (const side of SIDES) {
    const count = result.hidden[side].size + result.unread[side];
    if (count === 0) continue;
    const id = moreNodeId(side);
    nodes.push({ kind: 'more', id, side, count });
    for (const urn of [...result.cutAt[side]].sort(compareText)) {
      edges.push(
        side === 'upstream'
          ? { from: id, to: urn, relationship: '' }
          : { from: urn, to: id, relationship: '' },
      );
    }
  }
  return { focus, hops: options.hops, nodes, edges };
}
