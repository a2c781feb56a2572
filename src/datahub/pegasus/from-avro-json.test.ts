import { describe, expect, it } from 'vitest';
import { ASPECT_SCHEMAS } from '../generated/aspect-schemas.js';
import { avroJsonToPegasus } from './from-avro-json.js';
import { validateAspect } from './validate-aspect.js';

const convert = (aspectName: string, value: unknown) => avroJsonToPegasus(ASPECT_SCHEMAS, aspectName, value);

describe('avroJsonToPegasus (shapes from DataHub’s bootstrap_mce.json)', () => {
  it('wraps a bare union member in the member the JSON value fits', () => {
    const job = convert('dataJobInfo', {
      name: 'n',
      type: 'spark',
      flowUrn: 'urn:li:dataFlow:(a,b,PROD)',
      externalUrl: null,
    });
    expect(job).toEqual({ name: 'n', type: { string: 'spark' }, flowUrn: 'urn:li:dataFlow:(a,b,PROD)' });
    expect(validateAspect('dataJobInfo', job)).toEqual([]);
    expect(convert('dataJobInfo', { name: 'n', type: 'SQL' })).toMatchObject({
      // SQL is an AzkabanJobType symbol: the first member that fits wins, as in DataHub's Python reader.
      type: { 'com.linkedin.datajob.azkaban.AzkabanJobType': 'SQL' },
    });
  });

  it('names a typeref member by the type it refers to, and unwraps an optional field’s Avro wrapper', () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,x,PROD)';
    const chart = convert('chartInfo', {
      title: 't',
      description: 'd',
      lastModified: {
        created: { time: 0, actor: 'urn:li:corpuser:a', impersonator: null },
        lastModified: { time: 0, actor: 'urn:li:corpuser:a' },
        deleted: null,
      },
      inputs: { array: [{ string: urn }] },
    });
    expect(chart).toMatchObject({ inputs: [{ string: urn }] });
    expect(validateAspect('chartInfo', chart)).toEqual([]);
  });

  it('turns an aliased union written as a record with fieldDiscriminator into the aliased member', () => {
    const cost = convert('cost', {
      costType: 'ORG_COST_TYPE',
      cost: { fieldDiscriminator: 'costCode', costCode: 'c', costId: null },
    });
    expect(cost).toEqual({ costType: 'ORG_COST_TYPE', cost: { costCode: 'c' } });
    expect(validateAspect('cost', cost)).toEqual([]);
  });

  it('renames Avro class names of union members and keeps user maps as they are', () => {
    const schema = convert('schemaMetadata', {
      schemaName: 's',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.pegasus2avro.schema.OtherSchema': { rawSchema: '' } },
      fields: [
        {
          fieldPath: 'a',
          nativeDataType: 'b',
          type: { type: { 'com.linkedin.pegasus2avro.schema.BooleanType': {} } },
        },
      ],
    });
    expect(schema).toMatchObject({
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: [{ type: { type: { 'com.linkedin.schema.BooleanType': {} } } }],
    });
    expect(convert('datasetProperties', { customProperties: { string: 'kept', gone: null } })).toEqual({
      customProperties: { string: 'kept' },
    });
  });
});
