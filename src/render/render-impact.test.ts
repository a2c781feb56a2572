import { describe, expect, it } from 'vitest';
import type { DependencyGraph } from '../plan/dependency-graph.js';
import { computeImpact } from '../plan/impact.js';
import type { PlanImpact } from '../plan/impact-types.js';
import type { Change, Plan } from '../plan/types.js';
import { base, EMPTY_SUMMARY, plan } from '../../test/helpers/plan-builders.js';
import {
  renderImpactMarkdown,
  renderImpactSummary,
  renderImpactText,
  renderPictureMarkdown,
} from './render-impact.js';
import { createStyle } from './style.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const F1 = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const M1 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-10,PROD)';
const M2 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
const ODD = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,odd,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const TERM = 'urn:li:glossaryTerm:MLUsage.Label';

const CHANGES: Change[] = [
  {
    kind: 'upsertAspect',
    action: 'update',
    ...base(F1, 'mlFeature', 'mlFeatureProperties'),
    before: { description: 'a' },
    after: { description: 'b' },
    fields: [{ path: 'description', before: 'a', after: 'b' }],
    markStatus: false,
  },
  {
    kind: 'termEdges',
    action: 'update',
    ...base(DATASET, 'dataset', 'glossaryTerms'),
    added: [{ termUrn: TERM }],
    removed: [],
    before: {},
    after: {},
  },
  {
    kind: 'status',
    action: 'delete',
    ...base(TERM, 'glossaryTerm', 'status'),
    before: { removed: false },
    after: { removed: true },
  },
];

const PLAN: Plan = plan(CHANGES, {
  summary: { ...EMPTY_SUMMARY, update: 1, delete: 1, termsAttached: 1 },
});

const GRAPH: DependencyGraph = {
  seeds: [DATASET, F1, TERM],
  nodes: [
    { urn: F1, entityType: 'mlFeature', name: 'transaction_features.txn_count_7d' },
    { urn: TABLE, entityType: 'mlFeatureTable', name: 'transaction_features' },
    { urn: M1, entityType: 'mlModel', name: 'fraud-detector-2026-10' },
    { urn: M2, entityType: 'mlModel', name: 'fraud-detector-2026-11' },
    { urn: ODD, entityType: 'mlModel', name: 'x|*y*`<b>' },
    { urn: GROUP, entityType: 'mlModelGroup', name: 'fraud-detector' },
  ],
  edges: [
    { source: F1, relationship: 'DerivedFrom', destination: DATASET },
    { source: TABLE, relationship: 'Contains', destination: F1 },
    { source: M1, relationship: 'Consumes', destination: F1 },
    { source: M2, relationship: 'Consumes', destination: F1 },
    { source: ODD, relationship: 'Consumes', destination: F1 },
    { source: M1, relationship: 'MemberOf', destination: GROUP },
    { source: M2, relationship: 'MemberOf', destination: GROUP },
    { source: DATASET, relationship: 'EditableSchemaFieldWithGlossaryTerm', destination: TERM },
  ],
  reads: [
    { urn: DATASET, read: 'derivedFeatures', total: 1, returned: 1 },
    { urn: F1, read: 'tables', total: 1, returned: 1 },
    { urn: F1, read: 'consumers', total: 3, returned: 3 },
    { urn: M1, read: 'groups', total: 1, returned: 1 },
    { urn: M2, read: 'groups', total: 1, returned: 1 },
    { urn: ODD, read: 'groups', total: 0, returned: 0 },
    { urn: TERM, read: 'carriers', total: 1, returned: 1 },
  ],
};

const IMPACT = computeImpact(PLAN, GRAPH, { limit: 3 });
const plain = createStyle(false);

describe('renderImpactSummary', () => {
  it('counts by type, names the listed ones, and marks a list cut short', () => {
    expect(IMPACT.changes.map(renderImpactSummary)).toEqual([
      'affects: 1 feature table, 3 models (fraud-detector-2026-10, fraud-detector-2026-11, …), 1 model group (fraud-detector)',
      'affects: 1 feature (transaction_features.txn_count_7d), 3 models (fraud-detector-2026-10, fraud-detector-2026-11, …)',
      'affects: 1 dataset (payments.transactions)',
    ]);
  });

  it('says when the catalog was not read in full', () => {
    const [entry] = IMPACT.changes;
    expect(renderImpactSummary({ ...entry!, complete: false })).toMatch(
      /, and maybe more \(not all of the catalog was read\)$/,
    );
    expect(renderImpactSummary({ ...entry!, dependents: [], counts: [], total: 0 })).toBe(
      'affects: nothing in the catalog',
    );
  });
});

describe('renderImpactText', () => {
  it('lists each change with its summary and its dependents, and why each depends on it', () => {
    expect(renderImpactText(IMPACT, PLAN, plain).join('\n')).toBe(
      [
        'Impact (what depends on the changes in the catalog):',
        '',
        `  ~ update transaction_features.txn_count_7d (${F1}) mlFeatureProperties`,
        '      affects: 1 feature table, 3 models (fraud-detector-2026-10, fraud-detector-2026-11, …), 1 model group (fraud-detector)',
        `        model group fraud-detector (${GROUP}) (group of fraud-detector-2026-10)`,
        `        model fraud-detector-2026-10 (${M1}) (consumes it)`,
        `        model fraud-detector-2026-11 (${M2}) (consumes it)`,
        '        … and 2 more',
        '',
        `  + terms of payments.transactions (${DATASET})`,
        '      affects: 1 feature (transaction_features.txn_count_7d), 3 models (fraud-detector-2026-10, fraud-detector-2026-11, …)',
        `        model fraud-detector-2026-10 (${M1}) (consumes transaction_features.txn_count_7d)`,
        `        model fraud-detector-2026-11 (${M2}) (consumes transaction_features.txn_count_7d)`,
        `        feature transaction_features.txn_count_7d (${F1}) (derived from it)`,
        '        … and 1 more',
        '',
        `  - soft-delete Label (${TERM}) (status.removed = true)`,
        '      affects: 1 dataset (payments.transactions)',
        `        dataset payments.transactions (${DATASET}) (a column carries the term)`,
        '',
      ].join('\n'),
    );
  });

  it('says nothing when no change has dependents', () => {
    const none: PlanImpact = { limit: 3, changes: IMPACT.changes.map((entry) => ({ ...entry, dependents: [], counts: [], total: 0 })) }; // prettier-ignore
    expect(renderImpactText(none, PLAN, plain)).toEqual([]);
    expect(renderImpactMarkdown(none, PLAN)).toEqual([]);
  });
});

