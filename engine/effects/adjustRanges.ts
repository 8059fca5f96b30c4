/**
 * Photo-adjustment value ranges and their SPEC §9 mappings.
 *
 * A stored value (AdjustParams) is turned into a slider position 0..100 and that position is mapped linearly onto the
 * effect's own range (the number a shader uniform or the CPU path uses):
 * - clarity, sharpen, grain store 0..100 and the slider position is the value itself (0 ↔ range minimum);
 * - every other key stores -100..100 and the slider position is (value + 100) / 2 (0 ↔ slider 50 ↔ range midpoint).
 * Either way a stored 0 maps to "no change" (brightness 0, contrast 1, saturation 1, sharpen 0 …), which is why value 0
 * can be skipped bit-exactly (SPEC §3).
 *
 * Decisions where SPEC §9 leaves room (documented here because the shaders follow them too):
 * - "one intensity effect -1.5..1.5" drives structure (±100 → -1.5..1.5) and clarity. Clarity stores 0..100, so a linear
 *   map of its slider onto -1.5..1.5 would make its default 0 mean -1.5; clarity therefore uses the positive half 0..1.5.
 * - vignette: the slider's distance from 50 sets the strength; the start radius moves linearly from 0.7 (weak) to 0.25
 *   (full strength) and the colour is white below slider 50, black above.
 * - glow: SPEC "glow 0..1" is the strength; a ±100 key whose midpoint were 0.5 would glow at value 0, so the slider
 *   maps linearly onto −1..1 instead: |g| is the SPEC 0..1 strength, + is a bright (screen) glow, − a dark (multiply) one.
 * - blur: the magnitude |value| is the SPEC blur amount (blurSizeScale: |blur|/100 × 5.5 × width/1080), so both directions
 *   blur and 0 is none.
 */
import type { AdjustParams, PGrainParams } from '../doc/types';
import { ADJUST_KEYS, ADJUSTMENTS, type AdjustKey, type ValueRange } from '../doc/adjustRegistry';
import { blurSizeScale } from './blur';

export { ADJUST_KEYS, type AdjustKey, type ValueRange } from '../doc/adjustRegistry';

/** Stored value range of each key (what the panel slider edits): 0..100 for 'positive' rows, else -100..100. */
export const ADJUST_RANGES: Readonly<Record<AdjustKey, ValueRange>> = Object.freeze(
  Object.fromEntries(ADJUST_KEYS.map((k) => [k, isPositiveOnly(k) ? { min: 0, max: 100 } : { min: -100, max: 100 }])) as Record<AdjustKey, ValueRange>,
);

/**
 * Effect range each slider position 0..100 is mapped onto (SPEC §9, the registry's `effect`). Vignette's entry is its
 * start radius at the two slider ends (see vignetteUniforms); blur's entry is the radius at the 1080 px reference
 * width (see uniformValue).
 */
export const EFFECT_RANGES: Readonly<Record<AdjustKey, ValueRange>> = Object.freeze(
  Object.fromEntries(ADJUST_KEYS.map((k) => [k, ADJUSTMENTS[k].effect])) as Record<AdjustKey, ValueRange>,
);

/** Keys whose stored value runs 0..100 (SPEC §9); every other key runs -100..100. */
function isPositiveOnly(key: AdjustKey): boolean {
  return ADJUSTMENTS[key].stored === 'positive';
}

/** Vignette start radius at no strength and at full strength (SPEC §9 "vignette start 0.25..0.7"). */
export const VIGNETTE_START_WEAK = 0.7;
export const VIGNETTE_START_STRONG = 0.25;

/** Reference layer width of the SPEC blur size scale. */
export const BLUR_REFERENCE_WIDTH = 1080;

function clampTo(v: number, r: ValueRange): number {
  return Math.min(r.max, Math.max(r.min, v));
}

/** Slider position 0..100 of a stored value: the value itself for 0..100 keys, (value + 100) / 2 for ±100 keys. */
export function sliderPosition(key: AdjustKey, value: number): number {
  const v = clampTo(Number.isFinite(value) ? value : 0, ADJUST_RANGES[key]);
  return isPositiveOnly(key) ? v : (v + 100) / 2;
}

