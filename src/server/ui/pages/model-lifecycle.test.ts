import { describe, expect, it } from 'vitest';
import { deprecationSelection, formatDay, renderDeprecation } from './deprecation.js';
import { modelDatasetUrns, modelVersionOf, renderModelParameters, renderVersion } from './model-lifecycle.js';

describe('deprecationSelection', () => {
  it('asks for the deprecation only of the types that have it in DataHub’s schema', () => {
    for (const type of [
      'MLModel',
      'MLModelGroup',
      'MLFeature',
      'MLFeatureTable',
      'GlossaryTerm',
      'Dataset',
      'Tag',
    ]) {
      expect(deprecationSelection(type), type).toMatch(
        new RegExp(`^\\.\\.\\. on ${type} \\{ deprecation \\{`),
      );
    }
    // GlossaryNode, CorpUser and DataPlatform have no deprecation field at v1.7.0: asking would fail the query.
    for (const type of ['GlossaryNode', 'CorpUser', 'DataPlatform', 'GenericEntity', 'NoSuchType']) {
      expect(deprecationSelection(type), type).toBe('');
    }
  });
});

describe('renderDeprecation', () => {
  it('shows nothing without the aspect or when it says not deprecated', () => {
    expect(renderDeprecation({}).text).toBe('');
    expect(renderDeprecation({ deprecation: { deprecated: false, note: 'back in use' } }).text).toBe('');
  });

  it('says not to build on it when there is no replacement, and leaves out an empty note and unknown facts', () => {
    const text = renderDeprecation({ deprecation: { deprecated: true, note: '  ', replacement: null } }).text;
    expect(text).toContain('Do not build anything new on it.');
    expect(text).not.toContain('deprecation-note');
    expect(text).not.toContain('deprecation-facts');
  });
});

describe('formatDay', () => {
  it('shows a day at midnight UTC as the day, any other time with the time, and an impossible time as written', () => {
    expect(formatDay(Date.UTC(2027, 0, 31))).toBe('2027-01-31');
    expect(formatDay(Date.UTC(2027, 0, 31, 17, 30))).toBe('2027-01-31 17:30 UTC');
    expect(formatDay(1e17)).toBe('100000000000000000');
  });
});

describe('the model’s version', () => {
  it('takes versionProperties first, mlModelProperties.version without it, and shows both when they differ', () => {
    const tagged = {
      versionProperties: { version: { versionTag: '7' }, aliases: [{ versionTag: 'champion' }] },
    };
    expect(modelVersionOf({ ...tagged, properties: { version: '7' } })).toEqual({
      version: '7',
      propertiesVersion: undefined,
      aliases: ['champion'],
      comment: undefined,
      isLatest: false,
    });
    expect(modelVersionOf({ ...tagged, properties: { version: '6' } }).propertiesVersion).toBe('6');
    expect(modelVersionOf({ properties: { version: '3' } }).version).toBe('3');
    expect(renderVersion(modelVersionOf({}))).toBeUndefined();
  });

  it('names each dataset of the training and evaluation data once', () => {
    const a = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
    const b = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
    expect(
      modelDatasetUrns({ trainingData: [{ dataset: a }, { dataset: b }], evaluationData: [{ dataset: a }] }),
    ).toEqual([a, b]);
  });
});

describe('renderModelParameters', () => {
  it('adds a description column (stacked on phones) only when a metric has a description', () => {
    const plain = renderModelParameters({ trainingMetrics: [{ name: 'auc', value: '0.9' }] }).text;
    expect(plain).toContain('<table class="values">');
    expect(plain).not.toContain('Description');
    const described = renderModelParameters({
      trainingMetrics: [{ name: 'auc', value: '0.9', description: 'on the holdout' }],
    }).text;
    expect(described).toContain('<table class="values stack">');
    expect(described).toContain('<td data-label="Description">on the holdout</td>');
    expect(renderModelParameters({}).text.trim()).toBe('');
  });
});