describe('one entity, one rule, two changes', () => {
  it("a dataset's terms and column terms are shown once, under both titles", () => {
    const columns: Change = {
      kind: 'termEdges',
      action: 'update',
      ...base(DATASET, 'dataset', 'editableSchemaMetadata'),
      added: [],
      removed: [{ termUrn: TERM, fieldPath: 'is_fraud' }],
      before: {},
      after: {},
    };
    const both: Plan = { ...PLAN, changes: [CHANGES[1]!, columns] };
    const impact = computeImpact(both, GRAPH, { limit: 1 });
    expect(impact.changes.map((entry) => entry.changeId)).toEqual([
      `glossaryTerms ${DATASET}`,
      `editableSchemaMetadata ${DATASET}`,
    ]);
    expect(renderImpactText(impact, both, plain)).toEqual([
      'Impact (what depends on the changes in the catalog):',
      '',
      `  + terms of payments.transactions (${DATASET})`,
      `  - column terms of payments.transactions (${DATASET})`,
      '      affects: 1 feature, 3 models (fraud-detector-2026-10, …)',
      `        model fraud-detector-2026-10 (${M1}) (consumes transaction_features.txn_count_7d)`,
      '        … and 3 more',
      '',
    ]);
    const markdown = renderImpactMarkdown(impact, both);
    expect(markdown.filter((line) => line.startsWith('| 🟢'))).toEqual([
      `| 🟢 create<br>🔴 remove | terms of payments.transactions (${DATASET})<br>column terms of payments.transactions (${DATASET}) | 1 feature, 3 models (fraud-detector-2026-10, …) |`,
    ]);
  });
});

describe('names from the catalog', () => {
  it('are shown, never obeyed: control characters and line breaks escaped', () => {
    const hostile: PlanImpact = {
      limit: 3,
      changes: [
        {
          ...IMPACT.changes[0]!,
          dependents: [
            {
              urn: M1,
              entityType: 'mlModel',
              name: 'evil\u001b[31m\nmodel',
              via: [
                {
                  relationship: 'Consumes',
                  direction: 'INCOMING',
                  urn: M1,
                  entityType: 'mlModel',
                  name: 'x',
                },
              ],
            },
          ],
          counts: [{ entityType: 'mlModel', count: 1 }],
          total: 1,
        },
      ],
    };
    const text = renderImpactText(hostile, PLAN, plain).join('\n');
    expect(text).toContain('affects: 1 model (evil\\u001B[31m\\u000Amodel)');
    expect(text).toContain(`        model evil\\u001B[31m\\u000Amodel (${M1}) (consumes it)`);
    expect(text).not.toContain('\u001b');
    expect(renderImpactMarkdown(hostile, PLAN).join('\n')).not.toContain('\u001b');
  });
});

describe('renderImpactMarkdown', () => {
  it('a table of what each change affects, and the dependents in a collapsed section, names escaped', () => {
    const limit5 = computeImpact(PLAN, GRAPH, { limit: 5 });
    const markdown = renderImpactMarkdown(limit5, PLAN).join('\n');
    expect(markdown).toContain(
      `| 🟡 update | update transaction\\_features.txn\\_count\\_7d (${F1.replace(/_/g, '\\_')}) mlFeatureProperties | 1 feature table (transaction\\_features), 3 models (fraud-detector-2026-10, fraud-detector-2026-11, x\\|\\*y\\*\\\`\\<b\\>), 1 model group (fraud-detector) |`,
    );
    expect(markdown).toContain(
      '<details><summary>Dependents (the first 5 of each change, by name)</summary>',
    );
    expect(markdown).toContain(`- model \`fraud-detector-2026-10\` (\`${M1}\`): consumes it`);
    // A name with a backtick gets a longer code fence; nothing in it can open HTML or a table cell outside it.
    expect(markdown).toMatch(/- model ``x\|\*y\*`<b>`` \(`urn:li:mlModel:[^`]*`\): consumes it/);
    expect(markdown).toContain(
      `- dataset \`payments.transactions\` (\`${DATASET}\`): a column carries the term`,
    );
  });
});

describe('renderPictureMarkdown', () => {
  it('fences the picture for GitHub, and leaves out an empty one', () => {
    expect(renderPictureMarkdown('flowchart LR\n  n0["a"]\n')).toEqual([
      '<details open><summary>Picture</summary>',
      '',
      '```mermaid',
      '%%{init: {"flowchart": {"useMaxWidth": true}}}%%',
      'flowchart LR',
      '  n0["a"]',
      '```',
      '',
      '</details>',
      '',
    ]);
    expect(renderPictureMarkdown('')).toEqual([]);
  });
});