/** Inverse of sliderPosition: the stored value for a slider position 0..100. */
export function valueFromSlider(key: AdjustKey, position: number): number {
  const p = Math.min(100, Math.max(0, position));
  return isPositiveOnly(key) ? p : p * 2 - 100;
}

/**
 * The number the effect uses for a stored value: the slider position mapped linearly onto EFFECT_RANGES[key].
 * - vignette returns the start radius (0.7 at value 0 down to 0.25 at ±100); colour and strength come from vignetteUniforms.
 * - blur returns the blur radius in pixels for a layer `layerWidth` wide (SPEC blur size scale of |value|).
 */
export function uniformValue(key: AdjustKey, value: number, layerWidth: number = BLUR_REFERENCE_WIDTH): number {
  const pos = sliderPosition(key, value);
  if (key === 'vignette') return vignetteUniforms(value).start;
  if (key === 'blur') return blurSizeScale(Math.abs(pos * 2 - 100), layerWidth);
  const r = EFFECT_RANGES[key];
  return r.min + ((r.max - r.min) * pos) / 100;
}

export interface VignetteUniforms {
  /** Normalised distance from the centre (0 centre, 1 corner) where darkening/lightening begins. */
  start: number;
  /** 0..1, |slider − 50| / 50. */
  amount: number;
  /** 1 = white (slider below 50), 0 = black (slider above 50). */
  color: 0 | 1;
}

/** Vignette uniforms for a stored value -100..100. */
export function vignetteUniforms(value: number): VignetteUniforms {
  const pos = sliderPosition('vignette', value);
  const amount = Math.abs(pos - 50) / 50;
  return {
    start: VIGNETTE_START_WEAK + (VIGNETTE_START_STRONG - VIGNETTE_START_WEAK) * amount,
    amount,
    color: pos < 50 ? 1 : 0,
  };
}

/** pgrain fields are 0..100 sliders. */
export const PGRAIN_RANGE: ValueRange = { min: 0, max: 100 };
/** Grain cell size in pixels at pgrain.size 0 and 100. */
export const PGRAIN_SIZE_RANGE: ValueRange = { min: 1, max: 4 };
/** SPEC §9 grain roughness 0.25..1. */
export const PGRAIN_ROUGHNESS_RANGE: ValueRange = { min: 0.25, max: 1 };
/** Noise amplitude of pgrain at amount 100 (equal to the simple grain at its maximum 20 %). */
export const PGRAIN_MAX_AMPLITUDE = 0.2;

export interface PGrainUniforms {
  size: number;
  amount: number;
  highlights: number;
  roughness: number;
}

/** Mapped pgrain uniforms: size 1..4 px, amount 0..0.2 noise amplitude, highlights 0..1, roughness 0.25..1. */
export function pgrainUniforms(p: PGrainParams): PGrainUniforms {
  const n = (v: number) => clampTo(Number.isFinite(v) ? v : 0, PGRAIN_RANGE) / 100;
  const lin = (r: ValueRange, t: number) => r.min + (r.max - r.min) * t;
  return {
    size: lin(PGRAIN_SIZE_RANGE, n(p.size)),
    amount: PGRAIN_MAX_AMPLITUDE * n(p.amount),
    highlights: n(p.highlights),
    roughness: lin(PGRAIN_ROUGHNESS_RANGE, n(p.roughness)),
  };
}

/** True when all four pgrain fields are 0 (the pgrain group then changes nothing, SPEC §3). */
export function isPgrainIdentity(p: PGrainParams | null | undefined): boolean {
  return !p || (!p.size && !p.amount && !p.highlights && !p.roughness);
}

/** True when the adjustments change nothing: every key 0 and pgrain all four 0 (or no params at all). */
export function isIdentityAdjust(params: Partial<AdjustParams> | null | undefined): boolean {
  if (!params) return true;
  for (const k of ADJUST_KEYS) if (params[k]) return false;
  return isPgrainIdentity(params.pgrain);
}
