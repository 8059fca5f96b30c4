import { describe, expect, it } from 'vitest';
import { createEditorTextureCache, EDITOR_TEXTURE_LIMIT, LruCache, TEXTURE_POOL_LIMIT } from './textureCache';

describe('texture caches', () => {
  it('are sized as SPEC §9 says: 100 in the pool, 50 in the editor', () => {
    expect(TEXTURE_POOL_LIMIT).toBe(100);
    expect(EDITOR_TEXTURE_LIMIT).toBe(50);
    expect(createEditorTextureCache().limit).toBe(50);
  });

  it('evicts the least recently used entry, counting reads as use', () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>(3, (_v, k) => evicted.push(k));
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', 4);
    expect(evicted).toEqual(['b']);
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    expect(cache.has('b')).toBe(false);
  });

  it('never holds more than its limit and frees every evicted value', () => {
    const freed: number[] = [];
    const cache = new LruCache<number, number>(TEXTURE_POOL_LIMIT, (v) => freed.push(v));
    for (let i = 0; i < 250; i++) cache.set(i, i);
    expect(cache.size).toBe(100);
    expect(freed).toEqual(Array.from({ length: 150 }, (_, i) => i));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(freed).toHaveLength(250);
  });

  it('getOrCreate builds once; replacing a value frees the old one', () => {
    const freed: string[] = [];
    const cache = new LruCache<string, string>(2, (v) => freed.push(v));
    let builds = 0;
    const make = () => `tex${++builds}`;
    expect(cache.getOrCreate('lut:a', make)).toBe('tex1');
    expect(cache.getOrCreate('lut:a', make)).toBe('tex1');
    expect(builds).toBe(1);
    cache.set('lut:a', 'tex9');
    expect(freed).toEqual(['tex1']);
    expect(cache.delete('lut:a')).toBe(true);
    expect(freed).toEqual(['tex1', 'tex9']);
    expect(cache.delete('lut:a')).toBe(false);
  });

  it('the editor cache shrinks evicted canvases to free their pixels', () => {
    const cache = createEditorTextureCache<{ width: number; height: number }>();
    const canvases = Array.from({ length: 51 }, () => ({ width: 640, height: 480 }));
    canvases.forEach((c, i) => cache.set(`layer${i}`, c));
    expect(canvases[0]).toEqual({ width: 0, height: 0 });
    expect(canvases[1]).toEqual({ width: 640, height: 480 });
  });

  it('rejects a limit below 1', () => {
    expect(() => new LruCache(0)).toThrow('Invalid cache limit: 0');
  });
});
