/**
 * THE table of photo adjustments: one row per numeric key of AdjustParams (SPEC §3, ranges SPEC §9). Everything
 * that used to list the adjustments by hand reads this table: the stored type, defaults and zod schema
 * (engine/doc), the stored and effect ranges and the slider mapping (adjustRanges.ts), the uniforms
 * (adjustUniforms.ts), the shader table and the `USE_*` switches (shaders/index.ts, render/renderers/glPasses.ts),
 * the gl-react preview, and the adjust panel's groups and labels (shell/effectPanel).
 *
 * A new adjustment is a row here, its step in cpuAdjust.ts and in shaders/adjust.frag (the same formula, under
 * `#ifdef USE_<define>` and listed in its `#ifndef SPECIALIZED` block), and its label in
 * locales/sections/effects/*.json. The row order is the stored (SPEC) order: defaults and parsed documents keep
 * their keys in it. pgrain is a group of four fields of its own (adjustRanges.ts `pgrainUniforms`).
 *
 * It lives in engine/doc (the document's adjustment values) and imports only SPEC limits, so engine/effects reads it without a folder loop.
 */
import { BLUR_RADIUS_MAX } from '../spec/limits';

export interface ValueRange {
  min: number;
  max: number;
}

/** adjust.frag's blurred copies of the input, in the order the renderers make them. */
export const BLURRED_COPIES = ['blurS', 'blurM', 'blurL'] as const;
export type BlurredCopy = (typeof BLURRED_COPIES)[number];

/** The adjust panel's groups, in panel order. */
export const ADJUST_GROUP_IDS = ['light', 'colour', 'detail', 'effects'] as const;
export type AdjustGroupId = (typeof ADJUST_GROUP_IDS)[number];

export interface AdjustmentDef {
  /** Stored range: 'signed' −100..100 (slider position (value + 100) / 2), 'positive' 0..100 (position = value). */
  stored: 'signed' | 'positive';
  /** The range the slider position 0..100 is mapped onto linearly (SPEC §9); see adjustRanges.ts `uniformValue`. */
  effect: ValueRange;
  /** The uniform at stored value 0 (the step is then skipped by both paths, SPEC §3). */
  neutral: number;
  /** Range of the adjust.frag uniform of the same name when it differs from `effect` (the shader table). */
  uniformRange?: ValueRange;
  /** Turns the mapped effect value into the uniform, when it is not the value itself. */
  toUniform?: (mapped: number) => number;
  /**
   * The step's number in cpuAdjust.ts and adjust.frag (their fixed order); it orders the `USE_*` switches. Equal
   * numbers keep the row order.
   */
  step: number;
  /**
   * The blurred copy of the input the step samples (adjust.frag's sampler of that name), when it reads one:
   * blurS (σ 1 px), blurM (structure σ) or blurL (clarity σ); see adjustUniforms.ts `spatialSigmas`.
   */
  reads?: BlurredCopy;
  /** adjust.frag switch `USE_<define>`; null for the blur, a pre-pass of its own (blur.frag). */
  define: string | null;
  /** Panel group and position inside it. */
  panel: { group: AdjustGroupId; order: number };
  /** i18n key of the slider label (locales/sections/effects). */
  labelKey: string;
}

const range = (min: number, max: number): ValueRange => ({ min, max });

type Row = Omit<AdjustmentDef, 'labelKey'>;
const row = (key: string, def: Row): AdjustmentDef => ({ ...def, labelKey: `effects.adjustments.${key}` });

