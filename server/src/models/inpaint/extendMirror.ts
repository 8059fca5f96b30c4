/**
 * The extender's mirrored continuation (extendFill.ts): each border pixel takes the photo pixel it mirrors within the
 * strip along its own side, blurred more the farther it lies from the photo. It is the coarse start of the patch fill
 * and what the fill fades to where patches would clone recognisable content.
 */
import type { FloatImage } from './smooth';

/** Where the photo sits in the canvas. */
export interface PhotoRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The share of the photo, along each side, that the border continues: the fill copies from this strip and the
 * mirrored continuation repeats it (mirrored back and forth). Deeper strips carried a subject in the middle of the
 * photo into the border (the astronaut's suit became an orange blob beside the flag).
 */
export const EXTEND_STRIP_SHARE = 0.12;

export const stripOf = (n: number) => Math.min(n, Math.max(12, Math.round(EXTEND_STRIP_SHARE * n)));

/** The photo coordinate (photo spans lo..lo+n-1) that border coordinate `v` mirrors, within the side's strip. */
export function mirrorAt(v: number, lo: number, n: number): number {
  if (v >= lo && v < lo + n) return v;
  const m = stripOf(n);
  const d = v < lo ? lo - v - 1 : v - lo - n;
  const t = d % (2 * m);
  const idx = t < m ? t : 2 * m - 1 - t;
  return v < lo ? lo + idx : lo + n - 1 - idx;
}

/** Box blur of a float image, `radius` px, both directions (running sums). */
export function boxBlur(img: FloatImage, radius: number): Float32Array {
  const { width: w, height: h, channels: c } = img;
  const tmp = new Float32Array(img.data.length);
  const out = new Float32Array(img.data.length);
  for (let y = 0; y < h; y++) {
    for (let k = 0; k < c; k++) {
      let acc = 0;
      for (let x = -radius; x <= radius; x++) acc += img.data[(y * w + Math.min(w - 1, Math.max(0, x))) * c + k];
      for (let x = 0; x < w; x++) {
        tmp[(y * w + x) * c + k] = acc / (2 * radius + 1);
        acc += img.data[(y * w + Math.min(w - 1, x + radius + 1)) * c + k] - img.data[(y * w + Math.max(0, x - radius)) * c + k];
      }
    }
  }
  for (let x = 0; x < w; x++) {
    for (let k = 0; k < c; k++) {
      let acc = 0;
      for (let y = -radius; y <= radius; y++) acc += tmp[(Math.min(h - 1, Math.max(0, y)) * w + x) * c + k];
      for (let y = 0; y < h; y++) {
        out[(y * w + x) * c + k] = acc / (2 * radius + 1);
        acc += tmp[(Math.min(h - 1, y + radius + 1) * w + x) * c + k] - tmp[(Math.max(0, y - radius) * w + x) * c + k];
      }
    }
  }
  return out;
}

/** Depth (px) over which the mirrored continuation turns from sharp to soft (a 3 px blur). */
const SOFT_OVER = 24;
/** Depth (px) over which it turns from soft to strongly blurred (16 px). */
const BLUR_OVER = 80;

/** Depth (px) beyond which the mirrored continuation fades into its far blur (fully at twice this). */
export const FAR_FROM = 64;

/** The mirrored continuation: each border pixel takes the photo pixel it mirrors, blurred more with distance. */
export function mirroredContinuation(img: FloatImage, rect: PhotoRect, depth: Float32Array): Float32Array {
  const { width: w, height: h, channels: c } = img;
  const mirror: FloatImage = { ...img, data: new Float32Array(img.data) };
  for (let y = 0; y < h; y++) {
    const my = mirrorAt(y, rect.top, rect.height);
    for (let x = 0; x < w; x++) {
      if (x >= rect.left && x < rect.left + rect.width && y >= rect.top && y < rect.top + rect.height) continue;
      const mx = mirrorAt(x, rect.left, rect.width);
      for (let k = 0; k < c; k++) mirror.data[(y * w + x) * c + k] = img.data[(my * w + mx) * c + k];
    }
  }
  const soft = boxBlur({ ...mirror, data: boxBlur(mirror, 3) }, 3);
  const blurred = boxBlur({ ...mirror, data: boxBlur(mirror, 16) }, 16);
  // Far out, the mirror's back-and-forth repeats (every two strips) would show as a column of the same blot: blurred
  // over more than a repeat there.
  const far = boxBlur({ ...mirror, data: boxBlur(mirror, 40) }, 40);
  const out = new Float32Array(mirror.data);
  for (let i = 0; i < w * h; i++) {
    if (depth[i] === 0) continue;
    // Sharp next to the photo, softer over SOFT_OVER px, strongly blurred beyond BLUR_OVER px, and beyond FAR_FROM px
    // the far blur. A quicker ramp (soft at 8 px) read as a vertical seam between a sharp painting and a blurred border.
    const t = Math.min(1, depth[i] / BLUR_OVER);
    const u = Math.min(1, Math.max(0, (depth[i] - FAR_FROM) / FAR_FROM));
    for (let k = 0; k < c; k++) {
      const near = mirror.data[i * c + k] + Math.min(1, depth[i] / SOFT_OVER) * (soft[i * c + k] - mirror.data[i * c + k]);
      const mid = near + t * (blurred[i * c + k] - near);
      out[i * c + k] = mid + u * (far[i * c + k] - mid);
    }
  }
  return out;
}
