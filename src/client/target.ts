import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../errors.js';
import type { FailureHints } from './http-client.js';
import { isJsonObject } from '../model/json.js';
import { errorMessage } from '../model/error-message.js';
import { yamlLibrary } from '../model/yaml-library.js';

/** Where the tool reads and writes: a DataHub GMS, or the embedded catalog started in-process. */
export type Target =
  | {
      readonly kind: 'remote';
      readonly gmsUrl: string;
      readonly graphqlUrl: string;
      /** Never printed: describeTarget leaves it out. */
      readonly token?: string;
      readonly source: 'flag' | 'environment' | 'settings' | 'datahubenv';
    }
  | { readonly kind: 'embedded'; readonly dbPath: string };

export const DEFAULT_DB_PATH = '.catalog/catalog.db';

export interface TargetInputs {
  /**
   * The variable `env.DATAHUB_GMS_TOKEN` was read from: an environment's tokenEnv (DATAHUB_PROD_TOKEN) stands in
   * for it. Named in what an authentication failure says; default DATAHUB_GMS_TOKEN.
   */
  readonly tokenVariable?: string;
  /** The Settings environment whose server `settingsServer` is, to name in what an unreachable server says. */
  readonly environmentName?: string;
  readonly serverFlag?: string;
  readonly graphqlUrlFlag?: string;
  readonly settingsServer?: string;
  readonly settingsGraphqlUrl?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir?: string;
  readonly cwd: string;
}

interface DataHubEnv {
  readonly server?: string;
  readonly token?: string;
}

/**
 * Picks the target: `--server`, else DATAHUB_GMS_URL, else the Settings target, else ~/.datahubenv (the file
 * `datahub init` writes), else the embedded catalog in .catalog/catalog.db. The token comes only from
 * DATAHUB_GMS_TOKEN or ~/.datahubenv, never from a flag (flags end up in shell history and CI logs).
 */
export async function resolveTarget(inputs: TargetInputs): Promise<Target> {
  const datahubEnv = await readDataHubEnv(inputs.homeDir ?? inputs.env['HOME']);
  const envUrl = nonEmpty(inputs.env['DATAHUB_GMS_URL']);
  const choice: { url: string; source: 'flag' | 'environment' | 'settings' | 'datahubenv' } | undefined =
    inputs.serverFlag !== undefined
      ? { url: inputs.serverFlag, source: 'flag' }
      : envUrl !== undefined
        ? { url: envUrl, source: 'environment' }
        : inputs.settingsServer !== undefined
          ? { url: inputs.settingsServer, source: 'settings' }
          : datahubEnv?.server !== undefined
            ? { url: datahubEnv.server, source: 'datahubenv' }
            : undefined;
  if (choice === undefined) return { kind: 'embedded', dbPath: path.resolve(inputs.cwd, DEFAULT_DB_PATH) };

  const gmsUrl = normalizeUrl(choice.url, SOURCE_NAMES[choice.source]);
  const graphqlUrl =
    inputs.graphqlUrlFlag !== undefined
      ? normalizeUrl(inputs.graphqlUrlFlag, '--graphql-url')
      : inputs.settingsGraphqlUrl !== undefined
        ? normalizeUrl(inputs.settingsGraphqlUrl, 'Settings')
        : `${gmsUrl}/api/graphql`;
  // A token in ~/.datahubenv belongs to the server named there; it is not sent to another server.
  const token =
    nonEmpty(inputs.env['DATAHUB_GMS_TOKEN']) ??
    (datahubEnv?.server !== undefined && normalizeUrl(datahubEnv.server, '~/.datahubenv') === gmsUrl
      ? nonEmpty(datahubEnv.token)
      : undefined);
  return {
    kind: 'remote',
    gmsUrl,
    graphqlUrl,
    source: choice.source,
    ...(token === undefined ? {} : { token }),
  };
}

const SOURCE_NAMES = {
  flag: '--server',
  environment: 'DATAHUB_GMS_URL',
  settings: 'Settings',
  datahubenv: '~/.datahubenv',
} as const;

