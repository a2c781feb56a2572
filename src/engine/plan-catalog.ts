import { CatalogError } from '../errors.js';
import { readChangedFiles } from '../git/git-info.js';
import type { Environment } from '../manifest/select-environment.js';
import type { DesiredState } from '../model/desired-state.js';
import { classifyOrigins } from '../plan/classify-origin.js';
import { restrictToFiles } from '../plan/scope.js';
import type { Plan, RetireStrategy } from '../plan/types.js';
import { applyChanges, type ApplyOptions, type RunResult } from './apply-changes.js';
import type { EngineContext, TargetOptions } from './context.js';
import { judgePlan, policiesOf, type LoadedPolicies } from './judge-plan.js';
import { loadCatalog, requireValid, type LoadedCatalog } from './load-catalog.js';
import { makePlan, withEnvironment } from './make-plan.js';
import { checkProtection, openTarget, settingsTargetOf, type Connection } from './open-target.js';
import { readBaseState } from './read-base-state.js';
import { newRunId } from './run-id.js';
import { startImpactRead, withImpact, type ImpactRead } from './read-impact.js';

export interface PlanOptions extends EngineContext, TargetOptions {
  /** The catalog directory, relative to cwd. */
  readonly dir: string;
  /** The Settings environment to plan for (its server, token variable, env and variables). */
  readonly environment?: string;
  /** Parse through the cache under cwd (see loadCatalog); default off. */
  readonly cache?: boolean;
  /** Soft-delete what this tool managed and the manifests no longer declare; default false. */
  readonly prune?: boolean;
  /** Refuse a plan with more deletions than this; default 0. */
  readonly maxDeletes?: number;
  /** How renames (kind Moved) retire the old entity; default deprecate. */
  readonly pruneStrategy?: RetireStrategy;
  /** Tell manifest changes from drift against the manifests at this git revision. */
  readonly base?: string;
  /** Plan only what the manifests changed since this git revision declare (not with prune). */
  readonly changedSince?: string;
  /** false: no relationships are read, the plan has no impact and no picture; default true. */
  readonly impact?: boolean;
  /** false: the impact without the picture of the plan (the text rendering does not show it); default true. */
  readonly picture?: boolean;
  /**
   * The plan is made to be applied: a protected environment is refused, before anything is read, unless
   * `confirmEnvironment` names it. A dry run leaves it false.
   */
  readonly forApply?: boolean;
  /** Confirms applying to this protected environment (the CLI: --environment NAME with --yes). */
  readonly confirmEnvironment?: string;
}

/**
 * A plan made, checked and judged, with its connection still open: print it, apply it, or both at once.
 *
 * The impact's relationship reads start as soon as the plan's changes are known and go on while the caller does
 * something else; `impactRead` says when they are in, and an apply should start only then (what they found is the
 * catalog as the plan saw it). `withImpact` works the impact out once and gives the same plan on every call.
 */
export interface PlannedRun {
  /** The plan: its changes are final, policies judged; no impact yet. */
  readonly plan: Plan;
  /** The target, as shown to people. */
  readonly target: string;
  /** The id of the run `apply` makes: every write carries it (systemMetadata.runId), and the catalog records it. */
  readonly runId: string;
  /** Resolves once the impact's reads are in (at once without them); never rejects. */
  readonly impactRead: Promise<void>;
  /** The plan with its impact and picture; warnings (a catalog that could not answer) are events. */
  withImpact(): Promise<Plan>;
  /** Applies the plan's changes (from the same reads: no second read of every version). */
  apply(options?: ApplyOptions): Promise<RunResult>;
  close(): Promise<void>;
}

/**
 * Loads the manifests, connects, reads the live catalog, plans and judges the plan. The desired and live states
 * stay in this function and are released when it returns: the impact, the rendering and the apply need only the
 * plan (at 250,000 entities the two states are most of the heap).
 */
