/**
 * 64³ colour lookup tables in the standard 512×512 "8×8 tiles" layout (the one lut.frag samples):
 * entry (r, g, b), levels 0..63 for the colour level/63, lies in the tile (b mod 8, ⌊b / 8⌋) at (r, g) inside it
 * (red along x, green along y). So r = g = b = 0 sits at (0, 0) and white at (511, 511).
 */
import type { ColorGrade } from './colorGrade';
import { gradeColorInto } from './colorGrade';

export const LUT_SIZE = 512;
export const LUT_LEVELS = 64;
export const LUT_TILES_PER_ROW = 8;

/** Byte offset of entry (r, g, b) (levels 0..63) in a baked LUT. */
export function lutIndex(r: number, g: number, b: number): number {
  const x = (b % LUT_TILES_PER_ROW) * LUT_LEVELS + r;
  const y = Math.floor(b / LUT_TILES_PER_ROW) * LUT_LEVELS + g;
  return (y * LUT_SIZE + x) * 4;
}

/** Bakes a grade into a 512×512 RGBA lookup table (alpha 255). */
export function bakeLut(grade: ColorGrade): Uint8ClampedArray {
  const out = new Uint8ClampedArray(LUT_SIZE * LUT_SIZE * 4);
  const max = LUT_LEVELS - 1;
  const c = [0, 0, 0];
  for (let b = 0; b < LUT_LEVELS; b++) {
    for (let g = 0; g < LUT_LEVELS; g++) {
      for (let r = 0; r < LUT_LEVELS; r++) {
        gradeColorInto(grade, r / max, g / max, b / max, c);
        const i = lutIndex(r, g, b);
        out[i] = c[0] * 255;
        out[i + 1] = c[1] * 255;
        out[i + 2] = c[2] * 255;
        out[i + 3] = 255;
      }
    }
  }
  return out;
}

const lutCache = new Map<string, Uint8ClampedArray>();

/** bakeLut memoised by a key (a filter uid); baking takes a few milliseconds, thumbnails ask for it often. */
export function bakeLutCached(key: string, grade: ColorGrade): Uint8ClampedArray {
  let lut = lutCache.get(key);
  if (!lut) {
    lut = bakeLut(grade);
    lutCache.set(key, lut);
  }
  return lut;
}

/**
 * Maps straight-alpha RGBA pixels through a baked LUT with trilinear interpolation; alpha is kept.
 * strength 0..100: 100 = the LUT colour, 0 = the input bit for bit (a copy), in between out = in + (lut − in) × s/100.
 */
export function applyLut(pixels: Uint8ClampedArray, lut: Uint8ClampedArray, strength = 100): Uint8ClampedArray {
  if (lut.length !== LUT_SIZE * LUT_SIZE * 4) throw new Error('Invalid LUT size');
  const out = new Uint8ClampedArray(pixels);
  const s = Math.min(100, Math.max(0, Number.isFinite(strength) ? strength : 100)) / 100;
  if (s === 0) return out;
  const max = LUT_LEVELS - 1;
  const scale = max / 255;
  for (let p = 0; p < pixels.length; p += 4) {
    const fr = pixels[p] * scale;
    const fg = pixels[p + 1] * scale;
    const fb = pixels[p + 2] * scale;
    const r0 = Math.floor(fr),
      g0 = Math.floor(fg),
      b0 = Math.floor(fb);
    const r1 = Math.min(max, r0 + 1),
      g1 = Math.min(max, g0 + 1),
      b1 = Math.min(max, b0 + 1);
    const dr = fr - r0,
      dg = fg - g0,
      db = fb - b0;
    const i000 = lutIndex(r0, g0, b0),
      i100 = lutIndex(r1, g0, b0),
      i010 = lutIndex(r0, g1, b0),
      i110 = lutIndex(r1, g1, b0);
    const i001 = lutIndex(r0, g0, b1),
      i101 = lutIndex(r1, g0, b1),
      i011 = lutIndex(r0, g1, b1),
      i111 = lutIndex(r1, g1, b1);
    for (let c = 0; c < 3; c++) {
      const x00 = lut[i000 + c] + (lut[i100 + c] - lut[i000 + c]) * dr;
      const x10 = lut[i010 + c] + (lut[i110 + c] - lut[i010 + c]) * dr;
      const x01 = lut[i001 + c] + (lut[i101 + c] - lut[i001 + c]) * dr;
      const x11 = lut[i011 + c] + (lut[i111 + c] - lut[i011 + c]) * dr;
      const y0 = x00 + (x10 - x00) * dg;
      const y1 = x01 + (x11 - x01) * dg;
      const v = y0 + (y1 - y0) * db;
      const o = pixels[p + c];
      out[p + c] = o + (v - o) * s;
    }
  }
  return out;
}
