import { CatalogError } from '../errors.js';
import { plural } from '../render/plural.js';
import type { CliIo } from './io.js';

/** The flags that answer the question for the user. */
export interface ApprovalFlags {
  /** --auto-approve: apply without asking (Terraform's -auto-approve). */
  readonly autoApprove?: boolean;
  /** --yes: the same, and it confirms a protected environment named with --environment. */
  readonly yes?: boolean;
}

/**
 * Whether `reconcile` asks before it writes. As Terraform's apply does: on a terminal (the user types at stdin and
 * reads stderr) it shows the plan and asks, unless --auto-approve or --yes answered already. In CI, in a pipe, from
 * cron (no terminal, or CI set, as every CI service sets it) it never asks and needs no flag: the scheduled syncs
 * run unattended as they always did.
 */
export function asksBeforeApplying(flags: ApprovalFlags, io: CliIo): boolean {
  if (flags.yes === true || flags.autoApprove === true) return false;
  return io.stdin?.isTTY === true && io.stderr.isTTY && !runsInCi(io.env);
}

/** CI=true (or any value but false/0): GitHub Actions, GitLab CI, CircleCI, Jenkins' plugins and others set it. */
export function runsInCi(env: CliIo['env']): boolean {
  const value = env['CI']?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/**
 * JSON on stdout is printed with the apply's result, after the writes: there is no plan to show before asking
 * (Terraform refuses -json without -auto-approve for the same reason).
 */
export function checkCanAsk(output: string, flags: ApprovalFlags, io: CliIo): void {
  if (output === 'json' && asksBeforeApplying(flags, io)) {
    throw new CatalogError(
      'USAGE',
      '--output json cannot show the plan before asking to apply it: add --auto-approve to apply, or --dry-run to plan',
    );
  }
}

/** Asks on stderr, as Terraform does; only `yes` applies. False (and it says nothing was written) otherwise. */
export async function confirmApply(io: CliIo, target: string, changes: number): Promise<boolean> {
  io.stderr.write(
    `\nDo you want to apply ${plural(changes, 'change')} to ${target}?\n` +
      '  Only "yes" will be accepted to approve (--auto-approve skips this question).\n\n' +
      '  Enter a value: ',
  );
  const answer = await io.stdin?.readLine();
  if (answer?.trim() === 'yes') {
    io.stderr.write('\n');
    return true;
  }
  io.stderr.write(`${answer === undefined ? '\n' : ''}\nApply cancelled: nothing was written.\n`);
  return false;
}
