import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { readRequestFor } from './read-live-state.js';

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
      'globalTags',
      'glossaryRelatedTerms',
      'glossaryTermInfo',
      'glossaryTermKey',
      'institutionalMemory',
      'ownership',
      'status',
    ]);
    expect(request.get('mlModelGroup')?.aspects.has('globalTags')).toBe(true);
    // The aspect DataHub's UI writes the group's description to, which DataHub shows over the manifest's.
    expect(request.get('mlModelGroup')?.aspects.has('editableMlModelGroupProperties')).toBe(true);
  });
});
