import type { Diagnostic } from '../errors.js';
import type { DesiredState } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { simplifyFieldPath } from '../model/field-path.js';
import type { LiveState } from '../model/live-state.js';
import { schemaFieldPaths } from './diff-term-edges.js';

/**
 * Checks made before any write (architecture.md, section 3.4): every dataset the manifests attach terms to
 * exists, every column exists where the dataset has a schema, and every term referenced by URN exists (terms
 * declared in the manifests are created by the plan). All failures are reported together, each at the
 * manifest location that caused it.
 */
export function preflight(desired: DesiredState, live: LiveState): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const dataset of desired.datasets) {
    const entity = live.entities.get(dataset.datasetUrn);
    if (entity?.exists !== true) {
      diagnostics.push({
        code: 'MISSING_DATASET',
        severity: 'error',
        message: `dataset ${dataset.datasetUrn} does not exist in the catalog`,
        location: dataset.source,
        hint: 'terms can only be attached to a dataset that is already ingested (catalog ingest <file>, or DataHub ingestion)',
      });
      continue;
    }
    const schemaPaths = schemaFieldPaths(entity);
    if (schemaPaths.length === 0) continue;
    const simplePaths = new Set(schemaPaths.map(simplifyFieldPath));
    for (const column of dataset.columns) {
      if (simplePaths.has(column.simplePath)) continue;
      const suggestion = didYouMean(column.simplePath, simplePaths);
      diagnostics.push({
        code: 'MISSING_COLUMN',
        severity: 'error',
        message: `column '${column.fieldPath}' is not in the schema of ${dataset.datasetUrn}`,
        location: column.source,
        hint: suggestion ?? `its columns are: ${[...simplePaths].sort().join(', ')}`,
      });
    }
  }
  for (const term of desired.externalTerms) {
    if (live.entities.get(term.urn)?.exists === true) continue;
    diagnostics.push({
      code: 'MISSING_TERM',
      severity: 'error',
      message: `glossary term ${term.urn} does not exist in the catalog`,
      location: term.source,
      hint: 'declare it as a GlossaryTerm in the manifests, or create it in DataHub first',
    });
  }
  return diagnostics;
}
