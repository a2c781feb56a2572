import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyPlan, type ApplyResult } from '../../apply/apply-plan.js';
import { CatalogError } from '../../errors.js';
import { stableStringify } from '../../model/json.js';
import { parsePlan } from '../../plan/plan-json.js';
import type { Plan } from '../../plan/types.js';
import { connect, httpOptionsFrom, type Connection } from '../connect.js';
import type { CliIo } from '../io.js';
import { useColor } from '../io.js';
import { createStyle } from '../output/style.js';
import type { OutputFormat } from './reconcile.js';
import { renderPlan } from './reconcile.js';
import { errorMessage } from '../../model/error-message.js';
import { plural } from '../output/plural.js';

/**
 * `catalog apply plan.json`: applies a saved plan, and refuses it (exit 1, naming the aspects) when any aspect
 * version it read has moved since, or when it was made against another server.
 */
export async function runApply(
  file: string,
  options: { server?: string; graphqlUrl?: string; parallelism?: string; output: OutputFormat },
  io: CliIo,
): Promise<number> {
  const text = await readFile(path.resolve(io.cwd, file), 'utf8').catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot read the plan ${file}: ${errorMessage(error)}`);
  });
  const plan = parsePlan(text, file);
  const connection = await connect(
    {
      ...(options.server === undefined ? {} : { serverFlag: options.server }),
      ...(options.graphqlUrl === undefined ? {} : { graphqlUrlFlag: options.graphqlUrl }),
    },
    io,
    httpOptionsFrom(options),
  );
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
    return (await applyAndReport(plan, connection, io, 'text')) ? 0 : 1;
  } finally {
    await connection.close();
  }
}

/** Applies a plan with progress on a TTY, and reports what was applied, what failed and what was skipped. */
export async function applyAndReport(
  plan: Plan,
  connection: Connection,
  io: CliIo,
  output: OutputFormat,
): Promise<boolean> {
  const style = createStyle(useColor(io.stderr, io.env));
  const progress = io.stderr.isTTY;
  io.stderr.write(`applying ${plural(plan.changes.length, 'change')} to ${connection.description}\n`);
  const result = await applyPlan(plan, connection.client, {
    runId: `catalog-${plan.git.revision?.slice(0, 12) ?? 'local'}`,
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
  for (const step of result.steps.filter((item) => item.status !== 'applied')) {
    io.stderr.write(
      `  ${step.status === 'failed' ? style.red('failed') : style.dim('skipped')} ${step.change.id}${step.error === undefined ? '' : `: ${step.error}`}\n`,
    );
  }
  if (!result.ok)
    io.stderr.write('Run the same command again to finish: it re-plans from the catalog as it is now.\n');
  return result.ok;
}

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
