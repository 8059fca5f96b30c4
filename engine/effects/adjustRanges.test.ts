import { describe, expect, it } from 'vitest';
import { defaultAdjustParams } from '../doc/defaults';
import { ADJUST_KEYS, ADJUST_RANGES, isIdentityAdjust, pgrainUniforms, sliderPosition, uniformValue, valueFromSlider, vignetteUniforms } from './adjustRanges';

/** SPEC §9 effect range of each key: [at slider 0, at slider 100]. */
const SPEC_RANGE: Record<string, [number, number]> = {
  brightness: [-1, 1],
  contrast: [0.5, 1.5],
  saturation: [0, 2],
  vibrance: [-1, 1],
  exposure: [-0.5, 0.5],
  tem: [-1, 1],
  tint: [-1, 1],
  sharpen: [0, 3],
  grain: [0, 20],
  shadow: [-0.5, 0.5],
  highlight: [-1, 1],
  glow: [-1, 1],
  structure: [-1.5, 1.5],
  clarity: [0, 1.5],
};
const POSITIVE = ['clarity', 'sharpen', 'grain'];

describe('adjust ranges', () => {
  it('lists the sixteen SPEC keys with 0..100 for clarity/sharpen/grain and -100..100 for the others', () => {
    expect(ADJUST_KEYS).toHaveLength(16);
    for (const k of ADJUST_KEYS) expect(ADJUST_RANGES[k]).toEqual(POSITIVE.includes(k) ? { min: 0, max: 100 } : { min: -100, max: 100 });
  });

  it('slider position is the value for 0..100 keys and (value+100)/2 otherwise', () => {
    for (const k of ADJUST_KEYS) {
      const { min, max } = ADJUST_RANGES[k];
      const pos = (v: number) => (POSITIVE.includes(k) ? v : (v + 100) / 2);
      for (const v of [min, 0, 50, max]) expect(sliderPosition(k, v)).toBe(pos(v));
      expect(sliderPosition(k, max + 50)).toBe(100);
      for (const v of [min, 0, 50, max]) expect(valueFromSlider(k, sliderPosition(k, v))).toBe(v);
    }
  });

  it('maps the slider linearly onto the SPEC §9 effect range for every linear key', () => {
    for (const [k, [lo, hi]] of Object.entries(SPEC_RANGE)) {
      const key = k as (typeof ADJUST_KEYS)[number];
      const { min, max } = ADJUST_RANGES[key];
      expect(uniformValue(key, min)).toBeCloseTo(lo, 10);
      expect(uniformValue(key, max)).toBeCloseTo(hi, 10);
      const mid = POSITIVE.includes(k) ? 50 : 0; // slider 50
      expect(uniformValue(key, mid)).toBeCloseTo((lo + hi) / 2, 10);
      const quarter = POSITIVE.includes(k) ? 25 : -50; // slider 25
      expect(uniformValue(key, quarter)).toBeCloseTo(lo + (hi - lo) / 4, 10);
    }
  });

  it('value 0 maps to the neutral uniform of every key', () => {
    const neutral: Record<string, number> = { contrast: 1, saturation: 1 };
    for (const k of Object.keys(SPEC_RANGE)) expect(uniformValue(k as never, 0)).toBeCloseTo(neutral[k] ?? 0, 12);
    expect(uniformValue('blur', 0)).toBe(0);
  });

  it('vignette: start 0.7 at rest to 0.25 at both ends, white below slider 50, black above', () => {
    expect(vignetteUniforms(0)).toEqual({ start: 0.7, amount: 0, color: 0 });
    expect(vignetteUniforms(-100)).toEqual({ start: 0.25, amount: 1, color: 1 });
    expect(vignetteUniforms(100)).toEqual({ start: 0.25, amount: 1, color: 0 });
    const half = vignetteUniforms(-50);
    expect(half.color).toBe(1);
    expect(half.amount).toBeCloseTo(0.5, 12);
    expect(half.start).toBeCloseTo(0.475, 12);
    expect(uniformValue('vignette', 100)).toBe(0.25);
  });

  it('blur: SPEC blur size scale of |value| for the layer width', () => {
    expect(uniformValue('blur', 100)).toBeCloseTo(5.5, 12);
    expect(uniformValue('blur', -100)).toBeCloseTo(5.5, 12);
    expect(uniformValue('blur', 50, 2160)).toBeCloseTo(5.5, 12);
  });

  it('pgrain maps size 1..4 px, amount 0..0.2, highlights 0..1, roughness 0.25..1', () => {
    expect(pgrainUniforms({ size: 0, amount: 0, highlights: 0, roughness: 0 })).toEqual({ size: 1, amount: 0, highlights: 0, roughness: 0.25 });
    expect(pgrainUniforms({ size: 100, amount: 100, highlights: 100, roughness: 100 })).toEqual({ size: 4, amount: 0.2, highlights: 1, roughness: 1 });
    const mid = pgrainUniforms({ size: 50, amount: 50, highlights: 50, roughness: 50 });
    expect(mid.size).toBeCloseTo(2.5, 12);
    expect(mid.roughness).toBeCloseTo(0.625, 12);
  });

  it('identity: all 0 and pgrain all four 0; any one non-zero is not', () => {
    expect(isIdentityAdjust(defaultAdjustParams())).toBe(true);
    expect(isIdentityAdjust(null)).toBe(true);
    for (const k of ADJUST_KEYS) expect(isIdentityAdjust({ ...defaultAdjustParams(), [k]: 1 })).toBe(false);
    for (const f of ['size', 'amount', 'highlights', 'roughness']) {
      expect(isIdentityAdjust({ ...defaultAdjustParams(), pgrain: { size: 0, amount: 0, highlights: 0, roughness: 0, [f]: 10 } })).toBe(false);
    }
  });
});
