import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyPlan, type ApplyResult, type StepResult } from '../../apply/apply-plan.js';
import { CatalogError } from '../../errors.js';
import { stableStringify } from '../../model/json.js';
import { parsePlan } from '../../plan/plan-json.js';
import type { Plan } from '../../plan/types.js';
import { checkProtection, connectWithFlags, environmentNameOf, type Connection } from '../connect.js';
import type { CliIo } from '../io.js';
import { createStyle, useColor } from '../../render/style.js';
import type { OutputFormat } from './reconcile.js';
import { renderPlan } from './reconcile.js';
import { errorMessage } from '../../model/error-message.js';
import { plural } from '../../render/plural.js';
import { appendTo } from '../../model/group.js';

/**
 * `catalog apply plan.json`: applies a saved plan, and refuses it (exit 1, naming the aspects) when any aspect
 * version it read has moved since, or when it was made against another server.
 */
export async function runApply(
  file: string,
  options: {
    server?: string;
    graphqlUrl?: string;
    parallelism?: string;
    output: OutputFormat;
    environment?: string;
    yes?: boolean;
  },
  io: CliIo,
): Promise<number> {
  const text = await readFile(path.resolve(io.cwd, file), 'utf8').catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read the plan ${file}: ${errorMessage(error)}`);
  });
  const plan = parsePlan(text, file);
  checkPlanEnvironment(plan, file, options, io);
  const connection = await connectWithFlags(options, io);
  try {
    const target = connection.target.kind === 'embedded' ? 'embedded' : connection.target.gmsUrl;
    if (target !== plan.target) {
      throw new CatalogError(
        'PLAN_INVALID',
        `${file} was made against ${plan.target}, but this run targets ${target}; make a new plan for it`,
      );
    }
    if (plan.changes.length === 0) {
      io.stdout.write('The plan has no changes: nothing to apply.\n');
      return 0;
    }
    io.stdout.write(renderPlan(plan, options.output === 'json' ? 'text' : options.output, io));
    return (await applyAndReport(plan, connection, io, 'text', { planJustMade: false })) ? 0 : 1;
  } finally {
    await connection.close();
  }
}

/**
 * A plan made for an environment is applied to that environment only: another one asked for is refused, and a
 * protected one needs --environment <name> and --yes. (The plan file is untrusted input: its environment is read
 * defensively, and never chooses the server or the token; the target check does that.)
 */
function checkPlanEnvironment(
  plan: Plan,
  file: string,
  options: { readonly environment?: string; readonly yes?: boolean },
  io: CliIo,
): void {
  // parsePlan checked the environment's shape.
  const name = plan.environment?.name;
  const asked = environmentNameOf(options, io.env);
  if (asked !== undefined && asked !== name) {
    throw new CatalogError(
      'PLAN_INVALID',
      `${file} was made for ${name === undefined ? 'no environment' : `environment ${name}`}, but this run asks for environment ${asked}; make a new plan for it`,
    );
  }
  if (plan.environment === undefined) return;
  checkProtection(plan.environment, options);
}

/** Applies a plan with progress on a TTY, and reports what was applied, what failed and what was skipped. */
export async function applyAndReport(
  plan: Plan,
  connection: Connection,
  io: CliIo,
  output: OutputFormat,
  options: { readonly planJustMade: boolean },
): Promise<boolean> {
  const style = createStyle(useColor(io.stderr, io.env));
  const progress = io.stderr.isTTY;
  io.stderr.write(`applying ${plural(plan.changes.length, 'change')} to ${connection.description}\n`);
  const result = await applyPlan(plan, connection.client, {
    runId: `catalog-${plan.git.revision?.slice(0, 12) ?? 'local'}`,
    planJustMade: options.planJustMade,
    onWarning: (message) => io.stderr.write(`${style.yellow('warning')} ${message}\n`),
    ...(progress
      ? { onProgress: (done: number, total: number) => io.stderr.write(`\r  ${done}/${total} applied`) }
      : {}),
  });
  if (progress) io.stderr.write('\n');
  if (output === 'json') {
    io.stdout.write(`${stableStringify({ ...plan, apply: summarizeResult(result) }, 2)}\n`);
  } else {
    io.stdout.write(`${reportLine(result, style)}\n`);
  }
  for (const line of failureReport(result)) io.stderr.write(`${line}\n`);
  return result.ok;
}

/** How many entities a failure report names before it says "and N more". */
const NAMED = 5;

/**
 * What did not get applied, in a few lines however large the plan: failures grouped by cause (conflicts with a
 * concurrent writer first), each with a count, the first entities and what to do; skipped steps in one line.
 * The JSON output keeps every step.
 */
export function failureReport(result: ApplyResult): string[] {
  const failed = result.steps.filter((step) => step.status === 'failed');
  const skipped = result.steps.filter((step) => step.status === 'skipped');
  if (failed.length === 0 && skipped.length === 0) return [];
  const lines: string[] = [];
  const byCause = new Map<string, StepResult[]>();
  for (const step of failed) {
    const cause =
      step.conflict === true ? CONFLICT : (step.error ?? 'unknown error').replace(/ of \S+ (?=failed)/, ' ');
    appendTo(byCause, cause, step);
  }
  const causes = [...byCause.keys()].sort((a, b) => (a === CONFLICT ? -1 : b === CONFLICT ? 1 : 0));
  for (const cause of causes) {
    const steps = byCause.get(cause) ?? [];
    const entities = [...new Set(steps.map((step) => step.change.urn))];
    const named = entities.slice(0, NAMED).join(', ');
    const more = entities.length > NAMED ? ` and ${entities.length - NAMED} more` : '';
    lines.push(
      cause === CONFLICT
        ? `  conflict: ${plural(steps.length, 'aspect')} of ${plural(entities.length, 'entity', 'entities')} changed by someone else while this apply ran (${named}${more}); they were not overwritten`
        : `  failed: ${plural(steps.length, 'change')} of ${plural(entities.length, 'entity', 'entities')} (${named}${more}): ${cause}`,
    );
  }
  if (skipped.length > 0)
    lines.push(
      `  skipped: ${plural(skipped.length, 'change')} after the failure (later phases depend on it)`,
    );
  lines.push(
    byCause.has(CONFLICT)
      ? "Run the same command again: it re-plans from the catalog as it is now, including the other writer's changes, and shows what is left to do."
      : 'Run the same command again to finish: it re-plans from the catalog as it is now.',
  );
  return lines;
}

const CONFLICT = 'conflict';

function reportLine(result: ApplyResult, style: ReturnType<typeof createStyle>): string {
  const text = `Apply ${result.ok ? 'complete' : 'incomplete'}: ${result.applied} applied, ${result.failed} failed, ${result.skipped} skipped.`;
  return result.ok ? style.green(text) : style.red(text);
}

function summarizeResult(result: ApplyResult): Record<string, unknown> {
  return {
    ok: result.ok,
    applied: result.applied,
    failed: result.failed,
    skipped: result.skipped,
    steps: result.steps.map((step) => ({
      id: step.change.id,
      status: step.status,
      ...(step.error === undefined ? {} : { error: step.error }),
    })),
  };
}
