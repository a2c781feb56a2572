/**
 * Environments (manifests.md, "Environments, renames, domains and data products"): the Settings `environments`
 * map, read and selected by name. Pure: the name comes from the CLI (--environment or CATALOG_ENVIRONMENT).
 *
 * The map is read from a Settings document's value before or after its schema checked it (variables are
 * interpolated before validation, so this reads defensively and ignores what is not the expected shape: the
 * schema reports that).
 */
import { isJsonObject } from '../model/json.js';

/** What an environment may be called: the pattern of the Settings schema's `environments` keys. */
export const ENVIRONMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export interface Environment {
  readonly name: string;
  readonly server?: string;
  readonly graphqlUrl?: string;
  /** The name of the variable the token is read from; never the token. */
  readonly tokenEnv?: string;
  /** The FabricType that replaces defaults.env and the env of every URN the catalog builds. */
  readonly env?: string;
  readonly platformInstance?: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly protect: boolean;
}

export type EnvironmentChoice =
  | { readonly ok: true; readonly environment?: Environment }
  | { readonly ok: false; readonly message: string; readonly hint: string };

/** The environments a Settings document's value declares, sorted by name. */
export function readEnvironments(settings: unknown): readonly Environment[] {
  const map = isJsonObject(settings) ? settings['environments'] : undefined;
  if (!isJsonObject(map)) return [];
  const environments: Environment[] = [];
  for (const name of Object.keys(map).sort()) {
    const value = map[name];
    if (!isJsonObject(value)) continue;
    const text = (key: string): string | undefined => {
      const field = value[key];
      return typeof field === 'string' ? field : undefined;
    };
    const [server, graphqlUrl, tokenEnv, env, platformInstance] = [
      text('server'),
      text('graphqlUrl'),
      text('tokenEnv'),
      text('env'),
      text('platformInstance'),
    ];
    const variables: Record<string, string> = {};
    const declared = value['variables'];
    if (isJsonObject(declared)) {
      for (const [variable, replacement] of Object.entries(declared)) {
        if (typeof replacement === 'string') variables[variable] = replacement;
      }
    }
    environments.push({
      name,
      ...(server === undefined ? {} : { server }),
      ...(graphqlUrl === undefined ? {} : { graphqlUrl }),
      ...(tokenEnv === undefined ? {} : { tokenEnv }),
      ...(env === undefined ? {} : { env }),
      ...(platformInstance === undefined ? {} : { platformInstance }),
      variables,
      protect: value['protect'] === true,
    });
  }
  return environments;
}

/**
 * The environment named `name` (none asked for: no environment, the catalog as written). A name the catalog
 * does not declare is refused with the names it does declare.
 */
export function selectEnvironment(
  environments: readonly Environment[],
  name: string | undefined,
): EnvironmentChoice {
  if (name === undefined) return { ok: true };
  const environment = environments.find((candidate) => candidate.name === name);
  if (environment !== undefined) return { ok: true, environment };
  const known = environments.map((candidate) => candidate.name);
  return {
    ok: false,
    message: `unknown environment '${name}'`,
    hint:
      known.length === 0
        ? 'the Settings document declares no environments (add an `environments:` map, manifests.md)'
        : `the catalog declares ${known.join(', ')}`,
  };
}
