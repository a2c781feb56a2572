import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../model/json.js';
import { dateOf, renderLifecycleFields } from '../kinds/render-lifecycle.js';
import { foldProposals, importDatahubMetadata, type MetadataFile } from './datahub-metadata.js';

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_3,PROD)';
const MODEL_2 = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_4,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,fraud,PROD)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';

/** An MCP as the file sink writes it (`json` form). */
function mcp(entityUrn: string, aspectName: string, json: Record<string, JsonValue>): JsonValue {
  return {
    entityType: entityUrn.split(':')[2] ?? '',
    entityUrn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { json },
  };
}

function documents(files: ReadonlyMap<string, string>): Record<string, unknown>[] {
  return [...files.values()].flatMap((text) =>
    parseAllDocuments(text).map((doc) => doc.toJS() as Record<string, unknown>),
  );
}

function importOne(records: JsonValue[]) {
  const input: MetadataFile = { file: 'dir/golden.json', content: records };
  return importDatahubMetadata([input]);
}

describe('importDatahubMetadata', () => {
  const model = [
    mcp(GROUP, 'mlModelGroupProperties', { description: 'Every run' }),
    mcp(MODEL, 'mlModelProperties', {
      description: 'third',
      groups: [GROUP],
      version: { versionTag: 'old' },
      hyperParams: [
        { name: 'learning_rate', value: '0.05' },
        { name: 'max_depth', value: '8' },
      ],
      trainingMetrics: [{ name: 'auc', value: '0.931' }],
    }),
    mcp(MODEL, 'versionProperties', {
      versionSet: 'urn:li:versionSet:(abc,mlModel)',
      version: { versionTag: '3' },
      aliases: [{ versionTag: 'champion' }],
      sortId: '0000000003',
    }),
    mcp(MODEL, 'mlModelTrainingData', {
      trainingData: [{ dataset: DATASET, motivation: 'A year of payments.', preProcessing: ['dedupe'] }],
    }),
    mcp(MODEL, 'mlModelEvaluationData', { evaluationData: [{ dataset: DATASET }] }),
    mcp(MODEL, 'deprecation', {
      deprecated: true,
      note: 'Replaced by fraud_4.',
      actor: 'urn:li:corpuser:ana',
      replacement: MODEL_2,
      decommissionTime: Date.UTC(2027, 0, 31),
    }),
    mcp(MODEL_2, 'mlModelProperties', { groups: [GROUP] }),
    mcp(MODEL_2, 'globalTags', { tags: [{ tag: 'urn:li:tag:deprecated' }] }),
  ];

  it('writes every lifecycle field, the same URNs, references by name, in one file per group', () => {
    const result = importOne(model);
    expect(result.errors).toEqual([]);
    expect([...result.files.keys()]).toEqual(['models/fraud.yaml']);
    expect(result.files.get('models/fraud.yaml')).toMatch(
      /^# Imported from golden\.json by `catalog import datahub`\.\napiVersion: catalog\/v1\nkind: MLModelGroup\n/,
    );
    expect(documents(result.files)).toEqual([
      {
        apiVersion: 'catalog/v1',
        kind: 'MLModelGroup',
        name: 'fraud',
        platform: 'mlflow',
        env: 'PROD',
        description: 'Every run',
      },
      {
        apiVersion: 'catalog/v1',
        kind: 'MLModel',
        name: 'fraud_3',
        platform: 'mlflow',
        env: 'PROD',
        description: 'third',
        // versionProperties decides the version; mlModelProperties.version is the older place.
        version: '3',
        groups: ['fraud'],
        aliases: ['champion'],
        hyperParams: { learning_rate: '0.05', max_depth: '8' },
        metrics: { auc: '0.931' },
        trainingData: [{ dataset: DATASET, motivation: 'A year of payments.', preProcessing: ['dedupe'] }],
        evaluationData: [{ dataset: DATASET }],
        deprecated: { note: 'Replaced by fraud_4.', replacement: 'fraud_4', decommissionTime: '2027-01-31' },
      },
      {
        apiVersion: 'catalog/v1',
        kind: 'MLModel',
        name: 'fraud_4',
        platform: 'mlflow',
        env: 'PROD',
        groups: ['fraud'],
        // Feast's and others' `deprecated` tag is a tag, not the deprecation aspect.
        tags: ['urn:li:tag:deprecated'],
      },
    ]);
    expect(result.counts).toEqual({ MLModelGroup: 1, MLModel: 2 });
  });

  it('counts what it leaves out: types the tool does not manage, entities without their owned aspect, removed ones', () => {
    const result = importOne([
      mcp('urn:li:container:abc', 'containerProperties', { name: 'c' }),
      mcp('urn:li:dataProcessInstance:run1', 'dataProcessInstanceProperties', {
        name: 'r',
        created: { time: 0, actor: 'urn:li:corpuser:x' },
      }),
      mcp('urn:li:tag:deprecated', 'tagKey', { name: 'deprecated' }),
      mcp(DATASET, 'status', { removed: false }),
      mcp(GROUP, 'mlModelGroupProperties', {}),
      mcp(GROUP, 'status', { removed: true }),
      mcp('urn:li:tag:gold', 'tagProperties', { name: 'Gold' }),
    ]);
    expect(result.errors).toEqual([]);
    expect([...result.leftOut]).toEqual([
      ['container', 1],
      ['dataProcessInstance', 1],
      ['dataset', 1],
      ['tag without tagProperties', 1],
    ]);
    expect(result.skipped).toEqual([`${GROUP}: removed (status.removed is true in the file)`]);
    expect(documents(result.files)).toEqual([
      { apiVersion: 'catalog/v1', kind: 'Tag', id: 'gold', name: 'Gold' },
    ]);
  });

  it('reads MCE snapshots (Avro JSON) as ingest does, with dataset term attachments', () => {
    const result = importOne([
      {
        proposedSnapshot: {
          'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': {
            urn: DATASET,
            aspects: [
              {
                'com.linkedin.pegasus2avro.common.GlossaryTerms': {
                  terms: [{ urn: 'urn:li:glossaryTerm:Classification.PII' }],
                  auditStamp: { time: 0, actor: 'urn:li:corpuser:x' },
                },
              },
            ],
          },
        },
      },
    ]);
    expect(result.errors).toEqual([]);
    expect(documents(result.files)).toEqual([
      {
        apiVersion: 'catalog/v1',
        kind: 'DatasetTerms',
        dataset: DATASET,
        terms: ['urn:li:glossaryTerm:Classification.PII'],
      },
    ]);
  });

  it('reports every bad record with its file and index, and renders nothing', () => {
    const result = importOne([
      mcp('urn:li:tag:a', 'tagProperties', { name: 'a' }),
      mcp('urn:li:tag:b', 'noSuchAspect', {}),
    ]);
    expect(result.files.size).toBe(0);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^dir\/golden\.json: record 1: Unknown aspect noSuchAspect/);
  });

  it('takes later files over earlier ones, as ingesting them in order would', () => {
    const result = importDatahubMetadata([
      {
        file: 'a.json',
        content: [mcp('urn:li:tag:t', 'tagProperties', { name: 'T', description: 'first' })],
      },
      {
        file: 'b.json',
        content: [mcp('urn:li:tag:t', 'tagProperties', { name: 'T', description: 'second' })],
      },
    ]);
    expect(documents(result.files)).toEqual([
      { apiVersion: 'catalog/v1', kind: 'Tag', id: 't', name: 'T', description: 'second' },
    ]);
    expect(result.files.get('tags.yaml')).toMatch(/^# Imported from a\.json, b\.json by/);
  });
});

