/**
 * The lineage picture's pure parts: the walk that builds the graph from the catalog's answers, the dagre layout,
 * and the SVG. The fixture: a dataset feeds two features; both are in a feature table and used by a model; the
 * model is in a group.
 */
import { describe, expect, it } from 'vitest';
import { graphqlEntityType } from '../../../datahub/entity-types.js';
import type { Label } from '../label.js';
import { layoutLineage } from './layout-lineage.js';
import {
  buildLineageGraph,
  moreNodeId,
  unansweredOf,
  type EntityAnswer,
  type LineageGraph,
  type Neighbour,
} from './lineage-graph.js';
import { pathData, renderLineageSvg } from './render-lineage-svg.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments,PROD)';
const FEATURE_A = 'urn:li:mlFeature:(tx,amount_7d)';
const FEATURE_B = 'urn:li:mlFeature:(tx,count_7d)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,tx)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-models,PROD)';

const NAMES: Readonly<Record<string, string>> = {
  [DATASET]: 'payments',
  [FEATURE_A]: 'tx.amount_7d',
  [FEATURE_B]: 'tx.count_7d',
  [TABLE]: 'tx',
  [MODEL]: 'fraud',
  [GROUP]: 'fraud-models',
};

function label(urn: string, name?: string): Label {
  const entityType = /^urn:li:(\w+):/.exec(urn)?.[1] ?? '';
  return {
    urn,
    type: graphqlEntityType(entityType),
    name: name ?? NAMES[urn] ?? urn,
    platform: undefined,
    description: '',
  };
}

const to = (urn: string, relationship: string, name?: string): Neighbour => ({
  label: label(urn, name),
  relationship,
});

function answer(
  urn: string,
  upstream: readonly Neighbour[],
  downstream: readonly Neighbour[],
  unread = { upstream: 0, downstream: 0 },
): EntityAnswer {
  return { label: label(urn), upstream, downstream, unread };
}

/** Every entity's answer, as the reader collects them. */
function smallLineage(): Map<string, EntityAnswer> {
  return new Map([
    [DATASET, answer(DATASET, [], [to(FEATURE_A, 'DerivedFrom'), to(FEATURE_B, 'DerivedFrom')])],
    [
      FEATURE_A,
      answer(FEATURE_A, [to(DATASET, 'DerivedFrom')], [to(TABLE, 'Contains'), to(MODEL, 'Consumes')]),
    ],
    [
      FEATURE_B,
      answer(FEATURE_B, [to(DATASET, 'DerivedFrom')], [to(TABLE, 'Contains'), to(MODEL, 'Consumes')]),
    ],
    [TABLE, answer(TABLE, [to(FEATURE_A, 'Contains'), to(FEATURE_B, 'Contains')], [])],
    [MODEL, answer(MODEL, [to(FEATURE_A, 'Consumes'), to(FEATURE_B, 'Consumes')], [to(GROUP, 'MemberOf')])],
    [GROUP, answer(GROUP, [to(MODEL, 'MemberOf')], [])],
  ]);
}

const ids = (graph: LineageGraph) => graph.nodes.map((node) => node.id);
const edges = (graph: LineageGraph) => graph.edges.map((edge) => `${edge.from} -> ${edge.to}`);

