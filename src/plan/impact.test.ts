import { describe, expect, it } from 'vitest';
import type {
  DependencyGraph,
  DependencyNode,
  RelationshipRead,
  RelationshipReadName,
} from './dependency-graph.js';
import { nameFromUrn } from './entity-names.js';
import { computeImpact, impactSeeds } from './impact.js';
import type { ChangeImpact } from './impact-types.js';
import type { Change, TermEdge } from './types.js';
import { base, plan } from '../../test/helpers/plan-builders.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const F1 = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
const F2 = 'urn:li:mlFeature:(transaction_features,txn_amount_avg_30d)';
const KEY = 'urn:li:mlPrimaryKey:(transaction_features,account_id)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const M1 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-10,PROD)';
const M2 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
const OLD = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2025-01,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const TERM = 'urn:li:glossaryTerm:Classification.PII';

const update = (urn: string, entityType: string, aspect: string): Change => ({
  kind: 'upsertAspect',
  action: 'update',
  ...base(urn, entityType, aspect),
  before: { description: 'a' },
  after: { description: 'b' },
  fields: [{ path: 'description', before: 'a', after: 'b' }],
  markStatus: false,
});

const remove = (urn: string, entityType: string): Change => ({
  kind: 'status',
  action: 'delete',
  ...base(urn, entityType, 'status'),
  before: { removed: false },
  after: { removed: true },
});

const termEdges = (
  aspect: 'glossaryTerms' | 'editableSchemaMetadata',
  added: TermEdge[],
  removed: TermEdge[],
): Change => ({
  kind: 'termEdges',
  action: 'update',
  ...base(DATASET, 'dataset', aspect),
  added,
  removed,
  before: {},
  after: {},
});

/** A graph as the walk would read it: every read listed was made, with `total` relationships in the catalog. */
function graph(
  edges: readonly (readonly [string, string, string])[],
  reads: readonly (readonly [string, RelationshipReadName, number?])[],
  nodes: readonly DependencyNode[] = [],
): DependencyGraph {
  const urns = new Set([...edges.flatMap(([source, , destination]) => [source, destination])]);
  const named = new Map(nodes.map((node) => [node.urn, node]));
  const allNodes = [...urns].map(
    (urn) => named.get(urn) ?? { urn, entityType: urn.split(':')[2] ?? '', name: nameFromUrn(urn) },
  );
  const readList: RelationshipRead[] = reads.map(([urn, read, total]) => {
    const returned = edges.filter(([source, relationship, destination]) =>
      read === 'carriers'
        ? destination === urn && relationship.includes('Term')
        : read === 'derivedFeatures'
          ? destination === urn && relationship === 'DerivedFrom'
          : read === 'tables'
            ? destination === urn && relationship === 'Contains'
            : read === 'consumers'
              ? destination === urn && relationship === 'Consumes'
              : read === 'groups'
                ? source === urn && relationship === 'MemberOf'
                : false,
    ).length;
    return { urn, read, total: total ?? returned, returned };
  });
  return {
    seeds: [],
    nodes: allNodes,
    edges: edges.map(([source, relationship, destination]) => ({ source, relationship, destination })),
    reads: readList,
  };
}

const LINEAGE = [
  [F1, 'DerivedFrom', DATASET],
  [F2, 'DerivedFrom', DATASET],
  [KEY, 'DerivedFrom', DATASET],
  [TABLE, 'Contains', F1],
  [TABLE, 'Contains', F2],
  [M1, 'Consumes', F1],
  [M2, 'Consumes', F1],
  [M2, 'Consumes', F2],
  [M1, 'MemberOf', GROUP],
  [M2, 'MemberOf', GROUP],
] as const;

const ALL_READS = [
  [DATASET, 'derivedFeatures'],
  [F1, 'tables'],
  [F1, 'consumers'],
  [F2, 'tables'],
  [F2, 'consumers'],
  [M1, 'groups'],
  [M2, 'groups'],
] as const;

const lines = (entry: ChangeImpact | undefined): string[] =>
  entry?.dependents.map(
    (dependent) =>
      `${dependent.name} via ${dependent.via.map((step) => `${step.relationship}:${step.name}`).join(' > ')}`,
  ) ?? [];

