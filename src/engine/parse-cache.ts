import path from 'node:path';
import type { ParseCacheOptions } from '../manifest/load-catalog.js';
import { VERSION } from './version.js';

/** Where parsed manifests are cached: under the working directory, beside the embedded catalog's data. */
export const PARSE_CACHE_DIR = '.catalog/cache/manifests';

/** The parse cache of a run in `cwd`, when it is enabled (the CLI: unless `--no-cache`). */
export function parseCacheOptions(cwd: string, enabled: boolean): ParseCacheOptions | undefined {
  return enabled ? { dir: path.join(cwd, PARSE_CACHE_DIR), toolVersion: VERSION } : undefined;
}
