import { describe, expect, it } from 'vitest';
import {
  decodeUrnPart,
  encodeUrnPart,
  formatUrn,
  parseRawUrn,
  parseUrn,
  urlEncodeUrn,
  type EntityUrn,
} from './urn.js';

const roundTrips: [EntityUrn, string][] = [
  [
    { entityType: 'dataset', platform: 'hive', name: 'users.profile', env: 'PROD' },
    'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)',
  ],
  [
    { entityType: 'dataset', platform: 'snowflake', name: 'db.schema.tab,le (v2)', env: 'DEV' },
    'urn:li:dataset:(urn:li:dataPlatform:snowflake,db.schema.tab%2Cle %28v2%29,DEV)',
  ],
  [
    { entityType: 'dataset', platform: 's3', name: 'bucket/données/été 2026.parquet', env: 'PROD' },
    'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/données/été 2026.parquet,PROD)',
  ],
  [
    { entityType: 'mlFeature', namespace: 'feature_store.driver_hourly_stats', name: 'conv_rate' },
    'urn:li:mlFeature:(feature_store.driver_hourly_stats,conv_rate)',
  ],
  [
    { entityType: 'mlFeature', namespace: 'user features', name: 'avg(amount), 30d' },
    'urn:li:mlFeature:(user features,avg%28amount%29%2C 30d)',
  ],
  [
    { entityType: 'mlFeatureTable', platform: 'feast', name: 'user_features' },
    'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)',
  ],
  [
    { entityType: 'mlFeatureTable', platform: 'feast', name: 'tabla (España)' },
    'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,tabla %28España%29)',
  ],
  [
    { entityType: 'mlModel', platform: 'sagemaker', name: 'fraud-detector-2026-11', env: 'PROD' },
    'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)',
  ],
  [
    { entityType: 'mlModel', platform: 'mlflow', name: 'model,v1 (β)', env: 'STG' },
    'urn:li:mlModel:(urn:li:dataPlatform:mlflow,model%2Cv1 %28β%29,STG)',
  ],
  [
    { entityType: 'mlModelGroup', platform: 'sagemaker', name: 'fraud detector', env: 'NON_PROD' },
    'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud detector,NON_PROD)',
  ],
  [{ entityType: 'glossaryTerm', id: 'Classification.PII' }, 'urn:li:glossaryTerm:Classification.PII'],
  [
    { entityType: 'glossaryTerm', id: 'Données (sensibles), niveau 2' },
    'urn:li:glossaryTerm:Données %28sensibles%29%2C niveau 2',
  ],
  [{ entityType: 'corpuser', username: 'catalog-bot' }, 'urn:li:corpuser:catalog-bot'],
  [{ entityType: 'corpuser', username: 'jane.doe@example.com' }, 'urn:li:corpuser:jane.doe@example.com'],
  [{ entityType: 'dataPlatform', name: 'feast' }, 'urn:li:dataPlatform:feast'],
];

describe('URNs', () => {
  it.each(roundTrips)('formats and parses %j', (urn, text) => {
    expect(formatUrn(urn)).toBe(text);
    expect(parseUrn(text)).toEqual({ ok: true, value: urn });
  });

  it('encodes exactly the reserved characters, like DataHub UrnEncoder', () => {
    expect(encodeUrnPart('a,b(c)d␟e.f g:h')).toBe('a%2Cb%28c%29d%E2%90%9Fe.f g:h');
    expect(decodeUrnPart('a%2Cb%28c%29d%E2%90%9Fe')).toBe('a,b(c)d␟e');
    expect(decodeUrnPart('a%2cb')).toBe('a,b');
  });

  it('parses the feast golden URNs', () => {
    expect(
      parseUrn('urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,feature_store.driver_hourly_stats)'),
    ).toEqual({
      ok: true,
      value: { entityType: 'mlFeatureTable', platform: 'feast', name: 'feature_store.driver_hourly_stats' },
    });
  });

  it('splits on top-level commas only', () => {
    expect(parseRawUrn('urn:li:dataset:(urn:li:dataPlatform:hive,a.b,PROD)')).toEqual({
      ok: true,
      value: { entityType: 'dataset', parts: ['urn:li:dataPlatform:hive', 'a.b', 'PROD'] },
    });
  });

  it.each([
    ['urn:li:dataset:(urn:li:dataPlatform:hive,users.profile)', 'a dataset URN has 3 parts'],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PRD)', '"PRD" is not an environment'],
    ['urn:li:dataset:(hive,users.profile,PROD)', 'is not a "urn:li:dataPlatform:<name>" URN'],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,a(b,PROD)', 'unbalanced parentheses'],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,,PROD)', 'empty part'],
    ['urn:li:mlFeature:(only)', 'an mlFeature URN has 2 parts'],
    ['urn:li:chart:(looker,x)', 'not an entity type this tool knows'],
    ['urn:li:glossaryTerm:', 'its id is empty'],
    ['urn:li:glossaryTerm', 'has no entity type and id'],
    ['dataset:hive', 'must start with "urn:li:"'],
  ])('rejects %s', (text, reason) => {
    const parsed = parseUrn(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(reason);
  });

  it('url-encodes like Python quote(urn, safe="")', () => {
    expect(urlEncodeUrn('urn:li:dataset:(urn:li:dataPlatform:hive,a/b c,PROD)')).toBe(
      'urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Ca%2Fb%20c%2CPROD%29',
    );
  });
});