const table = {
  brightness: row('brightness', { stored: 'signed', effect: range(-1, 1), neutral: 0, step: 6, define: 'BRIGHTNESS', panel: { group: 'light', order: 0 } }),
  contrast: row('contrast', { stored: 'signed', effect: range(0.5, 1.5), neutral: 1, step: 7, define: 'CONTRAST', panel: { group: 'light', order: 1 } }),
  vibrance: row('vibrance', { stored: 'signed', effect: range(-1, 1), neutral: 0, step: 12, define: 'VIBRANCE', panel: { group: 'colour', order: 1 } }),
  saturation: row('saturation', { stored: 'signed', effect: range(0, 2), neutral: 1, step: 11, define: 'SATURATION', panel: { group: 'colour', order: 0 } }),
  exposure: row('exposure', { stored: 'signed', effect: range(-0.5, 0.5), neutral: 0, step: 5, define: 'EXPOSURE', panel: { group: 'light', order: 2 } }),
  highlight: row('highlight', { stored: 'signed', effect: range(-1, 1), neutral: 0, step: 9, define: 'HIGHLIGHT', panel: { group: 'light', order: 3 } }),
  shadow: row('shadow', { stored: 'signed', effect: range(-0.5, 0.5), neutral: 0, step: 8, define: 'SHADOW', panel: { group: 'light', order: 4 } }),
  // SPEC's "intensity −1.5..1.5" on a 0..100 key: the positive half, so the default 0 means none (adjustRanges.ts).
  clarity: row('clarity', {
    stored: 'positive',
    effect: range(0, 1.5),
    neutral: 0,
    step: 3,
    reads: 'blurL',
    define: 'CLARITY',
    panel: { group: 'detail', order: 0 },
  }),
  sharpen: row('sharpen', {
    stored: 'positive',
    effect: range(0, 3),
    neutral: 0,
    step: 1,
    reads: 'blurS',
    define: 'SHARPEN',
    panel: { group: 'detail', order: 1 },
  }),
  tem: row('tem', { stored: 'signed', effect: range(-1, 1), neutral: 0, step: 10, define: 'TEM', panel: { group: 'colour', order: 2 } }),
  tint: row('tint', { stored: 'signed', effect: range(-1, 1), neutral: 0, step: 10, define: 'TINT', panel: { group: 'colour', order: 3 } }),
  // SPEC grain 0..20 %: the shader takes the amplitude 0..0.2.
  grain: row('grain', {
    stored: 'positive',
    effect: range(0, 20),
    neutral: 0,
    uniformRange: range(0, 0.2),
    toUniform: (percent) => percent / 100,
    step: 14,
    define: 'GRAIN',
    panel: { group: 'effects', order: 2 },
  }),
  // The start radius at the two slider ends; strength and colour come from vignetteUniforms (three uniforms).
  vignette: row('vignette', { stored: 'signed', effect: range(0.25, 0.7), neutral: 0.7, step: 13, define: 'VIGNETTE', panel: { group: 'effects', order: 1 } }),
  // The radius at the 1080 px reference width (SPEC blur size scale of |value|), capped at the validated σ maximum.
  blur: row('blur', {
    stored: 'signed',
    effect: range(0, 5.5),
    neutral: 0,
    uniformRange: range(0, BLUR_RADIUS_MAX),
    toUniform: (radius) => Math.min(BLUR_RADIUS_MAX, radius),
    step: 0,
    define: null,
    panel: { group: 'detail', order: 3 },
  }),
  glow: row('glow', { stored: 'signed', effect: range(-1, 1), neutral: 0, step: 4, reads: 'blurL', define: 'GLOW', panel: { group: 'effects', order: 0 } }),
  structure: row('structure', {
    stored: 'signed',
    effect: range(-1.5, 1.5),
    neutral: 0,
    step: 2,
    reads: 'blurM',
    define: 'STRUCTURE',
    panel: { group: 'detail', order: 2 },
  }),
} satisfies Record<string, AdjustmentDef>;

export type AdjustKey = keyof typeof table;

/** Every adjustment by key. */
export const ADJUSTMENTS: Readonly<Record<AdjustKey, AdjustmentDef>> = Object.freeze(table);

/** The numeric adjustments in stored (SPEC §3) order. */
export const ADJUST_KEYS = Object.freeze(Object.keys(table)) as readonly AdjustKey[];

/** Keys mapped to one number uniform each (vignette drives three: adjustRanges.ts `vignetteUniforms`). */
export type ScalarAdjustKey = Exclude<AdjustKey, 'vignette'>;
export const SCALAR_ADJUST_KEYS: readonly ScalarAdjustKey[] = ADJUST_KEYS.filter((k): k is ScalarAdjustKey => k !== 'vignette');

/** The keys in their pipeline order (cpuAdjust.ts / adjust.frag step numbers; the blur pre-pass first). */
export const ADJUST_STEP_ORDER: readonly AdjustKey[] = [...ADJUST_KEYS].sort((a, b) => table[a].step - table[b].step);

/** The keys of one panel group, in panel order. */
export function adjustKeysOfGroup(group: AdjustGroupId): AdjustKey[] {
  return ADJUST_KEYS.filter((k) => table[k].panel.group === group).sort((a, b) => table[a].panel.order - table[b].panel.order);
}
