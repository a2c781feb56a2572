import { describe, expect, it } from 'vitest';
import type { DesiredDatasetTerms, DesiredEntity, DesiredState } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import type { LiveAspect, LiveEntity, LiveState } from '../model/live-state.js';
import { createPlan } from './create-plan.js';
import { OWNERSHIP_CONTEXT, ownedAssociation } from './ownership.js';
import { preflight } from './preflight.js';
import type { Change } from './types.js';

const ACTOR = 'urn:li:corpuser:bot';
const at = { file: 'c.yaml', line: 1, column: 1 };
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,m,PROD)';
const T = (id: string) => `urn:li:glossaryTerm:${id}`;
const mine = (id: string) => ({ urn: T(id), actor: ACTOR, context: OWNERSHIP_CONTEXT });
const context = {
  toolVersion: 'test',
  target: 'embedded',
  git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
  prune: false,
  maxDeletes: 0,
};

function state(entities: DesiredEntity[], datasets: DesiredDatasetTerms[] = []): DesiredState {
  return { settings: { actor: ACTOR, defaultEnv: 'PROD' }, entities, datasets, externalTerms: [] };
}
function live(
  entities: Record<string, Record<string, JsonObject | LiveAspect>>,
  undeclared?: Record<string, Record<string, LiveAspect>>,
): LiveState {
  const toEntity = (urn: string, aspects: Record<string, JsonObject | LiveAspect>): LiveEntity => ({
    urn,
    exists: true,
    aspects: new Map(
      Object.entries(aspects).map(([name, a]) => [
        name,
        'value' in a && typeof a['value'] === 'object'
          ? (a as LiveAspect)
          : { value: a as JsonObject, version: '3' },
      ]),
    ),
  });
  return {
    entities: new Map(Object.entries(entities).map(([urn, aspects]) => [urn, toEntity(urn, aspects)])),
    ...(undeclared === undefined
      ? {}
      : {
          undeclared: new Map(
            Object.entries(undeclared).map(([urn, aspects]) => [urn, toEntity(urn, aspects)]),
          ),
        }),
  };
}
const model = (fields: JsonObject): DesiredEntity => ({
  urn: MODEL,
  entityType: 'mlModel',
  aspectName: 'mlModelProperties',
  fields,
  source: at,
});
const terms = (termIds: string[], columns: Record<string, string[]> = {}): DesiredDatasetTerms => ({
  datasetUrn: DATASET,
  terms: termIds.map((id) => ({ termUrn: T(id), source: at })),
  columns: Object.entries(columns).map(([fieldPath, ids]) => ({
    fieldPath,
    simplePath: fieldPath.startsWith('[')
      ? fieldPath
          .split('.')
          .filter((p) => !p.startsWith('['))
          .join('.')
      : fieldPath,
    terms: ids.map((id) => ({ termUrn: T(id), source: at })),
    source: at,
  })),
  source: at,
});
const only = (changes: readonly Change[]) => {
  expect(changes).toHaveLength(1);
  return changes[0] as Change & { after: JsonObject };
};

