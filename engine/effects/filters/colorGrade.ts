/**
 * A small parametric colour grade: the definition behind each filter of the catalogue. A grade is baked into a 64³
 * lookup table (bakeLut), so it only ever runs on the CPU and may use curves freely.
 */
import { curveFn, type Curve } from './curves';

export type Rgb = readonly [number, number, number];

export interface ColorGrade {
  /** Stops: multiplies by 2^exposure. */
  exposure?: number;
  /** White balance shift: + warmer (red up, blue down), − cooler. About −0.5..0.5. */
  temperature?: number;
  /** + magenta (green down), − green. About −0.5..0.5. */
  tint?: number;
  /** Monochrome channel weights: every channel becomes dot(rgb, mono). Rec.709 luma for a neutral black-and-white. */
  mono?: Rgb;
  /** Contrast factor around mid-grey 0.5 (1 = none). */
  contrast?: number;
  /** Added to every channel. */
  brightness?: number;
  /** Master curve (all channels), then per-channel curves. */
  curve?: Curve;
  red?: Curve;
  green?: Curve;
  blue?: Curve;
  /** Saturation factor around Rec.709 luma (1 = none). */
  saturation?: number;
  /** Saturation boost weighted towards dull colours (0 = none, −1..1). */
  vibrance?: number;
  /** Split toning: colour pushed into the shadows / highlights by `amount` (weighted by 1 − luma / luma). */
  shadows?: { color: Rgb; amount: number };
  highlights?: { color: Rgb; amount: number };
  /** Lifts the black point to `fade` (0..1) keeping white: c = fade + c × (1 − fade). */
  fade?: number;
}

/** Rec.709 luma weights, shared with the adjustments. */
export const REC709: Rgb = [0.2126, 0.7152, 0.0722];

const GREY: Rgb = [0.5, 0.5, 0.5];
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

type Fn = ((x: number) => number) | null;
/** A grade normalised to one fixed object shape: the bake loop then runs monomorphic (grades differ in which keys they set). */
interface Compiled {
  exp: number;
  temp: number;
  tint: number;
  mono: boolean;
  m0: number;
  m1: number;
  m2: number;
  contrast: number;
  bright: number;
  curve: Fn;
  red: Fn;
  green: Fn;
  blue: Fn;
  sat: number;
  vib: number;
  sAmt: number;
  s0: number;
  s1: number;
  s2: number;
  hAmt: number;
  h0: number;
  h1: number;
  h2: number;
  fade: number;
}
const compiledCache = new WeakMap<ColorGrade, Compiled>();

function compile(g: ColorGrade): Compiled {
  let c = compiledCache.get(g);
  if (c) return c;
  const cf = (v: Curve | undefined): Fn => (v ? curveFn(v) : null);
  const s = g.shadows?.color ?? GREY;
  const h = g.highlights?.color ?? GREY;
  c = {
    exp: g.exposure ? Math.pow(2, g.exposure) : 1,
    temp: (g.temperature ?? 0) * 0.2,
    tint: (g.tint ?? 0) * 0.2,
    mono: !!g.mono,
    m0: g.mono?.[0] ?? 0,
    m1: g.mono?.[1] ?? 0,
    m2: g.mono?.[2] ?? 0,
    contrast: g.contrast ?? 1,
    bright: g.brightness ?? 0,
    curve: cf(g.curve),
    red: cf(g.red),
    green: cf(g.green),
    blue: cf(g.blue),
    sat: g.saturation ?? 1,
    vib: g.vibrance ?? 0,
    sAmt: g.shadows?.amount ?? 0,
    s0: s[0] - 0.5,
    s1: s[1] - 0.5,
    s2: s[2] - 0.5,
    hAmt: g.highlights?.amount ?? 0,
    h0: h[0] - 0.5,
    h1: h[1] - 0.5,
    h2: h[2] - 0.5,
    fade: g.fade ?? 0,
  };
  compiledCache.set(g, c);
  return c;
}

/**
 * Applies a grade to one colour (0..1 channels), in this order: exposure → temperature/tint → mono mix → contrast and
 * brightness → master curve → channel curves → saturation → vibrance → split toning → fade; clamped to 0..1 after each
 * step so every step sees a displayable colour. An empty grade returns the colour unchanged.
 */
export function gradeColor(g: ColorGrade, r: number, gr: number, b: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  gradeColorInto(g, r, gr, b, out);
  return out;
}

/** gradeColor writing into `out` (no allocation: a LUT bake calls it 64³ times). */
export function gradeColorInto(g: ColorGrade, r: number, gr: number, b: number, out: number[]): void {
  const k = compile(g);
  let c0 = r;
  let c1 = gr;
  let c2 = b;
  if (k.exp !== 1) {
    c0 = clamp01(c0 * k.exp);
    c1 = clamp01(c1 * k.exp);
    c2 = clamp01(c2 * k.exp);
  }
  if (k.temp !== 0 || k.tint !== 0) {
    c0 = clamp01(c0 + k.temp + k.tint / 2);
    c1 = clamp01(c1 - k.tint);
    c2 = clamp01(c2 - k.temp + k.tint / 2);
  }
  if (k.mono) {
    const l = clamp01(c0 * k.m0 + c1 * k.m1 + c2 * k.m2);
    c0 = l;
    c1 = l;
    c2 = l;
  }
  if (k.contrast !== 1 || k.bright !== 0) {
    const a = 0.5 + k.bright - 0.5 * k.contrast;
    c0 = clamp01(c0 * k.contrast + a);
    c1 = clamp01(c1 * k.contrast + a);
    c2 = clamp01(c2 * k.contrast + a);
  }
  if (k.curve) {
    c0 = clamp01(k.curve(c0));
    c1 = clamp01(k.curve(c1));
    c2 = clamp01(k.curve(c2));
  }
  if (k.red) c0 = clamp01(k.red(c0));
  if (k.green) c1 = clamp01(k.green(c1));
  if (k.blue) c2 = clamp01(k.blue(c2));
  if (k.sat !== 1) {
    const l = c0 * REC709[0] + c1 * REC709[1] + c2 * REC709[2];
    c0 = clamp01(l + (c0 - l) * k.sat);
    c1 = clamp01(l + (c1 - l) * k.sat);
    c2 = clamp01(l + (c2 - l) * k.sat);
  }
  if (k.vib !== 0) {
    const l = c0 * REC709[0] + c1 * REC709[1] + c2 * REC709[2];
    const mx = c0 > c1 ? (c0 > c2 ? c0 : c2) : c1 > c2 ? c1 : c2;
    const mn = c0 < c1 ? (c0 < c2 ? c0 : c2) : c1 < c2 ? c1 : c2;
    const f = 1 + k.vib * (1 - (mx - mn));
    c0 = clamp01(l + (c0 - l) * f);
    c1 = clamp01(l + (c1 - l) * f);
    c2 = clamp01(l + (c2 - l) * f);
  }
  if (k.sAmt !== 0 || k.hAmt !== 0) {
    const l = c0 * REC709[0] + c1 * REC709[1] + c2 * REC709[2];
    const ws = k.sAmt * (1 - l);
    const wh = k.hAmt * l;
    c0 = clamp01(c0 + k.s0 * ws + k.h0 * wh);
    c1 = clamp01(c1 + k.s1 * ws + k.h1 * wh);
    c2 = clamp01(c2 + k.s2 * ws + k.h2 * wh);
  }
  if (k.fade !== 0) {
    const f = k.fade;
    c0 = f + c0 * (1 - f);
    c1 = f + c1 * (1 - f);
    c2 = f + c2 * (1 - f);
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
}
