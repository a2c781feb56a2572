/**
 * The embedded catalog's GraphQL schema: DataHub's own SDL at the reference release (src/datahub/graphql, vendored
 * unchanged by scripts/vendor-datahub-graphql.mjs) plus our extensions (extensions.graphql beside this file).
 * The .graphql files are copied next to the compiled code by scripts/copy-ui-assets.mjs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const DATAHUB_SDL_DIR = path.join(here, '../../datahub/graphql');
const EXTENSIONS_FILE = path.join(here, 'extensions.graphql');

/** DataHub's SDL files in name order (the order does not matter to buildSchema; it keeps errors stable). */
export function readDataHubSdl(): string {
  return readdirSync(DATAHUB_SDL_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(path.join(DATAHUB_SDL_DIR, name), 'utf8'))
    .join('\n');
}

export function readSchemaSdl(): string {
  return `${readDataHubSdl()}\n${readFileSync(EXTENSIONS_FILE, 'utf8')}`;
}