describe('buildLineageGraph', () => {
  it('walks upstream and downstream from the focus, away from it only, within the hops', () => {
    const graph = buildLineageGraph(MODEL, smallLineage(), { hops: 2, maxNodes: 60 });
    // The table is downstream of the model's features, not of the model: it is not in the model's lineage.
    // Each hop in a stable order, the sides taking turns (so a cap leaves out some of each).
    expect(ids(graph)).toEqual([MODEL, FEATURE_A, GROUP, FEATURE_B, DATASET]);
    expect(graph.nodes.map((node) => (node.kind === 'entity' ? [node.side, node.depth] : []))).toEqual([
      ['focus', 0],
      ['upstream', 1],
      ['downstream', 1],
      ['upstream', 1],
      ['upstream', 2],
    ]);
    expect(edges(graph).sort()).toEqual(
      [
        `${FEATURE_A} -> ${MODEL}`,
        `${FEATURE_B} -> ${MODEL}`,
        `${MODEL} -> ${GROUP}`,
        `${DATASET} -> ${FEATURE_A}`,
        `${DATASET} -> ${FEATURE_B}`,
      ].sort(),
    );
    expect(graph.edges.find((edge) => edge.to === GROUP)?.relationship).toBe('MemberOf');

    const fromDataset = buildLineageGraph(DATASET, smallLineage(), { hops: 2, maxNodes: 60 });
    expect(ids(fromDataset)).toEqual([DATASET, FEATURE_A, FEATURE_B, TABLE, MODEL]);
    expect(ids(buildLineageGraph(DATASET, smallLineage(), { hops: 3, maxNodes: 60 }))).toContain(GROUP);
    expect(ids(buildLineageGraph(DATASET, smallLineage(), { hops: 1, maxNodes: 60 }))).toEqual([
      DATASET,
      FEATURE_A,
      FEATURE_B,
    ]);
  });

  it('asks for the neighbours of each hop in turn, and for nothing once the walk is complete', () => {
    const all = smallLineage();
    const options = { hops: 2, maxNodes: 60 };
    expect(unansweredOf(MODEL, new Map(), options)).toEqual([MODEL]);
    const first = new Map([[MODEL, all.get(MODEL)!]]);
    expect(unansweredOf(MODEL, first, options)).toEqual([FEATURE_A, GROUP, FEATURE_B]);
    const second = new Map([
      ...first,
      ...[FEATURE_A, FEATURE_B, GROUP].map((urn) => [urn, all.get(urn)!] as const),
    ]);
    // The dataset is at the last hop: its neighbours are not needed.
    expect(unansweredOf(MODEL, second, options)).toEqual([]);
  });

  it('caps the picture with an "and N more" node on each side that lost entities', () => {
    const graph = buildLineageGraph(MODEL, smallLineage(), { hops: 2, maxNodes: 3 });
    expect(ids(graph)).toEqual([MODEL, FEATURE_A, GROUP, moreNodeId('upstream')]);
    // Left out upstream: the second feature (of the model) and the dataset (of the first feature).
    expect(graph.nodes.filter((node) => node.kind === 'more')).toEqual([
      { kind: 'more', id: 'more:upstream', side: 'upstream', count: 2 },
    ]);
    expect(edges(graph)).toEqual([
      `${FEATURE_A} -> ${MODEL}`,
      `${MODEL} -> ${GROUP}`,
      `more:upstream -> ${FEATURE_A}`,
      `more:upstream -> ${MODEL}`,
    ]);
  });

  it('counts the neighbours the reader did not read into the "more" node', () => {
    const answers = smallLineage();
    answers.set(
      MODEL,
      answer(MODEL, [to(FEATURE_A, 'Consumes')], [to(GROUP, 'MemberOf')], { upstream: 7, downstream: 0 }),
    );
    const graph = buildLineageGraph(MODEL, answers, { hops: 1, maxNodes: 60 });
    expect(graph.nodes.find((node) => node.kind === 'more')).toEqual({
      kind: 'more',
      id: 'more:upstream',
      side: 'upstream',
      count: 7,
    });
    expect(edges(graph)).toContain(`more:upstream -> ${MODEL}`);
  });

  it('is the same graph whatever order the catalog answered in', () => {
    const reversed = new Map(
      [...smallLineage()]
        .reverse()
        .map(([urn, item]) => [
          urn,
          { ...item, upstream: [...item.upstream].reverse(), downstream: [...item.downstream].reverse() },
        ]),
    );
    for (const cap of [3, 60]) {
      expect(buildLineageGraph(MODEL, reversed, { hops: 2, maxNodes: cap })).toEqual(
        buildLineageGraph(MODEL, smallLineage(), { hops: 2, maxNodes: cap }),
      );
    }
  });
});

