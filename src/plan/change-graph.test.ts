import { describe, expect, it } from 'vitest';
import {
  base,
  DATASET,
  F1,
  F2,
  GROUP,
  LABEL,
  LIVE,
  M1,
  M2,
  M3,
  PII,
  plan,
  PR,
  TABLE,
  upsert,
} from '../../test/helpers/change-graph-example.js';
import type { ChangeGraph } from './change-graph-types.js';
import { computeChangeGraph } from './change-graph.js';
import type { DependencyGraph } from './dependency-graph.js';

/** The graph in short: each node's URN and action, each edge with its ends as places in `nodes`. */
function outline(graph: ChangeGraph | undefined) {
  if (graph === undefined) return undefined;
  const place = new Map(graph.nodes.map((node, index) => [node.urn, index]));
  return {
    nodes: graph.nodes.map((node) => `${node.urn} ${node.action ?? '-'}`),
    edges: graph.edges.map(
      (edge) =>
        `${place.get(edge.source)} ${edge.relationship} ${place.get(edge.destination)} ${edge.state}${edge.label === undefined ? '' : ` ${edge.label}`}`,
    ),
    omitted: graph.omitted,
  };
}

describe('computeChangeGraph', () => {
  it("holds the changed entities, their neighbours, and the catalog's relationships with the plan's laid over them", () => {
    const graph = computeChangeGraph(PR, LIVE, { maxNodes: 30 });
    expect(outline(graph)).toEqual({
      nodes: [
        `${DATASET} update`,
        `${F1} update`,
        `${M2} update`,
        `${M3} create`,
        `${LABEL} delete`,
        `${F2} -`,
        `${TABLE} -`,
        `${M1} -`,
        `${GROUP} -`,
        `${PII} -`,
      ],
      edges: [
        '0 EditableSchemaFieldWithGlossaryTerm 9 added card_number',
        '1 DerivedFrom 0 kept',
        '2 Consumes 1 kept',
        '2 TermedWith 4 kept',
        '2 Consumes 5 removed',
        '2 MemberOf 8 kept',
        '3 Consumes 1 added',
        '3 MemberOf 8 added',
        '6 Contains 1 kept',
        '7 Consumes 1 kept',
        '7 MemberOf 8 kept',
      ],
      omitted: 0,
    });
    // Names as DataHub shows them, types from the URNs.
    expect(graph?.nodes[0]).toEqual({
      urn: DATASET,
      entityType: 'dataset',
      name: 'payments.transactions',
      action: 'update',
    });
    expect(graph?.nodes[9]).toEqual({ urn: PII, entityType: 'glossaryTerm', name: 'PII' });
  });

  it('keeps maxNodes - 1 entities, changed ones first, counts the rest, and keeps only edges between those kept', () => {
    expect(outline(computeChangeGraph(PR, LIVE, { maxNodes: 4 }))).toEqual({
      nodes: [`${DATASET} update`, `${F1} update`, `${M2} update`],
      edges: ['1 DerivedFrom 0 kept', '2 Consumes 1 kept'],
      omitted: 7,
    });
  });

  it('is undefined for a plan without changes it shows and an empty graph', () => {
    const tagOnly = plan([upsert('urn:li:tag:pci', 'tag', 'tagProperties', null, { name: 'pci' })]);
    expect(
      computeChangeGraph(tagOnly, { seeds: [], nodes: [], edges: [], reads: [] }, { maxNodes: 30 }),
    ).toBeUndefined();
  });

  it('is the same value whatever order the dependency graph comes in', () => {
    const reversed: DependencyGraph = {
      ...LIVE,
      nodes: [...LIVE.nodes].reverse(),
      edges: [...LIVE.edges].reverse(),
    };
    for (const maxNodes of [30, 5])
      expect(computeChangeGraph(PR, reversed, { maxNodes })).toEqual(
        computeChangeGraph(PR, LIVE, { maxNodes }),
      );
  });

  it('names a term the plan creates by the name it gives it, before the catalog has it', () => {
    const term = 'urn:li:glossaryTerm:Finance.Revenue';
    const created = plan([
      {
        kind: 'createGlossaryTerm',
        action: 'create',
        ...base(term, 'glossaryTerm', 'glossaryTermInfo'),
        termId: 'Finance.Revenue',
        name: 'Revenue (net)',
        description: '',
        after: {},
        fields: [],
      },
    ]);
    const graph = computeChangeGraph(
      created,
      { seeds: [], nodes: [], edges: [], reads: [] },
      { maxNodes: 30 },
    );
    expect(graph).toEqual({
      nodes: [{ urn: term, entityType: 'glossaryTerm', name: 'Revenue (net)', action: 'create' }],
      edges: [],
      omitted: 0,
    });
  });
});
