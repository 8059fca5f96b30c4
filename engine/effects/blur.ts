/**
 * Blur limits and validation of SPEC §5/§9, and the CPU Gaussian blur (fallback renderer and numeric reference).
 *
 * Conventions:
 * - A blur "radius" here is the Gaussian standard deviation σ in pixels, the same unit as CSS/canvas `filter: blur(Npx)`,
 *   so the CPU path, a canvas `filter` fast path and the GL shader (which samples ±3σ) agree.
 * - Pixels are straight-alpha RGBA bytes; the blur runs on premultiplied values internally so transparent pixels do not
 *   bleed black into their neighbours, and samples beyond the image edge repeat the edge pixel (GL CLAMP_TO_EDGE).
 */

import { BLUR_RADIUS_MAX } from '../spec/limits';

/** SPEC §5: blur radius 0..32, validated (the constant lives with the other SPEC limits). */
export { BLUR_RADIUS_MAX };
/** SPEC §9 "max radius 5.5": the adjust blur radius in pixels at the 1080 px reference width. */
export const BLUR_MAX_RADIUS = 5.5;
/** SPEC §9: blur renders at most 1280 px on the long side. */
export const BLUR_RENDER_MAX_SIDE = 1280;
/** SPEC §9: "stride at least 10" — the smallest row/step stride the blur renderer may use. */
export const BLUR_MIN_STRIDE = 10;
/** SPEC §9: a box blur radius is at most 64 px. */
export const BOX_RADIUS_MAX = 64;
/** SPEC §9: a mask value above this fraction (0..1) counts as foreground when feathering a background-blur mask. */
export const MASK_FEATHER_THRESHOLD = 0.5;
/** SPEC §5: motion blur radius 0..15. */
export const MOTION_RADIUS_MAX = 15;
/**
 * SPEC §5 "Blur range 0 to 3": the normalised blur strength of the background-blur tool (bgblur level) and of
 * `blurAmount`. 0 is no blur, 3 the strongest; it is not a pixel radius.
 */
export const BLUR_RANGE = Object.freeze({ min: 0, max: 3 });
/** The reference layer width of the blur size scale. */
const REFERENCE_WIDTH = 1080;

/** Throws Error('Invalid blur radius') unless 0 ≤ r ≤ 32 (SPEC §5); returns r. */
export function validateBlurRadius(r: number): number {
  if (!(Number.isFinite(r) && r >= 0 && r <= BLUR_RADIUS_MAX)) throw new Error('Invalid blur radius');
  return r;
}

/** Throws Error('Invalid sigma value') unless s > 0 (SPEC §5); returns s. */
export function validateSigma(s: number): number {
  if (!(Number.isFinite(s) && s > 0)) throw new Error('Invalid sigma value');
  return s;
}

/** Throws Error('Invalid area') for a negative (or non-numeric) area (SPEC §5); returns a. */
export function validateArea(a: number): number {
  if (!(a >= 0)) throw new Error('Invalid area');
  return a;
}

/** Throws Error('Invalid motion radius') unless 0 ≤ r ≤ 15 (SPEC §5); returns r. */
export function validateMotionRadius(r: number): number {
  if (!(Number.isFinite(r) && r >= 0 && r <= MOTION_RADIUS_MAX)) throw new Error('Invalid motion radius');
  return r;
}

/** Motion angle in degrees -180..180 (clamped) → radians -π..π (SPEC §5). */
export function motionAngleRadians(deg: number): number {
  const d = Number.isFinite(deg) ? Math.min(180, Math.max(-180, deg)) : 0;
  return (d / 180) * Math.PI;
}

/**
 * SPEC §9 blur size scale: `blur/100 × 5.5 × layerWidth/1080` — the blur radius (σ, px) for a blur amount 0..100 on a
 * layer `layerWidth` pixels wide, so a blur looks the same at any resolution.
 * @example blurSizeScale(100, 1080) // 5.5
 */
export function blurSizeScale(blur: number, layerWidth: number): number {
  return (blur / 100) * BLUR_MAX_RADIUS * (layerWidth / REFERENCE_WIDTH);
}

/** A 0..100 blur amount (clamped) → the normalised strength 0..3 of BLUR_RANGE. */
export function blurAmount(value: number): number {
  const v = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return (v / 100) * BLUR_RANGE.max;
}

/**
 * Size a blur renders at: the image downscaled (never upscaled) so its long side is at most 1280 px, aspect kept, each
 * side at least 1. `scale` is the factor applied (radii must be multiplied by it too).
 */
export function blurRenderSize(w: number, h: number): { width: number; height: number; scale: number } {
  const long = Math.max(w, h);
  const scale = long > BLUR_RENDER_MAX_SIDE ? BLUR_RENDER_MAX_SIDE / long : 1;
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)), scale };
}

/** A box radius rounded and clamped to 0..64 (SPEC §9). */
export function clampBoxRadius(r: number): number {
  return Number.isFinite(r) ? Math.min(BOX_RADIUS_MAX, Math.max(0, Math.round(r))) : 0;
}

/**
 * Normalised 1-D Gaussian kernel for σ = sigma: taps at -⌈3σ⌉..⌈3σ⌉, summing to 1. Throws 'Invalid sigma value' for σ ≤ 0.
 */
