/**
 * A pull request's plan and the catalog's relationships around it, for the graph of the change
 * (plan/change-graph.ts) and its picture (render/render-mermaid.ts): datasets → features → a table and models → a
 * group, a term on a model.
 */
import type { DependencyGraph } from '../../src/plan/dependency-graph.js';
import type { Change } from '../../src/plan/types.js';
import { base, plan } from './plan-builders.js';

export { base, plan };

export const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
export const F1 = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
export const F2 = 'urn:li:mlFeature:(transaction_features,txn_amount_avg_30d)';
export const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
export const M1 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-10,PROD)';
export const M2 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
export const M3 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-12,PROD)';
export const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
export const PII = 'urn:li:glossaryTerm:Classification.PII';
export const LABEL = 'urn:li:glossaryTerm:MLUsage.Label';

export const upsert = (
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

export const LIVE: DependencyGraph = {
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
export const PR = plan([
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
