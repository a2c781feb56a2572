/**
 * The action's inputs, read from the environment its steps set (composite actions pass inputs to scripts only
 * through `env:`), and turned into the catalog command line. Pure: tests give it a record.
 */

export const ACTION_COMMANDS = ['plan', 'apply', 'drift'] as const;
export type ActionCommand = (typeof ACTION_COMMANDS)[number];

export interface ActionInputs {
  readonly command: ActionCommand;
  readonly directory: string;
  /** Empty: the embedded catalog (useful for a demo or a first try). */
  readonly server: string;
  readonly token: string;
  /** The git revision whose manifests tell manifest changes from drift; empty for none. */
  readonly base: string;
  readonly comment: boolean;
  /** Metadata files loaded into the target before planning (e.g. datasets for a demo catalog). */
  readonly ingest: readonly string[];
}

export type Env = Readonly<Record<string, string | undefined>>;

export class ActionInputError extends Error {}

/** Inputs as `INPUT_<NAME>` variables (the names GitHub itself uses for JavaScript actions). */
export function readInputs(env: Env): ActionInputs {
  const input = (name: string): string => (env[`INPUT_${name.toUpperCase()}`] ?? '').trim();
  const command = input('command') || 'plan';
  if (!isCommand(command)) {
    throw new ActionInputError(
      `input command must be one of ${ACTION_COMMANDS.join(', ')}, not "${command}"`,
    );
  }
  const comment = (input('comment') || 'true').toLowerCase();
  if (comment !== 'true' && comment !== 'false') {
    throw new ActionInputError(`input comment must be true or false, not "${comment}"`);
  }
  return {
    command,
    directory: input('directory') || 'catalog',
    server: input('server'),
    token: input('token'),
    base: input('base') || defaultBase(command, env),
    comment: comment === 'true',
    ingest: input('ingest')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}

function isCommand(value: string): value is ActionCommand {
  return (ACTION_COMMANDS as readonly string[]).includes(value);
}

/**
 * A pull request's plan compares with its base branch (so the comment tells manifest changes from drift); a
 * drift check compares with the commit it runs on; an apply needs no base.
 */
function defaultBase(command: ActionCommand, env: Env): string {
  switch (command) {
    case 'plan': {
      const baseRef = env['GITHUB_BASE_REF'] ?? '';
      return baseRef === '' ? '' : `origin/${baseRef}`;
    }
    case 'drift':
      return 'HEAD';
    case 'apply':
      return '';
  }
}

/** The `catalog reconcile` arguments for the inputs; the plan is written as JSON to `planFile`. */
export function reconcileArgs(inputs: ActionInputs, planFile: string): string[] {
  const args = [
    'reconcile',
    inputs.directory,
    '--output',
    'markdown',
    '--out',
    planFile,
    '--detailed-exitcode',
  ];
  if (inputs.command !== 'apply') args.push('--dry-run');
  if (inputs.base !== '') args.push('--base', inputs.base);
  if (inputs.server !== '') args.push('--server', inputs.server);
  return args;
}
