import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../model/json.js';
import { planDigest } from './plan-digest.js';
import { parsePlan, serializePlan, serializePlanChunks } from './plan-json.js';
import { PLAN_FORMAT_VERSION, type Plan } from './types.js';

/** A plan shaped enough for serialization: the serializer only sees JSON values. */
function planWith(changes: readonly unknown[], extra: Record<string, unknown> = {}): Plan {
  return {
    ...extra,
    formatVersion: PLAN_FORMAT_VERSION,
    actor: 'urn:li:corpuser:bench',
    target: 'embedded',
    changes,
    notes: [{ changes: [], text: 'a note\n  "changes": []' }],
    summary: { create: changes.length },
  } as unknown as Plan;
}

/** The fewest fields parsePlan reads a plan from. */
function readablePlan(): Record<string, unknown> {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    target: 'embedded',
    actor: 'urn:li:corpuser:bench',
    changes: [],
    summary: {
      create: 0,
      update: 0,
      delete: 0,
      termsAttached: 0,
      termsDetached: 0,
      associationsAdded: 0,
      associationsRemoved: 0,
      claimed: 0,
      unchanged: 0,
    },
    options: {},
    git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
    tool: {},
    notes: [],
  };
}

const change = (index: number): Record<string, unknown> => ({
  urn: `urn:li:mlFeature:(feast,t,f${index})`,
  kind: 'upsertAspect',
  action: 'create',
  after: { description: `line\n  "changes": [],\n${index}`, zeta: [1, { b: 2, a: [] }], alpha: {} },
  id: `c${index}`,
  skipped: undefined,
});

describe('serializePlanChunks', () => {
  it('joins to exactly the sorted, indented JSON of the whole plan', () => {
    for (const plan of [planWith([]), planWith([change(0)]), planWith([change(0), change(1), change(2)])]) {
      const whole = `${stableStringify({ ...plan, digest: planDigest(plan) }, 2)}\n`;
      expect([...serializePlanChunks(plan)].join('')).toBe(whole);
      expect(serializePlan(plan)).toBe(whole);
    }
  });

  it('yields one piece per change, so a large plan is never one string', () => {
    const plan = planWith(Array.from({ length: 5 }, (_, index) => change(index)));
    expect([...serializePlanChunks(plan)]).toHaveLength(5 + 2);
  });

  it('matches JSON.stringify for any JSON in the changes and around them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), fc.jsonValue())),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (changes, extra) => {
          const plan = planWith(changes, extra);
          expect(serializePlan(plan)).toBe(`${stableStringify({ ...plan, digest: planDigest(plan) }, 2)}\n`);
        },
      ),
    );
  });

  it('reads back with parsePlan', () => {
    const plan = readablePlan() as unknown as Plan;
    expect(parsePlan(serializePlan(plan), 'plan.json')).toEqual(plan);
  });
});

/** A plan document as catalog writes it: the content with its digest. */
const documentOf = (content: Record<string, unknown>): string => serializePlan(content as unknown as Plan);

