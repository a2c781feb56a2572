// Realistic metadata for bench/embedded-250k.js: DataHub metadata files (MCPs in the `json` form `catalog ingest`
// reads) of datasets with schemas, dataset and column glossary terms, ML features in feature tables, models in
// model groups, glossary terms, owners and tags, with names made of the words such catalogs use.

/** Entities in one generated file. */
export const FILE_ENTITIES = 50_000;

export const SUBJECTS = ['customer', 'order', 'payment', 'transaction', 'session', 'product', 'merchant', 'account', 'device', 'invoice', 'shipment', 'refund', 'loan', 'card', 'subscription', 'campaign', 'inventory', 'store', 'driver', 'claim']; // prettier-ignore
export const MEASURES = ['amount', 'count', 'revenue', 'balance', 'latency', 'clicks', 'visits', 'returns', 'spend', 'score', 'discount', 'quantity', 'duration', 'tenure', 'views']; // prettier-ignore
const AGGREGATIONS = ['avg', 'sum', 'max', 'min', 'count', 'ratio', 'stddev', 'last', 'distinct', 'median'];
const WINDOWS = ['1h', '24h', '7d', '30d', '90d', '365d'];
export const DOMAINS = ['churn', 'fraud', 'risk', 'credit', 'marketing', 'growth', 'finance', 'logistics', 'pricing', 'recommendation']; // prettier-ignore
export const PLATFORMS = ['hive', 'snowflake', 'bigquery', 'postgres', 'kafka'];
const LAYERS = ['raw', 'staging', 'curated', 'mart'];
const COLUMN_TYPES = [
  ['string', 'com.linkedin.schema.StringType', 'varchar'],
  ['number', 'com.linkedin.schema.NumberType', 'double'],
  ['long', 'com.linkedin.schema.NumberType', 'bigint'],
  ['time', 'com.linkedin.schema.TimeType', 'timestamp'],
  ['boolean', 'com.linkedin.schema.BooleanType', 'boolean'],
];
export const TAGS = ['pii', 'gdpr', 'tier1', 'tier2', 'deprecated', 'certified', 'experimental', 'sensitive'];
const TERM_GROUPS = ['Finance', 'Customer', 'Risk', 'Marketing', 'Operations', 'Privacy'];

export const pick = (list, i) => list[((i % list.length) + list.length) % list.length];
const AUDIT = { time: 1700000000000, actor: 'urn:li:corpuser:ingestion' };

