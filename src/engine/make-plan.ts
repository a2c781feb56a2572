import { readServerRelease } from '../client/datahub-client.js';
import { readRenameReferrers } from '../client/read-incoming-edges.js';
import { readLiveState } from '../client/read-live-state.js';
import { adaptChanges, refusalsFor } from '../client/server-capabilities.js';
import { CatalogError, DiagnosticsError, sortDiagnostics } from '../errors.js';
import { readGitProvenance } from '../git/git-info.js';
import type { CatalogLoad } from '../manifest/load-catalog.js';
import type { Environment } from '../manifest/select-environment.js';
import type { DesiredState } from '../model/desired-state.js';
import type { LiveState } from '../model/live-state.js';
import { createPlan, withChanges } from '../plan/create-plan.js';
import { checkPlannedAspects, preflight } from '../plan/preflight.js';
import { checkDefinitionChanges } from '../plan/property-definition-changes.js';
import type { Plan, RetireStrategy } from '../plan/types.js';
import { plural } from '../render/plural.js';
import type { EventListener } from './events.js';
import { planTargetOf, type Connection } from './open-target.js';
import { VERSION } from './version.js';

/** What prune may do: whether to retire what the manifests left, how many deletions at most, how renames retire. */
export interface PrunePolicy {
  readonly prune: boolean;
  readonly maxDeletes: number;
  readonly pruneStrategy?: RetireStrategy;
}

/**
 * Reads the live catalog for a desired state and plans the writes that make it match: a plan the release cannot
 * take, or whose aspects GMS would refuse, fails here, before anything is written (in a dry run too).
 */
export async function makePlan(
  state: DesiredState,
  files: CatalogLoad['files'],
  connection: Connection,
  policy: PrunePolicy,
  where: {
    readonly cwd: string;
    /** The manifest directory (relative to cwd): its repository gives the plan its revision. */
    readonly dir: string;
    readonly onEvent?: EventListener;
  },
  /** Told the plan as soon as its changes are final, before it is checked. */
  onPlanned?: (plan: Plan) => void,
): Promise<{ plan: Plan; live: LiveState }> {
  const report = where.onEvent ?? (() => undefined);
  // The repository's revision (a few git commands) is read while the catalog is; nothing needs it before the plan.
  const provenance = readGitProvenance(where.cwd, where.dir);
  provenance.catch(() => undefined);
  // The release is read first (one /config, cached): a plan it cannot take fails here, in --dry-run too.
  const server = await readServerRelease(connection.client.restli);
  report({ type: 'reading', target: connection.description });
  const read = await readLiveState(connection.client.restli, state, {
    prune: policy.prune,
    onRead: (done, total) => report({ type: 'progress', phase: 'reading', done, total }),
  });
  // What names a renamed entity that still exists, for the notes on edges others added to it (never an error).
  const named = await readRenameReferrers(connection.client, state, read);
  for (const warning of named.warnings) report({ type: 'warning', message: warning });
  const live: LiveState = named.referrers.size === 0 ? read : { ...read, referrers: named.referrers };
  const problems = sortDiagnostics(preflight(state, live));
  if (problems.length > 0) {
    throw new DiagnosticsError(
      'PREFLIGHT_FAILED',
      problems,
      `${plural(problems.length, 'problem')} found before writing; nothing was written`,
      files,
    );
  }
  report({ type: 'progress', phase: 'planning' });
  const made = createPlan(state, live, {
    toolVersion: VERSION,
    target: planTargetOf(connection.target),
    git: await provenance,
    prune: policy.prune,
    maxDeletes: policy.maxDeletes,
    ...(policy.pruneStrategy === undefined ? {} : { pruneStrategy: policy.pruneStrategy }),
  });
  // What this release lacks but does not need is left out of the plan (server-capabilities.ts adaptChanges).
  const adapted = adaptChanges(server, made.changes);
  if (adapted.warning !== undefined) report({ type: 'warning', message: adapted.warning });
  const plan = adapted.changes === made.changes ? made : withChanges(made, adapted.changes);
  onPlanned?.(plan);
  // The aspects the plan would write, validated as GMS validates them: a refusal fails the plan, not the apply. A
  // structured property's breaking change needs its version raised (the clock only suggests a version).
  const refused = sortDiagnostics([
    ...checkPlannedAspects(plan),
    ...checkDefinitionChanges(plan.changes, state, live, Date.now()),
  ]);
  if (refused.length > 0) {
    throw new DiagnosticsError(
      'PREFLIGHT_FAILED',
      refused,
      `${plural(refused.length, 'problem')} found before writing; nothing was written`,
      files,
    );
  }
  const refusals = refusalsFor(server, plan.changes);
  if (refusals.length > 0) {
    throw new CatalogError('UNSUPPORTED_SERVER', `${refusals.join('; ')}; nothing was written`);
  }
  return { plan, live };
}

/** The plan names the environment it was made for (header, markdown comment, JSON). */
export function withEnvironment(plan: Plan, environment: Environment | undefined, state: DesiredState): Plan {
  if (environment === undefined) return plan;
  return {
    ...plan,
    environment: { name: environment.name, env: state.settings.defaultEnv, protect: environment.protect },
  };
}
