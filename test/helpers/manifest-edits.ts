/** Helpers of the manifest editor's tests (src/adopt/edit-manifest*.test.ts): edits applied, edits made, a sample. */
import { applyTextEdits, planManifestEdits } from '../../src/adopt/edit-manifest.js';
import type { EntityEdits, ManifestEdit, ManifestPath } from '../../src/adopt/edit-manifest.js';
import type { JsonValue } from '../../src/model/json.js';

/** The file after the edits of entities anchored at 1-based lines (column given or 1). */
export function edited(text: string, entities: readonly EntityEdits[]): string {
  return applyTextEdits(text, planManifestEdits(text, entities));
}

/** The file after edits of the mapping that starts at line 1, column 1. */
export function editedRoot(text: string, edits: readonly ManifestEdit[], line = 1): string {
  return edited(text, [{ at: { line, column: 1 }, edits }]);
}

export const set = (path: ManifestPath, value: JsonValue): ManifestEdit => ({ kind: 'set', path, value });
export const del = (path: ManifestPath): ManifestEdit => ({ kind: 'delete', path });
export const append = (path: ManifestPath, items: readonly JsonValue[]): ManifestEdit => ({
  kind: 'append',
  path,
  items,
});

export const TABLE = `# yaml-language-server: $schema=../../schemas/catalog.schema.json
apiVersion: catalog/v1
kind: MLFeatureTable
name: transaction_features
description: Rolling aggregates over card transactions.  # reviewed 2026-01
owners:
  - owner: urn:li:corpGroup:fraud-ml
  - owner: priya
    type: BUSINESS_OWNER
tags: [payments, pci]
features:
  - name: txn_count_7d
    dataType: COUNT
    sources:
      - urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)
  - { name: age, dataType: CONTINUOUS }
  - ref: shared_features.country

# Related tables live in shared-features.yaml.
`;
