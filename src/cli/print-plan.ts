import { setImmediate } from 'node:timers/promises';
import { inPieces, writePlanFile } from '../engine/plan-file.js';
import { escapeJsonControls } from '../model/escape-control.js';
import { serializePlanChunks } from '../plan/plan-json.js';
import type { Plan } from '../plan/types.js';
import { renderPlan as renderPlanAs, type PlanFormat } from '../render/render-plan.js';
import { renderPlanTextPieces } from '../render/render-plan-text.js';
import { createStyle, useColor } from '../render/style.js';
import type { CliIo } from './io.js';

export type OutputFormat = PlanFormat;

/** The flags that say where a plan goes: --output, --out, and whether it is a dry run. */
export interface PlanOutput {
  readonly output: OutputFormat;
  readonly out?: string;
  readonly dryRun: boolean;
}

/** The plan as --output prints it (render/render-plan.ts), coloured when stdout is a terminal. */
export function renderPlan(plan: Plan, format: OutputFormat, io: CliIo): string {
  return renderPlanAs(plan, format, createStyle(useColor(io.stdout, io.env)));
}

/** The plan saved (--out) and printed. */
export async function emitPlan(plan: Plan, options: PlanOutput, io: CliIo): Promise<void> {
  await savePlan(plan, options, io);
  await printPlan(plan, options, io);
}

/** With --out, the plan's JSON document to its file. */
export async function savePlan(plan: Plan, options: Pick<PlanOutput, 'out'>, io: CliIo): Promise<void> {
  if (options.out === undefined) return;
  await writePlanFile(plan, options.out, io.cwd);
  io.stderr.write(`plan saved to ${options.out}\n`);
}

/**
 * The plan on stdout. A large plan is written as it is rendered, and between pieces the event loop runs (and waits
 * for a slow reader to take what was written): an apply going on alongside keeps its requests moving.
 */
export async function printPlan(
  plan: Plan,
  options: Pick<PlanOutput, 'output' | 'dryRun'>,
  io: CliIo,
): Promise<void> {
  // In apply mode with JSON output, the plan and the apply result are printed together once applied.
  if (options.output === 'json' && !options.dryRun && plan.changes.length > 0) return;
  if (options.output === 'markdown') {
    io.stdout.write(renderPlan(plan, 'markdown', io));
    return;
  }
  // Written as it is rendered (see serializePlanChunks), with the same escapes as renderPlan's.
  const json = options.output === 'json';
  const pieces = json
    ? serializePlanChunks(plan)
    : renderPlanTextPieces(plan, createStyle(useColor(io.stdout, io.env)));
  for (const piece of inPieces(pieces)) {
    io.stdout.write(json ? escapeJsonControls(piece) : piece);
    await (io.stdout.drained?.() ?? setImmediate());
  }
}

/** The picture of the plan is shown by markdown and kept in JSON (printed or saved); the text leaves it out. */
export function showsPicture(options: Pick<PlanOutput, 'output' | 'out'>): boolean {
  return options.output !== 'text' || options.out !== undefined;
}