describe('computeImpact', () => {
  it('a changed feature: its tables, the models that consume it and their groups', () => {
    const impact = computeImpact(
      plan([update(F1, 'mlFeature', 'mlFeatureProperties')]),
      graph(LINEAGE, ALL_READS),
      { limit: 10 },
    );
    expect(impact.changes).toHaveLength(1);
    const [entry] = impact.changes;
    expect(entry).toMatchObject({
      changeId: `mlFeatureProperties ${F1}`,
      urn: F1,
      entityType: 'mlFeature',
      rule: 'feature',
      counts: [
        { entityType: 'mlFeatureTable', count: 1 },
        { entityType: 'mlModel', count: 2 },
        { entityType: 'mlModelGroup', count: 1 },
      ],
      total: 4,
      complete: true,
    });
    expect(lines(entry)).toEqual([
      'fraud-detector via Consumes:fraud-detector-2026-10 > MemberOf:fraud-detector',
      'fraud-detector-2026-10 via Consumes:fraud-detector-2026-10',
      'fraud-detector-2026-11 via Consumes:fraud-detector-2026-11',
      'transaction_features via Contains:transaction_features',
    ]);
    expect(entry?.dependents[0]?.via.map((step) => step.direction)).toEqual(['INCOMING', 'OUTGOING']);
  });

  it('a removed feature: the same dependents (they lose it)', () => {
    const impact = computeImpact(plan([remove(F2, 'mlFeature')]), graph(LINEAGE, ALL_READS), { limit: 10 });
    expect(lines(impact.changes[0])).toEqual([
      'fraud-detector via Consumes:fraud-detector-2026-11 > MemberOf:fraud-detector',
      'fraud-detector-2026-11 via Consumes:fraud-detector-2026-11',
      'transaction_features via Contains:transaction_features',
    ]);
  });

  it('a changed model: its groups', () => {
    const impact = computeImpact(
      plan([update(M1, 'mlModel', 'mlModelProperties')]),
      graph(LINEAGE, ALL_READS),
      {
        limit: 10,
      },
    );
    expect(impact.changes[0]).toMatchObject({ rule: 'model', total: 1, complete: true });
    expect(lines(impact.changes[0])).toEqual(['fraud-detector via MemberOf:fraud-detector']);
  });

  it.each([
    ['glossaryTerms', [{ termUrn: TERM }], []],
    ['glossaryTerms', [], [{ termUrn: TERM }]],
    ['editableSchemaMetadata', [{ termUrn: TERM, fieldPath: 'card_number' }], []],
    ['editableSchemaMetadata', [], [{ termUrn: TERM, fieldPath: 'card_number' }]],
  ] as const)(
    'terms of a dataset (%s, added %j, removed %j): the features derived from it and their models',
    (aspect, added, removed) => {
      const impact = computeImpact(
        plan([termEdges(aspect, [...added], [...removed])]),
        graph(LINEAGE, ALL_READS),
        { limit: 10 },
      );
      expect(impact.changes[0]).toMatchObject({
        changeId: `${aspect} ${DATASET}`,
        rule: 'datasetTerms',
        counts: [
          { entityType: 'mlFeature', count: 2 },
          { entityType: 'mlPrimaryKey', count: 1 },
          { entityType: 'mlModel', count: 2 },
        ],
        total: 5,
        complete: true,
      });
      // The primary key is derived from the dataset too; it has no consumers to follow (and nothing is missing).
      expect(lines(impact.changes[0])).toEqual([
        'fraud-detector-2026-10 via DerivedFrom:transaction_features.txn_count_7d > Consumes:fraud-detector-2026-10',
        'fraud-detector-2026-11 via DerivedFrom:transaction_features.txn_amount_avg_30d > Consumes:fraud-detector-2026-11',
        'transaction_features.account_id via DerivedFrom:transaction_features.account_id',
        'transaction_features.txn_amount_avg_30d via DerivedFrom:transaction_features.txn_amount_avg_30d',
        'transaction_features.txn_count_7d via DerivedFrom:transaction_features.txn_count_7d',
      ]);
    },
  );

  it('a claim alone (the marker written on an edge that exists) changes no terms: no impact', () => {
    const claim = { ...termEdges('glossaryTerms', [], []), claimed: [{ termUrn: TERM }] } as Change;
    expect(computeImpact(plan([claim]), graph(LINEAGE, ALL_READS), { limit: 10 }).changes).toEqual([]);
  });

  it('a removed term: every entity that carries it, on the entity or on a column, each once', () => {
    const edges = [
      [DATASET, 'TermedWith', TERM],
      [DATASET, 'EditableSchemaFieldWithGlossaryTerm', TERM],
      [M1, 'TermedWith', TERM],
      [F1, 'TermedWith', TERM],
      ...LINEAGE,
    ] as const;
    const impact = computeImpact(
      plan([remove(TERM, 'glossaryTerm')]),
      graph(edges, [[TERM, 'carriers'], ...ALL_READS]),
      { limit: 10 },
    );
    expect(impact.changes[0]).toMatchObject({
      rule: 'removedTerm',
      counts: [
        { entityType: 'dataset', count: 1 },
        { entityType: 'mlFeature', count: 1 },
        { entityType: 'mlModel', count: 1 },
      ],
      total: 3,
      complete: true,
    });
    // The carriers are the end of the rule: the dataset's features are not the term's dependents.
    expect(lines(impact.changes[0])).toEqual([
      'fraud-detector-2026-10 via TermedWith:fraud-detector-2026-10',
      'payments.transactions via EditableSchemaFieldWithGlossaryTerm:payments.transactions',
      'transaction_features.txn_count_7d via TermedWith:transaction_features.txn_count_7d',
    ]);
  });

  it('changes without a rule (a term definition, a group, a table) have no entry', () => {
    const impact = computeImpact(
      plan([
        update(TERM, 'glossaryTerm', 'glossaryTermInfo'),
        update(GROUP, 'mlModelGroup', 'mlModelGroupProperties'),
        update(TABLE, 'mlFeatureTable', 'mlFeatureTableProperties'),
      ]),
      graph(LINEAGE, ALL_READS),
      { limit: 10 },
    );
    expect(impact.changes).toEqual([]);
  });

  it('lists the first `limit` by name and counts them all', () => {
    const models = Array.from({ length: 12 }, (_, index) => {
      const urn = `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,model-${String(index).padStart(2, '0')},PROD)`;
      return [urn, 'Consumes', F1] as const;
    });
    const impact = computeImpact(
      plan([update(F1, 'mlFeature', 'mlFeatureProperties')]),
      graph(models, [[F1, 'tables'], [F1, 'consumers'], ...models.map(([urn]) => [urn, 'groups'] as const)]),
      { limit: 3 },
    );
    expect(impact.limit).toBe(3);
    expect(impact.changes[0]?.dependents.map((dependent) => dependent.name)).toEqual([
      'model-00',
      'model-01',
      'model-02',
    ]);
    expect(impact.changes[0]).toMatchObject({
      counts: [{ entityType: 'mlModel', count: 12 }],
      total: 12,
      complete: true,
    });
  });

  it('says the counts are lower bounds when a read was cut short or an entity was not read', () => {
    const cut = computeImpact(
      plan([update(F1, 'mlFeature', 'mlFeatureProperties')]),
      graph(LINEAGE, [
        [F1, 'tables'],
        [F1, 'consumers', 250],
        [M1, 'groups'],
        [M2, 'groups'],
      ]),
      { limit: 10 },
    );
    expect(cut.changes[0]).toMatchObject({ total: 4, complete: false });
    // The models were found at the last hop and not read: their groups are unknown.
    const short = computeImpact(
      plan([update(F1, 'mlFeature', 'mlFeatureProperties')]),
      graph(
        LINEAGE.filter(([, relationship]) => relationship !== 'MemberOf'),
        [
          [F1, 'tables'],
          [F1, 'consumers'],
        ],
      ),
      { limit: 10 },
    );
    expect(short.changes[0]).toMatchObject({ total: 3, complete: false });
  });

  it('leaves out soft-deleted dependents, and the changed entity itself', () => {
    const impact = computeImpact(
      plan([update(F1, 'mlFeature', 'mlFeatureProperties')]),
      graph([...LINEAGE, [OLD, 'Consumes', F1], [F1, 'Consumes', F1]], ALL_READS, [
        { urn: OLD, entityType: 'mlModel', name: 'fraud-detector-2025-01', removed: true },
      ]),
      { limit: 10 },
    );
    expect(impact.changes[0]?.dependents.map((dependent) => dependent.urn)).not.toContain(OLD);
    expect(impact.changes[0]?.dependents.map((dependent) => dependent.urn)).not.toContain(F1);
    expect(impact.changes[0]?.total).toBe(4);
  });

  it('is deterministic: the same answer whatever order the graph comes in, and the same JSON', () => {
    const changes = [
      update(F1, 'mlFeature', 'mlFeatureProperties'),
      termEdges('glossaryTerms', [{ termUrn: TERM }], []),
      update(M2, 'mlModel', 'mlModelProperties'),
    ];
    const forward = graph(LINEAGE, ALL_READS);
    const backward: DependencyGraph = {
      seeds: [],
      nodes: [...forward.nodes].reverse(),
      edges: [...forward.edges].reverse(),
      reads: [...forward.reads].reverse(),
    };
    const a = computeImpact(plan(changes), forward, { limit: 2 });
    const b = computeImpact(plan(changes), backward, { limit: 2 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(a.changes.map((entry) => entry.changeId)).toEqual(changes.map((change) => change.id));
  });
});

describe('impactSeeds', () => {
  it('leaves out what the plan creates: nothing in the catalog depends on it yet', () => {
    const created: Change = {
      ...update(F2, 'mlFeature', 'mlFeatureProperties'),
      action: 'create',
      before: null,
      markStatus: true,
    } as Change;
    expect(impactSeeds(plan([created, update(F1, 'mlFeature', 'mlFeatureProperties')]))).toEqual([F1]);
  });

  it('the entities a rule applies to, and changed tables and groups (for the picture), sorted and once', () => {
    const seeds = impactSeeds(
      plan([
        update(F1, 'mlFeature', 'mlFeatureProperties'),
        update(F1, 'mlFeature', 'ownership'),
        update(TERM, 'glossaryTerm', 'glossaryTermInfo'),
        remove('urn:li:glossaryTerm:Old', 'glossaryTerm'),
        termEdges('glossaryTerms', [{ termUrn: TERM }], []),
        update(GROUP, 'mlModelGroup', 'mlModelGroupProperties'),
        update(TABLE, 'mlFeatureTable', 'mlFeatureTableProperties'),
        update('urn:li:tag:pci', 'tag', 'tagProperties'),
      ]),
    );
    expect(seeds).toEqual(
      [DATASET, F1, GROUP, TABLE, 'urn:li:glossaryTerm:Old'].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
});
