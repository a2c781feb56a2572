/**
 * Scroll ids (scrollAcrossEntities, scrollAcrossLineage). The catalog's index is not a point-in-time snapshot, so a
 * scroll id is the offset of the next page, base64url-encoded so the app treats it as opaque (as DataHub's is).
 */
import { isJsonObject } from '../../model/json.js';

export function encodeScrollId(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

/** The offset a scroll id names; 0 (the first page) for none, and for one this catalog did not make. */
export function decodeScrollId(scrollId: string | null | undefined): number {
  if (scrollId === undefined || scrollId === null || scrollId === '') return 0;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8'));
    const offset = isJsonObject(decoded) ? decoded['offset'] : undefined;
    return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : 0;
  } catch {
    return 0;
  }
}

/** The id of the page after `page`, or null when it is the last. */
export function nextScrollId(page: {
  readonly start: number;
  readonly count: number;
  readonly total: number;
}): string | null {
  const next = page.start + page.count;
  return next < page.total ? encodeScrollId(next) : null;
}
