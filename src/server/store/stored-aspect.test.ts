import { describe, expect, it } from 'vitest';
import { stampedMetadata, toStored, versionOf } from './stored-aspect.js';

describe('stored aspects', () => {
  const row = {
    urn: 'urn:li:corpuser:a',
    aspect: 'status',
    version: 0,
    metadata: '{"removed":false}',
    systemmetadata: '{"version":"3"}',
    createdon: 5,
    createdby: 'urn:li:corpuser:b',
  };

  it('reads a row with its JSON parsed', () => {
    expect(toStored(row)).toEqual({
      urn: 'urn:li:corpuser:a',
      aspect: 'status',
      version: 0,
      value: { removed: false },
      systemMetadata: { version: '3' },
      createdOn: 5,
      createdBy: 'urn:li:corpuser:b',
    });
  });

  it('answers systemMetadata.version, else the row version floored at 1', () => {
    expect(versionOf(toStored(row))).toBe('3');
    expect(versionOf(toStored({ ...row, systemmetadata: '{}' }))).toBe('1');
    expect(versionOf(toStored({ ...row, version: 4, systemmetadata: '{}' }))).toBe('4');
  });

  it("stamps a new version over the proposal's system metadata, observed now unless it says otherwise", () => {
    expect(stampedMetadata({ runId: 'r', version: '9' }, 7, '2')).toEqual({ lastObserved: 7, runId: 'r', version: '2' }); // prettier-ignore
    expect(stampedMetadata({ lastObserved: 1 }, 7, '1')).toEqual({ lastObserved: 1, version: '1' });
  });
});
