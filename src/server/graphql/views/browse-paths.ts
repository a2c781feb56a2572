/**
 * An entity's browse paths, as DataHub's search index holds them. browsePathsV2 is the aspect's entries (the index
 * holds each entry's id; the urn names the entity shown for it); without the aspect it is the path GMS writes at ingest when it is missing
 * (BrowsePathV2Utils.getDefaultBrowsePathV2): the container chain, else the dataset name's parts before the last by
 * the platform's delimiter, else `Default`. The legacy path is the browsePaths aspect's first path, else
 * BrowsePathUtils.getDefaultBrowsePath: /origin/platform/name parts, in lower case.
 */
import { isJsonObject, type JsonValue } from '../../../model/json.js';
import { decodeUrnPart, parseRawUrn } from '../../../model/urn.js';
import type { CatalogService } from '../../catalog-service.js';

const DEFAULT_FOLDER = 'Default';

/** One level of a browse path: what the index holds (`id`), and the entity it names when it names one. */
export interface BrowsePathEntry {
  readonly id: string;
  readonly urn?: string;
}

/**
 * browsePathsV2's entries, or DataHub's default path (BrowsePathV2Utils.getDefaultBrowsePathV2: each container as
 * an entry whose id and urn are its URN; name parts and `Default` as ids).
 */
export function browsePathV2Entries(service: CatalogService, urn: string): BrowsePathEntry[] {
  const aspect = service.latest(urn, 'browsePathsV2');
  const entries: JsonValue | undefined = aspect?.['path'];
  if (Array.isArray(entries)) {
    return entries.flatMap((entry: JsonValue) => {
      if (!isJsonObject(entry) || typeof entry['id'] !== 'string') return [];
      return [
        typeof entry['urn'] === 'string' ? { id: entry['id'], urn: entry['urn'] } : { id: entry['id'] },
      ];
    });
  }
  const containers = containerChain(service, urn);
  if (containers.length > 0) return containers.map((container) => ({ id: container, urn: container }));
  return defaultFolders(service, urn).map((id) => ({ id }));
}

/** The path the index holds: each entry's id (BrowsePathsV2 makes each entry's id searchable), as DataHub browses it. */
export function browsePathV2(service: CatalogService, urn: string): string[] {
  return browsePathV2Entries(service, urn).map((entry) => entry.id);
}

/** The folders of an entity without containers: a dataset's name parts, a job's flow, else `Default`. */
function defaultFolders(service: CatalogService, urn: string): string[] {
  const raw = parseRawUrn(urn);
  if (!raw.ok) return [DEFAULT_FOLDER];
  if (raw.value.entityType === 'dataJob') return [raw.value.parts[0] ?? DEFAULT_FOLDER];
  if (raw.value.entityType !== 'dataset') return [DEFAULT_FOLDER];
  const [platform = '', name = ''] = raw.value.parts;
  const parts = datasetNameParts(service, platform, name);
  return parts.length > 0 ? parts : [DEFAULT_FOLDER];
}

/** The legacy browse path: the browsePaths aspect's first path, or /origin/platform/name parts in lower case. */
export function browsePathV1(service: CatalogService, urn: string): string[] {
  const aspect = service.latest(urn, 'browsePaths');
  const paths: JsonValue | undefined = aspect?.['paths'];
  const listed: readonly JsonValue[] = Array.isArray(paths) ? paths : [];
  const first = listed[0];
  if (typeof first === 'string') return first.split('/').filter((part) => part !== '');
  const raw = parseRawUrn(urn);
  if (!raw.ok || raw.value.entityType !== 'dataset') return [];
  const [platform = '', name = '', origin = ''] = raw.value.parts;
  const platformName = decodeUrnPart(platform.replace(/^urn:li:dataPlatform:/, ''));
  return [origin, platformName, ...datasetNameParts(service, platform, name)]
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
}

/** The parts of a dataset name before the last, split by the platform's delimiter ('.' without one). */
function datasetNameParts(service: CatalogService, platform: string, name: string): string[] {
  const delimiter = service.latest(platform, 'dataPlatformInfo')?.['datasetNameDelimiter'];
  const separator = typeof delimiter === 'string' && delimiter !== '' ? delimiter : '.';
  const parts = decodeUrnPart(name)
    .split(separator)
    .filter((part) => part !== '');
  return parts.slice(0, -1);
}

/** The containers an entity is in, outermost first; a cycle in the data ends the walk. */
function containerChain(service: CatalogService, urn: string): string[] {
  const chain: string[] = [];
  const seen = new Set([urn]);
  let parent = service.latest(urn, 'container')?.['container'];
  while (typeof parent === 'string' && !seen.has(parent) && chain.length < 100) {
    seen.add(parent);
    chain.unshift(parent);
    parent = service.latest(parent, 'container')?.['container'];
  }
  return chain;
}
