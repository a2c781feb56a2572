import DOMPurify from 'dompurify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DependencyGraph } from './dependency-graph.js';
import { escapeMermaidText, renderPlanMermaid } from './render-mermaid.js';
import { PLAN_FORMAT_VERSION, type Change, type Plan } from './types.js';

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

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const F1 = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
const F2 = 'urn:li:mlFeature:(transaction_features,txn_amount_avg_30d)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const M1 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-10,PROD)';
const M2 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
const M3 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-12,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const PII = 'urn:li:glossaryTerm:Classification.PII';
const LABEL = 'urn:li:glossaryTerm:MLUsage.Label';

function plan(changes: Change[]): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    tool: { name: 'catalog', version: 'test' },
    target: 'embedded',
    actor: 'urn:li:corpuser:bot',
    git: { revision: null, dirty: false },
    options: { prune: true, maxDeletes: 10 },
    summary: { create: 0, update: 0, delete: 0, termsAttached: 0, termsDetached: 0, unchanged: 0 },
    changes,
    notes: [],
  };
}

const base = (urn: string, entityType: string, aspect: string) => ({
  id: `${aspect} ${urn}`,
  urn,
  entityType,
  aspect,
  versionSeen: '1',
});

const upsert = (
  urn: string,
  entityType: string,
  aspect: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Change =>
  ({
    kind: 'upsertAspect',
    action: before === null ? 'create' : 'update',
    ...base(urn, entityType, aspect),
    before,
    after,
    fields: [],
    markStatus: before === null,
  }) as Change;

const LIVE: DependencyGraph = {
  seeds: [F1, M2, LABEL],
  nodes: [
    { urn: DATASET, entityType: 'dataset', name: 'payments.transactions' },
    { urn: F1, entityType: 'mlFeature', name: 'transaction_features.txn_count_7d' },
    { urn: F2, entityType: 'mlFeature', name: 'transaction_features.txn_amount_avg_30d' },
    { urn: TABLE, entityType: 'mlFeatureTable', name: 'transaction_features' },
    { urn: M1, entityType: 'mlModel', name: 'fraud-detector-2026-10' },
    { urn: M2, entityType: 'mlModel', name: 'fraud-detector-2026-11' },
    { urn: GROUP, entityType: 'mlModelGroup', name: 'fraud-detector' },
    { urn: LABEL, entityType: 'glossaryTerm', name: 'Label' },
  ],
  edges: [
    { source: F1, relationship: 'DerivedFrom', destination: DATASET },
    { source: M1, relationship: 'Consumes', destination: F1 },
    { source: M1, relationship: 'MemberOf', destination: GROUP },
    { source: M2, relationship: 'Consumes', destination: F1 },
    { source: M2, relationship: 'Consumes', destination: F2 },
    { source: M2, relationship: 'MemberOf', destination: GROUP },
    { source: M2, relationship: 'TermedWith', destination: LABEL },
    { source: TABLE, relationship: 'Contains', destination: F1 },
  ],
  reads: [],
};

/** A pull request: a feature's description, a new model, a model that drops a feature, terms, a removed term. */
const PR = plan([
  upsert(F1, 'mlFeature', 'mlFeatureProperties', { description: 'a', sources: [DATASET] }, { description: 'b', sources: [DATASET] }), // prettier-ignore
  upsert(M2, 'mlModel', 'mlModelProperties', { mlFeatures: [F1, F2], groups: [GROUP] }, { mlFeatures: [F1], groups: [GROUP] }), // prettier-ignore
  upsert(M3, 'mlModel', 'mlModelProperties', null, { mlFeatures: [F1], groups: [GROUP] }),
  {
    kind: 'termEdges',
    action: 'update',
    ...base(DATASET, 'dataset', 'editableSchemaMetadata'),
    added: [{ termUrn: PII, fieldPath: '[version=2.0].[type=struct].[type=string].card_number' }],
    removed: [],
    before: {},
    after: {},
  },
  {
    kind: 'status',
    action: 'delete',
    ...base(LABEL, 'glossaryTerm', 'status'),
    before: { removed: false },
    after: { removed: true },
  },
]);

describe('renderPlanMermaid', () => {
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
