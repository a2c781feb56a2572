import { describe, expect, it } from 'vitest';
import {
  compareCodePoints,
  parseScoredMatches,
  rankCandidates as rankPositions,
  sortRanked,
} from './rank-hits.js';

describe('rank-hits', () => {
  it('parses the ids and scores SQLite joined, scores exactly', () => {
    const score = -0.54383798462126243;
    expect(parseScoredMatches(`3 ${score},7 -1.5,9 0`)).toEqual({
      ids: [3, 7, 9],
      scores: Float64Array.from([score, -1.5, 0]),
    });
    expect(parseScoredMatches(null).ids).toEqual([]);
  });

  it('keeps exact name matches and the lowest scores, with every tie at the edge', () => {
    const matches = { ids: [1, 2, 3, 4, 5, 6], scores: Float64Array.from([-1, -3, -2, -2, -5, 0]) };
    const rankCandidates = (...args: Parameters<typeof rankPositions>): number[] =>
      rankPositions(...args).map((position) => matches.ids[position] as number);
    expect(rankCandidates(matches, new Set([6]), 3).sort()).toEqual([2, 5, 6]);
    expect(rankCandidates(matches, new Set([6]), 4).sort()).toEqual([2, 3, 4, 5, 6]);
    expect(rankCandidates(matches, new Set(), 2).sort()).toEqual([2, 5]);
    expect(rankCandidates(matches, new Set([1, 6]), 2).sort()).toEqual([1, 6]);
    expect(rankCandidates(matches, new Set(), 10)).toHaveLength(6);
    expect(rankCandidates(matches, new Set(), 0)).toEqual([]);
  });

  it('orders by exact name, score, then name key and URN by code point', () => {
    const rows = [
      { id: 1, nameKey: 'b', urn: 'u1' },
      { id: 2, nameKey: 'a', urn: 'u2' },
      { id: 3, nameKey: 'q', urn: 'u3' },
      { id: 4, nameKey: 'a', urn: 'u0' },
    ];
    const scores = new Map([
      [1, -2],
      [2, -1],
      [3, 5],
      [4, -1],
    ]);
    expect(sortRanked(rows, scores, 'q').map((row) => row.id)).toEqual([3, 1, 4, 2]);
  });

  it('compares as SQLite BINARY does (UTF-8 bytes), not as UTF-16 units', () => {
    const astral = '\u{1F600}'; // a surrogate pair in UTF-16, four bytes in UTF-8
    const high = '\uFF21'; // above the surrogates in UTF-16, three bytes in UTF-8
    expect(astral < high).toBe(true);
    expect(compareCodePoints(astral, high)).toBeGreaterThan(0);
    expect(Buffer.compare(Buffer.from(astral), Buffer.from(high))).toBeGreaterThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('b', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });
});
