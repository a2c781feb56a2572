import { describe, expect, it } from 'vitest';
import { diffDescription, diffInstitutionalMemory, diffVersionProperties } from './documentation-differs.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:agents,skill,PROD)';

describe('documentation differs', () => {
  it('reports a description added, changed (with the previous one) and removed', () => {
    expect(diffDescription(null, { description: 'new' }, URN)).toEqual([
      {
        entityUrn: URN,
        category: 'DOCUMENTATION',
        operation: 'ADD',
        modifier: null,
        semVerChange: 'MINOR',
        description: `Documentation for '${URN}' has been added: 'new'.`,
        parameters: [['description', 'new']],
      },
    ]);
    expect(diffDescription({ description: 'a' }, { description: 'b' }, URN).map((e) => [e.operation, e.parameters])).toEqual([
      ['MODIFY', [['description', 'b'], ['previousDescription', 'a']]],
    ]); // prettier-ignore
    expect(diffDescription({ description: 'a' }, { name: 'x' }, URN).map((e) => e.operation)).toEqual([
      'REMOVE',
    ]);
    expect(diffDescription({ description: 'a' }, { description: 'a' }, URN)).toEqual([]);
    expect(diffDescription(null, { name: 'no description' }, URN)).toEqual([]);
  });

  it('reports links added, removed and re-described, in URL order', () => {
    const link = (url: string, description: string) => ({
      url,
      description,
      createStamp: { time: 0, actor: 'a' },
    });
    const events = diffInstitutionalMemory(
      { elements: [link('https://b', 'B'), link('https://c', 'C')] },
      { elements: [link('https://a', 'A'), link('https://b', 'B2')] },
      URN,
    );
    expect(events.map((event) => [event.operation, event.modifier, event.semVerChange])).toEqual([
      ['ADD', 'https://a', 'MINOR'],
      ['MODIFY', 'https://b', 'PATCH'],
      ['REMOVE', 'https://c', 'MINOR'],
    ]);
  });

  it('marks a version created with its tag, comment, set and latest flag, and a tag changed', () => {
    const value = {
      versionSet: 'urn:li:versionSet:(abc,dataset)',
      version: { versionTag: '2.1.0' },
      sortId: '2.1.0',
      comment: 'Patch',
    };
    expect(diffVersionProperties(null, value, URN)).toEqual([
      {
        entityUrn: URN,
        category: 'VERSIONING',
        operation: 'ADD',
        modifier: null,
        semVerChange: 'MINOR',
        description: `Version '2.1.0' created for '${URN}' — Patch`,
        parameters: [
          ['versionTag', '2.1.0'],
          ['comment', 'Patch'],
          ['versionSetUrn', 'urn:li:versionSet:(abc,dataset)'],
          ['isLatest', 'false'],
        ],
      },
    ]);
    const retagged = { ...value, version: { versionTag: '2.1.1' }, isLatest: true };
    const [modified] = diffVersionProperties(value, retagged, URN);
    expect(modified?.operation).toBe('MODIFY');
    expect(modified?.semVerChange).toBe('PATCH');
    expect(modified?.parameters?.slice(-2)).toEqual([
      ['isLatest', 'true'],
      ['previousVersionTag', '2.1.0'],
    ]);
    expect(diffVersionProperties(value, { ...value, comment: 'other' }, URN)).toEqual([]);
  });
});
