import type { EventListener } from './events.js';

/**
 * What an operation is given instead of reading the process's own: the engine never reads process.env or
 * process.cwd() (the CLI passes its own, tests and programs pass theirs).
 */
export interface EngineContext {
  /** What relative paths (the catalog directory, plan and output files) are resolved against. */
  readonly cwd: string;
  /**
   * The environment variables the target is chosen with: DATAHUB_GMS_URL, DATAHUB_GMS_TOKEN, HOME (for
   * ~/.datahubenv), and the token variable an environment names. CATALOG_ENVIRONMENT is the caller's to read.
   */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Told what happens as it happens (events.ts). */
  readonly onEvent?: EventListener;
}

/** Where a catalog is reached: each unset field falls back as target selection says (openTarget). */
export interface TargetOptions {
  /** The DataHub GMS URL; default DATAHUB_GMS_URL, the Settings target, ~/.datahubenv, else the embedded catalog. */
  readonly server?: string;
  /** The GraphQL endpoint; default `<server>/api/graphql`. */
  readonly graphqlUrl?: string;
  /** Requests in flight at most, within each phase of an apply: 1 to 64 (default 4). */
  readonly parallelism?: number;
}

/**
 * The Settings environment a run's variables ask for: CATALOG_ENVIRONMENT, trimmed (none when unset or empty).
 * The CLI's --environment flag, or the Action's input, wins over it.
 */
export function environmentFromVariables(env: EngineContext['env']): string | undefined {
  const fromEnv = env['CATALOG_ENVIRONMENT']?.trim();
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}
