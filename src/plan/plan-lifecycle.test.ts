import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import type { DesiredState } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import type { LiveAspect, LiveEntity, LiveState } from '../model/live-state.js';
import { versionSetUrnOf } from '../model/model-lifecycle.js';
import { createPlan, phaseOf } from './create-plan.js';
import { markerSystemMetadata, withDeclaredFields } from './ownership.js';
import type { Change, UpsertAspectChange } from './types.js';

const ACTOR = 'urn:li:corpuser:bot';
const context = {
  toolVersion: 'test',
  target: 'embedded',
  git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
  prune: false,
  maxDeletes: 0,
};
const M = (name: string) => `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,${name},PROD)`;
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud,PROD)';
const HIVE = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const SETTINGS = `apiVersion: catalog/v1\nkind: Settings\ndefaults: { platform: sagemaker }\nactor: ${ACTOR}\n`;
const doc = (kind: string, body: string) => `apiVersion: catalog/v1\nkind: ${kind}\n${body}\n`;

function load(...docs: string[]): DesiredState {
  const result = buildCatalog([{ path: 'c/a.yaml', text: [SETTINGS, ...docs].join('---\n') }]);
  expect(result.diagnostics).toEqual([]);
  return result.state as DesiredState;
}

const ours = withDeclaredFields(markerSystemMetadata(ACTOR, 'r', 1), []);
const theirs: JsonObject = { properties: { clientId: 'mlflow' } };
const aspect = (value: JsonObject, systemMetadata: JsonObject = ours): LiveAspect => ({
  value,
  version: '2',
  systemMetadata,
});
function live(entities: Record<string, Record<string, LiveAspect>>): LiveState {
  const toEntity = (urn: string, aspects: Record<string, LiveAspect>): LiveEntity => ({
    urn,
    exists: true,
    aspects: new Map(Object.entries(aspects)),
  });
  return { entities: new Map(Object.entries(entities).map(([urn, a]) => [urn, toEntity(urn, a)])) };
}
const plan = (state: DesiredState, liveState: LiveState = live({})) => createPlan(state, liveState, context);
const change = (changes: readonly Change[], aspectName: string, urn: string): UpsertAspectChange => {
  const found = changes.find((item) => item.aspect === aspectName && item.urn === urn);
  if (found?.kind !== 'upsertAspect') throw new Error(`no ${aspectName} change of ${urn}`);
  return found;
};
const props = (extra: JsonObject = {}) =>
  aspect({ groups: [GROUP], version: { versionTag: '7' }, ...extra }, ours);
const GROUP_DOC = doc('MLModelGroup', 'name: fraud');

