import { describe, expect, it } from 'vitest';
import { nameFromUrn } from './entity-names.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
const F1 = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const TERM = 'urn:li:glossaryTerm:Classification.PII';

describe('nameFromUrn', () => {
  it.each([
    [F1, 'transaction_features.txn_count_7d'],
    [DATASET, 'payments.transactions'],
    [TABLE, 'transaction_features'],
    [GROUP, 'fraud-detector'],
    [TERM, 'PII'],
    ['urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD),card_number)', 'card_number'],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,a%2Cb,PROD)', 'a,b'],
    ['not a urn', 'not a urn'],
  ])('%s → %s', (urn, name) => {
    expect(nameFromUrn(urn)).toBe(name);
  });
});