export async function planCatalog(options: PlanOptions): Promise<PlannedRun> {
  const { dir, cwd } = options;
  const { state: fullState, files, policies, environment } = await loadForPlanning(options);
  if (options.forApply === true) checkProtection(environment, options.confirmEnvironment);
  const prune = options.prune ?? false;
  if (options.changedSince !== undefined && prune) {
    throw new CatalogError(
      'USAGE',
      '--prune needs the whole catalog; it cannot be combined with --changed-since',
    );
  }
  const state =
    options.changedSince === undefined
      ? fullState
      : restrictToFiles(fullState, await readChangedFiles(cwd, options.changedSince, dir));
  const base =
    options.base === undefined
      ? undefined
      : await readBaseState(options, options.base, fullState, options.environment);
  const connection = await openTarget({
    ...targetOf(options),
    settings: settingsTargetOf(state.settings),
    ...(environment === undefined ? {} : { environment }),
  });
  try {
    // The impact's reads go out as soon as the plan's changes are known, while the plan is checked and judged.
    let impactRead: ImpactRead | undefined;
    const made = await makePlan(
      state,
      files,
      connection,
      { prune, maxDeletes: options.maxDeletes ?? 0, pruneStrategy: options.pruneStrategy ?? 'deprecate' },
      options,
      options.impact === false
        ? undefined
        : (plan) => {
            impactRead = startImpactRead(plan, connection);
          },
    );
    const planned = withEnvironment(made.plan, environment, state);
    const classified = base === undefined ? planned : classifyOrigins(planned, fullState, base);
    const judged = await judgePlan(classified, policies, made.live, files);
    return plannedRun(judged, connection, impactRead, options);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/** Loads and validates the manifests (every problem reported at once), keeping only what planning needs. */
async function loadForPlanning(options: PlanOptions): Promise<{
  state: DesiredState;
  files: LoadedCatalog['files'];
  policies: LoadedPolicies;
  environment: Environment | undefined;
}> {
  // Only the desired state and the files (for messages) outlive loading: the parsed YAML of a large catalog
  // is most of the tool's memory, and would otherwise be held until the end of the run.
  options.onEvent?.({ type: 'progress', phase: 'parsing' });
  const load = await loadCatalog({
    dir: options.dir,
    cwd: options.cwd,
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(options.environment === undefined ? {} : { environment: options.environment }),
  });
  const state = requireValid(load);
  return { state, files: load.files, policies: await policiesOf(load), environment: load.environment };
}

function plannedRun(
  plan: Plan,
  connection: Connection,
  impactRead: ImpactRead | undefined,
  options: PlanOptions,
): PlannedRun {
  let whole: Promise<Plan> | undefined;
  const picture = options.picture !== false;
  const runId = newRunId('catalog');
  return {
    plan,
    target: connection.description,
    runId,
    impactRead: impactRead === undefined ? Promise.resolve() : impactRead.then(() => undefined),
    withImpact: () =>
      (whole ??=
        impactRead === undefined
          ? Promise.resolve(plan)
          : withImpact(plan, impactRead, { picture, ...onEventOf(options) })),
    apply: (applyOptions = {}) => {
      if (options.forApply !== true) checkProtection(plan.environment, options.confirmEnvironment);
      return applyChanges(plan, connection, { ...applyOptions, planJustMade: true, runId });
    },
    close: () => connection.close(),
  };
}

/** The target options and context of the options, as openTarget takes them. */
function targetOf(options: PlanOptions): Parameters<typeof openTarget>[0] {
  return {
    cwd: options.cwd,
    env: options.env,
    ...onEventOf(options),
    ...(options.server === undefined ? {} : { server: options.server }),
    ...(options.graphqlUrl === undefined ? {} : { graphqlUrl: options.graphqlUrl }),
    ...(options.parallelism === undefined ? {} : { parallelism: options.parallelism }),
  };
}

function onEventOf(options: EngineContext): Pick<EngineContext, 'onEvent'> {
  return options.onEvent === undefined ? {} : { onEvent: options.onEvent };
}
