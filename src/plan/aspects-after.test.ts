import { describe, expect, it } from 'vitest';
import { aspectsAfter } from './aspects-after.js';
import type { Plan } from './types.js';

describe('aspectsAfter', () => {
  it('lays the planned writes over the live aspects, and keeps the aspects the plan does not touch', () => {
    const urn = 'urn:li:mlModel:(urn:li:dataPlatform:feast,m,PROD)';
    const plan = {
      changes: [
        {
          kind: 'upsertAspect',
          action: 'update',
          id: `mlModelProperties ${urn}`,
          urn,
          entityType: 'mlModel',
          aspect: 'mlModelProperties',
          versionSeen: '1',
          before: { description: 'old' },
          after: { description: 'new' },
          fields: [{ path: 'description', before: 'old', after: 'new' }],
          markStatus: false,
        },
      ],
    } as unknown as Plan;
    const live = {
      entities: new Map([
        [
          urn,
          {
            urn,
            exists: true,
            aspects: new Map([
              ['mlModelProperties', { value: { description: 'old' } }],
              ['globalTags', { value: { tags: [{ tag: 'urn:li:tag:pii' }] } }],
            ]),
          },
        ],
      ]),
    };
    expect(aspectsAfter(plan, live)(urn)).toEqual({
      mlModelProperties: { description: 'new' },
      globalTags: { tags: [{ tag: 'urn:li:tag:pii' }] },
    });
    expect(aspectsAfter(plan, live)('urn:li:tag:none')).toEqual({});
  });
});
