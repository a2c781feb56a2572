import { describe, expect, it } from 'vitest';
import { readDefinition } from '../datahub/structured-properties.js';
import { breakingParts, suggestVersion } from './property-definition-changes.js';

const definition = (fields: Record<string, unknown>) => {
  const read = readDefinition({
    qualifiedName: 'io.example.p',
    valueType: 'urn:li:dataType:datahub.string',
    entityTypes: ['urn:li:entityType:datahub.mlModel', 'urn:li:entityType:datahub.dataset'],
    ...fields,
  });
  if (read === undefined) throw new Error('not a definition');
  return read;
};

describe('classifying a structured property definition change', () => {
  it('finds no breaking part in a plain update', () => {
    const before = definition({ cardinality: 'SINGLE', allowedValues: [{ value: { string: 'a' } }] });
    const after = definition({
      cardinality: 'MULTIPLE',
      displayName: 'P',
      allowedValues: [{ value: { string: 'a' } }, { value: { string: 'b' } }],
      entityTypes: [
        'urn:li:entityType:datahub.mlModel',
        'urn:li:entityType:datahub.dataset',
        'urn:li:entityType:datahub.glossaryTerm',
      ],
    });
    expect(breakingParts(before, after)).toEqual([]);
  });

  it("names each breaking part, GMS's rules and fewer entity types, whatever the version says", () => {
    const before = definition({ cardinality: 'MULTIPLE', version: '20240101000000' });
    const after = definition({
      valueType: 'urn:li:dataType:datahub.number',
      cardinality: 'SINGLE',
      allowedValues: [{ value: { double: 1 } }],
      entityTypes: ['urn:li:entityType:datahub.mlModel'],
      version: '20250101000000',
    });
    expect(breakingParts(before, after)).toEqual([
      { field: 'valueType', what: 'its value type changes (string → number)' },
      { field: 'cardinality', what: 'it goes from MULTIPLE values to a SINGLE one' },
      {
        field: 'allowedValues',
        what: 'it restricts to a list of allowed values a property that took any value',
      },
      { field: 'entityTypes', what: 'it no longer applies to dataset' },
    ]);
  });

  it('suggests a version above the current one', () => {
    const now = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(suggestVersion(undefined, now)).toBe('20260102030405');
    expect(suggestVersion('20250101000000', now)).toBe('20260102030405');
    expect(suggestVersion('20990101000000', now)).toBe('20990101000001');
  });
});
