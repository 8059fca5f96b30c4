/**
 * All numbers the adjustment pass needs for one image, derived from AdjustParams with the SPEC §9 mappings of
 * adjustRanges.ts. cpuAdjust.ts and shaders/adjust.frag consume the same object, so the two paths share one mapping.
 * An effect whose stored value is 0 gets `null`/0 here and is skipped by both paths.
 */
import type { AdjustParams } from '../doc/types';
import { isPgrainIdentity, pgrainUniforms, uniformValue, vignetteUniforms, type PGrainUniforms, type VignetteUniforms } from './adjustRanges';
import { ADJUST_KEYS, ADJUSTMENTS, BLURRED_COPIES, SCALAR_ADJUST_KEYS, type BlurredCopy, type ScalarAdjustKey } from '../doc/adjustRegistry';
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

/**
 * The mapped numbers of one image. Every scalar adjustment of the registry (engine/doc/adjustRegistry.ts) has its uniform under
 * its own key, its `neutral` value when the stored value is 0: blur is the σ in px of the pre-pass (0 = none),
 * contrast and saturation factors (1 = none), glow −1..1 (+ bright screen glow, − dark multiply glow), grain the
 * simple grain amplitude 0..0.2.
 */
export type AdjustUniforms = Record<ScalarAdjustKey, number> & {
  /** null = no vignette. */
  vignette: VignetteUniforms | null;
  /** null = pgrain inactive (all four 0 or amount 0). */
  pgrain: PGrainUniforms | null;
  /** σ of the blurred copies (only meaningful where sharpen/structure/clarity/glow are non-zero). */
  sigmas: { sharpen: number; structure: number; clarity: number };
};

/**
 * Maps AdjustParams to uniforms for an image width×height. `layerWidth` scales the blur (SPEC blur size scale, default
 * the image width); the blur σ is capped at 32 (the validated maximum).
 */
export function adjustUniforms(p: AdjustParams, width: number, height: number, layerWidth: number = width): AdjustUniforms {
  const scalars = {} as Record<ScalarAdjustKey, number>;
  for (const key of SCALAR_ADJUST_KEYS) {
    const def = ADJUSTMENTS[key];
    if (!p[key]) scalars[key] = def.neutral;
    else {
      const mapped = uniformValue(key, p[key], layerWidth);
      scalars[key] = def.toUniform ? def.toUniform(mapped) : mapped;
    }
  }
  const pg = isPgrainIdentity(p.pgrain) ? null : pgrainUniforms(p.pgrain);
  return {
    ...scalars,
    vignette: p.vignette ? vignetteUniforms(p.vignette) : null,
    pgrain: pg && pg.amount > 0 ? pg : null,
    sigmas: spatialSigmas(width, height),
  };
}

/** Which σ of `spatialSigmas` each blurred copy is made with. */
const COPY_SIGMA: Readonly<Record<BlurredCopy, keyof AdjustUniforms['sigmas']>> = { blurS: 'sharpen', blurM: 'structure', blurL: 'clarity' };

/** True when some non-zero adjustment samples a blurred copy (the pass then needs blur.frag too). */
export function readsBlurredCopy(p: AdjustParams): boolean {
  return ADJUST_KEYS.some((key) => !!ADJUSTMENTS[key].reads && !!p[key]);
}

/**
 * The blurred copies of the input the active steps sample (registry `reads`), each once, in BLURRED_COPIES order,
 * with its σ in px. Both renderers, the gl-react preview and the tile overlap read this.
 */
export function blurredCopies(u: AdjustUniforms): { name: BlurredCopy; sigma: number }[] {
  const wanted = new Set<BlurredCopy>();
  for (const key of SCALAR_ADJUST_KEYS) {
    const reads = ADJUSTMENTS[key].reads;
    if (reads && u[key] !== ADJUSTMENTS[key].neutral) wanted.add(reads);
  }
  return BLURRED_COPIES.filter((name) => wanted.has(name)).map((name) => ({ name, sigma: u.sigmas[COPY_SIGMA[name]] }));
}
