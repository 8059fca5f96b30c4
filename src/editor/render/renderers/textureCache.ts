/**
 * Least-recently-used caches for GPU textures (SPEC §9: "Texture cache: 100 in pool, 50 in editor").
 * The pool holds the WebGL runner's textures (LUTs, the grain texture, uploaded sources); the editor
 * cache holds rendered effect results per layer. An evicted entry is handed to `onEvict` so the owner
 * can free the GPU memory at once rather than waiting for garbage collection.
 */

/** Textures kept by the WebGL runner's pool. */
export const TEXTURE_POOL_LIMIT = 100;
/** Rendered layer results kept by the editor. */
export const EDITOR_TEXTURE_LIMIT = 50;

export class LruCache<K, V> {
  // A Map iterates in insertion order, so re-inserting on access keeps the oldest entry first.
  private readonly entries = new Map<K, V>();

  constructor(
    readonly limit: number,
    private readonly onEvict: (value: V, key: K) => void = () => undefined,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Invalid cache limit: ${limit}`);
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, marked most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` as most recently used, evicting the least recently used entries above the limit. */
  set(key: K, value: V): void {
    const previous = this.entries.get(key);
    this.entries.delete(key);
    if (previous !== undefined && previous !== value) this.onEvict(previous, key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldestKey);
      this.onEvict(oldest, oldestKey);
    }
  }

  /** The cached value, or the one `make` builds (stored before returning). */
  getOrCreate(key: K, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    this.set(key, value);
    return value;
  }

  /** Removes one entry, evicting it. */
  delete(key: K): boolean {
    if (!this.entries.has(key)) return false;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.onEvict(value, key);
    return true;
  }

  /** Evicts everything. */
  clear(): void {
    const all = [...this.entries];
    this.entries.clear();
    for (const [key, value] of all) this.onEvict(value, key);
  }

  /** Keys from least to most recently used (for tests and debugging). */
  keys(): K[] {
    return [...this.entries.keys()];
  }
}

/**
 * The editor's cache of rendered effect results (canvases) by key, e.g. `${layerId}:${paramsHash}:${w}x${h}`,
 * at most {@link EDITOR_TEXTURE_LIMIT}. An evicted canvas is shrunk to 0×0 so its pixels are freed at once.
 */
export function createEditorTextureCache<C extends { width: number; height: number }>(): LruCache<string, C> {
  return new LruCache<string, C>(EDITOR_TEXTURE_LIMIT, (canvas) => {
    canvas.width = 0;
    canvas.height = 0;
  });
}
