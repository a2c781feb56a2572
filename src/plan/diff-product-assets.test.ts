import { describe, expect, it } from 'vitest';
import type { DesiredEntity } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { diffDeclaredEntity } from './diff-entities.js';
import { diffProductAssets, ownedAsset } from './diff-product-assets.js';
import { isOwnedAsset } from './ownership.js';

const ACTOR = 'urn:li:corpuser:catalog';
const PRODUCT = 'urn:li:dataProduct:fraud';
const at = { file: 'catalog/p.yaml', line: 1, column: 1 };
const A = 'urn:li:mlModel:(urn:li:dataPlatform:feast,a,PROD)';
const B = 'urn:li:mlModel:(urn:li:dataPlatform:feast,b,PROD)';
const C = 'urn:li:mlModel:(urn:li:dataPlatform:feast,c,PROD)';

function desired(assets: string[], fields = { name: 'Fraud' }): DesiredEntity {
  return {
    urn: PRODUCT,
    entityType: 'dataProduct',
    aspectName: 'dataProductProperties',
    fields,
    source: at,
    assets: assets.map((urn) => ({ urn, source: at })),
  };
}

function live(assets: JsonObject[], name = 'Fraud'): LiveEntity {
  return {
    urn: PRODUCT,
    exists: true,
    aspects: new Map([['dataProductProperties', { value: { name, assets }, version: '1' }]]),
  };
}

describe('data product assets', () => {
  it('adds declared assets with the marker, removes only its own, keeps others', () => {
    const diff = diffProductAssets(
      desired([A, C]),
      live([ownedAsset(A, ACTOR), ownedAsset(B, ACTOR), { destinationUrn: 'urn:li:dataset:x' }]),
      ACTOR,
    );
    expect(diff.added.map((item) => item.key)).toEqual([C]);
    expect(diff.removed.map((item) => item.key)).toEqual([B]);
    expect(diff.claimed).toEqual([]);
    expect(diff.assets?.map((asset) => asset['destinationUrn'])).toEqual([A, 'urn:li:dataset:x', C]);
    expect(isOwnedAsset(diff.assets?.[2] ?? {}, ACTOR)).toBe(true);
  });

  it("claims a declared asset someone else added, keeping what it says; leaves another catalog's alone", () => {
    const other = { destinationUrn: B, properties: { managedBy: 'catalog', actor: 'urn:li:corpuser:other' } };
    const diff = diffProductAssets(
      desired([A, B]),
      live([{ destinationUrn: A, outputPort: true }, other]),
      ACTOR,
    );
    expect(diff.claimed.map((item) => item.key)).toEqual([A]);
    expect(diff.assets?.[0]).toEqual({
      destinationUrn: A,
      outputPort: true,
      properties: { managedBy: 'catalog', actor: ACTOR },
    });
    expect(diff.assets?.[1]).toEqual(other);
    expect(diff.notes.map((note) => note.kind)).toEqual(['unownedEdge']);
  });

  it('plans nothing when the assets match', () => {
    expect(diffProductAssets(desired([A]), live([ownedAsset(A, ACTOR)]), ACTOR).assets).toBeUndefined();
    expect(diffDeclaredEntity(desired([A]), live([ownedAsset(A, ACTOR)]), ACTOR).changes).toEqual([]);
  });

  it('is a line change of its own when no owned field changes, else part of the aspect write', () => {
    const lines = diffDeclaredEntity(desired([A, B]), live([ownedAsset(A, ACTOR)]), ACTOR).changes;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'associations', aspect: 'dataProductProperties' });
    const folded = diffDeclaredEntity(
      desired([A, B], { name: 'Fraud v2' }),
      live([ownedAsset(A, ACTOR)]),
      ACTOR,
    ).changes;
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ kind: 'upsertAspect', aspect: 'dataProductProperties' });
    expect(folded[0]?.kind === 'upsertAspect' && folded[0].fields.map((field) => field.path)).toEqual([
      'name',
      'assets',
    ]);
  });
});
