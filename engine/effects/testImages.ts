/** Test images for the effects tests (not used by production code). */
import type { RgbaImage } from './cpuAdjust';

/** A deterministic pseudo-random RGBA image (alpha random too). */
export function randomImage(w: number, h: number, seed = 1): RgbaImage {
  let s = seed >>> 0;
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = s >>> 24;
  }
  return { data, width: w, height: h };
}

/** An image filled with one RGBA colour. */
export function solidImage(w: number, h: number, rgba: readonly number[]): RgbaImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { data, width: w, height: h };
}

/** One pixel per colour, in a row. */
export function rowImage(colors: readonly (readonly number[])[]): RgbaImage {
  const data = new Uint8ClampedArray(colors.length * 4);
  colors.forEach((c, i) => data.set(c, i * 4));
  return { data, width: colors.length, height: 1 };
}

/** Largest per-byte difference between two arrays of the same length. */
export function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}
