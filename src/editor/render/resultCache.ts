/**
 * Effect results by (source, key), least recently used first out, bounded by total pixels, so
 * undo/redo between recent parameter sets shows the earlier result at once. A source is any
 * object (a decoded picture, a canvas); it is held weakly, so dropping a picture frees its results.
 */

/** About 48 MP of results (~190 MB of canvas memory at 4 bytes a pixel). */
export const RESULT_CACHE_PIXELS = 48_000_000;

interface Sized {
  width: number;
  height: number;
}

export interface ResultCache<V extends Sized> {
  get(source: object, key: string): V | undefined;
  set(source: object, key: string, value: V): void;
  readonly pixels: number;
}

export function createResultCache<V extends Sized>(budgetPixels = RESULT_CACHE_PIXELS): ResultCache<V> {
  const bySource = new WeakMap<object, Map<string, V>>();
  // Recency order; a WeakRef keeps the list from holding sources alive.
  const order: Array<{ source: WeakRef<object>; key: string; pixels: number }> = [];
  let pixels = 0;

  const evict = () => {
    while (pixels > budgetPixels && order.length > 1) {
      const oldest = order.shift();
      if (!oldest) break;
      pixels -= oldest.pixels;
      const source = oldest.source.deref();
      if (source) bySource.get(source)?.delete(oldest.key);
    }
  };

  const touch = (source: object, key: string) => {
    const i = order.findIndex((entry) => entry.key === key && entry.source.deref() === source);
    if (i >= 0 && i !== order.length - 1) order.push(...order.splice(i, 1));
  };

  return {
    get(source, key) {
      const value = bySource.get(source)?.get(key);
      if (value) touch(source, key);
      return value;
    },
    set(source, key, value) {
      let byKey = bySource.get(source);
      if (!byKey) {
        byKey = new Map();
        bySource.set(source, byKey);
      }
      if (byKey.has(key)) {
        const i = order.findIndex((entry) => entry.key === key && entry.source.deref() === source);
        if (i >= 0) pixels -= order.splice(i, 1)[0].pixels;
      }
      byKey.set(key, value);
      const size = value.width * value.height;
      order.push({ source: new WeakRef(source), key, pixels: size });
      pixels += size;
      evict();
    },
    get pixels() {
      return pixels;
    },
  };
}
