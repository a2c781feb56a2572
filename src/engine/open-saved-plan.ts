import { CatalogError } from '../errors.js';
import { planDigest } from '../plan/plan-digest.js';
import type { Plan } from '../plan/types.js';
import { applyChanges, type ApplyOptions, type RunResult } from './apply-changes.js';
import { newRunId } from './run-id.js';
import type { EngineContext, TargetOptions } from './context.js';
import { checkProtection, openTarget, planTargetOf } from './open-target.js';
import { readPlanFile } from './plan-file.js';

export interface SavedPlanOptions extends EngineContext, TargetOptions {
  /** The plan file (relative to cwd), as `planCatalog` and writePlanFile save it. */
  readonly file: string;
  /** The environment the caller asks for (the CLI: --environment, else CATALOG_ENVIRONMENT). */
  readonly environment?: string;
  /** Confirms applying to this protected environment (the CLI: --environment NAME with --yes). */
  readonly confirmEnvironment?: string;
  /**
   * The digest the plan was approved with (the one its pull-request comment showed): a plan with another is refused.
   * The whole `sha256:…` digest, or its first 12 hex digits as the comment shows them.
   */
  readonly expectDigest?: string;
}

/** A saved plan, checked against the run and connected to its target. */
export interface SavedPlan {
  readonly plan: Plan;
  /** The target, as shown to people. */
  readonly target: string;
  /** The id of the run `apply` makes (see PlannedRun.runId). */
  readonly runId: string;
  /** The plan's digest (plan-digest.ts): checked against its content when it was read. */
  readonly planDigest: string;
  /** Applies the plan; every aspect it writes is read again first (a plan made before someone else changed one is refused whole). */
  apply(options?: ApplyOptions): Promise<RunResult>;
  close(): Promise<void>;
}

/**
 * Reads a saved plan and connects to its target, refusing it when it was made for another environment or another
 * server, or for a protected environment the caller did not confirm. Nothing is written until `apply`.
 */
export async function openSavedPlan(options: SavedPlanOptions): Promise<SavedPlan> {
  const plan = await readPlanFile(options.file, options.cwd);
  checkPlanDigest(plan, options);
  checkPlanEnvironment(plan, options);
  const {
    file,
    environment: _environment,
    confirmEnvironment: _confirm,
    expectDigest: _digest,
    ...target
  } = options;
  const connection = await openTarget(target);
  try {
    const planned = planTargetOf(connection.target);
    if (planned !== plan.target) {
      throw new CatalogError(
        'PLAN_INVALID',
        `${file} was made against ${plan.target}, but this run targets ${planned}; make a new plan for it`,
      );
    }
  } catch (error) {
    await connection.close();
    throw error;
  }
  const runId = newRunId('catalog');
  return {
    plan,
    target: connection.description,
    runId,
    planDigest: planDigest(plan),
    apply: (applyOptions = {}) =>
      applyChanges(plan, connection, { ...applyOptions, planJustMade: false, runId }),
    close: () => connection.close(),
  };
}

/**
 * A plan made for an environment is applied to that environment only: another one asked for is refused, and a
 * protected one needs confirming. (The plan file is untrusted input: its environment is read defensively, and
 * never chooses the server or the token; the target check does that.)
 */
function checkPlanEnvironment(plan: Plan, options: SavedPlanOptions): void {
  // parsePlan checked the environment's shape.
  const name = plan.environment?.name;
  const asked = options.environment;
  if (asked !== undefined && asked !== name) {
    throw new CatalogError(
      'PLAN_INVALID',
      `${options.file} was made for ${name === undefined ? 'no environment' : `environment ${name}`}, but this run asks for environment ${asked}; make a new plan for it`,
    );
  }
  if (plan.environment === undefined) return;
  checkProtection(plan.environment, options.confirmEnvironment);
}

/** A plan other than the one approved is refused, whatever it holds (its content matches its own digest). */
function checkPlanDigest(plan: Plan, options: SavedPlanOptions): void {
  const expected = options.expectDigest?.trim();
  if (expected === undefined) return;
  const digest = planDigest(plan);
  const short = /^[0-9a-f]{12,64}$/.test(expected) && digest.startsWith(`sha256:${expected}`);
  if (digest === expected || short) return;
  throw new CatalogError(
    'PLAN_INVALID',
    `${options.file} is not the plan that was approved: its digest is ${digest}, not ${expected}; nothing was written`,
  );
}
