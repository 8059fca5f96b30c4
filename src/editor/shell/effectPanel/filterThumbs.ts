/**
 * Filter thumbnails: a small picture (≤ 96 px) run through each filter's baked lookup table on the
 * CPU (bakeLut + applyLut, the same maths the renderer uses), cached by source and filter. Pure
 * apart from the cache, so it runs in tests without a DOM.
 */
import { bakeLut, applyLut } from '../../../../engine/effects/filters';
import type { FilterDef } from '../../../../engine/effects/filters';

/** Longest side of a thumbnail, in pixels. */
export const THUMB_MAX = 96;

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The thumbnail size of a w×h picture: the long side THUMB_MAX (never upscaled), at least 1×1. */
export function thumbnailSize(width: number, height: number, max = THUMB_MAX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A stand-in picture when there is no photo to preview: hues left to right, a light sky band at
 * the top fading to deep shadow at the bottom, and a skin-tone disc in the middle, so warm, cool,
 * mono and contrast filters all look different from each other.
 */
export function sampleGradient(size = THUMB_MAX): Pixels {
  const data = new Uint8ClampedArray(size * size * 4);
  const hue = (h: number, l: number): [number, number, number] => {
    const f = (n: number) => {
      const k = (n + h * 12) % 12;
      return l - 0.5 * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)) * 1.6;
    };
    return [f(0), f(8), f(4)];
  };
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      let rgb = hue(x / size, 0.8 - 0.6 * (y / (size - 1 || 1)));
      if (Math.hypot(x - c, y - c) < size * 0.22) rgb = [0.87, 0.67, 0.55];
      data[i] = rgb[0] * 255;
      data[i + 1] = rgb[1] * 255;
      data[i + 2] = rgb[2] * 255;
      data[i + 3] = 255;
    }
  }
  return { data, width: size, height: size };
}

/** One filter applied to a thumbnail at `strength` (0..100); alpha and size are kept. */
export function filterThumbnail(source: Pixels, filter: Pick<FilterDef, 'grade'>, strength = 100): Pixels {
  return { data: applyLut(source.data, bakeLut(filter.grade), strength), width: source.width, height: source.height };
}

const CACHE_LIMIT = 240;
const cache = new Map<string, Pixels>();

/** filterThumbnail memoised by `${sourceKey}|${uid}` (least recently used dropped past CACHE_LIMIT). */
export function cachedFilterThumbnail(sourceKey: string, source: Pixels, filter: Pick<FilterDef, 'uid' | 'grade'>): Pixels {
  const key = `${sourceKey}|${filter.uid}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = filterThumbnail(source, filter);
  cache.set(key, made);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return made;
}

/** Whether a thumbnail is ready without work (the grid then draws it at once). */
export function peekFilterThumbnail(sourceKey: string, uid: string): Pixels | undefined {
  return cache.get(`${sourceKey}|${uid}`);
}
