/**
 * The photo adjustments on the CPU: the fallback renderer and the numeric reference shaders/adjust.frag must match.
 *
 * Pixels are straight-alpha RGBA bytes; colours are worked on as floats 0..1, clamped to 0..1 after every step and
 * rounded to bytes once at the end; alpha is copied unchanged (only the blur step, which spreads the layer, changes it).
 * luma(c) = dot(c, Rec.709 [0.2126, 0.7152, 0.0722]). Fixed order, each step skipped when its value is neutral:
 *  0. blur        image ← Gaussian(σ = blurSizeScale(|blur|, layerWidth)) — a whole-image pre-pass (effectStack 'blur')
 *  Local contrast, from the input I and its blurred copies Bs/Bm/Bl (σ from spatialSigmas):
 *  1. sharpen     c += s·(I − Bs)                          s 0..3 (unsharp mask)
 *  2. structure   c += k·(I − Bm)                          k −1.5..1.5 (negative smooths)
 *  3. clarity     c += k·(luma(I) − luma(Bl))·(1 − (2·luma(I) − 1)²)   k 0..1.5 (midtone-weighted luma detail)
 *  4. glow        g > 0: c = 1 − (1 − c)·(1 − g·Bl)       g −1..1 (+ screen with the blurred copy,
 *                 g < 0: c = c·(1 + g·(1 − Bl))                     − multiply with it: a dark glow)
 *  Tone and colour:
 *  5. exposure    c ·= 2^e                                 e −0.5..0.5
 *  6. brightness  c += b                                   b −1..1
 *  7. contrast    c = (c − 0.5)·k + 0.5                    k 0.5..1.5
 *  8. shadow      c += s·(1 − luma(c))²                    s −0.5..0.5
 *  9. highlight   c += 0.5·h·luma(c)²                      h −1..1
 * 10. tem, tint   r += 0.15·t, b −= 0.15·t; g −= 0.15·n    t, n −1..1 (+t warmer, +n magenta)
 * 11. saturation  c = L + (c − L)·s, L = luma(c)           s 0..2
 * 12. vibrance    c = L + (c − L)·(1 + v·(1 − (max − min)))  v −1..1 (dull colours move most)
 * 13. vignette    d = |uv − 0.5| / √0.5, uv = ((x + 0.5)/w, (y + 0.5)/h);
 *                 c = mix(c, colour, amount·smoothstep(start, 1, d))   (vignetteUniforms)
 * 14. grain       c += G·simpleGrainNoise(x, y)            G 0..0.2
 * 15. pgrain      c += amount·pgrainNoise(x, y)·(1 − (1 − highlights)·luma(c))   (grain.ts, pgrainUniforms)
 * (x, y) are pixel indices with y = 0 the top row.
 */
import type { AdjustParams } from '../doc/types';
import { isIdentityAdjust } from './adjustRanges';
import type { BlurredCopy } from '../doc/adjustRegistry';
import { adjustUniforms, blurredCopies, HIGHLIGHT_GAIN, TEMPERATURE_GAIN, TINT_GAIN, type AdjustUniforms } from './adjustUniforms';
import { boxBlurRgba, gaussianBlurRgba } from './blur';
import { GRAIN_TEXTURE_SIZE, grainTexture, pgrainNoise, simpleGrainNoise } from './grain';

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}
export interface AdjustOptions {
  /** The grain texture (default grainTexture(1024)); must be square. */
  grainTexture?: Uint8Array;
  /** Width of the layer the image represents, for the blur size scale (default the image width). */
  layerWidth?: number;
}

/** Above this many pixel·σ the CPU uses the three-box approximation instead of the exact Gaussian (speed). */
const EXACT_BLUR_BUDGET = 2e7;

