import { describe, expect, it } from 'vitest';
import { defaultShadowParams } from '../doc/defaults';
import {
  PROJECTION_BLUR_BASE,
  SHADOW_BLUR_LEVELS,
  SHADOW_BLUR_MAX,
  SHADOW_OFFSET_FACTOR_MAX,
  SHADOW_PRESETS,
  SHADOW_TEXTURE_MAX_WIDTH,
  SHAPE_LENGTH_MAX,
  TEXT_SHADOW_PRESET,
  applyHomography,
  applyShadowPreset,
  isShadowActive,
  projectedShadowTransform,
  projectedShadowMatrix,
  projectionBlurStride,
  shadowBaseTextureSize,
  shadowBlurPx,
  shadowOffsetPx,
  shadowQuadrant,
  shadowStyle,
  shapeLengthFactor,
} from './shadow';

describe('shadow constants (SPEC §9)', () => {
  it('has the SPEC limits and presets', () => {
    expect(SHADOW_BLUR_LEVELS).toBe(5);
    expect(SHADOW_TEXTURE_MAX_WIDTH).toBe(1920);
    expect(PROJECTION_BLUR_BASE).toBe(500);
    expect(SHADOW_OFFSET_FACTOR_MAX).toBe(0.5);
    expect(SHAPE_LENGTH_MAX).toBe(5);
    expect(SHADOW_BLUR_MAX).toBe(4);
    expect(TEXT_SHADOW_PRESET).toEqual({ opacity: 40, blur: 12 });
    expect(SHADOW_PRESETS.map((p) => p.id)).toEqual(['soft', 'hard', 'long', 'floating', 'perspective']);
  });
  it('applies a preset onto existing params, enabling the shadow', () => {
    const p = applyShadowPreset({ ...defaultShadowParams(), color: '#FF0000FF' }, 'perspective');
    expect(p).toMatchObject({ enabled: true, presetId: 'perspective', is3DShadow: true, color: '#FF0000FF' });
    expect(isShadowActive(p)).toBe(true);
    expect(() => applyShadowPreset(defaultShadowParams(), 'nope' as 'soft')).toThrow('Unknown shadow preset');
  });
});

describe('shadowQuadrant', () => {
  it.each([
    [5, -5, 1],
    [-5, -5, 2],
    [-5, 5, 3],
    [5, 5, 4],
    [0, 0, 4],
    [0, -1, 1],
    [-1, 0, 3],
  ])('offset (%s, %s) is quadrant %s', (x, y, q) => {
    expect(shadowQuadrant(x, y)).toBe(q);
  });
});

describe('shadowBaseTextureSize', () => {
  it.each([
    [1920, 1080, 1024, 576],
    [1080, 1920, 576, 1024],
    [1000, 333, 1024, 336], // 340.99 → 336
    [3000, 10, 1024, 8], // 3.4 → minimum 8
    [512, 512, 1024, 1024],
    [0, 50, 8, 8],
  ])('%s×%s → %s×%s', (w, h, tw, th) => {
    expect(shadowBaseTextureSize(w, h)).toEqual({ width: tw, height: th });
  });
});

describe('shadow offset and blur', () => {
  it('maps ±100 to ±0.5 of √(w·h), clamped', () => {
    expect(shadowOffsetPx({ xOffset: 100, yOffset: -50 }, 400, 100)).toEqual({ x: 100, y: -50 });
    expect(shadowOffsetPx({ xOffset: 300, yOffset: 0 }, 200, 200)).toEqual({ x: 100, y: 0 });
  });
  it('maps blur 0..100 to σ = 8·level on the 1024 texture, scaled to the layer', () => {
    expect(shadowBlurPx(100, 1024, 500)).toBe(32);
    expect(shadowBlurPx(50, 2048, 100)).toBe(32);
    expect(shadowBlurPx(TEXT_SHADOW_PRESET.blur, 1024, 200)).toBeCloseTo(3.84, 9);
    expect(shadowBlurPx(0, 1024, 1024)).toBe(0);
  });
  it('gives the flat shadow style', () => {
    const style = shadowStyle({ ...defaultShadowParams(), xOffset: 20, yOffset: 20, blur: 25, opacity: 40 }, 1024, 1024);
    expect(style).toEqual({ offsetX: 102.4, offsetY: 102.4, sigma: 8, canvasShadowBlur: 16, color: '#000000FF', opacity: 0.4 });
  });
  it('has a shape length factor with default 20 → 1 and max 5', () => {
    expect(shapeLengthFactor(20)).toBe(1);
    expect(shapeLengthFactor(100)).toBe(5);
    expect(shapeLengthFactor(500)).toBe(5);
  });
  it('blurs the projection with a stride of at least 1', () => {
    expect(projectionBlurStride(300, 200)).toBe(1);
    expect(projectionBlurStride(2000, 1000)).toBe(4);
  });
});

describe('isShadowActive (SPEC §5)', () => {
  it('needs params, enabled and a non-zero opacity', () => {
    expect(isShadowActive(null)).toBe(false);
    expect(isShadowActive(defaultShadowParams())).toBe(false);
    expect(isShadowActive({ ...defaultShadowParams(), enabled: true })).toBe(true);
    expect(isShadowActive({ ...defaultShadowParams(), enabled: true, opacity: 0 })).toBe(false);
  });
});

