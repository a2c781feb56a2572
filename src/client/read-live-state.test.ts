import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { readManifestFiles } from '../manifest/read-manifest-files.js';
import type { JsonObject } from '../model/json.js';
import type { LiveAspect } from '../model/live-state.js';
import { carriesMarker, wroteDeclaredField } from '../plan/ownership.js';
import { planView, readEntities, readRequestFor } from './read-live-state.js';
import type { RestliClient } from './restli-client.js';

describe('readRequestFor', () => {
  it("asks each entity only for aspects its type has in DataHub's registry", () => {
    const load = buildCatalog([
      {
        path: 'catalog/a.yaml',
        text: `apiVersion: catalog/v1
kind: Tag
id: gold
owners: [{ owner: alice }]
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: A
name: A
---
apiVersion: catalog/v1
kind: MLModelGroup
name: g
platform: sagemaker
tags: [gold]
`,
      },
    ]);
    expect(load.diagnostics).toEqual([]);
    const request = readRequestFor(load.state as NonNullable<typeof load.state>);
    expect([...(request.get('tag')?.aspects ?? [])].sort()).toEqual([
      'deprecation',
      'ownership',
      'status',
      'tagKey',
      'tagProperties',
    ]);
    // DataHub v1.7.0's registry gives glossary terms globalTags (releases before it do not: server-capabilities.ts).
    expect([...(request.get('glossaryTerm')?.aspects ?? [])].sort()).toEqual([
      'deprecation',
      'domains',
      'forms',
      'globalTags',
      'glossaryRelatedTerms',
      'glossaryTermInfo',
      'glossaryTermKey',
      'institutionalMemory',
      'ownership',
      'status',
      'structuredProperties',
    ]);
    expect(request.get('mlModelGroup')?.aspects.has('globalTags')).toBe(true);
    // The aspect DataHub's UI writes the group's description to, which DataHub shows over the manifest's.
    expect(request.get('mlModelGroup')?.aspects.has('editableMlModelGroupProperties')).toBe(true);
  });

  it('asks for every declared entity under its type, and each entity of a type for the same aspects', async () => {
    const load = buildCatalog(await readManifestFiles('catalog'));
    const state = load.state as NonNullable<typeof load.state>;
    const request = readRequestFor(state);
    for (const entity of state.entities) {
      const entry = request.get(entity.entityType);
      expect(entry?.urns.has(entity.urn), entity.urn).toBe(true);
      expect(entry?.aspects.has(entity.aspectName)).toBe(true);
      expect(entry?.aspects.has('status')).toBe(true);
    }
    const declared = new Set(state.entities.map((entity) => entity.urn));
    const datasets = new Set(state.datasets.map((dataset) => dataset.datasetUrn));
    const terms = new Set(state.externalTerms.map((term) => term.urn));
    for (const [entityType, entry] of request) {
      for (const urn of entry.urns) {
        expect(declared.has(urn) || datasets.has(urn) || terms.has(urn), urn).toBe(true);
        expect(urn.startsWith(`urn:li:${entityType}:`), urn).toBe(true);
      }
    }
    expect(request.get('mlFeature')?.aspects.has('mlFeatureKey')).toBe(true);
  });
});

const ACTOR = 'urn:li:corpuser:catalog';

function written(properties: JsonObject, version = '3'): LiveAspect {
  return {
    value: { description: 'd' },
    version,
    systemMetadata: { lastObserved: 1700000000000, runId: 'catalog-x', version, properties },
    created: { time: 1700000000000, actor: ACTOR },
  };
}

