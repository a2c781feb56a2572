/**
 * The action's inputs, read from the environment its steps set (composite actions pass inputs to scripts only
 * through `env:`), and turned into the requests the `run` step makes of the engine, each the same as a catalog
 * command line (reconcileArgs, adoptArgs: what a person runs to do the same). Pure: tests give it a record.
 */
import { environmentFromVariables } from '../engine/context.js';
import { ENVIRONMENT_NAME } from '../engine/environments.js';

export const ACTION_COMMANDS = ['plan', 'apply', 'drift', 'adopt'] as const;
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
  /** adopt: also adopt owners, tags, links and term attachments others added (`catalog adopt --unmanaged`). */
  readonly unmanaged: boolean;
  /** adopt: the one branch its pull request comes from, overwritten on every run that finds something new. */
  readonly adoptBranch: string;
  /**
   * The Settings environments to run for, each on its own (docs/environments.md): none (the manifests as written),
   * named ones, or `all` that the Settings document declares. A plan comments one section per environment.
   */
  readonly environments: readonly string[] | 'all';
}

/** The branch the adoption pull request comes from unless the `adopt-branch` input names another. */
export const DEFAULT_ADOPT_BRANCH = 'catalog/adopt-datahub-changes';

export type Env = Readonly<Record<string, string | undefined>>;

export class ActionInputError extends Error {}

/**
 * Inputs as `INPUT_<NAME>` variables (the names GitHub itself uses for JavaScript actions), with `-` as `_` so
 * that bash can name them too (`adopt-branch` is `INPUT_ADOPT_BRANCH`).
 */
export function readInputs(env: Env): ActionInputs {
  const input = (name: string): string =>
    (env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim();
  const command = input('command') || 'plan';
  if (!isCommand(command)) {
    throw new ActionInputError(
      `input command must be one of ${ACTION_COMMANDS.join(', ')}, not "${command}"`,
    );
  }
  const adoptBranch = input('adopt-branch') || DEFAULT_ADOPT_BRANCH;
  const badBranch = branchNameProblem(adoptBranch);
  if (badBranch !== undefined) {
    throw new ActionInputError(
      `input adopt-branch "${adoptBranch}" is not a usable branch name: ${badBranch}`,
    );
  }
  return {
    command,
    directory: input('directory') || 'catalog',
    server: input('server'),
    token: input('token'),
    base: input('base') || defaultBase(command, env),
    comment: readBoolean(input, 'comment', true),
    ingest: input('ingest')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    unmanaged: readBoolean(input, 'unmanaged', false),
    adoptBranch,
    environments: readEnvironmentNames(input('environments'), command),
  };
}

/** `environments`: empty, `all`, or names separated by commas or lines (each a Settings environment name). */
function readEnvironmentNames(text: string, command: ActionCommand): readonly string[] | 'all' {
  if (text === 'all') {
    if (command === 'adopt')
      throw new ActionInputError('input environments must name one environment for adopt');
    return 'all';
  }
  const names = [...new Set(text.split(/[\s,]+/).filter((name) => name !== ''))];
  for (const name of names) {
    if (!ENVIRONMENT_NAME.test(name)) {
      throw new ActionInputError(`input environments: "${name}" is not an environment name`);
    }
  }
  if (command === 'adopt' && names.length > 1) {
    throw new ActionInputError('input environments must name one environment for adopt');
  }
  return names;
}

function readBoolean(input: (name: string) => string, name: string, fallback: boolean): boolean {
  const value = (input(name) || String(fallback)).toLowerCase();
  if (value !== 'true' && value !== 'false') {
    throw new ActionInputError(`input ${name} must be true or false, not "${value}"`);
  }
  return value === 'true';
}

/**
 * Why a branch name would not do, or undefined. The branch is force-pushed, so a name git would read as an
 * option, a revision expression or another ref namespace is refused before anything runs (the rules of
 * `git check-ref-format --branch`, as far as a name typed into a workflow file needs them).
 */
export function branchNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z0-9._/-]+$/.test(name)) return 'use letters, digits, ".", "_", "-" and "/"';
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/'))
    return 'it starts with - or / or ends with /';
  if (name.includes('..') || name.includes('//')) return 'it contains ".." or "//"';
  if (name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock')))
    return 'a part starts with "." or ends with ".lock"';
  if (name.startsWith('refs/')) return 'name the branch without refs/heads/';
  return undefined;
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
    // adopt's --base makes a field changed on both sides since that revision a conflict; in a clean checkout HEAD
    // would change nothing, so only a base the workflow names is passed.
    case 'adopt':
    case 'apply':
      return '';
  }
}

