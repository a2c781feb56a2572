/**
 * aspectHistory: every stored version of an entity's aspects, newest first, with who wrote it, when, and what
 * changed from the version before (the rows DataHub keeps in metadata_aspect_v2; GMS serves old values through
 * GET /aspects/<urn>?aspect=&version=N).
 */
import { diffJson } from '../../model/json-diff.js';
import { stableStringify } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';
import type { StoredAspect } from '../store/aspect-store.js';
import { appendTo } from '../../model/group.js';

export interface AspectHistoryInput {
  readonly urn: string;
  readonly aspect?: string | null;
  readonly start?: number | null;
  readonly count?: number | null;
}

/** One stored version of an aspect, with what changed from the version before (JSON texts of the values). */
export interface AspectVersionView {
  readonly aspectName: string;
  readonly version: number;
  readonly revision: string | null;
  readonly createdOn: number;
  readonly createdBy: string;
  readonly payload: string;
  readonly systemMetadata: string;
  readonly changes: readonly {
    readonly path: string;
    readonly before: string | null;
    readonly after: string | null;
  }[];
}

export interface AspectHistoryView {
  readonly urn: string;
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly versions: readonly AspectVersionView[];
}

export function aspectHistory(service: CatalogService, input: AspectHistoryInput): AspectHistoryView {
  const rows = service.history(input.urn, input.aspect ?? undefined);
  // Per aspect, newest first: the latest row (version 0), then the kept history N, N-1, ..., 1.
  const byAspect = new Map<string, StoredAspect[]>();
  for (const row of rows) appendTo(byAspect, row.aspect, row);
  const versions: { row: StoredAspect; previous: StoredAspect | undefined }[] = [];
  for (const list of byAspect.values()) {
    const ordered = [...list].sort((a, b) => newness(b) - newness(a));
    ordered.forEach((row, index) => versions.push({ row, previous: ordered[index + 1] }));
  }
  versions.sort(
    (a, b) =>
      b.row.createdOn - a.row.createdOn ||
      a.row.aspect.localeCompare(b.row.aspect) ||
      newness(b.row) - newness(a.row),
  );
  const start = Math.max(0, input.start ?? 0);
  const count = Math.min(Math.max(0, input.count ?? 50), 1000);
  const page = versions.slice(start, start + count);
  return {
    urn: input.urn,
    start,
    count: page.length,
    total: versions.length,
    versions: page.map(({ row, previous }) => ({
      aspectName: row.aspect,
      version: row.version,
      revision: typeof row.systemMetadata['version'] === 'string' ? row.systemMetadata['version'] : null,
      createdOn: row.createdOn,
      createdBy: row.createdBy,
      payload: stableStringify(row.value),
      systemMetadata: stableStringify(row.systemMetadata),
      changes:
        previous === undefined
          ? []
          : diffJson(previous.value, row.value).map((change) => ({
              path: change.path,
              before: change.before === undefined ? null : JSON.stringify(change.before),
              after: change.after === undefined ? null : JSON.stringify(change.after),
            })),
    })),
  };
}

/** Row version 0 is the latest; history rows count up from 1 (the oldest). */
function newness(row: StoredAspect): number {
  return row.version === 0 ? Number.MAX_SAFE_INTEGER : row.version;
}
