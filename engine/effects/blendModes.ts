/**
 * The 27 blend modes of SPEC §3, following ../shared/guides/blend-modes.md, on NON-premultiplied colour in 0..1.
 *
 * Compositing (W3C Compositing and Blending Level 1, source-over), with the layer opacity multiplying the source alpha:
 *   αs' = αs·opacity
 *   cs' = (1 − αb)·cs + αb·B(cb, cs)           (the blended source colour)
 *   αo  = αs' + αb·(1 − αs')
 *   co  = (αs'·cs' + αb·cb·(1 − αs')) / αo      (0,0,0,0 when αo = 0)
 * BaseMerge and Normal are plain source-over (B = cs). B is clamped to 0..1.
 *
 * Choices where definitions disagree (documented per the guide: follow Adobe's wording):
 * - SoftLight is the W3C (PDF) formula, not the Photoshop variant some shaders copy.
 * - HardMix: cb + cs ≥ 1 → 1 ("255 or greater"); a 1e-9 slack makes byte pairs summing to 255 count despite float error.
 * - DarkerColor / LighterColor compare the channel SUMS (Adobe: "the total of all channel values"), not luminance;
 *   on a tie the backdrop wins.
 * - VividLight edges follow ColorBurn / ColorDodge's W3C edges (cs = 0 → cb == 1 ? 1 : 0; cs = 1 → cb == 0 ? 0 : 1).
 */
import { BLEND_MODES, type BlendMode } from '../doc/types';
import { NON_SEPARABLE, nonSeparable } from './blendNonSeparable';

/** A colour with alpha, each 0..1, not premultiplied. */
export type RGBA = [number, number, number, number];
/** A colour, each channel 0..1. */
export type RGB = [number, number, number];

/** The canvas `globalCompositeOperation` values used here (spelled out: the server compiles engine without the DOM lib). */
export type W3cCompositeOp =
  | 'source-over'
  | 'multiply'
  | 'screen'
  | 'overlay'
  | 'darken'
  | 'lighten'
  | 'color-dodge'
  | 'color-burn'
  | 'hard-light'
  | 'soft-light'
  | 'difference'
  | 'exclusion'
  | 'hue'
  | 'saturation'
  | 'color'
  | 'luminosity';

/** Modes rendered exactly by canvas `globalCompositeOperation` (the 16 W3C modes, plus BaseMerge = source-over). */
export const W3C_COMPOSITE_OP: Partial<Record<BlendMode, W3cCompositeOp>> = Object.freeze({
  BaseMerge: 'source-over',
  Normal: 'source-over',
  Multiply: 'multiply',
  Screen: 'screen',
  Overlay: 'overlay',
  Darken: 'darken',
  Lighten: 'lighten',
  ColorDodge: 'color-dodge',
  ColorBurn: 'color-burn',
  HardLight: 'hard-light',
  SoftLight: 'soft-light',
  Difference: 'difference',
  Exclusion: 'exclusion',
  Hue: 'hue',
  Saturation: 'saturation',
  Color: 'color',
  Luminosity: 'luminosity',
});

/** Modes a canvas cannot composite: render them with preBlendedSource / preBlendedImage against the backdrop. */
export const NON_W3C_BLEND_MODES: readonly BlendMode[] = BLEND_MODES.filter((m) => !(m in W3C_COMPOSITE_OP));

/** The mode's index in BLEND_MODES (the `mode` int uniform of blend.frag). */
export function blendModeIndex(mode: BlendMode): number {
  const i = BLEND_MODES.indexOf(mode);
  if (i < 0) throw new Error(`Unknown blend mode: ${String(mode)}`);
  return i;
}

/** True for modes whose B works channel by channel (all but Hue, Saturation, Color, Luminosity, DarkerColor, LighterColor). */
export function isSeparable(mode: BlendMode): boolean {
  return !NON_SEPARABLE.has(mode);
}

