import { describe, expect, it } from 'vitest';
import { anyOf, BOUND_ONE_BY_ONE, listOf } from './sql-lists.js';

describe('listOf', () => {
  it('binds a short list one value at a time, each through `item`', () => {
    expect(listOf(['a', 'b'])).toEqual({ sql: '(?, ?)', params: ['a', 'b'] });
    expect(listOf(['A'], (item) => `lower(${item})`)).toEqual({ sql: '(lower(?))', params: ['A'] });
  });

  it('binds a list longer than BOUND_ONE_BY_ONE as one JSON parameter', () => {
    const values = Array.from({ length: BOUND_ONE_BY_ONE + 1 }, (_, i) => `v${i}`);
    expect(listOf(values.slice(0, BOUND_ONE_BY_ONE)).params).toHaveLength(BOUND_ONE_BY_ONE);
    expect(listOf(values)).toEqual({
      sql: '(SELECT value FROM json_each(?))',
      params: [JSON.stringify(values)],
    });
    expect(listOf(values, (item) => `lower(${item})`).sql).toBe('(SELECT lower(value) FROM json_each(?))');
  });
});

describe('anyOf', () => {
  it('joins a short list of tests with OR, one parameter each', () => {
    expect(anyOf(['%a%', '%b%'], (item) => `x LIKE ${item}`)).toEqual({
      sql: '(x LIKE ? OR x LIKE ?)',
      params: ['%a%', '%b%'],
    });
  });

  it('tests a long list through EXISTS over one JSON parameter', () => {
    const values = Array.from({ length: BOUND_ONE_BY_ONE + 1 }, (_, i) => i);
    expect(anyOf(values, (item) => `x > ${item}`)).toEqual({
      sql: 'EXISTS (SELECT 1 FROM json_each(?) AS listed WHERE x > listed.value)',
      params: [JSON.stringify(values)],
    });
  });
});