describe('createPlan: entity aspects', () => {
  it("reads a term without a name as DataHub shows it (its id's last segment), not as a change", () => {
    const term = (name: string): DesiredEntity => ({
      urn: T('Finance.AccountBalance'),
      entityType: 'glossaryTerm',
      aspectName: 'glossaryTermInfo',
      fields: { name, definition: 'owed', termSource: 'INTERNAL' },
      source: at,
    });
    const catalog = live({ [T('Finance.AccountBalance')]: { glossaryTermInfo: { definition: 'owed' } } });
    expect(createPlan(state([term('AccountBalance')]), catalog, context).changes).toEqual([]);
    const renamed = createPlan(state([term('Balance')]), catalog, context);
    expect((only(renamed.changes) as any).fields).toEqual([{ path: 'name', after: 'Balance' }]);
  });

  it('overlays owned fields on the live aspect and keeps every other field byte for byte', () => {
    const current = {
      description: 'old',
      customProperties: { team: 'risk' },
      hyperParams: [{ name: 'lr', value: '0.1' }],
      newerField: { x: 1 },
    };
    const plan = createPlan(
      state([model({ description: 'new', type: 'xgboost' })]),
      live({ [MODEL]: { mlModelProperties: current } }),
      context,
    );
    const change = only(plan.changes);
    expect(change).toMatchObject({ kind: 'upsertAspect', action: 'update', versionSeen: '3' });
    expect(change.after).toEqual({ ...current, description: 'new', type: 'xgboost' });
    expect((change as any).fields).toEqual([
      { path: 'description', before: 'old', after: 'new' },
      { path: 'type', after: 'xgboost' },
    ]);
  });

  it('clears an owned field the manifest no longer sets', () => {
    const plan = createPlan(
      state([model({})]),
      live({ [MODEL]: { mlModelProperties: { description: 'gone', tags: [] } } }),
      context,
    );
    expect(only(plan.changes).after).toEqual({ tags: [] });
  });

  it('plans nothing when only the form differs (list order, null, empty lists, "" termSource)', () => {
    const group = (name: string) => `urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,${name},PROD)`;
    const desired = state([
      model({ groups: [group('a'), group('b')], version: { versionTag: '2' } }),
      {
        urn: T('X'),
        entityType: 'glossaryTerm',
        aspectName: 'glossaryTermInfo',
        fields: { name: 'X', definition: '', termSource: 'INTERNAL' },
        source: at,
      },
    ]);
    const plan = createPlan(
      desired,
      live({
        [MODEL]: {
          mlModelProperties: {
            groups: [group('b'), group('a')],
            version: { versionTag: '2' },
            mlFeatures: [],
            description: null as unknown as string,
          },
        },
        [T('X')]: { glossaryTermInfo: { name: 'X', definition: '', termSource: '' } },
      }),
      context,
    );
    expect(plan.changes).toEqual([]);
    expect(plan.summary.unchanged).toBe(2);
  });

  it('creates INTERNAL terms with createGlossaryTerm and others with an aspect write that marks status', () => {
    const internal: DesiredEntity = {
      urn: T('A'),
      entityType: 'glossaryTerm',
      aspectName: 'glossaryTermInfo',
      fields: { name: 'A', definition: '', termSource: 'INTERNAL' },
      source: at,
    };
    const external: DesiredEntity = {
      ...internal,
      urn: T('B'),
      fields: { name: 'B', definition: 'd', termSource: 'EXTERNAL' },
    };
    const plan = createPlan(state([internal, external]), live({}), context);
    expect(plan.changes.map((c) => [c.kind, c.urn])).toEqual([
      ['createGlossaryTerm', T('A')],
      ['upsertAspect', T('B')],
    ]);
    expect(plan.changes[0]).toMatchObject({
      termId: 'A',
      name: 'A',
      description: '',
      after: { name: 'A', definition: '', termSource: 'INTERNAL' },
    });
    expect(plan.changes[1]).toMatchObject({ action: 'create', versionSeen: '-1', markStatus: true });
  });

  it('creates a declared entity even when the manifest sets none of its fields', () => {
    const group: DesiredEntity = {
      urn: 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,g,PROD)',
      entityType: 'mlModelGroup',
      aspectName: 'mlModelGroupProperties',
      fields: {},
      source: at,
    };
    const plan = createPlan(state([group]), live({}), context);
    expect(only(plan.changes)).toMatchObject({
      kind: 'upsertAspect',
      action: 'create',
      after: {},
      fields: [],
      markStatus: true,
    });
    const existing = createPlan(
      state([group]),
      live({ [group.urn]: { mlModelGroupProperties: {} } }),
      context,
    );
    expect(existing.changes).toEqual([]);
  });

  it('restores a soft-deleted entity it declares', () => {
    const plan = createPlan(
      state([model({ description: 'd' })]),
      live({ [MODEL]: { mlModelProperties: { description: 'd' }, status: { removed: true } } }),
      context,
    );
    expect(only(plan.changes)).toMatchObject({
      kind: 'status',
      action: 'restore',
      after: { removed: false },
    });
  });

  it('orders changes by dependency: terms, groups, features, tables, models, attachments', () => {
    const entity = (
      urn: string,
      entityType: DesiredEntity['entityType'],
      aspectName: DesiredEntity['aspectName'],
    ): DesiredEntity => ({ urn, entityType, aspectName, fields: { description: 'x' }, source: at });
    const plan = createPlan(
      state(
        [
          entity(MODEL, 'mlModel', 'mlModelProperties'),
          entity(
            'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,t)',
            'mlFeatureTable',
            'mlFeatureTableProperties',
          ),
          entity('urn:li:mlFeature:(t,a)', 'mlFeature', 'mlFeatureProperties'),
          entity(
            'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,g,PROD)',
            'mlModelGroup',
            'mlModelGroupProperties',
          ),
          {
            urn: T('A'),
            entityType: 'glossaryTerm',
            aspectName: 'glossaryTermInfo',
            fields: { name: 'A', definition: '', termSource: 'EXTERNAL' },
            source: at,
          },
        ],
        [terms(['A'])],
      ),
      live({ [DATASET]: { datasetKey: { value: {}, systemMetadata: {} } } }),
      context,
    );
    expect(plan.changes.map((c) => c.entityType)).toEqual([
      'glossaryTerm',
      'mlModelGroup',
      'mlFeature',
      'mlFeatureTable',
      'mlModel',
      'dataset',
    ]);
  });
});