describe('layoutLineage', () => {
  it('lays the graph out left to right: upstream left of the focus, downstream right of it, no overlaps', () => {
    const layout = layoutLineage(buildLineageGraph(MODEL, smallLineage()));
    const x = (urn: string) => layout.nodes.find((placed) => placed.node.id === urn)?.x ?? Number.NaN;
    expect(x(DATASET)).toBeLessThan(x(FEATURE_A));
    expect(x(FEATURE_A)).toBeLessThan(x(MODEL));
    expect(x(MODEL)).toBeLessThan(x(GROUP));
    for (const a of layout.nodes) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.y).toBeGreaterThanOrEqual(0);
      expect(a.x + a.width).toBeLessThanOrEqual(layout.width);
      expect(a.y + a.height).toBeLessThanOrEqual(layout.height);
      for (const b of layout.nodes) {
        if (a === b) continue;
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.node.id} and ${b.node.id}`).toBe(true);
      }
    }
    // Each edge leaves its source's right side and enters its target's left side, at their middles.
    expect(layout.edges).toHaveLength(5);
    const box = (urn: string) => layout.nodes.find((placed) => placed.node.id === urn)!;
    for (const { edge, points } of layout.edges) {
      const from = box(edge.from);
      const to = box(edge.to);
      expect(points[0]).toEqual({ x: from.x + from.width, y: from.y + from.height / 2 });
      expect(points.at(-1)).toEqual({ x: to.x, y: to.y + to.height / 2 });
    }
  });

  it('keeps the points dagre routes an edge by when it passes a rank of boxes', () => {
    const answers = new Map([
      [MODEL, answer(MODEL, [to(FEATURE_A, 'Consumes'), to(DATASET, 'TrainedBy')], [])],
      [FEATURE_A, answer(FEATURE_A, [to(DATASET, 'DerivedFrom')], [])],
      [DATASET, answer(DATASET, [], [])],
    ]);
    const layout = layoutLineage(buildLineageGraph(MODEL, answers));
    const long = layout.edges.find(({ edge }) => edge.from === DATASET && edge.to === MODEL);
    const short = layout.edges.find(({ edge }) => edge.from === DATASET && edge.to === FEATURE_A);
    expect(short?.points).toHaveLength(2);
    expect(long?.points.length).toBeGreaterThan(2);
  });

  it('shortens long names, keeping the whole name for the tooltip', () => {
    const long = 'a'.repeat(80);
    const answers = new Map([[MODEL, { ...answer(MODEL, [], []), label: label(MODEL, long) }]]);
    const [placed] = layoutLineage(buildLineageGraph(MODEL, answers)).nodes;
    expect(placed?.name).toMatch(/^a{39}…$/);
    expect(placed?.fullName).toBe(long);
    expect(placed?.caption).toBe('ML model');
  });
});

describe('renderLineageSvg', () => {
  const render = (graph: LineageGraph) =>
    renderLineageSvg(layoutLineage(graph), { title: 'Lineage of fraud' }).text;

  it('links every entity box to its page, labelled with its type and name, the focus highlighted', () => {
    const svg = render(buildLineageGraph(MODEL, smallLineage()));
    expect(svg).toMatch(
      /^<svg\s+class="lineage-graph lineage-picture"\s+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
    expect(svg).toContain('<title id="lineage-graph-title">Lineage of fraud</title>');
    for (const [urn, name, type] of [
      [MODEL, 'fraud', 'ML model'],
      [FEATURE_A, 'tx.amount_7d', 'ML feature'],
      [FEATURE_B, 'tx.count_7d', 'ML feature'],
      [GROUP, 'fraud-models', 'ML model group'],
      [DATASET, 'payments', 'Dataset'],
    ] as const) {
      const link = new RegExp(
        `<a\\s+class="node [a-z]+"\\s+href="/e/${escapeRegExp(encodeURIComponent(urn))}"[^>]*>(.*?)</a\\s*>`,
        's',
      ).exec(svg);
      expect(link, urn).not.toBeNull();
      expect(link?.[1]).toContain(`>${type}</text`);
      expect(link?.[1]).toContain(`>${name}</text`);
    }
    expect(svg).toMatch(
      /<a\s+class="node focus"\s+href="\/e\/urn%3Ali%3AmlModel[^"]*"\s+data-urn="[^"]*"\s+aria-current="page"/,
    );
    expect(svg.match(/<a\s/g)).toHaveLength(5);
    expect(svg.match(/<path\s+class="edge"/g)).toHaveLength(5);
    expect(svg).toContain('marker-end="url(#lineage-arrow)"');
    expect(svg).toContain('<title>MemberOf</title>');
  });

  it('escapes catalog text', () => {
    const hostile = '<script>alert("x")</script>&';
    const answers = new Map([
      [MODEL, { ...answer(MODEL, [to(FEATURE_A, 'Consumes', hostile)], []), label: label(MODEL, 'm') }],
      [FEATURE_A, answer(FEATURE_A, [], [])],
    ]);
    const svg = render(buildLineageGraph(MODEL, answers));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
  });

  it('draws what the cap left out as a box that is not a link', () => {
    const svg = render(buildLineageGraph(MODEL, smallLineage(), { hops: 2, maxNodes: 3 }));
    expect(svg).toMatch(/<g class="node more upstream"\s*><title>upstream: and 2 more not shown<\/title>/);
    expect(svg).toContain('>and 2 more</text');
    expect(svg.match(/<a\s/g)).toHaveLength(3);
    expect(svg.match(/class="edge to-more"/g)).toHaveLength(2);
  });

  it('is the same text for the same graph', () => {
    expect(render(buildLineageGraph(MODEL, smallLineage()))).toBe(
      render(buildLineageGraph(MODEL, smallLineage())),
    );
  });

  it('draws edges as curves, level at each point they pass through', () => {
    expect(pathData([])).toBe('');
    expect(
      pathData([
        { x: 0, y: 0 },
        { x: 10, y: 5 },
      ]),
    ).toBe('M0,0 C5,0 5,5 10,5');
    expect(
      pathData([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 25, y: 10 },
      ]),
    ).toBe('M0,0 C5,0 5,0 10,0 C17.5,0 17.5,10 25,10');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
