import { describe, expect, it } from 'vitest';
import { createResultCache } from './resultCache';

const result = (side: number) => ({ width: side, height: side });

describe('effect result cache', () => {
  it('finds a result by source object and key (undo/redo back to earlier parameters)', () => {
    const cache = createResultCache<{ width: number; height: number }>(1000);
    const photo = {};
    const other = {};
    const a = result(10);
    cache.set(photo, 'brightness=20', a);
    expect(cache.get(photo, 'brightness=20')).toBe(a);
    expect(cache.get(other, 'brightness=20')).toBeUndefined();
    expect(cache.get(photo, 'brightness=21')).toBeUndefined();
  });

  it('drops the least recently used results beyond its pixel budget', () => {
    const cache = createResultCache<{ width: number; height: number }>(250);
    const photo = {};
    cache.set(photo, 'a', result(10));
    cache.set(photo, 'b', result(10));
    cache.get(photo, 'a');
    cache.set(photo, 'c', result(10));
    expect(cache.get(photo, 'b')).toBeUndefined();
    expect(cache.get(photo, 'a')).toBeDefined();
    expect(cache.get(photo, 'c')).toBeDefined();
    expect(cache.pixels).toBe(200);
  });

  it('replacing a key does not count it twice', () => {
    const cache = createResultCache<{ width: number; height: number }>(1000);
    const photo = {};
    cache.set(photo, 'a', result(10));
    cache.set(photo, 'a', result(20));
    expect(cache.pixels).toBe(400);
  });
});
