import type { EngineContext } from '../engine/context.js';
import { ingestFiles } from '../engine/ingest-files.js';
import { planAdoption } from '../engine/plan-adoption.js';
import { planCatalog } from '../engine/plan-catalog.js';
import { writePlanFile } from '../engine/plan-file.js';
import { renderAdoptionSummary, renderConflictLine } from '../render/render-adoption.js';
import { failureReport, renderApplyLine, renderRunLine } from '../render/render-apply.js';
import { renderIngestedLine } from '../render/render-ingest.js';
import { renderPlan } from '../render/render-plan.js';
import type { AdoptRequest, ReconcileRequest } from './inputs.js';
import { TranscriptWriter, type Transcript } from './transcript.js';

/**
 * The catalog runs of the action's `run` step, through the engine, each printing what `catalog reconcile`,
 * `catalog adopt` and `catalog ingest` print for the same request (inputs.ts gives the command lines), so that the
 * comment, the summary and the outputs read as the CLI's.
 */
export interface RunContext {
  readonly env: EngineContext['env'];
  readonly cwd: string;
  readonly log: (text: string) => void;
}

/**
 * Plans (and for `apply`, applies) as `catalog reconcile --output markdown --out <planFile> --detailed-exitcode`:
 * the plan, whole with its impact, is saved before the first write; stdout is its markdown, then the apply's line.
 */
export async function reconcile(request: ReconcileRequest, context: RunContext): Promise<Transcript> {
  const transcript = new TranscriptWriter(context.env, context.log);
  try {
    const run = await planCatalog({
      cwd: context.cwd,
      env: context.env,
      onEvent: transcript.onEvent,
      dir: request.directory,
      cache: true,
      forApply: request.apply,
      ...(request.environment === undefined ? {} : { environment: request.environment }),
      ...(request.confirmEnvironment === undefined ? {} : { confirmEnvironment: request.confirmEnvironment }),
      ...(request.base === undefined ? {} : { base: request.base }),
      ...(request.server === undefined ? {} : { server: request.server }),
    });
    try {
      const applying = request.apply && run.plan.changes.length > 0;
      // The impact's reads end before the first write: what they find is the catalog as the plan saw it.
      if (applying) await run.impactRead;
      const plan = await run.withImpact();
      await writePlanFile(plan, request.planFile, context.cwd);
      transcript.err(`plan saved to ${request.planFile}\n`);
      transcript.out(renderPlan(plan, 'markdown', transcript.style));
      if (!applying) return transcript.end(plan.changes.length > 0 ? 2 : 0);
      const result = await run.apply({ onEvent: transcript.onEvent });
      // The run's id and the digest of the plan above it, then what it did, ending with `verified N/N`.
      transcript.out(`\n${renderRunLine(result)}\n\n${renderApplyLine(result, transcript.style)}\n`);
      for (const line of failureReport(result)) transcript.err(`${line}\n`);
      const verified =
        result.verification === undefined
          ? ''
          : `${result.verification.verified}/${result.verification.checked}`;
      return transcript.end(result.ok ? 2 : 1, {
        runId: result.runId,
        planDigest: result.planDigest,
        verified,
      });
    } finally {
      await run.close();
    }
  } catch (error) {
    return transcript.fail(error);
  }
}

/**
 * Adopts as `catalog adopt <dir> --detailed-exitcode`: the manifests in the checkout are edited; stdout is their
 * unified diff; exit 2 says files changed.
 */
export async function adopt(request: AdoptRequest, context: RunContext): Promise<Transcript> {
  const transcript = new TranscriptWriter(context.env, context.log);
  try {
    const run = await planAdoption({
      cwd: context.cwd,
      env: context.env,
      onEvent: transcript.onEvent,
      dir: request.directory,
      cache: true,
      unmanaged: request.unmanaged,
      ...(request.environment === undefined ? {} : { environment: request.environment }),
      ...(request.base === undefined ? {} : { base: request.base }),
      ...(request.server === undefined ? {} : { server: request.server }),
    });
    try {
      transcript.out(run.diff);
      transcript.err(renderAdoptionSummary(run.adoptions, run.files.size, false));
      for (const conflict of run.conflicts) transcript.err(renderConflictLine(conflict));
      await run.writeFiles();
      return transcript.end(run.files.size > 0 ? 2 : 0);
    } finally {
      await run.close();
    }
  } catch (error) {
    return transcript.fail(error);
  }
}

/** Loads one metadata file into the target, as `catalog ingest <file> [--server <url>]`; exit 1 when refused. */
export async function ingest(
  file: string,
  server: string | undefined,
  context: RunContext,
): Promise<Transcript> {
  const transcript = new TranscriptWriter(context.env, context.log);
  try {
    const outcomes = await ingestFiles({
      cwd: context.cwd,
      env: context.env,
      onEvent: transcript.onEvent,
      files: [file],
      ...(server === undefined ? {} : { server }),
      onFile: (outcome) => {
        if (outcome.kind === 'ingested')
          transcript.out(renderIngestedLine(outcome.file, outcome, outcome.target));
        else transcript.err(outcome.message);
      },
    });
    return transcript.end(outcomes.every((outcome) => outcome.kind === 'ingested') ? 0 : 1);
  } catch (error) {
    return transcript.fail(error);
  }
}