const multiply = (cb: number, cs: number) => cb * cs;
const screen = (cb: number, cs: number) => cb + cs - cb * cs;
const hardLight = (cb: number, cs: number) => (cs <= 0.5 ? multiply(cb, 2 * cs) : screen(cb, 2 * cs - 1));
function colorDodge(cb: number, cs: number): number {
  if (cb === 0) return 0;
  if (cs >= 1) return 1;
  return Math.min(1, cb / (1 - cs));
}
function colorBurn(cb: number, cs: number): number {
  if (cb >= 1) return 1;
  if (cs <= 0) return 0;
  return 1 - Math.min(1, (1 - cb) / cs);
}
function softLight(cb: number, cs: number): number {
  if (cs <= 0.5) return cb - (1 - 2 * cs) * cb * (1 - cb);
  const d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : Math.sqrt(cb);
  return cb + (2 * cs - 1) * (d - cb);
}

const SEPARABLE: Partial<Record<BlendMode, (cb: number, cs: number) => number>> = {
  BaseMerge: (_cb, cs) => cs,
  Normal: (_cb, cs) => cs,
  Multiply: multiply,
  Screen: screen,
  Overlay: (cb, cs) => hardLight(cs, cb),
  Darken: Math.min,
  Lighten: Math.max,
  ColorDodge: colorDodge,
  ColorBurn: colorBurn,
  HardLight: hardLight,
  SoftLight: softLight,
  Difference: (cb, cs) => Math.abs(cb - cs),
  Exclusion: (cb, cs) => cb + cs - 2 * cb * cs,
  LinearBurn: (cb, cs) => Math.max(0, cb + cs - 1),
  LinearDodge: (cb, cs) => Math.min(1, cb + cs),
  VividLight: (cb, cs) => (cs <= 0.5 ? colorBurn(cb, 2 * cs) : colorDodge(cb, 2 * (cs - 0.5))),
  LinearLight: (cb, cs) => Math.min(1, Math.max(0, cb + 2 * cs - 1)),
  PinLight: (cb, cs) => (cs <= 0.5 ? Math.min(cb, 2 * cs) : Math.max(cb, 2 * cs - 1)),
  HardMix: (cb, cs) => (cb + cs >= 1 - 1e-9 ? 1 : 0),
  Subtract: (cb, cs) => Math.max(0, cb - cs),
  Divide: (cb, cs) => (cs === 0 ? (cb === 0 ? 0 : 1) : Math.min(1, cb / cs)),
};

const clamp01 = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/**
 * B(cb, cs) of a separable mode for one channel (0..1 in, 0..1 out, clamped).
 * Throws for the non-separable modes (use blendColor).
 * @example blendChannel('Multiply', 0.6, 0.3) // 0.18
 */
export function blendChannel(mode: BlendMode, cb: number, cs: number): number {
  const f = SEPARABLE[mode];
  if (!f) throw new Error(`Blend mode ${mode} is not separable`);
  return clamp01(f(cb, cs));
}

/** B(Cb, Cs) for any mode on whole colours (RGB 0..1), clamped; separable modes apply blendChannel per channel. */
export function blendColor(mode: BlendMode, cb: Readonly<RGB>, cs: Readonly<RGB>): RGB {
  const f = SEPARABLE[mode];
  if (f) return [clamp01(f(cb[0], cs[0])), clamp01(f(cb[1], cs[1])), clamp01(f(cb[2], cs[2]))];
  const c = nonSeparable(mode, cb, cs);
  return [clamp01(c[0]), clamp01(c[1]), clamp01(c[2])];
}

/**
 * Composites `source` over `backdrop` with `mode` (W3C general formula, source-over), the source alpha multiplied by
 * `opacity` (0..1, clamped). Inputs and output are non-premultiplied RGBA 0..1.
 * @example blendPixel('Multiply', [0.6,0.6,0.6,1], [0.3,0.3,0.3,1], 1) // [0.18, 0.18, 0.18, 1]
 */
