/**
 * All numbers the adjustment pass needs for one image, derived from AdjustParams with the SPEC §9 mappings of
 * adjustRanges.ts. cpuAdjust.ts and shaders/adjust.frag consume the same object, so the two paths share one mapping.
 * An effect whose stored value is 0 gets `null`/0 here and is skipped by both paths.
 */
import type { AdjustParams } from '../doc/types';
import { isPgrainIdentity, pgrainUniforms, uniformValue, vignetteUniforms, type PGrainUniforms, type VignetteUniforms } from './adjustRanges';
import { BLUR_RADIUS_MAX } from './blur';

/** Fixed gains of the formulas in cpuAdjust.ts (the shader declares the same constants). */
export const TEMPERATURE_GAIN = 0.15;
export const TINT_GAIN = 0.15;
export const HIGHLIGHT_GAIN = 0.5;

/**
 * Gaussian σ (px) of the blurred copies used by the local-contrast effects, scaled with the image's long side so the
 * look does not depend on the preview resolution: sharpen 1 px; structure long/500 (1..32); clarity and glow
 * long/100 (2..32).
 */
export function spatialSigmas(width: number, height: number): { sharpen: number; structure: number; clarity: number } {
  const long = Math.max(width, height);
  const clamp = (v: number, lo: number) => Math.min(BLUR_RADIUS_MAX, Math.max(lo, v));
  return { sharpen: 1, structure: clamp(long / 500, 1), clarity: clamp(long / 100, 2) };
}

export interface AdjustUniforms {
  /** Blur σ in px (0 = none), applied first. */
  blur: number;
  sharpen: number;
  structure: number;
  clarity: number;
  /** −1..1: + bright (screen) glow, − dark (multiply) glow; 0 = none. */
  glow: number;
  exposure: number;
  brightness: number;
  /** Contrast factor; 1 = none. */
  contrast: number;
  shadow: number;
  highlight: number;
  tem: number;
  tint: number;
  /** Saturation factor; 1 = none. */
  saturation: number;
  vibrance: number;
  /** null = no vignette. */
  vignette: VignetteUniforms | null;
  /** Simple grain amplitude 0..0.2 (the 0..20 range as a percentage); 0 = none. */
  grain: number;
  /** null = pgrain inactive (all four 0 or amount 0). */
  pgrain: PGrainUniforms | null;
  /** σ of the blurred copies (only meaningful where sharpen/structure/clarity/glow are non-zero). */
  sigmas: { sharpen: number; structure: number; clarity: number };
}

/**
 * Maps AdjustParams to uniforms for an image width×height. `layerWidth` scales the blur (SPEC blur size scale, default
 * the image width); the blur σ is capped at 32 (the validated maximum).
 */
export function adjustUniforms(p: AdjustParams, width: number, height: number, layerWidth: number = width): AdjustUniforms {
  const u = (k: Parameters<typeof uniformValue>[0]) => uniformValue(k, p[k]);
  const pg = isPgrainIdentity(p.pgrain) ? null : pgrainUniforms(p.pgrain);
  return {
    blur: p.blur ? Math.min(BLUR_RADIUS_MAX, uniformValue('blur', p.blur, layerWidth)) : 0,
    sharpen: p.sharpen ? u('sharpen') : 0,
    structure: p.structure ? u('structure') : 0,
    clarity: p.clarity ? u('clarity') : 0,
    glow: p.glow ? u('glow') : 0,
    exposure: p.exposure ? u('exposure') : 0,
    brightness: p.brightness ? u('brightness') : 0,
    contrast: p.contrast ? u('contrast') : 1,
    shadow: p.shadow ? u('shadow') : 0,
    highlight: p.highlight ? u('highlight') : 0,
    tem: p.tem ? u('tem') : 0,
    tint: p.tint ? u('tint') : 0,
    saturation: p.saturation ? u('saturation') : 1,
    vibrance: p.vibrance ? u('vibrance') : 0,
    vignette: p.vignette ? vignetteUniforms(p.vignette) : null,
    grain: p.grain ? u('grain') / 100 : 0,
    pgrain: pg && pg.amount > 0 ? pg : null,
    sigmas: spatialSigmas(width, height),
  };
}
