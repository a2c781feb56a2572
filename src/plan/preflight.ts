import type { AspectProblem } from '../datahub/pegasus/schema.js';
import { describeAspectRefusal, validateAspect } from '../datahub/pegasus/validate-aspect.js';
import type { Diagnostic } from '../errors.js';
import type { DesiredState, DesiredTermEdge } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { simplifyFieldPath } from '../model/field-path.js';
import type { LiveState } from '../model/live-state.js';
import { checkPropertyValues } from './check-property-values.js';
import { liveColumnTermUrns, liveDatasetTermUrns, schemaFieldPaths } from './diff-term-edges.js';
import type { Change, Plan } from './types.js';

/**
 * Checks made before any write (architecture.md, section 3.4): every dataset the manifests attach terms to
 * exists, and every edge the plan will add names a column that exists (where the dataset has a schema) and a
 * term that exists or is declared in the manifests. An edge that is already in the catalog needs no check:
 * nothing is written for it, and real catalogs hold edges to terms that were never given glossaryTermInfo and
 * to columns that have left the schema (so an exported catalog re-plans with no changes). All failures are
 * reported together, each at the manifest location that caused it.
 */
export function preflight(desired: DesiredState, live: LiveState): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const declared = new Set(desired.entities.map((entity) => entity.urn));
  const missingTerms = new Map<string, DesiredTermEdge>();
  const checkTerms = (edges: readonly DesiredTermEdge[], present: ReadonlySet<string>): void => {
    for (const edge of edges) {
      if (present.has(edge.termUrn) || declared.has(edge.termUrn) || missingTerms.has(edge.termUrn)) continue;
      if (live.entities.get(edge.termUrn)?.exists !== true) missingTerms.set(edge.termUrn, edge);
    }
  };

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
    checkTerms(dataset.terms, liveDatasetTermUrns(entity));
    const schemaPaths = schemaFieldPaths(entity);
    const simplePaths = new Set(schemaPaths.map(simplifyFieldPath));
    for (const column of dataset.columns) {
      const present = liveColumnTermUrns(entity, column.simplePath);
      checkTerms(column.terms, present);
      const addsEdges = column.terms.some((edge) => !present.has(edge.termUrn));
      if (!addsEdges || schemaPaths.length === 0 || simplePaths.has(column.simplePath)) continue;
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
  // A data product's terms (glossaryTerms of a declared entity), checked as a dataset's are.
  for (const entity of desired.entities)
    if ((entity.associations?.terms ?? []).length > 0)
      checkTerms(entity.associations?.terms ?? [], liveDatasetTermUrns(live.entities.get(entity.urn)));
  for (const reference of desired.externalEntities ?? []) {
    if (declared.has(reference.urn) || live.entities.get(reference.urn)?.exists === true) continue;
    diagnostics.push({
      code: 'MISSING_ENTITY',
      severity: 'error',
      message: `${reference.urn} is neither declared in the manifests nor in the catalog`,
      location: reference.source,
      ...(reference.hint === undefined ? {} : { hint: reference.hint }),
    });
  }
  diagnostics.push(...checkPropertyValues(desired, live));
  for (const [termUrn, edge] of missingTerms) {
    diagnostics.push({
      code: 'MISSING_TERM',
      severity: 'error',
      message: `glossary term ${termUrn} does not exist in the catalog`,
      location: edge.source,
      hint: 'declare it as a GlossaryTerm in the manifests, or create it in DataHub first',
    });
  }
  return diagnostics;
}

/**
 * Every aspect the plan writes through ingestProposal, validated as GMS validates it (DataHub v1.7.0's Pegasus
 * schemas; see src/datahub/pegasus/validate-aspect.ts), so that a plan GMS would refuse half way through fails
 * before any write instead. The value checked is the one apply sends: the live aspect with the owned fields
 * overlaid, audit stamps included. Each refusal is located at the manifest line that declares the change.
 * Glossary terms created through GraphQL are left to the server: GraphQL builds their aspect itself.
 */
export function checkPlannedAspects(
  plan: Pick<Plan, 'changes'>,
  validate: (aspectName: string, value: unknown) => readonly AspectProblem[] = validateAspect,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const change of plan.changes) {
    const written = writtenAspect(change);
    if (written === undefined) continue;
    const problems = validate(change.aspect, written);
    if (problems.length === 0) continue;
    diagnostics.push({
      code: 'INVALID_ASPECT',
      severity: 'error',
      message:
        `DataHub would refuse the ${change.aspect} aspect of ${change.urn}: ` +
        problems
          .map((problem) => `${problem.path === '' ? '/' : problem.path} ${problem.message}`)
          .join('; '),
      ...(change.source === undefined ? {} : { location: change.source }),
      hint: describeAspectRefusal(change.aspect, problems).split('\n')[0] ?? '',
    });
  }
  return diagnostics;
}

/** The aspect value a change sends with ingestProposal, or undefined when it writes through GraphQL. */
function writtenAspect(change: Change): unknown {
  switch (change.kind) {
    case 'upsertAspect':
    case 'status':
    case 'termEdges':
    case 'associations':
      return change.after;
    case 'createGlossaryTerm':
      return undefined;
  }
}
