import { describe, expect, it } from 'vitest';
import type { DesiredEntity } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import type { LiveAspect, LiveEntity } from '../model/live-state.js';
import { createPlan } from './create-plan.js';
import { editableAspectsOf, editStampOf, shadowingNotes } from './shadowing.js';

const at = { file: 'catalog/models/m.yaml', line: 3, column: 1 };
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,m,PROD)';
const STEWARD = 'urn:li:corpuser:steward';
const EDITED_AT = Date.UTC(2026, 10, 20, 9, 30);

const model = (fields: JsonObject): DesiredEntity => ({
  urn: MODEL,
  entityType: 'mlModel',
  aspectName: 'mlModelProperties',
  fields,
  source: at,
});
const liveModel = (aspects: Record<string, LiveAspect>): LiveEntity => ({
  urn: MODEL,
  exists: true,
  aspects: new Map(Object.entries(aspects)),
});
const owned: LiveAspect = { value: { description: 'From git.' }, version: '1' };
const edit = (description: string, extra: Partial<LiveAspect> = {}): LiveAspect => ({
  value: { description },
  version: '1',
  systemMetadata: { lastObserved: EDITED_AT, properties: { appSource: 'ui' } },
  created: { time: EDITED_AT, actor: STEWARD },
  ...extra,
});

describe('shadowingNotes', () => {
  it("reports a description DataHub shows from the UI's editable aspect, with who and when", () => {
    const notes = shadowingNotes(
      model({ description: 'From git.' }),
      liveModel({ mlModelProperties: owned, editableMlModelProperties: edit('A steward wrote this.') }),
    );
    expect(notes).toEqual([
      {
        kind: 'shadowedField',
        message:
          `description shown in DataHub is the UI edit of ${STEWARD} at 2026-11-20T09:30:00.000Z ` +
          `(editableMlModelProperties), not the manifest's: "A steward wrote this."`,
        urn: MODEL,
        source: at,
        shadow: {
          field: 'description',
          aspect: 'mlModelProperties',
          shownFrom: 'editableMlModelProperties',
          shown: 'A steward wrote this.',
          actor: STEWARD,
          time: EDITED_AT,
        },
      },
    ]);
  });

  it('says nothing when the edit is empty, equal to the manifest, or absent', () => {
    const desired = model({ description: 'From git.' });
    for (const aspects of [
      { editableMlModelProperties: edit('') },
      { editableMlModelProperties: edit('  ') },
      { editableMlModelProperties: edit('From git.') },
      { editableMlModelProperties: { value: {} } },
      { mlModelProperties: owned },
    ])
      expect(shadowingNotes(desired, liveModel(aspects))).toEqual([]);
    expect(shadowingNotes(desired, undefined)).toEqual([]);
  });

  it('reports an edit when the manifest sets no description (the field is owned all the same)', () => {
    const notes = shadowingNotes(model({}), liveModel({ editableMlModelProperties: edit('Set in the UI.') }));
    expect(notes.map((note) => note.shadow?.shown)).toEqual(['Set in the UI.']);
  });

  it('knows the editable aspect of each ML type, and none for types the UI edits in place', () => {
    expect(editableAspectsOf('mlFeature')).toEqual(['editableMlFeatureProperties']);
    expect(editableAspectsOf('mlFeatureTable')).toEqual(['editableMlFeatureTableProperties']);
    expect(editableAspectsOf('mlModelGroup')).toEqual(['editableMlModelGroupProperties']);
    expect(editableAspectsOf('glossaryTerm')).toEqual([]);
    expect(editableAspectsOf('tag')).toEqual([]);
  });

  it('takes the stamp from the aspect, then system metadata, then the row, then lastObserved', () => {
    const stamp = (time: number, actor: string) => ({ time, actor });
    expect(
      editStampOf({
        value: { lastModified: stamp(3, 'urn:li:corpuser:a') },
        systemMetadata: { aspectModified: stamp(2, 'urn:li:corpuser:b') },
        created: stamp(1, 'urn:li:corpuser:c'),
      }),
    ).toEqual({ time: 3, actor: 'urn:li:corpuser:a' });
    expect(
      editStampOf({
        value: {},
        systemMetadata: { aspectModified: stamp(2, 'urn:li:corpuser:b') },
        created: stamp(1, 'urn:li:corpuser:c'),
      }),
    ).toEqual({ time: 2, actor: 'urn:li:corpuser:b' });
    expect(editStampOf({ value: {}, created: stamp(1, 'urn:li:corpuser:c') })).toEqual({
      time: 1,
      actor: 'urn:li:corpuser:c',
    });
    expect(editStampOf({ value: {}, systemMetadata: { lastObserved: 5 } })).toEqual({ time: 5 });
    expect(editStampOf({ value: {}, created: stamp(0, 'urn:li:corpuser:unknown') })).toEqual({});
  });

  it('is a note of the plan, not a change: an otherwise unchanged model plans nothing', () => {
    const plan = createPlan(
      {
        settings: { actor: 'urn:li:corpuser:bot', defaultEnv: 'PROD' },
        entities: [model({ description: 'From git.' })],
        datasets: [],
        externalTerms: [],
      },
      {
        entities: new Map([
          [
            MODEL,
            liveModel({
              mlModelProperties: owned,
              status: { value: { removed: false }, version: '1' },
              editableMlModelProperties: edit('A steward wrote this.'),
            }),
          ],
        ]),
      },
      {
        toolVersion: 'test',
        target: 'embedded',
        git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
        prune: false,
        maxDeletes: 0,
      },
    );
    expect(plan.changes).toEqual([]);
    expect(plan.summary.unchanged).toBe(1);
    expect(plan.notes.map((note) => note.kind)).toEqual(['shadowedField']);
  });
});