describe('projectedShadowTransform', () => {
  const rect = { x: 50, y: 100, w: 200, h: 100 };
  const f = 50 / Math.tan((22.5 * Math.PI) / 180); // 120.71

  it('lays a straight-back shadow behind the layer, foreshortened by the 45° camera', () => {
    const p = projectedShadowTransform({ shapeAngle: 0, shapeLength: 20, shapeGradient: 50, opacity: 80 }, rect);
    const s = f / (f + 100); // 0.5469
    expect(p.farScale).toBeCloseTo(s, 9);
    const [tl, tr, br, bl] = p.quad;
    expect(bl).toEqual({ x: 50, y: 200 });
    expect(br).toEqual({ x: 250, y: 200 });
    expect(tl.y).toBeCloseTo(200 - 100 * s, 9);
    expect(tr.x - tl.x).toBeCloseTo(200 * s, 9);
    expect((tl.x + tr.x) / 2).toBeCloseTo(150, 9);
    expect(p.opacityNear).toBeCloseTo(0.8, 12);
    expect(p.opacityFar).toBeCloseTo(0.4, 12);
  });

  it('maps the rect corners onto the quad and bends the rows in between by perspective', () => {
    const p = projectedShadowTransform({ shapeAngle: 30, shapeLength: 40, shapeGradient: 0, opacity: 100 }, rect);
    const corners = [
      { x: 50, y: 100 },
      { x: 250, y: 100 },
      { x: 250, y: 200 },
      { x: 50, y: 200 },
    ];
    corners.forEach((c, i) => {
      const q = applyHomography(p.matrix, c);
      expect(q.x).toBeCloseTo(p.quad[i].x, 6);
      expect(q.y).toBeCloseTo(p.quad[i].y, 6);
    });
    // The far edge leans right (positive angle) and is narrower than the contact line.
    expect(p.quad[0].x).toBeGreaterThan(50);
    expect(p.quad[1].x - p.quad[0].x).toBeLessThan(200);
    // The layer's mid-height maps nearer the far edge than halfway (the near half of the ground looks longer).
    const mid = applyHomography(p.matrix, { x: 150, y: 150 });
    const halfway = (p.quad[0].y + 200) / 2;
    expect(mid.y).toBeGreaterThan(p.quad[0].y);
    expect(mid.y).toBeLessThan(halfway);
    expect(p.opacityFar).toBe(1);
  });

  it('falls in front of the layer towards the viewer at 180° and never goes flat sideways', () => {
    const front = projectedShadowTransform({ shapeAngle: 180, shapeLength: 20, shapeGradient: 0, opacity: 100 }, rect);
    expect(front.quad[0].y).toBeGreaterThan(200);
    expect(front.farScale).toBeGreaterThan(1);
    const side = projectedShadowTransform({ shapeAngle: 90, shapeLength: 20, shapeGradient: 0, opacity: 100 }, rect);
    expect(side.quad[0].y).toBeLessThan(200 - 100 * Math.cos((80 * Math.PI) / 180) * 0.5);
    expect((side.quad[0].x + side.quad[1].x) / 2).toBeGreaterThan(200); // pushed far to the right
  });

  it('gives an affine approximation that keeps the contact line and the far centre', () => {
    const p = projectedShadowTransform({ shapeAngle: -40, shapeLength: 30, shapeGradient: 0, opacity: 100 }, rect);
    const [a, b, c, d, e, f2] = p.affine;
    const map = (x: number, y: number) => ({ x: a * x + c * y + e, y: b * x + d * y + f2 });
    expect(map(50, 200).x).toBeCloseTo(50, 9);
    expect(map(50, 200).y).toBeCloseTo(200, 9);
    expect(map(250, 200).x).toBeCloseTo(250, 9);
    const farCentre = map(150, 100);
    expect(farCentre.x).toBeCloseTo((p.quad[0].x + p.quad[1].x) / 2, 9);
    expect(farCentre.y).toBeCloseTo(p.quad[0].y, 9);
  });

  it('has the unit-rect matrix form, narrower far edge with a wider field of view', () => {
    const m = projectedShadowMatrix(0, 20);
    const far = applyHomography(m, { x: 0, y: 0 });
    const s = 0.5 / Math.tan((22.5 * Math.PI) / 180);
    expect(far.y).toBeCloseTo(1 - s / (s + 1), 9);
    const wide = projectedShadowTransform({ shapeAngle: 0, shapeLength: 20, shapeGradient: 0, opacity: 100 }, rect, 90);
    expect(wide.farScale).toBeLessThan(projectedShadowTransform({ shapeAngle: 0, shapeLength: 20, shapeGradient: 0, opacity: 100 }, rect).farScale);
  });

  it('stays solvable at length 0', () => {
    const p = projectedShadowTransform({ shapeAngle: 0, shapeLength: 0, shapeGradient: 0, opacity: 100 }, rect);
    expect(p.matrix.every(Number.isFinite)).toBe(true);
  });
});
