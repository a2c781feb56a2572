/**
 * The `browsePathV2` search field, as DataHub's index holds it: the browse path's ids joined by `␟` and starting
 * with one (SearchDocumentTransformer.getBrowsePathV2Value), matched by the app's browse filter (`browsePathV2`
 * EQUAL `␟a␟b`) at every level, as DataHub's path-hierarchy analyzer matches a path's prefixes. So the index keeps
 * each prefix.
 *
 * The path is the stored browsePathsV2's ids; without that aspect it is GMS's default (BrowsePathV2Utils): the
 * entity's container, else a dataset name's parts before the last (split by its platform's delimiter), else
 * `Default`. Derived from the entity's own aspects, a default path holds only the innermost container: an entity
 * in nested containers without a browsePathsV2 aspect is found under its own container, not the outer ones.
 */
import { BOOTSTRAPPED_DATA_PLATFORMS } from '../../datahub/generated/data-platforms.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { decodeUrnPart, parseRawUrn } from '../../model/urn.js';

const DELIMITER = '\u241F';

/** Every prefix of the entity's browse path as the index holds it (`␟a`, `␟a␟b`, …). */
export function browsePathPrefixes(urn: string, aspects: ReadonlyMap<string, JsonObject>): string[] {
  const ids = browsePathIds(urn, aspects);
  return ids.map((_, index) => DELIMITER + ids.slice(0, index + 1).join(DELIMITER));
}

function browsePathIds(urn: string, aspects: ReadonlyMap<string, JsonObject>): string[] {
  const path: JsonValue | undefined = aspects.get('browsePathsV2')?.['path'];
  if (Array.isArray(path))
    return path.flatMap((entry: JsonValue) => {
      const id = isJsonObject(entry) ? entry['id'] : undefined;
      return typeof id === 'string' ? [id] : [];
    });
  const container = aspects.get('container')?.['container'];
  if (typeof container === 'string') return [container];
  const raw = parseRawUrn(urn);
  if (!raw.ok || raw.value.entityType !== 'dataset') return ['Default'];
  const [platform = '', name = ''] = raw.value.parts;
  const delimiter = BOOTSTRAPPED_DATA_PLATFORMS[platform]?.['datasetNameDelimiter'] ?? '.';
  const parts = decodeUrnPart(name)
    .split(delimiter === '' ? '.' : delimiter)
    .filter((part) => part !== '')
    .slice(0, -1);
  return parts.length > 0 ? parts : ['Default'];
}