export function describeTarget(target: Target): string {
  if (target.kind === 'embedded') return `the embedded catalog (${target.dbPath})`;
  const from = SOURCE_NAMES[target.source];
  return `${target.gmsUrl} (from ${from}${target.token === undefined ? ', no token' : ', with a token'})`;
}

/**
 * What an authentication or connection failure at a remote target tells the user, from what is actually set:
 * a token that was sent and refused (and which variable or file it came from), no token at all (and which variable
 * to set), and where the server's URL came from.
 */
export function failureHintsOf(
  target: Extract<Target, { kind: 'remote' }>,
  inputs: Pick<TargetInputs, 'env' | 'tokenVariable' | 'environmentName'>,
): FailureHints {
  const variable = inputs.tokenVariable ?? 'DATAHUB_GMS_TOKEN';
  const tokenFrom =
    target.token === undefined
      ? undefined
      : nonEmpty(inputs.env['DATAHUB_GMS_TOKEN']) === target.token
        ? variable
        : '~/.datahubenv';
  const setIt =
    `set ${variable} to a personal access token (DataHub: Settings > Access Tokens)` +
    (variable === 'DATAHUB_GMS_TOKEN' ? ', or add one to ~/.datahubenv' : '');
  const urlFrom = {
    flag: '--server',
    environment: 'DATAHUB_GMS_URL',
    settings:
      inputs.environmentName === undefined
        ? 'target.server of the Settings'
        : `the server of environment ${inputs.environmentName} in the Settings`,
    datahubenv: 'gms.server in ~/.datahubenv',
  }[target.source];
  return {
    auth: (status) => {
      if (tokenFrom === undefined) {
        return status === 401
          ? `the server needs a token and none is set: ${setIt}`
          : `the server refuses requests without a token: ${setIt}`;
      }
      return status === 401
        ? `the token from ${tokenFrom} was refused (mistyped, expired, revoked, or made on another DataHub): ${
            tokenFrom === '~/.datahubenv' ? 'put a valid one there, or ' : ''
          }set ${tokenFrom === '~/.datahubenv' ? 'DATAHUB_GMS_TOKEN' : tokenFrom} to a valid personal access token`
        : `the token from ${tokenFrom} is valid, but its user may not do this: a DataHub admin grants the privilege (a policy), or use the token of a user who has it`;
    },
    unreachable: `the URL comes from ${urlFrom}: check it, and that DataHub GMS is running there`,
  };
}

async function readDataHubEnv(home: string | undefined): Promise<DataHubEnv | undefined> {
  if (home === undefined) return undefined;
  const file = path.join(home, '.datahubenv');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  let content: unknown;
  try {
    content = yamlLibrary().parse(text);
  } catch (error) {
    throw new CatalogError('CONFIG_INVALID', `${file} is not valid YAML: ${errorMessage(error)}`);
  }
  const gms = isJsonObject(content) ? content['gms'] : undefined;
  if (!isJsonObject(gms)) return undefined;
  const server = typeof gms['server'] === 'string' ? nonEmpty(gms['server']) : undefined;
  const token = typeof gms['token'] === 'string' ? nonEmpty(gms['token']) : undefined;
  return { ...(server === undefined ? {} : { server }), ...(token === undefined ? {} : { token }) };
}

/** `source`: where the URL came from, as the message names it (`--server`, `Settings`). */
function normalizeUrl(url: string, source: string): string {
  // `127.0.0.1:8080` or `datahub:8080` (no scheme) is the usual slip: URL reads the first as nothing and the
  // second as a scheme "datahub:". Either way, say what was probably meant.
  const withoutScheme = !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url) && /^[\w.-]+(:\d+)?(\/|$)/.test(url);
  if (withoutScheme) {
    throw new CatalogError(
      'CONFIG_INVALID',
      `the server URL from ${source} has no scheme: ${url} (did you mean http://${url}?)`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CatalogError(
      'CONFIG_INVALID',
      `the server URL from ${source} is not a URL: ${url} (a DataHub GMS URL looks like http://localhost:8080)`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CatalogError('CONFIG_INVALID', `the server URL from ${source} must be http(s): ${url}`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new CatalogError(
      'CONFIG_INVALID',
      `the server URL from ${source} must not carry credentials; use DATAHUB_GMS_TOKEN`,
    );
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