describe('version and aliases (versionProperties)', () => {
  it('creates versionProperties as the SDK writes it, and keeps mlModelProperties.version', () => {
    const state = load(
      GROUP_DOC,
      doc('MLModel', 'name: m7\ngroups: [fraud]\nversion: "7"\naliases: [champion]'),
    );
    const result = plan(state);
    expect(change(result.changes, 'versionProperties', M('m7')).after).toEqual({
      versionSet: versionSetUrnOf(M('m7'), 'mlModel'),
      version: { versionTag: '7' },
      aliases: [{ versionTag: 'champion' }],
      sortId: '0000000007',
    });
    expect(change(result.changes, 'mlModelProperties', M('m7')).after['version']).toEqual({
      versionTag: '7',
    });
  });

  it('forms the version set URN from the md5 of {"urn": …} as datahub_guid does (Python json.dumps)', () => {
    // python3 -c 'import json,hashlib; print(hashlib.md5(json.dumps({"urn": u}, separators=(",",":"),
    //   sort_keys=True).encode()).hexdigest())' with u = the URN below
    expect(
      versionSetUrnOf('urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-détector,PROD)', 'mlModel'),
    ).toBe('urn:li:versionSet:(6788ccd8d24b32a57ac90e38024c8cc7,mlModel)');
  });

  it("keeps a connector's versionSet, sortId and attribution, and compares only version and aliases", () => {
    const state = load(
      GROUP_DOC,
      doc('MLModel', 'name: m7\ngroups: [fraud]\nversion: "7"\naliases: [champion]'),
    );
    const connector = {
      versionSet: 'urn:li:versionSet:(mlflow-fraud,mlModel)',
      version: { versionTag: '7' },
      aliases: [
        { versionTag: 'champion', metadataAttribution: { time: 1, actor: 'urn:li:corpuser:mlflow' } },
      ],
      sortId: '00000007',
      metadataAttribution: { time: 1, actor: 'urn:li:corpuser:mlflow' },
    };
    const same = plan(
      state,
      live({ [M('m7')]: { versionProperties: aspect(connector, theirs), mlModelProperties: props() } }),
    );
    expect(same.changes.filter((item) => item.aspect === 'versionProperties')).toEqual([]);

    const bumped = load(
      GROUP_DOC,
      doc('MLModel', 'name: m7\ngroups: [fraud]\nversion: "8"\naliases: [champion, latest]'),
    );
    const result = plan(bumped, live({ [M('m7')]: { versionProperties: aspect(connector, theirs) } }));
    const write = change(result.changes, 'versionProperties', M('m7'));
    expect(write.after).toEqual({
      ...connector,
      version: { versionTag: '8' },
      aliases: [connector.aliases[0], { versionTag: 'latest' }],
    });
    expect(write.fields).toEqual([
      { path: 'version', before: '7', after: '8' },
      { path: 'aliases', before: ['champion'], after: ['champion', 'latest'] },
    ]);
  });

  it("leaves others' aliases alone when the manifest does not declare any, and clears the tool's on removal", () => {
    const state = load(GROUP_DOC, doc('MLModel', 'name: m7\ngroups: [fraud]\nversion: "7"'));
    const value = {
      versionSet: 'urn:li:versionSet:(x,mlModel)',
      version: { versionTag: '7' },
      aliases: [{ versionTag: 'prod' }],
      sortId: '0000000007',
    };
    // Written by someone else, or by the tool when aliases were not declared: left alone.
    expect(
      plan(state, live({ [M('m7')]: { versionProperties: aspect(value, theirs) } })).changes.filter(
        (c) => c.aspect === 'versionProperties',
      ),
    ).toEqual([]);
    expect(
      plan(state, live({ [M('m7')]: { versionProperties: aspect(value, ours) } })).changes.filter(
        (c) => c.aspect === 'versionProperties',
      ),
    ).toEqual([]);
    // Written by the tool because the manifest declared them: the line's removal clears them.
    const declared = withDeclaredFields(markerSystemMetadata(ACTOR, 'r', 1), ['aliases']);
    const cleared = change(
      plan(state, live({ [M('m7')]: { versionProperties: aspect(value, declared) } })).changes,
      'versionProperties',
      M('m7'),
    );
    expect(cleared.after['aliases']).toEqual([]);
  });
});

