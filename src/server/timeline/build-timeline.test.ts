import { describe, expect, it } from 'vitest';
import { buildTimeline, parseVersionStamp } from './build-timeline.js';
import { CHANGE_CATEGORIES, type AspectRow, type ChangeCategory } from './change-event.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const ALL = new Set<ChangeCategory>(CHANGE_CATEGORIES);
const row = (aspect: string, version: number, createdOn: number, value: object): AspectRow => ({
  aspect,
  version,
  value: value as AspectRow['value'],
  createdOn,
  createdBy: 'urn:li:corpuser:datahub',
});
const schema = (...paths: string[]) => ({
  fields: paths.map((fieldPath) => ({
    fieldPath,
    description: fieldPath,
    nativeDataType: 'int',
    nullable: false,
    type: { type: {} },
  })),
});

describe('buildTimeline', () => {
  it('diffs each aspect’s first version against nothing and combines the writes of one timestamp', () => {
    const rows = [
      row('globalTags', 0, 100, { tags: [{ tag: 'urn:li:tag:A' }] }),
      row('ownership', 0, 100, { owners: [{ owner: 'urn:li:corpuser:o', type: 'NONE' }] }),
      row('subTypes', 0, 100, { typeNames: ['Skill'] }),
    ];
    const [transaction, ...rest] = buildTimeline(URN, 'dataset', rows, ALL);
    expect(rest).toEqual([]);
    expect(transaction).toMatchObject({
      timestamp: 100,
      actor: 'urn:li:corpuser:datahub',
      semVer: '0.0.0-computed',
      semVerChange: 'MINOR',
      versionStamp: 'globalTags:0;ownership:0;subTypes:0',
    });
    expect(transaction?.changeEvents.map((event) => event.category)).toEqual(['TAG', 'OWNERSHIP']);
  });

  it('bumps the semantic version by the highest change of each later timestamp, and stamps each with the versions then', () => {
    const rows = [
      row('schemaMetadata', 1, 100, schema('foo', 'bar')),
      row('schemaMetadata', 2, 200, schema('foo', 'baz')),
      row('editableSchemaMetadata', 0, 200, {
        editableSchemaFieldInfo: [{ fieldPath: 'foo', description: 'd' }],
      }),
      row('schemaMetadata', 0, 300, schema('foo', 'baz', 'qux')),
      row('datasetProperties', 0, 250, { description: 'x' }),
    ];
    const timeline = buildTimeline(URN, 'dataset', rows, new Set<ChangeCategory>(['TECHNICAL_SCHEMA']));
    expect(timeline.map((t) => [t.timestamp, t.semVer, t.versionStamp])).toEqual([
      [100, '0.0.0-computed', 'schemaMetadata:1'],
      [200, '1.0.0-computed', 'editableSchemaMetadata:0;schemaMetadata:2'],
      [300, '1.1.0-computed', 'datasetProperties:0;editableSchemaMetadata:0;schemaMetadata:0'],
    ]);
    expect(timeline[1]?.changeEvents.map((event) => [event.operation, event.parameters?.[0]?.[1]])).toEqual([
      ['REMOVE', 'bar'],
      ['ADD', 'baz'],
    ]);
  });

  it('keeps a version number for a write that changed nothing asked, and leaves it out of the transactions', () => {
    const rows = [
      row('schemaMetadata', 1, 100, schema('a')),
      row('schemaMetadata', 2, 200, { ...schema('a'), hash: 'other' }),
      row('schemaMetadata', 0, 300, schema('a', 'b')),
    ];
    const timeline = buildTimeline(URN, 'dataset', rows, new Set<ChangeCategory>(['TECHNICAL_SCHEMA']));
    expect(timeline.map((t) => [t.timestamp, t.semVer])).toEqual([
      [100, '0.0.0-computed'],
      [300, '0.1.0-computed'],
    ]);
  });

  it('counts one of two versions written in the same millisecond, as GMS’s time-ordered set does', () => {
    const rows = [
      row('globalTags', 1, 100, { tags: [{ tag: 'urn:li:tag:Old' }] }),
      row('globalTags', 0, 100, { tags: [] }),
    ];
    expect(buildTimeline(URN, 'dataset', rows, ALL)).toEqual([]);
  });

  it('answers nothing for categories whose aspects were never written, and parses version stamps', () => {
    expect(buildTimeline(URN, 'dataset', [row('status', 0, 1, { removed: false })], ALL)).toEqual([]);
    expect(parseVersionStamp('a:1;b:0')).toEqual(new Map([['a', 1], ['b', 0]])); // prettier-ignore
    expect(parseVersionStamp('')).toEqual(new Map());
    expect(parseVersionStamp('a')).toBe('Invalid version stamp cannot be parsed: a');
    expect(parseVersionStamp('a:x')).toBe('Invalid value for aspect version: x');
  });
});