describe('parsePlan', () => {
  const plan = (environment: unknown): string => documentOf({ ...readablePlan(), environment });

  it('reads the environment a plan was made for', () => {
    expect(parsePlan(plan({ name: 'prod', env: 'PROD', protect: true }), 'p.json').environment).toEqual({
      name: 'prod',
      env: 'PROD',
      protect: true,
    });
  });

  it('refuses an environment it cannot read whole (a protect flag that is not a boolean)', () => {
    expect(() => parsePlan(plan({ name: 'prod', env: 'PROD', protect: 'yes' }), 'p.json')).toThrow(
      'p.json is not a usable plan: "environment" must be {name, env, protect}',
    );
  });

  it('refuses a plan of another format version, naming both (version 1 held the picture as Mermaid text)', () => {
    const old = JSON.stringify({ ...readablePlan(), formatVersion: 1, picture: 'flowchart LR\n' });
    expect(() => parsePlan(old, 'p.json')).toThrow(
      `p.json is not a usable plan: formatVersion 1 is older than ${PLAN_FORMAT_VERSION}: it was made by an older catalog, and carries no digest to check it by; make the plan again (catalog reconcile --out)`,
    );
    const newer = JSON.stringify({ ...readablePlan(), formatVersion: PLAN_FORMAT_VERSION + 1 });
    expect(() => parsePlan(newer, 'p.json')).toThrow(
      `p.json is not a usable plan: formatVersion ${PLAN_FORMAT_VERSION + 1} is not ${PLAN_FORMAT_VERSION} (made by another version of catalog?)`,
    );
  });

  it('refuses a plan whose content does not match its digest, or that has none', () => {
    const made = {
      ...readablePlan(),
      changes: [
        {
          ...change(0),
          name: 't.f0',
          entityType: 'mlFeature',
          aspect: 'mlFeatureProperties',
          versionSeen: '-1',
          markStatus: true,
        },
      ],
    };
    const text = documentOf(made);
    expect(parsePlan(text, 'p.json').changes).toHaveLength(1);
    // One value the apply would write, changed by hand after the plan was made.
    const tampered = text.replace('"alpha": {}', '"alpha": {"owner": "mallory"}');
    expect(tampered).not.toBe(text);
    expect(() => parsePlan(tampered, 'p.json')).toThrow(
      /p\.json is not a usable plan: its content does not match its digest \(sha256:[0-9a-f]{64} when it was made, sha256:[0-9a-f]{64} now\): it was changed after it was made/,
    );
    // The version an aspect was read at, moved back by hand so that the stale-plan check would pass.
    expect(() => parsePlan(text.replace('"versionSeen": "-1"', '"versionSeen": "7"'), 'p.json')).toThrow(
      'it was changed after it was made',
    );
    const { digest: _digest, ...withoutDigest } = JSON.parse(text) as Record<string, unknown>;
    expect(() => parsePlan(JSON.stringify(withoutDigest), 'p.json')).toThrow(
      '"digest" must be the plan\'s sha256 digest (sha256:<64 hex digits>)',
    );
  });

  it('refuses a note that does not name its entity', () => {
    expect(() =>
      parsePlan(documentOf({ ...readablePlan(), notes: [{ kind: 'unownedEdge', message: 'm' }] }), 'p.json'),
    ).toThrow('p.json is not a usable plan: notes[0] must name its entity (urn and name)');
  });

  it('reads the graph of the change, and refuses one it could not draw', () => {
    const changeGraph = {
      nodes: [
        { urn: 'urn:li:mlFeature:(t,a)', entityType: 'mlFeature', name: 't.a', action: 'update' },
        { urn: 'urn:li:mlModel:(urn:li:dataPlatform:s,m,PROD)', entityType: 'mlModel', name: 'm' },
      ],
      edges: [
        {
          source: 'urn:li:mlModel:(urn:li:dataPlatform:s,m,PROD)',
          relationship: 'Consumes',
          destination: 'urn:li:mlFeature:(t,a)',
          state: 'added',
        },
      ],
      omitted: 2,
    };
    const withGraph = (graph: unknown): string => documentOf({ ...readablePlan(), changeGraph: graph });
    expect(parsePlan(withGraph(changeGraph), 'p.json').changeGraph).toEqual(changeGraph);
    const edge = changeGraph.edges[0];
    expect(() =>
      parsePlan(withGraph({ ...changeGraph, edges: [{ ...edge, relationship: 'OwnedBy' }] }), 'p.json'),
    ).toThrow(
      'p.json is not a usable plan: changeGraph.edges[0] must be {source, relationship, destination, label?, state}',
    );
    expect(() =>
      parsePlan(withGraph({ ...changeGraph, nodes: [{ urn: 'u', entityType: 'e', name: 1 }] }), 'p.json'),
    ).toThrow('p.json is not a usable plan: changeGraph.nodes[0] must be {urn, entityType, name, action?}');
    expect(() => parsePlan(withGraph('flowchart LR\n'), 'p.json')).toThrow(
      'p.json is not a usable plan: "changeGraph" must be {nodes, edges, omitted}',
    );
  });

  it('refuses a plan without the manifest directory its provenance is recorded from, or without a count', () => {
    const { git, summary } = readablePlan() as { git: object; summary: object };
    expect(() =>
      parsePlan(documentOf({ ...readablePlan(), git: { ...git, manifestDir: undefined } }), 'p.json'),
    ).toThrow('p.json is not a usable plan: "git.manifestDir" must be {local, recorded} strings');
    expect(() =>
      parsePlan(documentOf({ ...readablePlan(), summary: { ...summary, claimed: undefined } }), 'p.json'),
    ).toThrow('p.json is not a usable plan: "summary.claimed" must be a number');
  });
});
