import { describe, expect, it } from 'vitest';
import { keepMovedDocuments, movedDocumentsOf, withoutRenamed } from './export-moves.js';
import type { ExportedEntity, ExportInput } from './render-manifests.js';

const OLD_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)';
const NEW_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,customer_features)';
const OLD_AGE = 'urn:li:mlFeature:(user_features,age)';
const NEW_AGE = 'urn:li:mlFeature:(customer_features,age)';
const OTHER = 'urn:li:mlFeature:(shared_features,country)';

const entity = (urn: string): ExportedEntity => ({ urn, aspects: new Map() });
const input: ExportInput = {
  GlossaryTerm: [],
  MLFeature: [NEW_AGE, OLD_AGE, OTHER].map(entity),
  MLFeatureTable: [NEW_TABLE, OLD_TABLE].map(entity),
  MLModelGroup: [],
  MLModel: [],
  DatasetTerms: [],
};
const moved = movedDocumentsOf([
  {
    path: 'out/features/moved.yaml',
    text: 'apiVersion: catalog/v1\nkind: Moved\nfrom: user_features\nto: customer_features\n',
  },
  { path: 'out/features/other.yaml', text: 'apiVersion: catalog/v1\nkind: MLFeatureTable\nname: x\n' },
]);

describe('export and renames', () => {
  it('reads the Moved documents of the files that have one', () => {
    expect(moved.map((document) => [document.source.file, document.manifest])).toEqual([
      ['out/features/moved.yaml', { kind: 'Moved', from: 'user_features', to: 'customer_features' }],
    ]);
  });

  it("leaves out a renamed table and its features' old URNs, and says so", () => {
    const result = withoutRenamed(input, moved);
    expect(result.input.MLFeatureTable?.map((table) => table.urn)).toEqual([NEW_TABLE]);
    expect(result.input.MLFeature?.map((feature) => feature.urn)).toEqual([NEW_AGE, OTHER]);
    expect(result.skipped).toEqual([
      `${OLD_AGE}: renamed to ${NEW_AGE} (out/features/moved.yaml:2)`,
      `${OLD_TABLE}: renamed to ${NEW_TABLE} (out/features/moved.yaml:2)`,
    ]);
    expect(result.warnings).toEqual([]);
    expect(withoutRenamed(input, []).input).toBe(input);
  });

  it('exports the old entity as it is when the new one is not in the catalog, with a located warning', () => {
    const result = withoutRenamed(
      { ...input, MLFeatureTable: [entity(OLD_TABLE)], MLFeature: [entity(OLD_AGE)] },
      moved,
    );
    expect(result.input.MLFeatureTable?.map((table) => table.urn)).toEqual([OLD_TABLE]);
    expect(result.warnings).toEqual([
      "out/features/moved.yaml:4:5: Moved: unknown entity 'customer_features'; it does not fit the exported catalog, whose entities are written as they are",
    ]);
  });

  it('writes the Moved documents again into the files export rewrites, and only those', () => {
    const files = new Map([
      [
        'features/moved.yaml',
        '# Exported\napiVersion: catalog/v1\nkind: MLFeatureTable\nname: customer_features\n',
      ],
      ['features/shared.yaml', 'x: 1\n'],
    ]);
    const kept = keepMovedDocuments(files, moved, (file) => file.replace(/^out\//, ''));
    expect(kept.get('features/moved.yaml')).toBe(
      '# Exported\napiVersion: catalog/v1\nkind: MLFeatureTable\nname: customer_features\n' +
        '---\napiVersion: catalog/v1\nkind: Moved\nfrom: user_features\nto: customer_features\n',
    );
    expect(kept.get('features/shared.yaml')).toBe('x: 1\n');
    expect(keepMovedDocuments(files, moved, () => 'elsewhere.yaml')).toEqual(files);
  });
});
