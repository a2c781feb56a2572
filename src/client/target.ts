import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogError } from '../errors.js';
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

  const gmsUrl = normalizeUrl(choice.url, choice.source);
  const graphqlUrl =
    inputs.graphqlUrlFlag !== undefined
      ? normalizeUrl(inputs.graphqlUrlFlag, 'flag')
      : inputs.settingsGraphqlUrl !== undefined
        ? normalizeUrl(inputs.settingsGraphqlUrl, 'settings')
        : `${gmsUrl}/api/graphql`;
  // A token in ~/.datahubenv belongs to the server named there; it is not sent to another server.
  const token =
    nonEmpty(inputs.env['DATAHUB_GMS_TOKEN']) ??
    (datahubEnv?.server !== undefined && normalizeUrl(datahubEnv.server, 'datahubenv') === gmsUrl
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

export function describeTarget(target: Target): string {
  if (target.kind === 'embedded') return `the embedded catalog (${target.dbPath})`;
  const from = {
    flag: '--server',
    environment: 'DATAHUB_GMS_URL',
    settings: 'Settings',
    datahubenv: '~/.datahubenv',
  }[target.source];
  return `${target.gmsUrl} (from ${from}${target.token === undefined ? ', no token' : ', with a token'})`;
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

function normalizeUrl(url: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CatalogError('CONFIG_INVALID', `the server URL from ${source} is not a URL: ${url}`);
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