export function gaussianKernel(sigma: number): Float32Array {
  validateSigma(sigma);
  const half = Math.ceil(sigma * 3);
  const k = new Float32Array(half * 2 + 1);
  let sum = 0;
  for (let i = -half; i <= half; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i + half] = v;
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  return k;
}

function premultiply(pixels: Uint8ClampedArray): Float32Array {
  const out = new Float32Array(pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3] / 255;
    out[i] = pixels[i] * a;
    out[i + 1] = pixels[i + 1] * a;
    out[i + 2] = pixels[i + 2] * a;
    out[i + 3] = pixels[i + 3];
  }
  return out;
}

function unpremultiply(src: Float32Array): Uint8ClampedArray {
  const out = new Uint8ClampedArray(src.length);
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3];
    if (a <= 0) continue; // fully transparent: 0,0,0,0
    const f = 255 / a;
    out[i] = Math.round(src[i] * f);
    out[i + 1] = Math.round(src[i + 1] * f);
    out[i + 2] = Math.round(src[i + 2] * f);
    out[i + 3] = Math.round(a);
  }
  return out;
}

/** One separable convolution pass along x (dx=1) or y; edges clamp. */
function convolve(src: Float32Array, w: number, h: number, k: Float32Array, horizontal: boolean): Float32Array {
  const out = new Float32Array(src.length);
  const half = (k.length - 1) / 2;
  const n = horizontal ? w : h;
  const lines = horizontal ? h : w;
  for (let line = 0; line < lines; line++) {
    for (let p = 0; p < n; p++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let t = -half; t <= half; t++) {
        const q = Math.min(n - 1, Math.max(0, p + t));
        const idx = (horizontal ? line * w + q : q * w + line) * 4;
        const kv = k[t + half];
        r += src[idx] * kv;
        g += src[idx + 1] * kv;
        b += src[idx + 2] * kv;
        a += src[idx + 3] * kv;
      }
      const o = (horizontal ? line * w + p : p * w + line) * 4;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  return out;
}

/**
 * Separable Gaussian blur of straight-alpha RGBA bytes with σ = `radius` px (validated 0..32, 'Invalid blur radius').
 * Radius 0 returns an exact copy. Exact kernel, O(w·h·6σ): downscale with blurRenderSize first for big images, or use
 * boxBlurRgba. Returns a new array.
 */
export function gaussianBlurRgba(pixels: Uint8ClampedArray, w: number, h: number, radius: number): Uint8ClampedArray {
  validateBlurRadius(radius);
  validateArea(w * h);
  if (pixels.length !== w * h * 4) throw new Error(`Expected ${w * h * 4} bytes for ${w}×${h} RGBA, got ${pixels.length}`);
  if (radius === 0 || w * h === 0) return new Uint8ClampedArray(pixels);
  const k = gaussianKernel(radius);
  return unpremultiply(convolve(convolve(premultiply(pixels), w, h, k, true), w, h, k, false));
}

/** Box radii of three successive box blurs approximating a Gaussian of σ (Kovesi / W. Jarosz), each clamped to 64. */
export function boxRadiiForGauss(sigma: number): [number, number, number] {
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let wl = Math.floor(ideal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const m = Math.round((12 * sigma * sigma - 3 * wl * wl - 12 * wl - 9) / (-4 * wl - 4));
  const r = [0, 1, 2].map((i) => clampBoxRadius(((i < m ? wl : wu) - 1) / 2));
  return [r[0], r[1], r[2]];
}

/** One running-sum box pass of radius r along x or y; edges clamp. */
function boxPass(src: Float32Array, w: number, h: number, r: number, horizontal: boolean): Float32Array {
  if (r === 0) return src;
  const out = new Float32Array(src.length);
  const n = horizontal ? w : h;
  const lines = horizontal ? h : w;
  const inv = 1 / (2 * r + 1);
  const at = (line: number, q: number) => (horizontal ? line * w + Math.min(n - 1, Math.max(0, q)) : Math.min(n - 1, Math.max(0, q)) * w + line) * 4;
  for (let line = 0; line < lines; line++) {
    const acc = [0, 0, 0, 0];
    for (let t = -r; t <= r; t++) {
      const i = at(line, t);
      for (let c = 0; c < 4; c++) acc[c] += src[i + c];
    }
    for (let p = 0; p < n; p++) {
      const o = at(line, p);
      for (let c = 0; c < 4; c++) out[o + c] = acc[c] * inv;
      const add = at(line, p + r + 1);
      const sub = at(line, p - r);
      for (let c = 0; c < 4; c++) acc[c] += src[add + c] - src[sub + c];
    }
  }
  return out;
}

/**
 * Fast Gaussian approximation (three box blurs, O(w·h) whatever σ) with the same conventions as gaussianBlurRgba:
 * σ = `radius` px validated 0..32, premultiplied internally, clamped edges. Within a few levels of the exact blur.
 */
export function boxBlurRgba(pixels: Uint8ClampedArray, w: number, h: number, radius: number): Uint8ClampedArray {
  validateBlurRadius(radius);
  validateArea(w * h);
  if (pixels.length !== w * h * 4) throw new Error(`Expected ${w * h * 4} bytes for ${w}×${h} RGBA, got ${pixels.length}`);
  if (radius === 0 || w * h === 0) return new Uint8ClampedArray(pixels);
  let buf = premultiply(pixels);
  for (const r of boxRadiiForGauss(radius)) buf = boxPass(boxPass(buf, w, h, r, true), w, h, r, false);
  return unpremultiply(buf);
}
