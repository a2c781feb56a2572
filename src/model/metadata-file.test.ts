import { describe, expect, it } from 'vitest';
import { ASPECT_SCHEMAS } from '../datahub/generated/aspect-schemas.js';
import { trimUnrecognizedFields, validateAspect } from '../datahub/pegasus/validate-aspect.js';
import { checkAspectValue, parseMetadataRecords, UNRECOGNIZED_FIELDS } from './metadata-file.js';

const feature = 'urn:li:mlFeature:(table,f1)';
const record = (json: unknown): unknown => ({
  entityType: 'mlFeature',
  entityUrn: feature,
  changeType: 'UPSERT',
  aspectName: 'mlFeatureProperties',
  aspect: { json },
});

describe('checkAspectValue', () => {
  it('tells a value with fields the schema does not know, valid or not, from one without', () => {
    expect(checkAspectValue('mlFeatureProperties', { description: 'd' })).toEqual({
      problems: [],
      unrecognizedFields: false,
    });
    expect(checkAspectValue('mlFeatureProperties', { description: 'd', newerField: 1 })).toEqual({
      problems: [],
      unrecognizedFields: true,
    });
    // Unknown fields deep down (a record in an array, a union member) and map keys, which are never unknown.
    const nested: [string, unknown, boolean][] = [
      ['ownership', { owners: [{ owner: 'urn:li:corpuser:a', type: 'DATAOWNER', x: 1 }] }, true],
      ['ownership', { owners: [{ owner: 'urn:li:corpuser:a', type: 'DATAOWNER' }] }, false],
      ['mlFeatureTableProperties', { customProperties: { anything: 'v' }, mlFeatures: [] }, false],
      [
        'schemaMetadata',
        {
          schemaName: 's',
          platform: 'urn:li:dataPlatform:hive',
          version: 0,
          hash: '',
          platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '', extra: true } },
          fields: [],
        },
        true,
      ],
    ];
    for (const [aspectName, value, unrecognizedFields] of nested) {
      expect(checkAspectValue(aspectName, value)).toEqual({ problems: [], unrecognizedFields });
      const trimmed = JSON.stringify(trimUnrecognizedFields(ASPECT_SCHEMAS, aspectName, value));
      expect(trimmed !== JSON.stringify(value)).toBe(unrecognizedFields);
    }
    // Refused: the problems are the TRIM walk's (GMS's), without the unrecognized field.
    const refused = checkAspectValue('mlFeatureProperties', { description: 7, newerField: 1 });
    expect(refused.problems).toEqual(validateAspect('mlFeatureProperties', { description: 7 }));
    expect(refused.problems).toHaveLength(1);
  });
});

describe('parseMetadataRecords', () => {
  it('marks each checked proposal with whether its aspect has fields to trim', () => {
    const parsed = parseMetadataRecords([
      record({ description: 'd' }),
      record({ description: 'd', newer: true }),
    ]);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.proposals.map((proposal) => proposal[UNRECOGNIZED_FIELDS])).toEqual([false, true]);
    // The proposal itself keeps every field: a newer DataHub may know the ones this release does not.
    expect(parsed.proposals[1]?.aspect).toEqual({ description: 'd', newer: true });
  });

  it('reports a value GMS refuses with the record it is in', () => {
    const parsed = parseMetadataRecords([
      record({ description: 'd' }),
      record({ description: 7, newer: true }),
    ]);
    expect(parsed).toEqual({
      ok: false,
      errors: [
        {
          index: 1,
          message: expect.stringMatching(
            /^urn:li:mlFeature:\(table,f1\): Failed to validate record with class com\.linkedin\.ml\.metadata\.MLFeatureProperties: ERROR :: \/description :: 7 cannot be coerced to String$/,
          ) as unknown,
        },
      ],
    });
  });
});