export function blendPixel(mode: BlendMode, backdrop: Readonly<RGBA>, source: Readonly<RGBA>, opacity = 1): RGBA {
  const ab = clamp01(backdrop[3]);
  const as = clamp01(source[3]) * clamp01(opacity);
  const ao = as + ab * (1 - as);
  if (ao <= 0) return [0, 0, 0, 0];
  const b = blendColor(mode, [backdrop[0], backdrop[1], backdrop[2]], [source[0], source[1], source[2]]);
  const out: RGBA = [0, 0, 0, ao];
  for (let c = 0; c < 3; c++) {
    const csBlended = (1 - ab) * source[c] + ab * b[c];
    out[c] = clamp01((as * csBlended + ab * backdrop[c] * (1 - as)) / ao);
  }
  return out;
}

/**
 * The colour which, drawn with plain source-over at alpha αs·opacity over `backdrop`, gives exactly blendPixel's result:
 * co = (1 − αb)·cs + αb·B(cb, cs), α = αs·opacity. This is how the 11 modes a canvas lacks are rendered: blend against
 * the already-drawn layers below, then draw normally.
 */
export function preBlendedSource(backdrop: Readonly<RGBA>, source: Readonly<RGBA>, mode: BlendMode, opacity = 1): RGBA {
  const ab = clamp01(backdrop[3]);
  const b = blendColor(mode, [backdrop[0], backdrop[1], backdrop[2]], [source[0], source[1], source[2]]);
  const out: RGBA = [0, 0, 0, clamp01(source[3]) * clamp01(opacity)];
  for (let c = 0; c < 3; c++) out[c] = clamp01((1 - ab) * source[c] + ab * b[c]);
  return out;
}

function checkSizes(backdrop: Uint8ClampedArray, source: Uint8ClampedArray): void {
  if (backdrop.length !== source.length || backdrop.length % 4 !== 0) {
    throw new Error(`Blend images differ in size: ${backdrop.length} and ${source.length} bytes`);
  }
}

/** Per-pixel driver shared by blendImages and preBlendedImage (bytes in, bytes out, Math.round(255·v)). */
function mapPixels(backdrop: Uint8ClampedArray, source: Uint8ClampedArray, fn: (b: RGBA, s: RGBA) => RGBA): Uint8ClampedArray {
  checkSizes(backdrop, source);
  const out = new Uint8ClampedArray(backdrop.length);
  const b: RGBA = [0, 0, 0, 0];
  const s: RGBA = [0, 0, 0, 0];
  for (let i = 0; i < out.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      b[c] = backdrop[i + c] / 255;
      s[c] = source[i + c] / 255;
    }
    const o = fn(b, s);
    if (o[3] <= 0) continue; // fully transparent stays 0,0,0,0
    for (let c = 0; c < 4; c++) out[i + c] = Math.round(o[c] * 255);
  }
  return out;
}

/**
 * blendPixel over whole straight-alpha RGBA byte arrays of the same size (CPU fallback). Each output channel is
 * Math.round(255·value) (half up, not Uint8ClampedArray's half-to-even); a fully transparent result is 0,0,0,0.
 * Returns a new array.
 */
export function blendImages(backdrop: Uint8ClampedArray, source: Uint8ClampedArray, mode: BlendMode, opacity = 1): Uint8ClampedArray {
  return mapPixels(backdrop, source, (b, s) => blendPixel(mode, b, s, opacity));
}

/**
 * preBlendedSource over whole images: the source layer recoloured against `backdrop`, alpha αs·opacity, ready to be drawn
 * with plain source-over. Exact up to 8-bit rounding (the canvas stores premultiplied bytes).
 */
export function preBlendedImage(backdrop: Uint8ClampedArray, source: Uint8ClampedArray, mode: BlendMode, opacity = 1): Uint8ClampedArray {
  return mapPixels(backdrop, source, (b, s) => preBlendedSource(b, s, mode, opacity));
}