describe('alias moves', () => {
  const before = live({
    [M('m10')]: {
      mlModelProperties: props(),
      versionProperties: aspect({
        versionSet: 'urn:li:versionSet:(a,mlModel)',
        version: { versionTag: '10' },
        aliases: [{ versionTag: 'champion' }],
        sortId: '0000000010',
      }),
    },
    [M('m11')]: {
      mlModelProperties: props(),
      versionProperties: aspect({
        versionSet: 'urn:li:versionSet:(b,mlModel)',
        version: { versionTag: '11' },
        aliases: [],
        sortId: '0000000011',
      }),
    },
  });

  it('moves champion in one plan: removed from the old model in an earlier phase than it is added to the new', () => {
    const state = load(
      GROUP_DOC,
      doc('MLModel', 'name: m10\ngroups: [fraud]\nversion: "10"'),
      doc('MLModel', 'name: m11\ngroups: [fraud]\nversion: "11"\naliases: [champion]'),
    );
    const result = plan(state, before);
    const removal = change(result.changes, 'versionProperties', M('m10'));
    const addition = change(result.changes, 'versionProperties', M('m11'));
    expect(removal.fields).toEqual([{ path: 'aliases', before: ['champion'], after: [] }]);
    expect(addition.fields).toEqual([{ path: 'aliases', before: [], after: ['champion'] }]);
    expect(phaseOf(removal)).toBeLessThan(phaseOf(addition));
    expect(result.changes.indexOf(removal)).toBeLessThan(result.changes.indexOf(addition));
    expect(result.aliasMoves).toEqual([{ alias: 'champion', group: GROUP, from: M('m10'), to: M('m11') }]);
  });

  it('refuses the same alias on two models of one group, naming both places', () => {
    const result = buildCatalog([
      {
        path: 'c/a.yaml',
        text: [
          SETTINGS,
          GROUP_DOC,
          doc('MLModel', 'name: m10\ngroups: [fraud]\nversion: "10"\naliases: [champion]'),
          doc('MLModel', 'name: m11\ngroups: [fraud]\nversion: "11"\naliases: [champion]'),
        ].join('---\n'),
      },
    ]);
    expect(result.diagnostics).toHaveLength(1);
    const [error] = result.diagnostics;
    expect(error?.message).toBe(`alias 'champion' is held by two models of group fraud`);
    expect(error?.location?.line).toBe(22);
    expect(error?.related?.line).toBe(15);
  });

  it('asks for a version with aliases', () => {
    const result = buildCatalog([
      {
        path: 'c/a.yaml',
        text: [SETTINGS, GROUP_DOC, doc('MLModel', 'name: m\naliases: [champion]')].join('---\n'),
      },
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([`'aliases' needs 'version'`]);
  });
});

describe('hyperParams, metrics, trainingData, evaluationData', () => {
  const MODEL = doc(
    'MLModel',
    [
      'name: m7',
      'hyperParams: { learning_rate: "0.05", max_depth: "8" }',
      'metrics: { auc: "0.931" }',
      'trainingData:',
      '  - dataset: urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)',
      '    motivation: Twelve months.',
      'evaluationData:',
      '  - dataset: { platform: hive, name: payments.holdout }',
    ].join('\n'),
  );

  it('writes them when declared', () => {
    const result = plan(load(MODEL));
    expect(change(result.changes, 'mlModelProperties', M('m7')).after).toMatchObject({
      hyperParams: [
        { name: 'learning_rate', value: '0.05' },
        { name: 'max_depth', value: '8' },
      ],
      trainingMetrics: [{ name: 'auc', value: '0.931' }],
    });
    expect(change(result.changes, 'mlModelProperties', M('m7')).declared).toEqual([
      'hyperParams',
      'trainingMetrics',
    ]);
    expect(change(result.changes, 'mlModelTrainingData', M('m7')).after).toEqual({
      trainingData: [{ dataset: HIVE('payments.transactions'), motivation: 'Twelve months.' }],
    });
    expect(change(result.changes, 'mlModelEvaluationData', M('m7')).after).toEqual({
      evaluationData: [{ dataset: HIVE('payments.holdout') }],
    });
  });

  it('plans nothing once applied (order of name/value pairs is no change)', () => {
    const declared = withDeclaredFields(markerSystemMetadata(ACTOR, 'r', 1), [
      'hyperParams',
      'trainingMetrics',
    ]);
    const result = plan(
      load(MODEL),
      live({
        [M('m7')]: {
          mlModelProperties: aspect(
            {
              hyperParams: [
                { name: 'max_depth', value: '8' },
                { name: 'learning_rate', value: '0.05' },
              ],
              trainingMetrics: [{ name: 'auc', value: '0.931' }],
            },
            declared,
          ),
          mlModelTrainingData: aspect({
            trainingData: [{ dataset: HIVE('payments.transactions'), motivation: 'Twelve months.' }],
          }),
          mlModelEvaluationData: aspect({ evaluationData: [{ dataset: HIVE('payments.holdout') }] }),
        },
      }),
    );
    expect(result.changes).toEqual([]);
  });

  it("changes and clears what the tool wrote, and leaves others' values alone", () => {
    const bare = load(doc('MLModel', 'name: m7'));
    const declared = withDeclaredFields(markerSystemMetadata(ACTOR, 'r', 1), [
      'hyperParams',
      'trainingMetrics',
    ]);
    const values = {
      hyperParams: [{ name: 'lr', value: '0.1' }],
      trainingMetrics: [{ name: 'auc', value: '0.9' }],
    };
    const liveOf = (systemMetadata: JsonObject) =>
      live({
        [M('m7')]: {
          mlModelProperties: aspect(values, systemMetadata),
          mlModelTrainingData: aspect({ trainingData: [{ dataset: HIVE('x') }] }, systemMetadata),
        },
      });
    const cleared = plan(bare, liveOf(declared));
    expect(change(cleared.changes, 'mlModelProperties', M('m7')).after).toEqual({});
    expect(change(cleared.changes, 'mlModelTrainingData', M('m7')).after).toEqual({ trainingData: [] });
    // Carried over by the tool's write without being declared, or written by someone else: kept.
    expect(plan(bare, liveOf(ours)).changes.filter((c) => c.aspect === 'mlModelProperties')).toEqual([]);
    expect(plan(bare, liveOf(theirs)).changes).toEqual([]);

    const changed = load(doc('MLModel', 'name: m7\nhyperParams: { lr: "0.2" }'));
    expect(change(plan(changed, liveOf(theirs)).changes, 'mlModelProperties', M('m7')).fields).toEqual([
      { path: 'hyperParams', before: values.hyperParams, after: [{ name: 'lr', value: '0.2' }] },
    ]);
  });
});

describe('deprecated', () => {
  it('writes the deprecation aspect with the replacement resolved and the date as epoch milliseconds', () => {
    const state = load(
      doc(
        'MLModel',
        'name: m11\ndeprecated:\n  note: Replaced.\n  replacement: m12\n  decommissionTime: 2027-01-31',
      ),
      doc('MLModel', 'name: m12'),
      doc('GlossaryTerm', 'id: Old\nname: Old\ndeprecated: true'),
    );
    const result = plan(state);
    expect(change(result.changes, 'deprecation', M('m11')).after).toEqual({
      deprecated: true,
      note: 'Replaced.',
      actor: ACTOR,
      replacement: M('m12'),
      decommissionTime: Date.UTC(2027, 0, 31),
    });
    expect(change(result.changes, 'deprecation', 'urn:li:glossaryTerm:Old').after).toEqual({
      deprecated: true,
      note: '',
      actor: ACTOR,
    });
  });

  it("un-deprecates what the tool wrote (false, or the block removed) and leaves others' deprecation", () => {
    const deprecated = { deprecated: true, note: 'x', actor: ACTOR };
    for (const body of ['name: m7', 'name: m7\ndeprecated: false']) {
      const state = load(doc('MLModel', body));
      expect(
        change(
          plan(state, live({ [M('m7')]: { deprecation: aspect(deprecated) } })).changes,
          'deprecation',
          M('m7'),
        ).after,
      ).toEqual({
        deprecated: false,
        note: '',
        actor: ACTOR,
      });
      expect(
        plan(state, live({ [M('m7')]: { deprecation: aspect(deprecated, theirs) } })).changes.filter(
          (item) => item.aspect === 'deprecation',
        ),
      ).toEqual([]);
    }
  });

  it('reports an unknown replacement with a suggestion, and a date the calendar lacks', () => {
    const result = buildCatalog([
      {
        path: 'c/a.yaml',
        text: [
          SETTINGS,
          doc('MLModel', 'name: fraud-2026-12'),
          doc('MLModel', 'name: m\ndeprecated: { replacement: fraud-2026-21, decommissionTime: 2027-02-30 }'),
        ].join('---\n'),
      },
    ]);
    expect(result.diagnostics.map((d) => [d.message, d.hint, d.location?.line])).toEqual([
      ["unknown replacement 'fraud-2026-21'", "did you mean 'fraud-2026-12'?", 13],
      [
        "'2027-02-30' is not a date",
        'write a real calendar date as YYYY-MM-DD, or a date-time with its zone',
        13,
      ],
    ]);
  });

  it('warns when a plan adds a model to a deprecated group, with the replacement', () => {
    const state = load(
      doc('MLModelGroup', 'name: fraud\ndeprecated: { replacement: fraud-v2 }'),
      doc('MLModelGroup', 'name: fraud-v2'),
      doc('MLModel', 'name: m7\ngroups: [fraud]'),
    );
    const result = plan(state);
    expect(result.notes.filter((note) => note.kind === 'deprecatedTarget')).toEqual([
      expect.objectContaining({
        urn: M('m7'),
        message: `adds ${M('m7')} to group ${GROUP}, which is deprecated; its replacement is urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-v2,PROD)`,
        deprecated: {
          urn: GROUP,
          replacement: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-v2,PROD)',
        },
      }),
    ]);
  });
});
