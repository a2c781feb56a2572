import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../model/json.js';
import { applySteps, namesAny } from './apply-steps.js';
import type { Change, CreateTermChange, StatusChange, UpsertAspectChange } from './types.js';

function upsert(
  entityType: string,
  urn: string,
  aspect: string,
  after: JsonObject,
  overrides: Partial<UpsertAspectChange> = {},
): UpsertAspectChange {
  return {
    kind: 'upsertAspect',
    action: 'create',
    id: `${aspect} ${urn}`,
    urn,
    entityType,
    aspect,
    versionSeen: '-1',
    before: null,
    after,
    fields: [],
    markStatus: true,
    ...overrides,
  };
}

function createTerm(id: string, parentNode?: string): CreateTermChange {
  const urn = `urn:li:glossaryTerm:${id}`;
  return {
    kind: 'createGlossaryTerm',
    action: 'create',
    id: `glossaryTermInfo ${urn}`,
    urn,
    entityType: 'glossaryTerm',
    aspect: 'glossaryTermInfo',
    versionSeen: '-1',
    termId: id,
    name: id,
    description: '',
    ...(parentNode === undefined ? {} : { parentNode }),
    after: { name: id, definition: '', termSource: 'INTERNAL' },
    fields: [],
  };
}

const term = createTerm('t1');
const group = upsert(
  'mlModelGroup',
  'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,g,PROD)',
  'mlModelGroupProperties',
  {},
);
const feature = upsert('mlFeature', 'urn:li:mlFeature:(tbl,f1)', 'mlFeatureProperties', {
  dataType: 'CONTINUOUS',
});
const table = upsert(
  'mlFeatureTable',
  'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,tbl)',
  'mlFeatureTableProperties',
  {
    mlFeatures: [feature.urn],
  },
);
const model = upsert('mlModel', 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,m,PROD)', 'mlModelProperties', {
  groups: [group.urn],
  mlFeatures: [feature.urn],
});
const ids = (steps: Change[][]): string[][] => steps.map((step) => step.map((change) => change.urn));

describe('applySteps', () => {
  it('writes together what names nothing the step creates, and after it what does', () => {
    const steps = applySteps([model, table, feature, group, term]);
    // Terms, groups and features name nothing created; tables and models name the features (and groups).
    expect(ids(steps)).toEqual([
      [term.urn, group.urn, feature.urn],
      [table.urn, model.urn],
    ]);
  });

  it('keeps a phase apart when it names an entity created in the step so far', () => {
    const tagged = upsert('mlFeature', 'urn:li:mlFeature:(tbl,f2)', 'glossaryTerms', {
      terms: [{ urn: term.urn }],
    });
    expect(ids(applySteps([term, group, tagged]))).toEqual([[term.urn, group.urn], [tagged.urn]]);
    // A term named that already exists (not created by the plan) orders nothing.
    const existing = upsert('mlFeature', 'urn:li:mlFeature:(tbl,f3)', 'glossaryTerms', {
      terms: [{ urn: 'urn:li:glossaryTerm:old' }],
    });
    expect(ids(applySteps([term, existing]))).toEqual([[term.urn, existing.urn]]);
  });

  it('puts an entity after the updates of existing entities it names only as before (updates create nothing)', () => {
    const updatedFeature = upsert(
      'mlFeature',
      feature.urn,
      'mlFeatureProperties',
      {},
      {
        action: 'update',
        markStatus: false,
      },
    );
    expect(ids(applySteps([table, updatedFeature]))).toEqual([[updatedFeature.urn, table.urn]]);
  });

  it('keeps an alias given up, and deletions, in steps of their own', () => {
    const givesUp = upsert(
      'mlModel',
      'urn:li:mlModel:(urn:li:dataPlatform:mlflow,old,PROD)',
      'versionProperties',
      { aliases: [] },
      { action: 'update', markStatus: false, before: { aliases: [{ versionTag: 'champion' }] } },
    );
    const deleted: StatusChange = {
      kind: 'status',
      action: 'delete',
      id: 'status urn:li:mlFeature:(tbl,gone)',
      urn: 'urn:li:mlFeature:(tbl,gone)',
      entityType: 'mlFeature',
      aspect: 'status',
      versionSeen: '1',
      before: { removed: false },
      after: { removed: true },
    };
    const steps = applySteps([deleted, model, givesUp, group, feature]);
    expect(ids(steps)).toEqual([[group.urn, feature.urn], [givesUp.urn], [model.urn], [deleted.urn]]);
  });
});

describe('namesAny', () => {
  it('finds a URN anywhere in what the change writes, but not the change’s own', () => {
    const urns = new Set([feature.urn, term.urn]);
    expect(namesAny(table, urns)).toBe(true);
    expect(namesAny(feature, urns)).toBe(false);
    expect(
      namesAny(
        upsert('dataset', 'urn:li:dataset:x', 'editableSchemaMetadata', {
          editableSchemaFieldInfo: [{ fieldPath: 'a', glossaryTerms: { terms: [{ urn: term.urn }] } }],
        }),
        urns,
      ),
    ).toBe(true);
    expect(namesAny(createTerm('child', 'urn:li:glossaryNode:n'), new Set(['urn:li:glossaryNode:n']))).toBe(
      true,
    );
    expect(namesAny(table, new Set())).toBe(false);
  });
});