describe('createPlan: term edges and ownership', () => {
  const steward = { urn: T('Steward') };

  it('adds declared edges with the ownership marker and removes only its own', () => {
    const current = {
      terms: [steward, mine('Old'), mine('Keep')],
      auditStamp: { time: 5, actor: 'urn:li:corpuser:x' },
    };
    const plan = createPlan(
      state([], [terms(['Keep', 'New'])]),
      live({ [DATASET]: { glossaryTerms: current } }),
      context,
    );
    const change = only(plan.changes) as any;
    expect(change.added.map((e: any) => e.termUrn)).toEqual([T('New')]);
    expect(change.removed.map((e: any) => e.termUrn)).toEqual([T('Old')]);
    expect(change.after.terms).toEqual([steward, mine('Keep'), mine('New')]);
    expect(change.after.auditStamp).toEqual({ time: 0, actor: ACTOR });
  });

  it('claims a declared edge that someone else added: the marker is written, nothing else changes', () => {
    const plan = createPlan(
      state([], [terms(['Steward'])]),
      live({ [DATASET]: { glossaryTerms: { terms: [steward], auditStamp: { time: 1, actor: 'x' } } } }),
      context,
    );
    expect(plan.changes).toEqual([
      expect.objectContaining({
        kind: 'termEdges',
        aspect: 'glossaryTerms',
        added: [],
        removed: [],
        claimed: [{ termUrn: steward.urn, source: at }],
        after: expect.objectContaining({ terms: [{ ...steward, ...ownedAssociation(steward.urn, ACTOR) }] }),
      }),
    ]);
    expect(plan.summary.claimed).toBe(1);
    expect(plan.notes).toEqual([]);
  });

  it('does not take an edge with the marker of another actor for its own', () => {
    const other = { urn: T('Other'), actor: 'urn:li:corpuser:other-repo', context: OWNERSHIP_CONTEXT };
    const plan = createPlan(
      state([], [terms([])]),
      live({ [DATASET]: { glossaryTerms: { terms: [other], auditStamp: { time: 1, actor: 'x' } } } }),
      context,
    );
    expect(plan.changes).toEqual([]);
  });

  it('never claims a declared edge that another catalog (another actor) manages', () => {
    const other = { urn: T('Steward'), actor: 'urn:li:corpuser:other-repo', context: OWNERSHIP_CONTEXT };
    const plan = createPlan(
      state([], [terms(['Steward'])]),
      live({ [DATASET]: { glossaryTerms: { terms: [other], auditStamp: { time: 1, actor: 'x' } } } }),
      context,
    );
    expect(plan.changes).toEqual([]);
    expect(plan.notes).toEqual([
      expect.objectContaining({ kind: 'unownedEdge', message: expect.stringContaining('another catalog') }),
    ]);
  });

  it("matches columns by their simple path and writes to the schema's own field path", () => {
    const v2 = '[version=2.0].[type=struct].address.[type=string].zipcode';
    const plan = createPlan(
      state([], [terms([], { 'address.zipcode': ['Loc'], email: ['PII'] })]),
      live({
        [DATASET]: {
          schemaMetadata: { fields: [{ fieldPath: v2 }, { fieldPath: '[version=2.0].[type=string].email' }] },
          editableSchemaMetadata: {
            created: { time: 1, actor: 'x' },
            lastModified: { time: 1, actor: 'x' },
            editableSchemaFieldInfo: [
              {
                fieldPath: 'email',
                description: 'kept',
                glossaryTerms: { terms: [mine('PII'), mine('Gone')], auditStamp: { time: 1, actor: 'x' } },
              },
            ],
          },
        },
      }),
      context,
    );
    const change = only(plan.changes) as any;
    expect(change.added).toEqual([{ termUrn: T('Loc'), fieldPath: v2, source: at }]);
    expect(change.removed).toEqual([{ termUrn: T('Gone'), fieldPath: 'email' }]);
    expect(change.after.editableSchemaFieldInfo).toEqual([
      {
        fieldPath: 'email',
        description: 'kept',
        glossaryTerms: { terms: [mine('PII')], auditStamp: { time: 0, actor: ACTOR } },
      },
      { fieldPath: v2, glossaryTerms: { terms: [mine('Loc')], auditStamp: { time: 0, actor: ACTOR } } },
    ]);
    expect(change.after.created).toEqual({ time: 1, actor: 'x' });
  });
});

