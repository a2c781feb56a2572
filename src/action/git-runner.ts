import { simpleGit } from 'simple-git';
import { errorMessage } from '../model/error-message.js';
import { redactSecret } from './github-rest.js';
import type { Env } from './inputs.js';

/**
 * git for the adoption pull request, through simple-git. The token for the push never touches the command line
 * (other processes can read it there) or the repository's config (later steps could): it is handed to each git
 * process as `http.<server>/.extraheader` in the process's own environment (GIT_CONFIG_COUNT, git 2.31+), the
 * same header actions/checkout uses, scoped to the GitHub server so no other host is sent it.
 */

export interface GitCallOptions {
  /** Variables added to this one call's environment (GIT_INDEX_FILE, author and committer). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Runs `git <args>` in the repository and resolves its stdout; rejects with git's error, secrets redacted. */
export type GitRunner = (args: readonly string[], options?: GitCallOptions) => Promise<string>;

export interface GitRunnerOptions {
  /** A directory inside the working tree. */
  readonly cwd: string;
  /** The environment to take git's variables from; only those in GIT_ENVIRONMENT are passed on. */
  readonly env: Env;
  /** Credentials for fetch and push; without them git uses what the checkout configured (e.g. file:// needs none). */
  readonly auth?: { readonly serverUrl: string; readonly token: string };
  readonly log?: (text: string) => void;
}

/**
 * What git needs from the runner: where programs are, the home its global config is in (actions/checkout records
 * `safe.directory` there), locale, temp, proxies and certificates. Nothing else: not the action's inputs (the
 * tokens), and not the editor, pager or askpass variables simple-git refuses to pass.
 */
export const GIT_ENVIRONMENT: readonly string[] = [
  'PATH',
  'HOME',
  'USERPROFILE',
  'SYSTEMROOT',
  'XDG_CONFIG_HOME',
  'LANG',
  'LC_ALL',
  'TMPDIR',
  'TEMP',
  'TMP',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'GIT_SSL_CAINFO',
];

export async function createGitRunner(options: GitRunnerOptions): Promise<GitRunner> {
  const base: Record<string, string> = {};
  for (const name of GIT_ENVIRONMENT) {
    const value = options.env[name];
    if (value !== undefined) base[name] = value;
  }
  // Never wait for a password prompt: with no usable credentials, fail at once.
  base['GIT_TERMINAL_PROMPT'] = '0';
  const token = options.auth?.token ?? '';

  const run: GitRunner = async (args, call = {}) => {
    const git = simpleGit({
      baseDir: options.cwd,
      // The header below is set through GIT_CONFIG_* variables, which simple-git refuses unless allowed.
      unsafe: { allowUnsafeConfigEnvCount: true },
    });
    try {
      return await git.env({ ...base, ...call.env }).raw([...args]);
    } catch (error) {
      throw new Error(redactSecret(`git ${args.join(' ')}: ${errorMessage(error).trim()}`, token));
    }
  };

  if (options.auth !== undefined && options.auth.token !== '') {
    const key = `http.${options.auth.serverUrl.replace(/\/+$/, '')}/.extraheader`;
    // A checkout that persisted its credentials (actions/checkout's default) has set this header already; a
    // second Authorization header makes GitHub refuse the request, so its own is used then.
    const configured = await run(['config', '--get-all', key]).catch(() => '');
    if (configured.trim() !== '') {
      options.log?.(`git: using the credentials the checkout configured for ${options.auth.serverUrl}\n`);
    } else {
      const basic = Buffer.from(`x-access-token:${options.auth.token}`).toString('base64');
      base['GIT_CONFIG_COUNT'] = '1';
      base['GIT_CONFIG_KEY_0'] = key;
      base['GIT_CONFIG_VALUE_0'] = `AUTHORIZATION: basic ${basic}`;
    }
  }
  return run;
}
