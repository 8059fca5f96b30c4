import { describe, expect, it } from 'vitest';
import { defaultOutlineParams, defaultReflectionParams, defaultShadowParams } from '../../../engine/doc/defaults';
import { isPlainPlan, konvaShadowAttrs, layerEffectsPlan, needsRaster } from './layerEffectsPlan';

const none = { shadowParams: null, outlineParams: null, reflectionParams: null, blendParams: null };

describe('which effects a layer shows (SPEC §5)', () => {
  it('a layer without effect parameters (or with the defaults, all off) draws plain', () => {
    expect(isPlainPlan(layerEffectsPlan(none))).toBe(true);
    const defaults = {
      shadowParams: defaultShadowParams(),
      outlineParams: defaultOutlineParams(),
      reflectionParams: defaultReflectionParams(),
      blendParams: { mode: 'Normal' as const, opacity: 1 },
    };
    expect(isPlainPlan(layerEffectsPlan(defaults))).toBe(true);
  });

  it('an enabled effect with zero size, opacity or scope stays off', () => {
    const plan = layerEffectsPlan({
      ...none,
      shadowParams: { ...defaultShadowParams(), enabled: true, opacity: 0 },
      outlineParams: { ...defaultOutlineParams(), enabled: true, type: 1, size: 0 },
      reflectionParams: { ...defaultReflectionParams(), enabled: true, opacity: 50, scope: 0 },
    });
    expect(isPlainPlan(plan)).toBe(true);
  });

  it('splits the flat shadow (Konva attributes) from the 3D one (a node); rasters only when needed', () => {
    const flat = layerEffectsPlan({ ...none, shadowParams: { ...defaultShadowParams(), enabled: true, xOffset: 10 } });
    expect(flat.shadow).not.toBeNull();
    expect(flat.shadow3D).toBeNull();
    expect(needsRaster(flat)).toBe(false);
    const deep = layerEffectsPlan({ ...none, shadowParams: { ...defaultShadowParams(), enabled: true, is3DShadow: true } });
    expect(deep.shadow).toBeNull();
    expect(needsRaster(deep)).toBe(true);
    expect(needsRaster(layerEffectsPlan({ ...none, blendParams: { mode: 'Multiply', opacity: 1 } }))).toBe(false);
    expect(needsRaster(layerEffectsPlan({ ...none, blendParams: { mode: 'LinearBurn', opacity: 1 } }))).toBe(true);
    expect(isPlainPlan(layerEffectsPlan({ ...none, blendParams: { mode: 'Normal', opacity: 0.5 } }))).toBe(false);
  });

  it('Konva shadow: offset from the layer size, opacity /100, a flipped layer keeps the canvas direction', () => {
    const params = { ...defaultShadowParams(), enabled: true, xOffset: 20, yOffset: 40, opacity: 50, color: '#FF000080' };
    const attrs = konvaShadowAttrs(params, 400, 100, false, false);
    // factor 0.1 and 0.2 of √(400·100) = 200
    expect(attrs.shadowOffsetX).toBeCloseTo(20, 9);
    expect(attrs.shadowOffsetY).toBeCloseTo(40, 9);
    expect(attrs.shadowOpacity).toBe(0.5);
    expect(attrs.shadowForStrokeEnabled).toBe(false);
    expect(attrs.shadowColor).toBe('rgba(255, 0, 0, 0.502)');
    const flipped = konvaShadowAttrs(params, 400, 100, true, false);
    expect(flipped.shadowOffsetX).toBeCloseTo(-20, 9);
    expect(flipped.shadowOffsetY).toBeCloseTo(40, 9);
  });
});
