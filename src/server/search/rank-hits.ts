/**
 * The first page of a full-text search ranked in memory, from the ids and bm25 scores of every match read in one
 * pass, in exactly the order SQLite's `ORDER BY (name_key = query) DESC, bm25, name_key, urn` gives: an exact name
 * match first, then the lowest score, then name and URN in SQLite's BINARY order (UTF-8 bytes, which is the
 * order of code points). Sorting every match in SQLite to keep ten of them was half of a search's time.
 */
import quickselect from 'quickselect';

/** Matched entities: ids and their bm25 scores, index for index. */
export interface ScoredMatches {
  readonly ids: readonly number[];
  readonly scores: Float64Array;
}

export interface RankedRow {
  readonly id: number;
  readonly nameKey: string;
  readonly urn: string;
}

/** Parses `id score,id score,…` (group_concat of `id || ' ' || bm25(…)`; SQLite writes REALs round-trip). */
export function parseScoredMatches(joined: string | null | undefined): ScoredMatches {
  if (joined === null || joined === undefined || joined === '')
    return { ids: [], scores: new Float64Array(0) };
  let count = 1;
  for (let at = joined.indexOf(','); at !== -1; at = joined.indexOf(',', at + 1)) count += 1;
  const ids = new Array<number>(count);
  const scores = new Float64Array(count);
  // One pass over the text, without splitting it into 80,000 strings first: ids are digits, read as they come.
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    let id = 0;
    let char = joined.charCodeAt(at);
    while (char !== SPACE && at < joined.length) {
      id = id * 10 + (char - ZERO);
      at += 1;
      char = joined.charCodeAt(at);
    }
    const comma = joined.indexOf(',', at + 1);
    const end = comma === -1 ? joined.length : comma;
    ids[index] = id;
    scores[index] = Number(joined.slice(at + 1, end));
    at = end + 1;
  }
  return { ids, scores };
}

const SPACE = 0x20;
const ZERO = 0x30;

/**
 * The positions (in `matches`) of the entities that can be among the first `needed` (start + count) of the
 * ranking: every exact name match, and the other matches scoring at most the needed-th lowest score among them
 * (ties at the edge included, for the name and URN to order).
 */
export function rankCandidates(matches: ScoredMatches, exact: ReadonlySet<number>, needed: number): number[] {
  if (needed <= 0) return [];
  const { ids, scores } = matches;
  const isExact = (position: number): boolean => exact.size > 0 && exact.has(ids[position] as number);
  const exactPositions: number[] = [];
  for (let position = 0; position < ids.length; position += 1)
    if (isExact(position)) exactPositions.push(position);
  const left = needed - exactPositions.length;
  if (left <= 0) return exactPositions;
  const others: number[] = [];
  for (let position = 0; position < ids.length; position += 1)
    if (!isExact(position)) others.push(scores[position] as number);
  // The left-th lowest score, found without sorting every match (a common word has 80,000).
  let threshold = Number.POSITIVE_INFINITY;
  if (others.length > left) {
    quickselect(others, left - 1);
    threshold = others[left - 1] as number;
  }
  const positions = [...exactPositions];
  for (let position = 0; position < ids.length; position += 1)
    if ((scores[position] as number) <= threshold && !isExact(position)) positions.push(position);
  return positions;
}

/** The rows in ranking order: exact name match first, then score, name key and URN (code point order). */
export function sortRanked<T extends RankedRow>(
  rows: readonly T[],
  scoreOf: ReadonlyMap<number, number>,
  nameKey: string,
): T[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.nameKey === nameKey) - Number(a.nameKey === nameKey) ||
      (scoreOf.get(a.id) ?? 0) - (scoreOf.get(b.id) ?? 0) ||
      compareCodePoints(a.nameKey, b.nameKey) ||
      compareCodePoints(a.urn, b.urn),
  );
}

/**
 * Compares strings by code point, as SQLite's BINARY collation compares their UTF-8 bytes (JavaScript's `<`
 * compares UTF-16 units, which puts U+E000..U+FFFF after the surrogate pairs of higher code points).
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit moved so that surrogates (code points above U+FFFF) sort after every other unit. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}
