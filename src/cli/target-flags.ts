import { environmentFromVariables, type EngineContext, type TargetOptions } from '../engine/context.js';
import { isValidParallelism, MAX_PARALLELISM } from '../engine/open-target.js';
import { CatalogError } from '../errors.js';
import type { CliIo } from './io.js';
import { reportEvents } from './report-events.js';

/**
 * The target flags every command that talks to a catalog takes (--server, --graphql-url, --parallelism,
 * --environment), as commander gives them.
 */
export interface TargetFlags {
  readonly server?: string;
  readonly graphqlUrl?: string;
  readonly parallelism?: string;
  readonly environment?: string;
}

/** The engine's target options of the flags; `--parallelism <n>` is an integer from 1 to 64. */
export function targetOptionsOf(flags: TargetFlags): TargetOptions {
  return {
    ...(flags.server === undefined ? {} : { server: flags.server }),
    ...(flags.graphqlUrl === undefined ? {} : { graphqlUrl: flags.graphqlUrl }),
    ...(flags.parallelism === undefined ? {} : { parallelism: parseParallelism(flags.parallelism) }),
  };
}

function parseParallelism(text: string): number {
  const parallelism = Number(text);
  if (!isValidParallelism(parallelism)) {
    throw new CatalogError(
      'USAGE',
      `--parallelism must be an integer from 1 to ${MAX_PARALLELISM}, got ${text}`,
    );
  }
  return parallelism;
}

/** The environment asked for: `--environment NAME`, else CATALOG_ENVIRONMENT; none when neither is set. */
export function environmentNameOf(flags: TargetFlags, env: CliIo['env']): string | undefined {
  return flags.environment ?? environmentFromVariables(env);
}

/**
 * The protected environment a run confirms applying to: the one named with `--environment NAME` on the command
 * line (not only CATALOG_ENVIRONMENT, which a shell or CI job may have set for another purpose), with `--yes`.
 */
export function confirmedEnvironment(flags: {
  readonly environment?: string;
  readonly yes?: boolean;
}): string | undefined {
  return flags.yes === true ? flags.environment : undefined;
}

/** What the engine is given of the CLI's process: its working directory, variables, and stderr for its events. */
export function contextOf(io: CliIo): EngineContext {
  return { cwd: io.cwd, env: io.env, onEvent: reportEvents(io) };
}
