import { describe, expect, it } from 'vitest';
import { decideRollback, type RunAspect } from './rollback-plan.js';

const RUN = 'catalog-2026_01_01-00_00_00-aaaaaa';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:s,m,PROD)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';

const aspect = (over: Partial<RunAspect> & Pick<RunAspect, 'aspect'>): RunAspect => ({
  urn: MODEL,
  entityType: 'mlModel',
  name: 'm',
  written: '2',
  latest: { value: { description: 'new' }, version: '2', runId: RUN },
  previous: { description: 'old' },
  ...over,
});

describe('decideRollback', () => {
  it('puts back the version the run replaced, with the fields it changes', () => {
    const decision = decideRollback(RUN, [aspect({ aspect: 'mlModelProperties' })], new Set(), new Map());
    expect(decision.changes).toEqual([
      expect.objectContaining({
        kind: 'upsertAspect',
        action: 'update',
        urn: MODEL,
        name: 'm',
        versionSeen: '2',
        before: { description: 'new' },
        after: { description: 'old' },
        fields: [{ path: 'description', before: 'new', after: 'old' }],
      }),
    ]);
    expect(decision.kept).toEqual([]);
  });

  it('keeps what someone changed after the run, naming who, and leaves alone what is already as before', () => {
    const changed = aspect({
      aspect: 'mlModelProperties',
      latest: { value: { description: 'steward' }, version: '3', lastObserved: 0 },
    });
    const undone = aspect({
      aspect: 'globalTags',
      latest: { value: { tags: [] }, version: '3', runId: 'catalog-rollback-x' },
      previous: { tags: [] },
    });
    const decision = decideRollback(RUN, [changed, undone], new Set(), new Map());
    expect(decision.changes).toEqual([]);
    expect(decision.alreadyUndone).toBe(1);
    expect(decision.kept).toEqual([
      {
        kind: 'keptByRollback',
        urn: MODEL,
        name: 'm',
        message: `mlModelProperties: changed after run ${RUN} by a write without a run id at 1970-01-01T00:00:00.000Z: kept as it is`,
      },
    ]);
  });

  it('soft-deletes an entity the run created, once, unless someone wrote to it since', () => {
    const created = [
      aspect({ aspect: 'mlModelProperties', written: '1', previous: null }),
      aspect({
        aspect: 'status',
        written: '1',
        latest: { value: { removed: false }, version: '1', runId: RUN },
      }),
    ];
    const decision = decideRollback(RUN, created, new Set([MODEL]), new Map());
    expect(decision.changes).toEqual([
      expect.objectContaining({
        kind: 'status',
        action: 'delete',
        versionSeen: '1',
        after: { removed: true },
      }),
    ]);
    const unsafe = decideRollback(
      RUN,
      created,
      new Set([MODEL]),
      new Map([[MODEL, '(globalTags, by run x)']]),
    );
    expect(unsafe.changes).toEqual([]);
    expect(unsafe.kept[0]?.message).toBe(
      `created by run ${RUN}, and written to since (globalTags, by run x): the entity is kept`,
    );
  });

  it('takes back the lines of an aspect the run created on an entity that was there, and keeps any other aspect', () => {
    const terms = aspect({
      urn: DATASET,
      entityType: 'dataset',
      name: 't',
      aspect: 'glossaryTerms',
      written: '1',
      latest: { value: { terms: [{ urn: 'urn:li:glossaryTerm:a' }] }, version: '1', runId: RUN },
      previous: null,
    });
    const deprecation = aspect({
      aspect: 'deprecation',
      written: '1',
      latest: { value: { deprecated: true }, version: '1', runId: RUN },
      previous: null,
    });
    const decision = decideRollback(RUN, [terms, deprecation], new Set(), new Map());
    expect(decision.changes).toEqual([
      expect.objectContaining({ aspect: 'glossaryTerms', after: { terms: [] } }),
    ]);
    expect(decision.kept.map((note) => note.message)).toEqual([
      `deprecation: created by run ${RUN} on an entity that existed before it; a rollback does not delete an aspect`,
    ]);
  });

  it('says which replaced versions the catalog no longer has', () => {
    const gone = aspect({ aspect: 'mlModelProperties', previous: 'missing' });
    expect(decideRollback(RUN, [gone], new Set(), new Map()).missing).toEqual([gone]);
  });
});
