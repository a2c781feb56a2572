import fc from 'fast-check';
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
    expect(parseScoredMatches('12 -1e-7').scores).toEqual(Float64Array.from([-1e-7]));
    // Not SQLite's output, but read to its end rather than looping.
    expect(parseScoredMatches('12').ids).toEqual([12]);
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

  it('picks the candidates a full sort of the scores picks, on many matches with ties', () => {
    // Few distinct scores: ties at the edge are the rule.
    const match = fc.record({ score: fc.integer({ min: -40, max: 0 }), exact: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(match, { minLength: 0, maxLength: 3000 }),
        fc.integer({ min: 0, max: 60 }),
        (rows, needed) => {
          const ids = rows.map((_, i) => i * 3 + 1);
          const scores = Float64Array.from(rows, (row) => row.score / 8);
          const exact = new Set(ids.filter((_, i) => rows[i]?.exact === true && i % 16 === 0));
          const bySort = (): number[] => {
            if (needed <= 0) return [];
            const exactPositions = ids.flatMap((id, position) => (exact.has(id) ? [position] : []));
            const left = needed - exactPositions.length;
            if (left <= 0) return exactPositions;
            const others = [...scores].filter((_, position) => !exact.has(ids[position] as number)).sort((a, b) => a - b); // prettier-ignore
            const threshold = others[Math.min(left, others.length) - 1] ?? Number.NEGATIVE_INFINITY;
            const rest = ids.flatMap((id, position) => ((scores[position] as number) <= threshold && !exact.has(id) ? [position] : [])); // prettier-ignore
            return [...exactPositions, ...rest];
          };
          expect(rankPositions({ ids, scores }, exact, needed)).toEqual(bySort());
        },
      ),
      { numRuns: 50 },
    );
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
