/**
 * Turns schema-valid documents into the desired state: Settings defaults applied, URNs formed, duplicates and
 * unknown references reported (all of them, each at the node that caused it). Each kind resolves its own documents
 * (its module in kinds/, `resolve`); this is the order of the passes and what they leave: Settings first, then each
 * kind that declares entities (kinds/resolve-passes.ts), then the deprecations and the other aspects known only
 * once every entity is declared, then the renames.
 */
import type { Diagnostic } from '../errors.js';
import type { Declaration } from '../kinds/declaration.js';
import { resolveDeprecations } from '../kinds/deprecations.js';
import { attachLateAspects } from '../kinds/late-aspects.js';
import type { MovedManifest } from '../kinds/moved.js';
import type { ValidatedDocument } from '../kinds/registry.js';
import { RESOLVE_PASSES, shadowNamesOf } from '../kinds/resolve-passes.js';
import type { DesiredAspect, DesiredState } from '../model/desired-state.js';
import { resolveMoves } from './resolve-moves.js';
import { ResolveRun } from './resolve-run.js';
import type { Environment } from './select-environment.js';

export interface ResolveOutcome {
  readonly state: DesiredState;
  /** Each declared entity in the manifest's own terms (what policies see), sorted by URN then kind. */
  readonly declarations: readonly Declaration[];
  readonly diagnostics: readonly Diagnostic[];
}

export function resolveDesiredState(
  documents: readonly ValidatedDocument[],
  rejected: readonly unknown[] = [],
  /** The selected environment: its `env` replaces defaults.env and the env of every URN built here. */
  environment?: Environment,
  /** Whether to build the declarations (the entities policies see); without them `declarations` is empty. */
  withDeclarations = true,
): ResolveOutcome {
  const run = new ResolveRun(documents, shadowNamesOf(rejected), environment?.env, withDeclarations);
  for (const pass of RESOLVE_PASSES) pass.run(documents, run.contextFor(pass.kind));
  const deprecations = resolveDeprecations(run.deprecations, run.scope);
  markDeprecated(run.declarations, deprecations);
  attachLateAspects(run.entities, deprecations, environment?.platformInstance);
  const { moves, diagnostics } = resolveMoves(run.documentsOf<MovedManifest>('Moved'), run.entities);
  run.diagnostics.push(...diagnostics);
  const byUrn = <T extends { urn: string }>(a: T, b: T): number =>
    a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0;
  return {
    state: {
      settings: run.settings,
      entities: [...run.entities].sort(byUrn),
      datasets: run.datasets.sort((a, b) =>
        a.datasetUrn < b.datasetUrn ? -1 : a.datasetUrn > b.datasetUrn ? 1 : 0,
      ),
      externalTerms: [...run.externalTerms.values()].sort(byUrn),
      externalEntities: [...run.externalEntities.values()].sort(byUrn),
      ...(moves.length === 0 ? {} : { moves }),
    },
    declarations: [...run.declarations].sort(
      (a, b) => byUrn(a, b) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0),
    ),
    diagnostics: run.diagnostics,
  };
}

/** What policies see of a deprecated entity: `deprecated` is its deprecation aspect, or false. */
function markDeprecated(
  declarations: Declaration[],
  deprecations: ReadonlyMap<string, DesiredAspect | null>,
): void {
  for (const [index, declaration] of declarations.entries()) {
    const aspect = deprecations.get(declaration.urn);
    if (aspect === undefined || declaration.kind === 'DatasetTerms') continue;
    declarations[index] = {
      ...declaration,
      entity: { ...declaration.entity, deprecated: aspect?.value ?? false },
    };
  }
}
