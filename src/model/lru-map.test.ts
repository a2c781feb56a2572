import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

describe('LruMap', () => {
  it('drops the least recently used entry past its capacity, a read or a write counting as a use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.size]).toEqual([1, 3, 2]);
    map.set('c', 4);
    map.set('d', 5);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([undefined, 4, 5]);
    map.clear();
    expect(map.size).toBe(0);
  });
});