describe('createPlan: prune', () => {
  const marker = { properties: { managedBy: 'catalog', actor: ACTOR } };
  const managed = {
    mlModelProperties: { value: { description: 'x' }, version: '2', systemMetadata: marker },
    mlModelKey: { value: {}, systemMetadata: {} },
  };
  const foreign = {
    mlModelProperties: { value: { description: 'y' }, version: '1', systemMetadata: { runId: 'other' } },
    mlModelKey: { value: {}, systemMetadata: {} },
  };
  const other = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,other,PROD)';

  it('soft-deletes only entities it can show it managed, within --max-deletes', () => {
    const plan = createPlan(state([]), live({}, { [MODEL]: managed, [other]: foreign }), {
      ...context,
      prune: true,
      maxDeletes: 1,
    });
    expect(plan.changes.map((c) => [c.kind, c.action, c.urn])).toEqual([['status', 'delete', MODEL]]);
    expect(plan.summary.delete).toBe(1);
  });

  it('fails a plan over the bound with a clear message', () => {
    expect(() =>
      createPlan(state([]), live({}, { [MODEL]: managed }), { ...context, prune: true, maxDeletes: 0 }),
    ).toThrow(/would delete 1 thing .*more than --max-deletes 0/);
  });

  it('deletes nothing without --prune', () => {
    expect(createPlan(state([]), live({}, { [MODEL]: managed }), context).changes).toEqual([]);
  });
});

describe('preflight', () => {
  const declaredPii: DesiredEntity = {
    urn: T('PII'),
    entityType: 'glossaryTerm',
    aspectName: 'glossaryTermInfo',
    fields: { name: 'PII' },
    source: at,
  };

  it('reports a missing dataset, a missing column and a missing term together', () => {
    const desired: DesiredState = {
      ...state(
        [declaredPii],
        [
          terms(['Ext'], { emial: ['PII'] }),
          { ...terms([]), datasetUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)' },
        ],
      ),
      externalTerms: [{ urn: T('Ext'), source: at }],
    };
    const problems = preflight(
      desired,
      live({ [DATASET]: { schemaMetadata: { fields: [{ fieldPath: 'email' }] } } }),
    );
    expect(problems.map((p) => [p.code, p.hint])).toEqual([
      ['MISSING_COLUMN', "did you mean 'email'?"],
      ['MISSING_DATASET', expect.stringContaining('catalog ingest')],
      ['MISSING_TERM', expect.stringContaining('declare it')],
    ]);
  });

  it('accepts edges already in the catalog to terms without glossaryTermInfo and columns not in the schema', () => {
    // Real DataHub: a term attached by ingestion need not have an entity of its own, and editable entries
    // outlive the columns they were written for. Export writes these edges; re-planning must not refuse them.
    const desired = state([], [terms(['Orphan'], { gone: ['Orphan'] })]);
    const catalog = live({
      [DATASET]: {
        schemaMetadata: { fields: [{ fieldPath: 'email' }] },
        glossaryTerms: { terms: [{ urn: T('Orphan') }] },
        editableSchemaMetadata: {
          editableSchemaFieldInfo: [{ fieldPath: 'gone', glossaryTerms: { terms: [{ urn: T('Orphan') }] } }],
        },
      },
    });
    expect(preflight(desired, catalog)).toEqual([]);
    // Declared, so taken over (the marker written), never added again.
    const changes = createPlan(desired, catalog, context).changes;
    expect(changes.map((change) => change.kind === 'termEdges' && [change.added, change.claimed])).toEqual([
      [[], [expect.objectContaining({ termUrn: T('Orphan'), fieldPath: 'gone' })]],
      [[], [expect.objectContaining({ termUrn: T('Orphan') })]],
    ]);
  });

  it('still refuses a new edge to that term or on that column', () => {
    const desired = state([], [terms(['Orphan', 'Orphan2'], { gone: ['Orphan', 'New'] })]);
    const catalog = live({
      [DATASET]: {
        schemaMetadata: { fields: [{ fieldPath: 'email' }] },
        glossaryTerms: { terms: [{ urn: T('Orphan') }] },
        editableSchemaMetadata: {
          editableSchemaFieldInfo: [{ fieldPath: 'gone', glossaryTerms: { terms: [{ urn: T('Orphan') }] } }],
        },
      },
    });
    expect(preflight(desired, catalog).map((p) => [p.code, p.message])).toEqual([
      ['MISSING_COLUMN', expect.stringContaining("'gone'")],
      ['MISSING_TERM', expect.stringContaining(T('Orphan2'))],
      ['MISSING_TERM', expect.stringContaining(T('New'))],
    ]);
  });
});
