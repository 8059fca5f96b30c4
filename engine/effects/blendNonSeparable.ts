/**
 * The whole-colour blend modes of blend-modes.md: W3C Hue, Saturation, Color, Luminosity (Lum / ClipColor / SetLum /
 * Sat / SetSat, exact W3C definitions) and Photoshop's Darker Color / Lighter Color (by channel sum, see blendModes.ts).
 */
import type { BlendMode } from '../doc/types';

type Rgb = readonly [number, number, number];
type MutableRgb = [number, number, number];

/** The modes handled here. */
export const NON_SEPARABLE: ReadonlySet<BlendMode> = new Set<BlendMode>(['Hue', 'Saturation', 'Color', 'Luminosity', 'DarkerColor', 'LighterColor']);

/** W3C Lum(C) = 0.3 R + 0.59 G + 0.11 B. */
export function lum(c: Rgb): number {
  return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
}

/** W3C ClipColor: pulls out-of-range channels back towards the luminosity, keeping it. */
export function clipColor(c: Rgb): MutableRgb {
  const l = lum(c);
  const n = Math.min(c[0], c[1], c[2]);
  const x = Math.max(c[0], c[1], c[2]);
  let out: MutableRgb = [c[0], c[1], c[2]];
  if (n < 0) out = out.map((v) => l + ((v - l) * l) / (l - n)) as MutableRgb;
  if (x > 1) out = out.map((v) => l + ((v - l) * (1 - l)) / (x - l)) as MutableRgb;
  return out;
}

/** W3C SetLum(C, l). */
export function setLum(c: Rgb, l: number): MutableRgb {
  const d = l - lum(c);
  return clipColor([c[0] + d, c[1] + d, c[2] + d]);
}

/** W3C Sat(C) = max − min. */
export function sat(c: Rgb): number {
  return Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2]);
}

/** W3C SetSat(C, s): rescales the channels so max − min = s, min → 0 (ties keep channel order by index). */
export function setSat(c: Rgb, s: number): MutableRgb {
  const idx = [0, 1, 2].sort((a, b) => c[a] - c[b]);
  const [iMin, iMid, iMax] = idx;
  const out: MutableRgb = [0, 0, 0];
  if (c[iMax] > c[iMin]) {
    out[iMid] = ((c[iMid] - c[iMin]) * s) / (c[iMax] - c[iMin]);
    out[iMax] = s;
  }
  out[iMin] = 0;
  return out;
}

const sum = (c: Rgb) => c[0] + c[1] + c[2];

/** B(Cb, Cs) of a non-separable mode (not yet clamped). */
export function nonSeparable(mode: BlendMode, cb: Rgb, cs: Rgb): MutableRgb {
  switch (mode) {
    case 'Hue':
      return setLum(setSat(cs, sat(cb)), lum(cb));
    case 'Saturation':
      return setLum(setSat(cb, sat(cs)), lum(cb));
    case 'Color':
      return setLum(cs, lum(cb));
    case 'Luminosity':
      return setLum(cb, lum(cs));
    case 'DarkerColor':
      return sum(cs) < sum(cb) ? [cs[0], cs[1], cs[2]] : [cb[0], cb[1], cb[2]];
    case 'LighterColor':
      return sum(cs) > sum(cb) ? [cs[0], cs[1], cs[2]] : [cb[0], cb[1], cb[2]];
    default:
      throw new Error(`Blend mode ${mode} is separable`);
  }
}
