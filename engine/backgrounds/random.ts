/** Seeded pseudo-random numbers, so a background looks the same on every render and every server. */

/**
 * Mulberry32: tiny, fast and good enough for placing shapes. Returns numbers in [0, 1).
 * @example const rand = seededRandom(7); rand() // 0.6...
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in [min, max) from `rand`. */
export const between = (rand: () => number, min: number, max: number): number => min + (max - min) * rand();
