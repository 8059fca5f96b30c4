import { describe, expect, it } from 'vitest';
import { defaultShadowParams } from '../../../engine/doc/defaults';
import { applyHomography, projectedShadowTransform } from '../../../engine/effects/shadow';
import { applyTo } from './localFrame';
import { affineFromCorners, projectedShadowPlan } from './projectedShadow';

describe('projected (3D) shadow strips', () => {
  it('affineFromCorners hits its three corners', () => {
    const m = affineFromCorners(10, 2, 6, { x: 1, y: 1 }, { x: 9, y: 3 }, { x: 0, y: 8 });
    expect(applyTo(m, 0, 2)).toEqual({ x: 1, y: 1 });
    expect(applyTo(m, 10, 2)).toEqual({ x: 9, y: 3 });
    const p = applyTo(m, 0, 6);
    expect(p.x).toBeCloseTo(0, 9);
    expect(p.y).toBeCloseTo(8, 9);
  });

  it('follows the homography: the contact line stays, the far end tapers, strips meet without gaps', () => {
    const params = { ...defaultShadowParams(), enabled: true, is3DShadow: true, shapeAngle: 0, shapeLength: 20, shapeGradient: 60, blur: 0 };
    const box = { width: 100, height: 200 };
    const plan = projectedShadowPlan(params, box, 16);
    const homography = projectedShadowTransform(params, { x: 0, y: 0, w: 100, h: 200 }).matrix;
    const last = plan.strips.at(-1)!;
    // Bottom corners (contact line) stay where the layer stands.
    const bottomLeft = applyTo(last.matrix, 0, 200);
    expect(bottomLeft.x).toBeCloseTo(0, 6);
    expect(bottomLeft.y).toBeCloseTo(200, 6);
    // Every strip's top corners are exact; the next strip starts where this one ends.
    for (let i = 0; i < plan.strips.length; i++) {
      const s = plan.strips[i];
      const exact = applyHomography(homography, { x: 100, y: s.y0 });
      const got = applyTo(s.matrix, 100, s.y0);
      expect(got.x).toBeCloseTo(exact.x, 6);
      expect(got.y).toBeCloseTo(exact.y, 6);
    }
    // Far end narrower than the contact line (perspective), shadow goes up the screen (angle 0 = straight back).
    const top = plan.strips[0];
    const farWidth = applyTo(top.matrix, 100, 0).x - applyTo(top.matrix, 0, 0).x;
    expect(farWidth).toBeLessThan(100);
    expect(applyTo(top.matrix, 0, 0).y).toBeLessThan(200);
    expect(plan.opacityNear).toBe(1);
    expect(plan.opacityFar).toBeCloseTo(0.4, 6);
  });

  it('grows its bounds by three blur sigmas', () => {
    const base = { ...defaultShadowParams(), enabled: true, is3DShadow: true, shapeLength: 20 };
    const sharp = projectedShadowPlan({ ...base, blur: 0 }, { width: 100, height: 100 });
    const soft = projectedShadowPlan({ ...base, blur: 100 }, { width: 100, height: 100 });
    expect(soft.blur).toBeGreaterThan(0);
    expect(soft.bounds.width - sharp.bounds.width).toBeCloseTo(2 * (Math.ceil(soft.blur * 3) + 1) - 2, 6);
  });
});
