import { describe, expect, it } from 'vitest';
import { defaultOutlineParams, defaultReflectionParams, defaultShadowParams } from '../doc/defaults';
import { REFLECTION_ON_DEFAULTS, isEffectActive, isReflectionActive, reflectionDerivedFields, reflectionGeometry } from './reflection';

const rect = { x: 100, y: 50, w: 200, h: 100 };
const apply = (t: number[], lx: number, ly: number) => ({ x: t[0] * lx + t[2] * ly + t[4], y: t[1] * lx + t[3] * ly + t[5] });

describe('reflectionGeometry', () => {
  it('mirrors the bottom `scope` of the layer right below it, fading to 0', () => {
    const g = reflectionGeometry({ scope: 40, opacity: 60, distance: 0, angle: 0 }, rect);
    expect(g).toMatchObject({ x: 100, y: 150, width: 200, height: 40, opacityTop: 0.6, opacityBottom: 0, skew: 0, sourceY: 60, sourceHeight: 40 });
    // The layer's bottom row touches the reflection line, the row 40 px above it lands 40 px below.
    expect(apply(g.transform, 0, 100)).toEqual({ x: 100, y: 150 });
    expect(apply(g.transform, 200, 60)).toEqual({ x: 300, y: 190 });
  });

  it('leaves a gap of `distance` % of the height and shears by the angle', () => {
    const g = reflectionGeometry({ scope: 50, opacity: 100, distance: 10, angle: 45 }, rect);
    expect(g.y).toBe(160);
    expect(g.skew).toBeCloseTo(1, 12);
    const bottomLeft = apply(g.transform, 0, 50);
    expect(bottomLeft.x).toBeCloseTo(150, 9);
    expect(bottomLeft.y).toBeCloseTo(210, 9);
    expect(g.quad[3].x).toBeCloseTo(150, 9);
    expect(g.quad[2]).toEqual({ x: expect.closeTo(350, 9), y: 210 });
  });

  it('clamps its inputs', () => {
    const g = reflectionGeometry({ scope: 150, opacity: -5, distance: -20, angle: 80 }, rect);
    expect(g.height).toBe(100);
    expect(g.opacityTop).toBe(0);
    expect(g.y).toBe(150);
    expect(g.skew).toBeCloseTo(1, 12);
  });

  it('derives the stored fixed/inner fields', () => {
    const d = reflectionDerivedFields({ scope: 50, opacity: 80, distance: 20, angle: -30 }, { ...rect, angle: 15 });
    expect(d).toEqual({
      y_min: 170,
      y_max: 220,
      rotation: 15,
      radians: expect.closeTo(-Math.PI / 6, 9),
      fixedOffset: 20,
      fixedScope: 50,
      fixedOpatity: 0.8,
      innerOpacity: 0.8,
    });
  });
});

describe('isReflectionActive (SPEC §5)', () => {
  it('needs enabled with a scope and an opacity', () => {
    expect(isReflectionActive(null)).toBe(false);
    expect(isReflectionActive(defaultReflectionParams())).toBe(false);
    expect(isReflectionActive({ ...defaultReflectionParams(), ...REFLECTION_ON_DEFAULTS })).toBe(true);
    expect(isReflectionActive({ ...defaultReflectionParams(), ...REFLECTION_ON_DEFAULTS, scope: 0 })).toBe(false);
    expect(isReflectionActive({ ...defaultReflectionParams(), ...REFLECTION_ON_DEFAULTS, enabled: false })).toBe(false);
  });
});

describe('isEffectActive', () => {
  it('dispatches on the kind of params', () => {
    expect(isEffectActive(null)).toBe(false);
    expect(isEffectActive({ ...defaultReflectionParams(), ...REFLECTION_ON_DEFAULTS })).toBe(true);
    expect(isEffectActive({ ...defaultOutlineParams(), enabled: true })).toBe(false); // type 0 = none
    expect(isEffectActive({ ...defaultOutlineParams(), enabled: true, type: 2 })).toBe(true);
    expect(isEffectActive({ ...defaultShadowParams(), enabled: true })).toBe(true);
    expect(isEffectActive({ ...defaultShadowParams(), enabled: true, opacity: 0 })).toBe(false);
  });
});
