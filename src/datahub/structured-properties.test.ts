import { describe, expect, it } from 'vitest';
import { definitionProblems, elasticsearchFieldName, versionRaised } from './property-definition-rules.js';
import { assignmentProblems, isValidDate, readDefinition, valueTypeOf } from './structured-properties.js';

const P = 'urn:li:structuredProperty:io.example.p';
const E = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,m,PROD)';

const definition = (fields: Record<string, unknown>) => {
  const read = readDefinition({
    qualifiedName: 'io.example.p',
    valueType: 'urn:li:dataType:datahub.string',
    entityTypes: ['urn:li:entityType:datahub.mlModel'],
    ...fields,
  });
  if (read === undefined) throw new Error('not a definition');
  return read;
};

describe("GMS's checks of a property's values (StructuredPropertiesValidator, v1.7.0)", () => {
  it('reads value types as getValueTypeId does', () => {
    expect(valueTypeOf('urn:li:dataType:datahub.rich_text')).toBe('rich_text');
    expect(valueTypeOf('urn:li:dataType:datahub.NUMBER')).toBe('number');
    expect(valueTypeOf('urn:li:dataType:date')).toBe('date');
    expect(valueTypeOf('urn:li:dataType:datahub.map')).toBeUndefined();
  });

  it('answers each problem in its words', () => {
    const single = definition({});
    expect(assignmentProblems(P, single, [{ string: 'a' }, { string: 'b' }], E)).toEqual([
      `Property: ${P} has cardinality 1, but multiple values were assigned: [{string=a}, {string=b}]`,
    ]);
    expect(assignmentProblems(P, single, [{ double: 3 }], E)).toEqual([
      `Property: ${P}, value: {double=3.0} should be a string`,
    ]);
    const number = definition({
      valueType: 'urn:li:dataType:datahub.number',
      allowedValues: [{ value: { double: 30 } }, { value: { double: 90 } }],
    });
    expect(assignmentProblems(P, number, [{ double: 30 }], E)).toEqual([]);
    expect(assignmentProblems(P, number, [{ string: 'thirty' }], E)).toEqual([
      `Property: ${P}, value: {string=thirty} should be a number`,
      `Property: ${P}, value: {string=thirty} should be one of [{double=30.0}, {double=90.0}]`,
    ]);
    const date = definition({ valueType: 'urn:li:dataType:datahub.date' });
    expect(assignmentProblems(P, date, [{ string: '2024-02-30' }], E)).toEqual([
      `Property: ${P}, value: {string=2024-02-30} should be a date with format YYYY-MM-DD`,
    ]);
    const urn = definition({
      valueType: 'urn:li:dataType:datahub.urn',
      typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
    });
    expect(assignmentProblems(P, urn, [{ string: 'urn:li:corpuser:ana' }], E)).toEqual([]);
    expect(assignmentProblems(P, urn, [{ string: 'urn:li:corpGroup:team' }], E)).toEqual([
      `Property: ${P}, value: {string=urn:li:corpGroup:team} is not of any supported urn types:[urn:li:entityType:datahub.corpuser]`,
    ]);
    expect(assignmentProblems(P, urn, [{ string: 'ana' }], E)).toEqual([
      `Property: ${P}, value: {string=ana} should be an urn`,
    ]);
  });

  it('takes dates as LocalDate does, from 1000-01-01 on', () => {
    expect(['2024-02-29', '1000-01-01', '9999-12-31'].map(isValidDate)).toEqual([true, true, true]);
    expect(['2023-02-29', '0999-12-31', '2024-1-01', '2024-01-01T00:00'].map(isValidDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("GMS's checks of a definition (PropertyDefinitionValidator, v1.7.0)", () => {
  const exists = () => true;
  const rules = (next: ReturnType<typeof definition>, previous = definition({})) =>
    definitionProblems('io.example.p', next, previous, false, exists).map((problem) => problem.message);

  it('refuses a breaking change unless the version is raised', () => {
    const number = definition({ valueType: 'urn:li:dataType:datahub.number' });
    expect(rules(number)).toEqual([
      'Value type cannot be changed as this is a backwards incompatible change',
    ]);
    expect(rules({ ...number, version: '20240101000000' })).toEqual([]);
    const versioned = definition({ version: '20240101000000', cardinality: 'MULTIPLE' });
    expect(rules({ ...versioned, cardinality: 'SINGLE' }, versioned)).toEqual([
      'Property definition cardinality cannot be changed from MULTI to SINGLE',
    ]);
    expect(rules({ ...versioned, cardinality: 'SINGLE', version: '20240101000001' }, versioned)).toEqual([]);
    const allowed = definition({ allowedValues: [{ value: { string: 'a' } }, { value: { string: 'b' } }] });
    expect(rules(definition({ allowedValues: [{ value: { string: 'a' } }] }), allowed)).toEqual([
      'Cannot restrict values that were previously allowed',
    ]);
    expect(rules(allowed)).toEqual(['Cannot restrict values that were previously allowed']);
    expect(rules(definition({}), allowed)).toEqual([]);
  });

  it('never lets the qualified name change, a soft-deleted property change, or a version not of 14 digits', () => {
    expect(rules(definition({ qualifiedName: 'io.example.q', version: '20240101000000' }))).toEqual([
      'Cannot change the fully qualified name of a Structured Property',
    ]);
    expect(definitionProblems('p', definition({}), undefined, true, exists).map((p) => p.message)).toEqual([
      'Cannot mutate a soft deleted Structured Property Definition',
    ]);
    expect(rules(definition({ version: '1.0.0' }), undefined)).toEqual([
      'Invalid version specified. Must match [0-9]{14}',
    ]);
    expect(versionRaised('20240101000000', '20231231000000')).toBe(false);
  });

  it('names the search field a property is indexed under', () => {
    expect(elasticsearchFieldName(definition({}))).toBe('io_example_p');
    expect(elasticsearchFieldName(definition({ version: '20240101000000' }))).toBe(
      '_versioned.io_example_p.20240101000000.string',
    );
  });
});