describe('planView', () => {
  it('keeps the value, the version and the markers the plan reads, one marker object for equal markers', () => {
    const markers = new Map<string, JsonObject>();
    const marker = { clientId: 'catalog', managedBy: 'catalog', actor: ACTOR, manifest: 'a.yaml:3' };
    const a = planView('mlFeatureProperties', written(marker), markers);
    const b = planView('mlModelProperties', written({ ...marker, manifest: 'b.yaml:9' }, '7'), markers);
    expect(a).toEqual({
      value: { description: 'd' },
      version: '3',
      systemMetadata: { properties: { managedBy: 'catalog', actor: ACTOR } },
    });
    expect(b.version).toBe('7');
    expect(b.systemMetadata).toBe(a.systemMetadata);
    expect(carriesMarker(a.systemMetadata, ACTOR)).toBe(true);
    expect(carriesMarker(a.systemMetadata, 'urn:li:corpuser:other')).toBe(false);
  });

  it('keeps what the ownership rules read: the declared fields, another actor, no marker at all', () => {
    const markers = new Map<string, JsonObject>();
    const declared = planView(
      'versionProperties',
      written({ managedBy: 'catalog', actor: ACTOR, declared: 'aliases' }),
      markers,
    );
    expect(wroteDeclaredField(declared.systemMetadata, ACTOR, 'aliases')).toBe(true);
    const other = planView(
      'mlFeatureProperties',
      written({ managedBy: 'catalog', actor: 'urn:li:corpuser:b' }),
      markers,
    );
    expect(other.systemMetadata).toEqual({
      properties: { managedBy: 'catalog', actor: 'urn:li:corpuser:b' },
    });
    const none = planView(
      'mlFeatureProperties',
      { value: {}, version: '1', systemMetadata: { runId: 'ui' } },
      markers,
    );
    expect(none).toEqual({ value: {}, version: '1', systemMetadata: {} });
    expect(planView('status', { value: { removed: false } }, markers)).toEqual({ value: { removed: false } });
  });

  it('keeps an editable aspect whole: its stamps say who edited the field in the UI (shadowing.ts)', () => {
    const aspect = written({ managedBy: 'catalog', actor: ACTOR });
    expect(planView('editableMlFeatureProperties', aspect, new Map())).toBe(aspect);
  });
});

describe('readEntities', () => {
  it("reads with one batchGet per type, and keeps the whole answer unless asked for the plan's view", async () => {
    // batchGet makes what is kept of each aspect as it reads its answers (restli-client.test.ts): here, as it would.
    const calls: string[][] = [];
    const restli = {
      batchGet: (
        urns: readonly string[],
        _aspects: readonly string[],
        keep: (name: string, aspect: LiveAspect) => LiveAspect = (_name, aspect) => aspect,
      ) => {
        calls.push([...urns]);
        return Promise.resolve(
          new Map(
            urns.map((urn) => [
              urn,
              new Map([
                ['mlFeatureKey', keep('mlFeatureKey', written({ managedBy: 'catalog', actor: ACTOR }))],
                [
                  'mlFeatureProperties',
                  keep('mlFeatureProperties', written({ managedBy: 'catalog', actor: ACTOR })),
                ],
              ]),
            ]),
          ),
        );
      },
    } as unknown as RestliClient;
    const urns = Array.from(
      { length: 2500 },
      (_, index) => `urn:li:mlFeature:(t,f${String(index).padStart(4, '0')})`,
    );
    const request = new Map([
      ['mlFeature', { urns: new Set(urns), aspects: new Set(['mlFeatureProperties']) }],
    ]);

    const planned = await readEntities(restli, request, 'plan');
    expect(calls).toEqual([urns]);
    const entity = planned.get(urns[0] as string);
    expect(entity?.exists).toBe(true);
    expect(entity?.aspects.get('mlFeatureProperties')?.systemMetadata).toEqual({
      properties: { managedBy: 'catalog', actor: ACTOR },
    });
    expect(entity?.aspects.get('mlFeatureProperties')?.created).toBeUndefined();

    calls.length = 0;
    const whole = await readEntities(restli, request);
    expect(calls.map((chunk) => chunk.length)).toEqual([2500]);
    expect(whole.get(urns[0] as string)?.aspects.get('mlFeatureProperties')).toEqual(
      written({ managedBy: 'catalog', actor: ACTOR }),
    );
  });
});
