import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline.js';
import type { AspectRow, ChangeCategory } from './change-event.js';
import { columnPathOf, compareVersions, schemaBlame, schemaVersionList } from './schema-versions.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const schema = (version: number, createdOn: number, ...paths: string[]): AspectRow => ({
  aspect: 'schemaMetadata',
  version,
  createdOn,
  createdBy: 'urn:li:corpuser:datahub',
  value: { fields: paths.map((fieldPath) => ({ fieldPath, description: fieldPath, nativeDataType: 'int', nullable: false, type: { type: {} } })) }, // prettier-ignore
});
const timeline = buildTimeline(
  URN,
  'dataset',
  [schema(1, 100, 'foo', 'bar'), schema(0, 200, 'foo', 'baz')],
  new Set<ChangeCategory>(['TECHNICAL_SCHEMA']),
);

describe('schema versions and blame', () => {
  it('lists the versions newest first, with the latest apart', () => {
    expect(schemaVersionList(timeline)).toEqual({
      latestVersion: {
        semanticVersion: '1.0.0',
        semanticVersionTimestamp: 200,
        versionStamp: 'schemaMetadata:0',
      },
      version: null,
      semanticVersionList: [
        { semanticVersion: '1.0.0', semanticVersionTimestamp: 200, versionStamp: 'schemaMetadata:0' },
        { semanticVersion: '0.0.0', semanticVersionTimestamp: 100, versionStamp: 'schemaMetadata:1' },
      ],
    });
    expect(schemaVersionList([])).toBeNull();
  });

  it('blames each column on its last change up to the version asked, leaving removed columns out', () => {
    const latest = schemaBlame(timeline, null);
    expect(latest.version?.semanticVersion).toBe('1.0.0');
    expect(
      latest.schemaFieldBlameList?.map((b) => [b.fieldPath, b.schemaFieldChange.lastSchemaFieldChange]),
    ).toEqual([
      ['baz', 'Added in v1.0.0'],
      ['foo', 'Added in v0.0.0'],
    ]);
    const older = schemaBlame(timeline, '0.0.0');
    expect(older.schemaFieldBlameList?.map((b) => b.fieldPath).sort()).toEqual(['bar', 'foo']);
    expect(schemaBlame(timeline, '0.0.0').version?.versionStamp).toBe('schemaMetadata:1');
    expect(schemaBlame([], null)).toEqual({ version: null, schemaFieldBlameList: null });
  });

  it('compares versions part by part and reads a column URN’s path', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(columnPathOf(`urn:li:schemaField:(${URN},a.b)`)).toBe('a.b');
    expect(columnPathOf('urn:li:tag:x')).toBeNull();
  });
});