/** Every entity of one file (`part` makes its URNs distinct from the other files'), as MCP records. */
export function generateFile(part) {
  const records = [];
  const mcp = (entityType, entityUrn, aspectName, json) =>
    records.push({ entityType, entityUrn, changeType: 'UPSERT', aspectName, aspect: { json } });
  const owners = (i) => ({
    owners: [
      { owner: `urn:li:corpuser:${pick(['ana', 'bo', 'chen', 'dev', 'eli', 'fatima', 'goran', 'hana'], i)}.${i % 61}`, type: 'TECHNICAL_OWNER' }, // prettier-ignore
      ...(i % 3 === 0
        ? [{ owner: `urn:li:corpGroup:${pick(DOMAINS, i)}-team`, type: 'BUSINESS_OWNER' }]
        : []),
    ],
    lastModified: AUDIT,
  });
  const tags = (i) => ({ tags: [{ tag: `urn:li:tag:${pick(TAGS, i)}` }] });
  const counts = {
    glossaryTerm: 2000,
    mlFeatureTable: 500,
    mlFeature: 25_000,
    mlModelGroup: 500,
    mlModel: 4000,
  };
  counts.dataset = FILE_ENTITIES - Object.values(counts).reduce((a, b) => a + b, 0);
  const p = `p${part}`;

  const termUrn = (t) => `urn:li:glossaryTerm:${pick(TERM_GROUPS, t)}.${p}_${pick(SUBJECTS, t)}_${pick(MEASURES, t >> 2)}_${t}`; // prettier-ignore
  for (let t = 0; t < counts.glossaryTerm; t += 1) {
    const subject = pick(SUBJECTS, t);
    const measure = pick(MEASURES, t >> 2);
    mcp('glossaryTerm', termUrn(t), 'glossaryTermInfo', {
      name: `${subject[0].toUpperCase()}${subject.slice(1)} ${measure} ${t}`,
      definition: `The ${measure} of a ${subject}, as the ${pick(DOMAINS, t)} team reports it; see the ${pick(TERM_GROUPS, t)} policy.`, // prettier-ignore
      termSource: 'INTERNAL',
    });
    mcp('glossaryTerm', termUrn(t), 'ownership', owners(t));
  }

  const featureUrn = (f) => {
    const table = Math.floor(f / 50);
    const name = `${pick(SUBJECTS, f)}_${pick(MEASURES, f >> 1)}_${pick(AGGREGATIONS, f >> 3)}_${pick(WINDOWS, f >> 5)}`;
    return `urn:li:mlFeature:(${p}_${pick(DOMAINS, table)}_${pick(SUBJECTS, table >> 1)}_features_${table},${name}_${f % 50})`;
  };
  const datasetUrn = (d) =>
    `urn:li:dataset:(urn:li:dataPlatform:${pick(PLATFORMS, d)},${pick(LAYERS, d >> 1)}.${pick(DOMAINS, d >> 3)}.${pick(SUBJECTS, d)}_${pick(MEASURES, d >> 2)}_${p}_${d},PROD)`; // prettier-ignore
  for (let f = 0; f < counts.mlFeature; f += 1) {
    const urn = featureUrn(f);
    mcp('mlFeature', urn, 'mlFeatureProperties', {
      description: `${pick(AGGREGATIONS, f >> 3)} of ${pick(SUBJECTS, f)} ${pick(MEASURES, f >> 1)} over ${pick(WINDOWS, f >> 5)}, for ${pick(DOMAINS, f >> 6)} models.`, // prettier-ignore
      dataType: pick(['CONTINUOUS', 'COUNT', 'ORDINAL', 'BINARY'], f),
      sources: [datasetUrn((f * 7) % counts.dataset)],
    });
    if (f % 4 === 0) mcp('mlFeature', urn, 'globalTags', tags(f));
  }

  const tableUrn = (t) => `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,${p}_${pick(DOMAINS, t)}_${pick(SUBJECTS, t >> 1)}_features_${t})`; // prettier-ignore
  for (let t = 0; t < counts.mlFeatureTable; t += 1) {
    mcp('mlFeatureTable', tableUrn(t), 'mlFeatureTableProperties', {
      description: `${pick(SUBJECTS, t >> 1)} features for ${pick(DOMAINS, t)}, refreshed daily.`,
      mlFeatures: Array.from({ length: 50 }, (_, k) => featureUrn(t * 50 + k)),
      customProperties: { owner_team: `${pick(DOMAINS, t)}-team`, online_store: 'redis' },
    });
    mcp('mlFeatureTable', tableUrn(t), 'ownership', owners(t));
  }

  const groupUrn = (g) => `urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,${p}_${pick(DOMAINS, g)}_${pick(SUBJECTS, g >> 2)}_model_${g},PROD)`; // prettier-ignore
  for (let g = 0; g < counts.mlModelGroup; g += 1) {
    mcp('mlModelGroup', groupUrn(g), 'mlModelGroupProperties', {
      description: `Every version of the ${pick(DOMAINS, g)} model for ${pick(SUBJECTS, g >> 2)}s.`,
    });
    mcp('mlModelGroup', groupUrn(g), 'ownership', owners(g));
  }
  for (let m = 0; m < counts.mlModel; m += 1) {
    const g = m % counts.mlModelGroup;
    const urn = `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${p}_${pick(DOMAINS, g)}_${pick(SUBJECTS, g >> 2)}_model_${g}_v${Math.floor(m / counts.mlModelGroup) + 1},PROD)`; // prettier-ignore
    mcp('mlModel', urn, 'mlModelProperties', {
      description: `Predicts ${pick(DOMAINS, g)} for ${pick(SUBJECTS, g >> 2)}s from ${pick(MEASURES, m)} and ${pick(MEASURES, m + 3)} features.`, // prettier-ignore
      type: pick(['xgboost', 'lightgbm', 'logistic_regression', 'transformer'], m),
      mlFeatures: [0, 1, 2, 3, 4].map((k) => featureUrn((m * 5 + k * 13) % counts.mlFeature)),
      groups: [groupUrn(g)],
      customProperties: { framework: pick(['sklearn', 'pytorch', 'xgboost'], m), stage: pick(['Production', 'Staging', 'Archived'], m) }, // prettier-ignore
      hyperParams: [
        { name: 'learning_rate', value: '0.05' },
        { name: 'max_depth', value: String(4 + (m % 6)) },
      ],
      trainingMetrics: [{ name: 'auc', value: (0.7 + (m % 25) / 100).toFixed(2) }],
    });
    mcp('mlModel', urn, 'ownership', owners(m));
    if (m % 3 === 0) mcp('mlModel', urn, 'globalTags', tags(m));
  }

  const TOOL = { actor: 'urn:li:corpuser:catalog', context: '{"managedBy":"catalog"}' };
  for (let d = 0; d < counts.dataset; d += 1) {
    const urn = datasetUrn(d);
    const subject = pick(SUBJECTS, d);
    const width = 5 + ((d * 11) % 26);
    const columns = Array.from({ length: width }, (_, c) => {
      const [, type, native] = pick(COLUMN_TYPES, c + d);
      const name =
        c === 0
          ? `${subject}_id`
          : c === 1
            ? 'event_ts'
            : `${pick(SUBJECTS, d + c)}_${pick(MEASURES, c)}${c % 4 === 0 ? `_${pick(WINDOWS, c)}` : ''}_${c}`;
      return { name, type, native };
    });
    mcp('dataset', urn, 'datasetProperties', {
      name: `${subject}_${pick(MEASURES, d >> 2)}_${p}_${d}`,
      description: `${pick(LAYERS, d >> 1)} ${subject} ${pick(MEASURES, d >> 2)} for ${pick(DOMAINS, d >> 3)}; one row per ${subject} per day.`, // prettier-ignore
      customProperties: { retention_days: String(30 + (d % 12) * 30), source_system: pick(['sap', 'salesforce', 'stripe', 'segment'], d) }, // prettier-ignore
      tags: [],
    });
    mcp('dataset', urn, 'schemaMetadata', {
      schemaName: `${subject}_${d}`,
      platform: `urn:li:dataPlatform:${pick(PLATFORMS, d)}`,
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: columns.map((column, c) => ({
        fieldPath: column.name,
        nullable: c > 0,
        type: { type: { [column.type]: {} } },
        nativeDataType: column.native,
        recursive: false,
        ...(c % 3 === 1 ? { description: `The ${column.name.replace(/_/g, ' ')} of the ${subject}.` } : {}),
      })),
    });
    mcp('dataset', urn, 'subTypes', { typeNames: [d % 7 === 0 ? 'View' : 'Table'] });
    mcp('dataset', urn, 'ownership', owners(d));
    if (d % 3 === 0) mcp('dataset', urn, 'globalTags', tags(d));
    if (d % 5 < 3) {
      mcp('dataset', urn, 'glossaryTerms', {
        terms: [{ urn: termUrn(d % counts.glossaryTerm), ...TOOL }],
        auditStamp: AUDIT,
      });
    }
    if (d % 5 < 2) {
      mcp('dataset', urn, 'editableSchemaMetadata', {
        editableSchemaFieldInfo: [2, 3]
          .filter((c) => c < width)
          .map((c) => ({
            fieldPath: columns[c].name,
            glossaryTerms: {
              terms: [{ urn: termUrn((d + c) % counts.glossaryTerm), ...TOOL }],
              auditStamp: AUDIT,
            },
          })),
        created: AUDIT,
        lastModified: AUDIT,
      });
    }
  }
  const samples = {
    dataset: Array.from({ length: 50 }, (_, i) => datasetUrn((i * 353) % counts.dataset)),
    mlFeature: Array.from({ length: 50 }, (_, i) => featureUrn((i * 499) % counts.mlFeature)),
    mlFeatureTable: Array.from({ length: 50 }, (_, i) => tableUrn((i * 9) % counts.mlFeatureTable)),
    mlModelGroup: Array.from({ length: 50 }, (_, i) => groupUrn((i * 9) % counts.mlModelGroup)),
    glossaryTerm: Array.from({ length: 50 }, (_, i) => termUrn((i * 39) % counts.glossaryTerm)),
  };
  return { records, counts, samples };
}

/** Model URNs read back from a file's records: 50, spread over the list. */
export function sampleModels(records) {
  const models = records.filter((r) => r.entityType === 'mlModel' && r.aspectName === 'mlModelProperties');
  return Array.from({ length: 50 }, (_, i) => models[(i * 79) % models.length].entityUrn);
}
