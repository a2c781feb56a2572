import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

type YamlLibrary = typeof Yaml;

const require = createRequire(import.meta.url);
let library: YamlLibrary | undefined;

/**
 * The `yaml` library, loaded the first time it is needed. Manifests are parsed by the fast path (parse-events.ts)
 * and most runs never reach `yaml`, whose loading was about 30 ms of every plan and validate.
 */
export function yamlLibrary(): YamlLibrary {
  library ??= require('yaml') as YamlLibrary;
  return library;
}
