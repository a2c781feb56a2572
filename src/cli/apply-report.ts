import type { ApplyOptions } from '../engine/apply-changes.js';
import { stableStringify } from '../model/json.js';
import { planDigest } from '../plan/plan-digest.js';
import type { Plan } from '../plan/types.js';
import {
  applyResultToJson,
  failureReport,
  renderApplyLine,
  type ApplyOutcome,
} from '../render/render-apply.js';
import { createStyle, useColor } from '../render/style.js';
import type { CliIo } from './io.js';
import type { OutputFormat } from './print-plan.js';
import { endProgress, reportEvents } from './report-events.js';

/**
 * Applies a plan (the engine's `apply` of a planned run or a saved plan) with its progress on stderr, and reports what
 * was applied, what failed and what was skipped: one line on stdout (or, with JSON, the plan with its `apply`
 * result), the failures on stderr. True when everything was applied.
 */
export async function applyAndReport(
  apply: (options: ApplyOptions) => Promise<ApplyOutcome>,
  plan: Plan,
  io: CliIo,
  output: OutputFormat,
  verify = true,
): Promise<boolean> {
  const style = createStyle(useColor(io.stderr, io.env));
  const result = await apply({ onEvent: reportEvents(io), verify });
  endProgress(io);
  if (output === 'json') {
    // The plan as its JSON document has it (with its digest), and what the apply did.
    const document = { ...plan, digest: planDigest(plan), apply: applyResultToJson(result) };
    io.stdout.write(`${stableStringify(document, 2)}\n`);
  } else {
    io.stdout.write(`${renderApplyLine(result, style)}\n`);
  }
  for (const line of failureReport(result)) io.stderr.write(`${line}\n`);
  return result.ok;
}
