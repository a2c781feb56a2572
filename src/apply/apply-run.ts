/**
 * One run of an apply: the plan executed (apply-plan.ts) under a run id, recorded in the catalog (run-record.ts)
 * and read back (verify-writes.ts). The run's record is written once the plan has passed its checks, just before the
 * first write, and completed at the end with what was written; a record that cannot be written is a warning, never
 * the reason an apply fails.
 */
import { readServerRelease, type DataHubClient } from '../client/datahub-client.js';
import { behaves } from '../client/server-capabilities.js';
import { errorMessage } from '../model/error-message.js';
import type { Proposal } from '../model/proposal.js';
import type { Plan } from '../plan/types.js';
import { applyPlan, type ApplyOptions, type ApplyResult } from './apply-plan.js';
import { runEndProposal, runStartProposals, type RunStart, type RunWrite } from './run-record.js';
import { verifyWrites, type Verification } from './verify-writes.js';

export interface RunOptions extends Omit<ApplyOptions, 'onStart' | 'planDigest'> {
  readonly planDigest: string;
  /** What the run's record says of it (the run id and digest are the options'). */
  readonly describe: Omit<RunStart, 'runId' | 'planDigest' | 'startedAt' | 'changes'>;
  /** Read every written aspect back and compare (default true; --no-verify: false). */
  readonly verify?: boolean;
  /** Write the run's record (default true). */
  readonly record?: boolean;
  /** For tests: how waiting for writes to become visible waits (verify-writes.ts). */
  readonly wait?: (ms: number) => Promise<void>;
}

export interface RunResult extends ApplyResult {
  readonly runId: string;
  readonly planDigest: string;
  /** Absent with verify: false. */
  readonly verification?: Verification;
}

/** How long an apply waits for its writes to show on a release whose indexes follow writes asynchronously. */
export const SETTLE_MS = 10_000;

export async function applyRun(plan: Plan, client: DataHubClient, options: RunOptions): Promise<RunResult> {
  const now = options.now ?? Date.now;
  const warn = (message: string): void => options.onWarning?.(message);
  let start: RunStart | undefined;
  const record = async (proposals: Proposal[], when: string): Promise<void> => {
    if (options.record === false) return;
    try {
      await client.restli.ingestBatch(proposals);
    } catch (error) {
      warn(
        `the record of run ${options.runId} could not be written ${when} (${errorMessage(error)}); the run goes on`,
      );
    }
  };
  let result: ApplyResult;
  try {
    result = await applyPlan(plan, client, {
      ...options,
      onStart: async () => {
        start = {
          ...options.describe,
          runId: options.runId,
          planDigest: options.planDigest,
          startedAt: now(),
          changes: plan.changes.length,
        };
        await record(runStartProposals(start), 'as it started');
      },
    });
  } catch (error) {
    // Refused before the first write (start undefined: nothing was recorded), or failed while writing.
    if (start !== undefined) {
      const counts = { applied: 0, failed: plan.changes.length, skipped: 0 };
      const end = {
        status: 'FAILURE' as const,
        finishedAt: now(),
        counts,
        writes: [],
        error: errorMessage(error),
      };
      await record([runEndProposal(start, end)], 'as it ended');
    }
    throw error;
  }
  const verification =
    options.verify === false
      ? undefined
      : await verifyWrites(client.restli, result.steps, {
          settleMs: behaves((await readServerRelease(client.restli)).release, 'syncIndex') ? 0 : SETTLE_MS,
          now,
          ...(options.wait === undefined ? {} : { wait: options.wait }),
        });
  const ok = result.ok && (verification?.failures.length ?? 0) === 0;
  if (start !== undefined) {
    const counts = {
      applied: result.applied,
      failed: result.failed,
      skipped: result.skipped,
      ...(verification === undefined
        ? {}
        : { verified: verification.verified, checked: verification.checked }),
    };
    const end = {
      status: ok ? ('SUCCESS' as const) : ('FAILURE' as const),
      finishedAt: now(),
      counts,
      writes: runWrites(result, verification),
    };
    await record([runEndProposal(start, end)], 'as it ended');
  }
  return {
    ...result,
    ok,
    runId: options.runId,
    planDigest: options.planDigest,
    ...(verification === undefined ? {} : { verification }),
  };
}

/**
 * Every aspect the run wrote, with the version it found (the plan's) and the one it left (read back; '' without
 * verification). A create's status mark is written beside its aspect, from no version.
 */
function runWrites(result: ApplyResult, verification: Verification | undefined): RunWrite[] {
  const after = (aspect: string, urn: string): string => verification?.versions.get(`${aspect} ${urn}`) ?? '';
  const writes: RunWrite[] = [];
  for (const { change, status } of result.steps) {
    if (status !== 'applied') continue;
    writes.push({
      urn: change.urn,
      aspect: change.aspect,
      before: change.versionSeen,
      after: after(change.aspect, change.urn),
    });
    if (change.kind === 'createGlossaryTerm' || (change.kind === 'upsertAspect' && change.markStatus))
      writes.push({ urn: change.urn, aspect: 'status', before: '', after: after('status', change.urn) });
  }
  return writes;
}
