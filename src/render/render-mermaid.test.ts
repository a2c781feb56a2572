import DOMPurify from 'dompurify';
import { beforeAll, describe, expect, it } from 'vitest';
import { base, DATASET, F1, LIVE, PII, plan, PR, upsert } from '../../test/helpers/change-graph-example.js';
import { computeChangeGraph } from '../plan/change-graph.js';
import type { DependencyGraph } from '../plan/dependency-graph.js';
import type { Plan } from '../plan/types.js';
import { escapeMermaidText, renderMermaid } from './render-mermaid.js';

/**
 * Mermaid's own parser checks the output (`mermaid.parse`, as GitHub's renderer parses it). Outside a browser
 * DOMPurify has no window and Mermaid's flowchart code calls DOMPurify.addHook while it parses, so the one DOMPurify
 * instance Mermaid imports gets what parsing needs; labels are not sanitized here (nothing is drawn).
 */
let parse: (text: string) => Promise<unknown>;
beforeAll(async () => {
  Object.assign(DOMPurify, {
    addHook: () => undefined,
    removeHook: () => undefined,
    removeAllHooks: () => undefined,
    sanitize: (dirty: string) => dirty,
  });
  const { default: mermaid } = await import('mermaid');
  parse = (text) => mermaid.parse(text);
});

/** The picture of a plan as the markdown plan draws it: the graph of the change, rendered ('' for no graph). */
function renderPlanMermaid(
  plan: Plan,
  graph: DependencyGraph,
  options: { readonly maxNodes: number },
): string {
  const changeGraph = computeChangeGraph(plan, graph, options);
  return changeGraph === undefined ? '' : renderMermaid(changeGraph);
}

describe('renderMermaid', () => {
  it('draws the same picture from the graph a saved plan holds (JSON and back)', () => {
    const changeGraph = computeChangeGraph(PR, LIVE, { maxNodes: 30 });
    expect(changeGraph).toBeDefined();
    expect(renderMermaid(JSON.parse(JSON.stringify(changeGraph)))).toBe(
      renderPlanMermaid(PR, LIVE, { maxNodes: 30 }),
    );
  });

  it('draws nothing for a graph with nothing in it, and only the "and N more" node when every entity was left out', () => {
    expect(renderMermaid({ nodes: [], edges: [], omitted: 0 })).toBe('');
    const none = renderMermaid({ nodes: [], edges: [], omitted: 3 });
    expect(none).toContain('  more["and 3 more"]\n');
    expect(none).toContain('  class more more\n');
  });
});

