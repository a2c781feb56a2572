import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../model/json.js';
import { checkPlannedAspects } from './preflight.js';
import type { Change } from './types.js';

const at = { file: 'catalog/f.yaml', line: 4, column: 7 };
const FEATURE = 'urn:li:mlFeature:(t,a)';

function upsert(after: JsonObject): Change {
  return {
    kind: 'upsertAspect',
    action: 'update',
    id: `mlFeatureProperties ${FEATURE}`,
    urn: FEATURE,
    entityType: 'mlFeature',
    aspect: 'mlFeatureProperties',
    versionSeen: '1',
    source: at,
    before: null,
    after,
    fields: [],
    markStatus: false,
  };
}

describe('checkPlannedAspects', () => {
  it('passes the aspects GMS accepts', () => {
    expect(checkPlannedAspects({ changes: [upsert({ description: 'd', dataType: 'CONTINUOUS' })] })).toEqual(
      [],
    );
  });

  it('locates each aspect GMS would refuse at the manifest line of its change, with GMS’s message as the hint', () => {
    const [diagnostic, ...rest] = checkPlannedAspects({
      changes: [upsert({ dataType: 'FLOAT', sources: ['urn:li:dataset:(a,b'] })],
    });
    expect(rest).toEqual([]);
    expect(diagnostic).toEqual({
      code: 'INVALID_ASPECT',
      severity: 'error',
      message:
        `DataHub would refuse the mlFeatureProperties aspect of ${FEATURE}: ` +
        '/sources/0 "Provided urn urn:li:dataset:(a,b" is invalid; /dataType "FLOAT" is not an enum symbol',
      location: at,
      hint:
        'Failed to validate record with class com.linkedin.ml.metadata.MLFeatureProperties: ' +
        'ERROR :: /sources/0 :: "Provided urn urn:li:dataset:(a,b" is invalid',
    });
  });

  it('leaves glossary terms created through GraphQL to the server', () => {
    const create: Change = {
      kind: 'createGlossaryTerm',
      action: 'create',
      id: 'term',
      urn: 'urn:li:glossaryTerm:x',
      entityType: 'glossaryTerm',
      aspect: 'glossaryTermInfo',
      versionSeen: '-1',
      termId: 'x',
      name: 'x',
      description: '',
      after: {},
      fields: [],
    };
    expect(checkPlannedAspects({ changes: [create] })).toEqual([]);
  });
});
