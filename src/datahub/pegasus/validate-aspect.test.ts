import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASPECT_SCHEMAS } from '../generated/aspect-schemas.js';
import type { AspectSchemas } from './schema.js';
import {
  describeAspectRefusal,
  javaHashMapOrder,
  trimUnrecognizedFields,
  validateAspect,
  validateAspectValue,
} from './validate-aspect.js';

const AUDIT = { time: 0, actor: 'urn:li:corpuser:x' };

describe('validateAspect (DataHub v1.7.0 schemas)', () => {
  it('accepts a valid aspect, with numbers of any kind in numeric fields (CoercionMode.NORMAL)', () => {
    expect(validateAspect('glossaryTermInfo', { definition: 'd', termSource: 'INTERNAL' })).toEqual([]);
    expect(
      validateAspect('status', {
        removed: false,
        lifecycleLastUpdated: { time: 1.5, actor: 'urn:li:corpuser:x' },
      }),
    ).toEqual([]);
  });

  it('reports a required field without default, but not one with a default', () => {
    expect(validateAspect('glossaryTermInfo', { termSource: 'INTERNAL' })).toEqual([
      { path: '/definition', message: 'field is required but not found and has no default value' },
    ]);
    // customProperties is required but has a default ({}), so it may be absent.
    expect(validateAspect('mlFeatureProperties', {})).toEqual([]);
  });

  it('reports primitives that do not coerce, in rest.li words', () => {
    expect(validateAspect('glossaryTermInfo', { definition: 5, termSource: 'X' })).toEqual([
      { path: '/definition', message: '5 cannot be coerced to String' },
    ]);
    expect(validateAspect('status', { removed: 'yes' })).toEqual([
      { path: '/removed', message: 'yes cannot be coerced to Boolean' },
    ]);
    expect(
      validateAspect('glossaryTerms', { terms: [], auditStamp: { time: 'now', actor: 'urn:li:corpuser:x' } }),
    ).toEqual([{ path: '/auditStamp/time', message: 'now cannot be coerced to Long' }]);
  });

  it('reports an unknown enum symbol and wrong container kinds', () => {
    expect(validateAspect('mlFeatureProperties', { dataType: 'FLOAT' })).toEqual([
      { path: '/dataType', message: '"FLOAT" is not an enum symbol' },
    ]);
    expect(validateAspect('mlFeatureProperties', { sources: 'urn:li:dataset:x' })).toEqual([
      { path: '/sources', message: 'array type is not backed by a DataList' },
    ]);
    expect(validateAspect('mlFeatureProperties', { customProperties: [] })).toEqual([
      { path: '/customProperties', message: 'map type is not backed by a DataMap' },
    ]);
    expect(validateAspect('glossaryTerms', { terms: ['x'], auditStamp: AUDIT })).toEqual([
      { path: '/terms/0', message: 'record type is not backed by a DataMap' },
    ]);
  });

  it('checks Urn-typed strings with Urn.createFromString, which is more lenient than the product’s own parser', () => {
    expect(validateAspect('mlFeatureProperties', { sources: ['not-a-urn'] })).toEqual([
      { path: '/sources/0', message: '"Provided urn not-a-urn" is invalid' },
    ]);
    expect(validateAspect('mlFeatureProperties', { sources: ['urn:li:dataset:(a,,b)'] })).toHaveLength(1);
    expect(
      validateAspect('mlFeatureProperties', { sources: ['urn:li:corpuser', 'urn:acme:thing:1'] }),
    ).toEqual([]);
  });

  it('checks union members by key: FQN, alias or primitive name', () => {
    // DataHubViewInfo / StructuredPropertyValueAssignment values are union[string, double].
    const value = (values: unknown[]) => ({
      properties: [{ propertyUrn: 'urn:li:structuredProperty:p', values }],
    });
    expect(validateAspect('structuredProperties', value([{ string: 'a' }, { double: 1 }]))).toEqual([]);
    expect(validateAspect('structuredProperties', value([{ int: 1 }]))).toEqual([
      {
        path: '/properties/0/values/0',
        message: '"int" is not a member type of union [ "string", "double" ]',
      },
    ]);
    expect(validateAspect('structuredProperties', value(['a']))).toEqual([
      { path: '/properties/0/values/0', message: 'union type is not backed by a DataMap or null' },
    ]);
    expect(validateAspect('structuredProperties', value([{ string: 'a', double: 1 }]))).toEqual([
      {
        path: '/properties/0/values/0',
        message: 'DataMap should have no more than one entry for a union type',
      },
    ]);
  });

  it('lets unknown fields through and trims them, as ingestProposal does (UnrecognizedFieldMode.TRIM)', () => {
    const value = { definition: 'd', termSource: 'INTERNAL', notAField: 1 };
    expect(validateAspect('glossaryTermInfo', value)).toEqual([]);
    expect(trimUnrecognizedFields(ASPECT_SCHEMAS, 'glossaryTermInfo', value)).toEqual({
      definition: 'd',
      termSource: 'INTERNAL',
    });
    expect(
      validateAspectValue(ASPECT_SCHEMAS, 'glossaryTermInfo', value, { unrecognizedFields: 'DISALLOW' }),
    ).toEqual([{ path: '/notAField', message: 'unrecognized field found but not allowed' }]);
  });

  it('visits children before their record and a record’s entries in Java HashMap order', () => {
    // Checked against java.util.HashMap: new HashMap<>() with these puts iterates [name, definition, termSource].
    expect(javaHashMapOrder(['termSource', 'definition', 'name'])).toEqual([
      'name',
      'definition',
      'termSource',
    ]);
    const problems = validateAspect('glossaryTerms', { terms: [{ context: 1 }], auditStamp: {} });
    expect(problems.map((problem) => problem.path)).toEqual([
      '/auditStamp/time',
      '/auditStamp/actor',
      '/terms/0/context',
      '/terms/0/urn',
    ]);
  });

  it('formats the refusal as GMS does: class, then one ERROR line per problem', () => {
    expect(describeAspectRefusal('glossaryTermInfo', validateAspect('glossaryTermInfo', {}))).toBe(
      'Failed to validate record with class com.linkedin.glossary.GlossaryTermInfo: ' +
        'ERROR :: /definition :: field is required but not found and has no default value\n' +
        'ERROR :: /termSource :: field is required but not found and has no default value\n',
    );
  });

  it('refuses an aspect name it does not know', () => {
    expect(validateAspect('noSuchAspect', {})).toEqual([
      { path: '', message: 'Unknown aspect noSuchAspect' },
    ]);
  });

  it('validates every aspect of every entity: each schema is complete (no dangling reference)', () => {
    for (const aspectName of Object.keys(ASPECT_SCHEMAS.aspects)) {
      expect(() => validateAspect(aspectName, {})).not.toThrow();
    }
  });
});

describe('compatibility artefacts', () => {
  it('are AspectSchemas the validator accepts, for an older release too', () => {
    for (const tag of ['v0.13.0', 'v1.7.0']) {
      const url = new URL(`../../../test/fixtures/datahub-releases/${tag}/aspects.json`, import.meta.url);
      const schemas = JSON.parse(readFileSync(url, 'utf8')) as AspectSchemas;
      expect(schemas.release.tag).toBe(tag);
      expect(
        validateAspectValue(schemas, 'glossaryTermInfo', { definition: 'd', termSource: 'INTERNAL' }),
      ).toEqual([]);
      expect(validateAspectValue(schemas, 'glossaryTermInfo', {})).toHaveLength(2);
    }
  });
});