describe('foldProposals', () => {
  it('keeps the first aspect of a CREATE, as GMS refuses to create one that exists', () => {
    const base = { entityType: 'tag', entityUrn: 'urn:li:tag:t', aspectName: 'tagProperties' } as const;
    const folded = foldProposals([
      { ...base, changeType: 'UPSERT', aspect: { name: 'one' } },
      { ...base, changeType: 'CREATE', aspect: { name: 'two' } },
      { ...base, changeType: 'RESTATE', aspect: { name: 'three' } },
    ]);
    expect(folded.get('urn:li:tag:t')?.aspects.get('tagProperties')).toEqual({ name: 'three' });
    const created = foldProposals([
      { ...base, changeType: 'UPSERT', aspect: { name: 'one' } },
      { ...base, changeType: 'CREATE', aspect: { name: 'two' } },
    ]);
    expect(created.get('urn:li:tag:t')?.aspects.get('tagProperties')).toEqual({ name: 'one' });
  });
});

describe('renderLifecycleFields', () => {
  const keep = (urn: string): string => urn;
  it('writes `deprecated: true` when the aspect says no more; nothing when it says deprecated: false', () => {
    expect(
      renderLifecycleFields(
        'glossaryTerm',
        new Map([['deprecation', { deprecated: true, note: '', actor: 'a' }]]),
        keep,
      ).fields,
    ).toEqual({ deprecated: true });
    expect(
      renderLifecycleFields(
        'mlFeature',
        new Map([['deprecation', { deprecated: false, note: 'x', actor: 'a' }]]),
        keep,
      ).fields,
    ).toEqual({});
  });

  it('reads the version from mlModelProperties when there is no versionProperties', () => {
    expect(
      renderLifecycleFields(
        'mlModel',
        new Map([['mlModelProperties', { version: { versionTag: '2' } }]]),
        keep,
      ).fields,
    ).toEqual({ version: '2' });
  });

  it('reports hyper-parameters a name: value map cannot hold, and keeps the first of a repeated name', () => {
    const { fields, notes } = renderLifecycleFields(
      'mlModel',
      new Map([
        [
          'mlModelProperties',
          {
            hyperParams: [
              { name: 'a', value: '1' },
              { name: 'a', value: '2' },
            ],
          },
        ],
      ]),
      keep,
    );
    expect(fields).toEqual({ hyperParams: { a: '1' } });
    expect(notes).toEqual([
      "hyperParams: 1 entry has a repeated name, a description or a time, which a manifest's name: value map cannot hold",
    ]);
  });

  it('writes a decommission time as a date at midnight UTC, else as the full UTC time', () => {
    expect(dateOf(Date.UTC(2027, 0, 31))).toBe('2027-01-31');
    expect(dateOf(Date.UTC(2027, 0, 31, 12, 30))).toBe('2027-01-31T12:30:00.000Z');
  });

  it('reads structured property definitions and the values entities and datasets carry', () => {
    const TIER = 'urn:li:structuredProperty:io.example.riskTier';
    const result = importOne([
      mcp(TIER, 'propertyDefinition', {
        qualifiedName: 'io.example.riskTier',
        valueType: 'urn:li:dataType:datahub.string',
        entityTypes: ['urn:li:entityType:datahub.mlModelGroup', 'urn:li:entityType:datahub.dataset'],
        cardinality: 'SINGLE',
        immutable: false,
      }),
      mcp(GROUP, 'mlModelGroupProperties', { description: 'Every run' }),
      mcp(GROUP, 'structuredProperties', { properties: [{ propertyUrn: TIER, values: [{ string: '2' }] }] }),
      mcp(DATASET, 'structuredProperties', {
        properties: [{ propertyUrn: TIER, values: [{ string: '1' }] }],
      }),
    ]);
    expect(result.errors).toEqual([]);
    const docs = documents(result.files);
    expect(docs.find((doc) => doc['kind'] === 'StructuredProperty')).toEqual({
      apiVersion: 'catalog/v1',
      kind: 'StructuredProperty',
      id: 'io.example.riskTier',
      type: 'string',
      entityTypes: ['mlModelGroup', 'dataset'],
    });
    expect(docs.find((doc) => doc['kind'] === 'MLModelGroup')?.['properties']).toEqual({
      'io.example.riskTier': '2',
    });
    expect(docs.find((doc) => doc['kind'] === 'DatasetTerms')).toEqual({
      apiVersion: 'catalog/v1',
      kind: 'DatasetTerms',
      dataset: DATASET,
      properties: { 'io.example.riskTier': '1' },
    });
  });
});