describe("the plan's picture (computeChangeGraph, then renderMermaid)", () => {
  it('draws the changed entities and their neighbours in the direction data flows', async () => {
    const text = renderPlanMermaid(PR, LIVE, { maxNodes: 30 });
    expect(text).toBe(
      [
        'flowchart LR',
        '  n0[("dataset (update)<br/>payments.transactions")]',
        '  n1["feature (update)<br/>transaction_features.txn_count_7d"]',
        '  n2(["model (update)<br/>fraud-detector-2026-11"])',
        '  n3(["model (create)<br/>fraud-detector-2026-12"])',
        '  n4>"term (delete)<br/>Label"]',
        '  n5["feature<br/>transaction_features.txn_amount_avg_30d"]',
        '  n6[["feature table<br/>transaction_features"]]',
        '  n7(["model<br/>fraud-detector-2026-10"])',
        '  n8{{"model group<br/>fraud-detector"}}',
        '  n9>"term<br/>PII"]',
        '  n0 --> n1',
        '  n1 --> n2',
        '  n1 ==> n3',
        '  n1 --> n6',
        '  n1 --> n7',
        '  n2 --> n8',
        '  n3 ==> n8',
        '  n4 --- n2',
        '  n5 -.-> n2',
        '  n7 --> n8',
        '  n9 ===|"card_number"| n0',
        '  classDef create fill:#dafbe1,stroke:#1a7f37,color:#1f2328',
        '  classDef update fill:#fff8c5,stroke:#9a6700,color:#1f2328',
        '  classDef delete fill:#ffebe9,stroke:#cf222e,color:#1f2328,stroke-dasharray:5 3',
        '  classDef neighbour fill:#f6f8fa,stroke:#8c959f,color:#1f2328',
        '  classDef more fill:#ffffff,stroke:#8c959f,color:#59636e,stroke-dasharray:3 3',
        '  class n3 create',
        '  class n0,n1,n2 update',
        '  class n4 delete',
        '  class n5,n6,n7,n8,n9 neighbour',
        '  linkStyle 2,6,10 stroke:#1a7f37,stroke-width:2px',
        '  linkStyle 8 stroke:#cf222e,stroke-width:2px',
        '',
      ].join('\n'),
    );
    await expect(parse(text)).resolves.toBeDefined();
  });

  it('escapes labels so that names cannot break out of them, and Mermaid still parses them', async () => {
    const odd = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,odd,PROD)';
    const graph: DependencyGraph = {
      ...LIVE,
      nodes: [
        ...LIVE.nodes,
        {
          urn: odd,
          entityType: 'mlModel',
          name: 'a "quoted" [model] #1 <b>bold</b> {x} | y `z` & %% 50%\nend',
        },
      ],
      edges: [...LIVE.edges, { source: odd, relationship: 'Consumes', destination: F1 }],
    };
    const text = renderPlanMermaid(PR, graph, { maxNodes: 30 });
    const line = text.split('\n').find((entry) => entry.includes('quoted')) ?? '';
    expect(line).toBe(
      '  n7(["model<br/>a #quot;quoted#quot; #91;model#93; #35;1 #60;b#62;bold#60;/b#62; #123;x#125; #124; y #96;z#96; #38; #37;#37; 50#37; end"])',
    );
    await expect(parse(text)).resolves.toBeDefined();
    // The check can fail: the same label with its quotes left in is refused by the parser.
    await expect(parse(text.replace('#quot;quoted#quot;', '"quoted"'))).rejects.toThrow(/Parse error/);
  });

  it('keeps at most maxNodes nodes, changed ones first, and counts the rest in one node', async () => {
    const text = renderPlanMermaid(PR, LIVE, { maxNodes: 4 });
    const nodes = text.split('\n').filter((line) => /^ {2}(n\d+|more)[[({>]/.test(line));
    expect(nodes).toEqual([
      '  n0[("dataset (update)<br/>payments.transactions")]',
      '  n1["feature (update)<br/>transaction_features.txn_count_7d"]',
      '  n2(["model (update)<br/>fraud-detector-2026-11"])',
      '  more["and 7 more"]',
    ]);
    expect(text).toContain('  class more more\n');
    // Only links between the nodes kept, and link styles that name links that exist.
    expect(text.split('\n').filter((line) => /-->|==>|-\.->|---|===|-\.-/.test(line))).toEqual([
      '  n0 --> n1',
      '  n1 --> n2',
    ]);
    expect(text).not.toContain('linkStyle');
    await expect(parse(text)).resolves.toBeDefined();
  });

  it('draws nothing for a plan without pictured changes and an empty graph', () => {
    const tagOnly = plan([upsert('urn:li:tag:pci', 'tag', 'tagProperties', null, { name: 'pci' })]);
    expect(renderPlanMermaid(tagOnly, { seeds: [], nodes: [], edges: [], reads: [] }, { maxNodes: 30 })).toBe(
      '',
    );
  });

  it('is deterministic: the same text whatever order the graph comes in', () => {
    const reversed: DependencyGraph = {
      ...LIVE,
      nodes: [...LIVE.nodes].reverse(),
      edges: [...LIVE.edges].reverse(),
    };
    expect(renderPlanMermaid(PR, reversed, { maxNodes: 30 })).toBe(
      renderPlanMermaid(PR, LIVE, { maxNodes: 30 }),
    );
    expect(renderPlanMermaid(PR, reversed, { maxNodes: 5 })).toBe(
      renderPlanMermaid(PR, LIVE, { maxNodes: 5 }),
    );
  });

  it('a term removed from a column replaces the catalog link of that term with the labelled one', () => {
    const graph: DependencyGraph = {
      ...LIVE,
      nodes: [...LIVE.nodes, { urn: PII, entityType: 'glossaryTerm', name: 'PII' }],
      edges: [
        ...LIVE.edges,
        { source: DATASET, relationship: 'EditableSchemaFieldWithGlossaryTerm', destination: PII },
      ],
    };
    const removal = plan([
      {
        kind: 'termEdges',
        action: 'update',
        ...base(DATASET, 'dataset', 'editableSchemaMetadata'),
        added: [],
        removed: [{ termUrn: PII, fieldPath: 'card_number' }],
        before: {},
        after: {},
      },
    ]);
    const text = renderPlanMermaid(removal, graph, { maxNodes: 30 });
    expect(text.split('\n').filter((line) => line.includes('n0') && /-\.-|---/.test(line))).toEqual([
      '  n2 -.-|"card_number"| n0',
    ]);
  });
});

describe('escapeMermaidText', () => {
  it('leaves plain names alone', () => {
    expect(escapeMermaidText('fraud-detector-2026-10 (v7), transaction_features.txn_count_7d')).toBe(
      'fraud-detector-2026-10 (v7), transaction_features.txn_count_7d',
    );
  });
});
