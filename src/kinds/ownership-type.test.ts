import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { renderManifests } from '../manifest/render-manifests.js';

const file = (text: string) => ({ path: 'catalog/types.yaml', text: `apiVersion: catalog/v1\n${text}` });

describe('OwnershipType', () => {
  it('declares urn:li:ownershipType:<id> with its ownershipTypeInfo, the stamps left for the write to fill in', () => {
    const load = buildCatalog([
      file('kind: OwnershipType\nid: model-validator\nname: Model Validator\ndescription: Signs off.\n'),
      file('kind: OwnershipType\nid: steward\n'),
    ]);
    expect(load.diagnostics).toEqual([]);
    const stamp = { time: 0, actor: 'urn:li:corpuser:catalog' };
    expect(load.state?.entities.map((entity) => [entity.urn, entity.aspectName, entity.fields])).toEqual([
      [
        'urn:li:ownershipType:model-validator',
        'ownershipTypeInfo',
        { name: 'Model Validator', description: 'Signs off.', created: stamp, lastModified: stamp },
      ],
      [
        'urn:li:ownershipType:steward',
        'ownershipTypeInfo',
        { name: 'steward', created: stamp, lastModified: stamp },
      ],
    ]);
    // What a policy sees: the manifest's own fields.
    expect(load.declarations?.map((declaration) => declaration.entity)).toEqual([
      {
        kind: 'OwnershipType',
        urn: 'urn:li:ownershipType:model-validator',
        id: 'model-validator',
        name: 'Model Validator',
        description: 'Signs off.',
      },
      { kind: 'OwnershipType', urn: 'urn:li:ownershipType:steward', id: 'steward', name: 'steward' },
    ]);
  });

  it("refuses DataHub's own __system__ types and a type declared twice, each at its line", () => {
    const load = buildCatalog([
      file('kind: OwnershipType\nid: __system__data_steward\n'),
      file(
        'kind: OwnershipType\nid: steward\n---\napiVersion: catalog/v1\nkind: OwnershipType\nid: steward\n',
      ),
    ]);
    expect(load.diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.location?.line])).toEqual([
      ["'__system__data_steward' is one of DataHub's own ownership types", 3],
      ['urn:li:ownershipType:steward is declared twice', 7],
    ]);
  });

  it('exports the types it reads back (not the __system__ ones) to ownership-types.yaml', () => {
    const type = (id: string, info: Record<string, string>) => ({
      urn: `urn:li:ownershipType:${id}`,
      aspects: new Map([['ownershipTypeInfo', info]]),
    });
    const out = renderManifests({
      OwnershipType: [
        type('model-validator', { name: 'Model Validator', description: 'Signs off.' }),
        type('steward', { name: 'steward' }),
        type('__system__technical_owner', { name: 'Technical Owner' }),
      ],
    });
    expect(out.files.get('ownership-types.yaml')).toContain(
      'kind: OwnershipType\nid: model-validator\nname: Model Validator\ndescription: Signs off.\n---\n' +
        'apiVersion: catalog/v1\nkind: OwnershipType\nid: steward\n',
    );
    expect(out.counts).toEqual({ OwnershipType: 2 });
  });
});