/** A plan, or a plan and its apply: `catalog reconcile` with the markdown output, as the action runs it. */
export interface ReconcileRequest {
  readonly directory: string;
  /** Where the plan is saved as JSON (--out). */
  readonly planFile: string;
  /** Apply the plan (command apply); else a dry run. */
  readonly apply: boolean;
  readonly base?: string;
  readonly server?: string;
  /** The Settings environment: the one asked for, else CATALOG_ENVIRONMENT (as the CLI reads it). */
  readonly environment?: string;
  /** Apply to an environment named by the inputs confirms it (the CLI's --environment NAME --yes). */
  readonly confirmEnvironment?: string;
}

/**
 * The plan or apply the inputs ask for; the plan is written as JSON to `planFile`. With an environment, apply
 * confirms it: a workflow that applies to a named environment is the reviewed confirmation a protected one asks for.
 */
export function reconcileRequest(
  inputs: ActionInputs,
  planFile: string,
  env: Env,
  environment?: string,
): ReconcileRequest {
  const asked = environment ?? environmentFromVariables(env);
  const apply = inputs.command === 'apply';
  return {
    directory: inputs.directory,
    planFile,
    apply,
    ...(inputs.base === '' ? {} : { base: inputs.base }),
    ...(inputs.server === '' ? {} : { server: inputs.server }),
    ...(asked === undefined ? {} : { environment: asked }),
    ...(apply && environment !== undefined ? { confirmEnvironment: environment } : {}),
  };
}

/** The `catalog reconcile` command line that does what reconcileRequest asks (what a person runs to do the same). */
export function reconcileArgs(inputs: ActionInputs, planFile: string, environment?: string): string[] {
  const request = reconcileRequest(inputs, planFile, {}, environment);
  const args = [
    'reconcile',
    request.directory,
    '--output',
    'markdown',
    '--out',
    request.planFile,
    '--detailed-exitcode',
  ];
  if (!request.apply) args.push('--dry-run');
  if (request.base !== undefined) args.push('--base', request.base);
  if (request.server !== undefined) args.push('--server', request.server);
  if (request.environment !== undefined) {
    args.push('--environment', request.environment);
    if (request.confirmEnvironment !== undefined) args.push('--yes');
  }
  return args;
}

/** What adopt is asked: it edits the manifests in the checkout (the pull-request step commits them). */
export interface AdoptRequest {
  readonly directory: string;
  readonly unmanaged: boolean;
  readonly base?: string;
  readonly server?: string;
  /** The one environment the inputs name, else CATALOG_ENVIRONMENT (as the CLI reads it). */
  readonly environment?: string;
}

export function adoptRequest(inputs: ActionInputs, env: Env): AdoptRequest {
  const [named] = inputs.environments === 'all' ? [] : inputs.environments;
  const environment = named ?? environmentFromVariables(env);
  return {
    directory: inputs.directory,
    unmanaged: inputs.unmanaged,
    ...(inputs.base === '' ? {} : { base: inputs.base }),
    ...(inputs.server === '' ? {} : { server: inputs.server }),
    ...(environment === undefined ? {} : { environment }),
  };
}

/**
 * The `catalog adopt` command line that does what adoptRequest asks: it edits the manifests in the checkout and
 * prints their unified diff; exit 2 says files changed.
 */
export function adoptArgs(inputs: ActionInputs): string[] {
  const request = adoptRequest(inputs, {});
  const args = ['adopt', request.directory, '--detailed-exitcode'];
  if (request.unmanaged) args.push('--unmanaged');
  if (request.base !== undefined) args.push('--base', request.base);
  if (request.server !== undefined) args.push('--server', request.server);
  if (request.environment !== undefined) args.push('--environment', request.environment);
  return args;
}