/** A blurred copy with σ px: exact Gaussian for small work, three box blurs (within a few levels) for large. */
export function blurCopy(img: RgbaImage, sigma: number): Uint8ClampedArray {
  const s = Math.min(32, sigma);
  const blur = img.width * img.height * s > EXACT_BLUR_BUDGET ? boxBlurRgba : gaussianBlurRgba;
  return blur(img.data, img.width, img.height, s);
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const smoothstep = (e0: number, e1: number, x: number) => {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

/**
 * Applies AdjustParams to an image and returns new pixels (same size). Identity params (isIdentityAdjust) return an
 * exact copy; so does every step whose value is 0.
 */
export function applyAdjustments(image: RgbaImage, params: AdjustParams, opts: AdjustOptions = {}): Uint8ClampedArray {
  const { width: w, height: h } = image;
  if (image.data.length !== w * h * 4) throw new Error(`Expected ${w * h * 4} bytes for ${w}×${h} RGBA, got ${image.data.length}`);
  if (isIdentityAdjust(params)) return new Uint8ClampedArray(image.data);
  const u = adjustUniforms(params, w, h, opts.layerWidth ?? w);
  const src: RgbaImage = u.blur > 0 ? { data: blurCopy(image, u.blur), width: w, height: h } : image;
  return adjustPixels(src, u, opts.grainTexture);
}

/** Steps 1–15 of the header on already-mapped uniforms (the blur step excluded). */
export function adjustPixels(img: RgbaImage, u: AdjustUniforms, grainTex?: Uint8Array): Uint8ClampedArray {
  const { data: I, width: w, height: h } = img;
  const out = new Uint8ClampedArray(I);
  const copies: Partial<Record<BlurredCopy, Uint8ClampedArray>> = {};
  for (const copy of blurredCopies(u)) copies[copy.name] = blurCopy(img, copy.sigma);
  const bs = copies.blurS ?? null,
    bm = copies.blurM ?? null,
    bl = copies.blurL ?? null;
  const tex = u.grain || u.pgrain ? (grainTex ?? grainTexture(GRAIN_TEXTURE_SIZE)) : null;
  const texSize = tex ? Math.round(Math.sqrt(tex.length)) : 0;
  const expK = Math.pow(2, u.exposure);
  const vig = u.vignette;
  const c = [0, 0, 0];
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p += 4) {
      const i0 = I[p] / 255,
        i1 = I[p + 1] / 255,
        i2 = I[p + 2] / 255;
      c[0] = i0;
      c[1] = i1;
      c[2] = i2;
      if (bs) for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + u.sharpen * (I[p + k] / 255 - bs[p + k] / 255));
      if (bm) for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + u.structure * (I[p + k] / 255 - bm[p + k] / 255));
      if (bl && u.clarity) {
        const li = luma(i0, i1, i2);
        const d = (li - luma(bl[p] / 255, bl[p + 1] / 255, bl[p + 2] / 255)) * (1 - (2 * li - 1) * (2 * li - 1));
        for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + u.clarity * d);
      }
      if (bl && u.glow > 0) for (let k = 0; k < 3; k++) c[k] = clamp01(1 - (1 - c[k]) * (1 - u.glow * (bl[p + k] / 255)));
      if (bl && u.glow < 0) for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] * (1 + u.glow * (1 - bl[p + k] / 255)));
      if (u.exposure) for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] * expK);
      if (u.brightness) for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + u.brightness);
      if (u.contrast !== 1) for (let k = 0; k < 3; k++) c[k] = clamp01((c[k] - 0.5) * u.contrast + 0.5);
      if (u.shadow) {
        const l = 1 - luma(c[0], c[1], c[2]);
        for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + u.shadow * l * l);
      }
      if (u.highlight) {
        const l = luma(c[0], c[1], c[2]);
        for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + HIGHLIGHT_GAIN * u.highlight * l * l);
      }
      if (u.tem) {
        c[0] = clamp01(c[0] + TEMPERATURE_GAIN * u.tem);
        c[2] = clamp01(c[2] - TEMPERATURE_GAIN * u.tem);
      }
      if (u.tint) c[1] = clamp01(c[1] - TINT_GAIN * u.tint);
      if (u.saturation !== 1) {
        const l = luma(c[0], c[1], c[2]);
        for (let k = 0; k < 3; k++) c[k] = clamp01(l + (c[k] - l) * u.saturation);
      }
      if (u.vibrance) {
        const l = luma(c[0], c[1], c[2]);
        const f = 1 + u.vibrance * (1 - (Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2])));
        for (let k = 0; k < 3; k++) c[k] = clamp01(l + (c[k] - l) * f);
      }
      if (vig) {
        const dx = (x + 0.5) / w - 0.5,
          dy = (y + 0.5) / h - 0.5;
        const t = vig.amount * smoothstep(vig.start, 1, Math.sqrt(dx * dx + dy * dy) / Math.SQRT1_2);
        for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + (vig.color - c[k]) * t);
      }
      if (tex && u.grain) {
        const n = u.grain * simpleGrainNoise(tex, texSize, x, y);
        for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + n);
      }
      if (tex && u.pgrain) {
        const wgt = 1 - (1 - u.pgrain.highlights) * luma(c[0], c[1], c[2]);
        const n = u.pgrain.amount * pgrainNoise(tex, texSize, x, y, u.pgrain) * wgt;
        for (let k = 0; k < 3; k++) c[k] = clamp01(c[k] + n);
      }
      out[p] = c[0] * 255;
      out[p + 1] = c[1] * 255;
      out[p + 2] = c[2] * 255;
    }
  }
  return out;
}
