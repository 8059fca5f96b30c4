import { describe, expect, it } from 'vitest';
import { defaultAdjustParams } from '../../../engine/doc/defaults';
import type { BlendMode } from '../../../engine/doc/types';
import { BLEND_MODES } from '../../../engine/doc/types';
import {
  PREVIEW_MAX_SIDE,
  backdropLayerIndexes,
  isVectorUrl,
  layersKey,
  objectId,
  sceneRenderSize,
  blendPlan,
  effectLongSide,
  effectParamsKey,
  fitLongSide,
  needsBackdrop,
  scaleCrop,
  stableKey,
} from './canvasEffects';

describe('cache keys', () => {
  it('equal parameters in another key order give the same key; a changed value a different one', () => {
    const a = { ...defaultAdjustParams(), brightness: 20 };
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as typeof a;
    expect(effectParamsKey({ adjustParams: a, filterParams: null })).toBe(effectParamsKey({ adjustParams: reordered, filterParams: null }));
    expect(effectParamsKey({ adjustParams: a, filterParams: null })).not.toBe(effectParamsKey({ adjustParams: { ...a, brightness: 21 }, filterParams: null }));
    expect(stableKey({ b: 1, a: { d: 2, c: [3, 1] } })).toBe('{"a":{"c":[3,1],"d":2},"b":1}');
  });
});

describe('effect render sizes', () => {
  it('fits the longest side without enlarging', () => {
    expect(fitLongSide({ width: 4000, height: 3000 }, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitLongSide({ width: 300, height: 200 }, 2048)).toEqual({ width: 300, height: 200 });
  });

  it("exports at the picture's own size; previews at the shown size, in √2 steps, capped at 2048", () => {
    const photo = { width: 4000, height: 3000 };
    expect(effectLongSide(photo, { w: 500, h: 375 }, 1, false)).toBe(4000);
    const small = effectLongSide(photo, { w: 500, h: 375 }, 1, true);
    expect(small).toBeGreaterThanOrEqual(500);
    expect(small).toBeLessThan(500 * Math.SQRT2 + 1);
    // A small resize stays on the same step (no re-render).
    expect(effectLongSide(photo, { w: 510, h: 382 }, 1, true)).toBe(small);
    expect(effectLongSide(photo, { w: 1500, h: 1125 }, 2, true)).toBe(PREVIEW_MAX_SIDE);
    expect(effectLongSide({ width: 300, height: 300 }, { w: 1000, h: 1000 }, 2, true)).toBe(300);
  });

  it('a vector sticker renders at its drawn size, not its nominal 36 px', () => {
    const svg = { width: 36, height: 36 };
    expect(effectLongSide(svg, { w: 360, h: 360 }, 1, false, true)).toBe(360);
    expect(effectLongSide(svg, { w: 360, h: 360 }, 2, false, true)).toBe(720);
    expect(effectLongSide(svg, { w: 360, h: 360 }, 1, true, true)).toBeGreaterThanOrEqual(360);
    expect(effectLongSide(svg, { w: 360, h: 360 }, 1, true, false)).toBe(36);
    expect(fitLongSide(svg, 360, true)).toEqual({ width: 360, height: 360 });
    expect(isVectorUrl('/stickers/1f600.svg')).toBe(true);
    expect(isVectorUrl('blob:http://x/abc')).toBe(false);
  });

  it('scales a crop rectangle into a smaller result', () => {
    expect(scaleCrop({ x: 100, y: 50, width: 400, height: 200 }, { width: 4000, height: 2000 }, { width: 2000, height: 1000 })).toEqual({
      x: 50,
      y: 25,
      width: 200,
      height: 100,
    });
  });
});

describe('blend plans', () => {
  it('BaseMerge and Normal are plain source-over; blend opacity defaults to 1 and is clamped', () => {
    expect(blendPlan(null)).toEqual({ compositeOp: 'source-over', needsBackdrop: false, opacity: 1 });
    expect(blendPlan({ mode: 'BaseMerge', opacity: 1 })).toEqual({ compositeOp: 'source-over', needsBackdrop: false, opacity: 1 });
    expect(blendPlan({ mode: 'Normal', opacity: 0.4 }).opacity).toBe(0.4);
    expect(blendPlan({ mode: 'Multiply', opacity: 7 }).opacity).toBe(1);
    expect(blendPlan({ mode: 'Multiply', opacity: Number.NaN }).opacity).toBe(1);
  });

  it('the 16 W3C modes use the canvas composite operation; the other 10 need the backdrop', () => {
    const w3c = BLEND_MODES.filter((mode) => !blendPlan({ mode, opacity: 1 }).needsBackdrop && blendPlan({ mode, opacity: 1 }).compositeOp !== 'source-over');
    expect(w3c).toHaveLength(15);
    expect(blendPlan({ mode: 'Multiply', opacity: 1 }).compositeOp).toBe('multiply');
    expect(blendPlan({ mode: 'Luminosity', opacity: 1 }).compositeOp).toBe('luminosity');
    const backdrop: BlendMode[] = BLEND_MODES.filter((mode) => needsBackdrop({ blendParams: { mode, opacity: 1 } }));
    expect(backdrop.sort()).toEqual([
      'DarkerColor',
      'Divide',
      'HardMix',
      'LighterColor',
      'LinearBurn',
      'LinearDodge',
      'LinearLight',
      'PinLight',
      'Subtract',
      'VividLight',
    ]);
  });

  it('finds the visible layers that need a backdrop', () => {
    const layers = [
      { blendParams: null, visible: true },
      { blendParams: { mode: 'LinearBurn' as const, opacity: 1 }, visible: true },
      { blendParams: { mode: 'Divide' as const, opacity: 1 }, visible: false },
      { blendParams: { mode: 'Multiply' as const, opacity: 1 }, visible: true },
      { blendParams: { mode: 'HardMix' as const, opacity: 0.5 }, visible: true },
    ];
    expect(backdropLayerIndexes(layers)).toEqual([1, 4]);
  });
});

describe('full-canvas renders and layer keys', () => {
  it("a backdrop is rendered at the export's own pixels, live at most 2048 on the long side", () => {
    expect(sceneRenderSize({ canvasW: 1080, canvasH: 1080, pixelRatio: 3.7925925925925927, preview: false })).toEqual({ width: 4096, height: 4096 });
    expect(sceneRenderSize({ canvasW: 1920, canvasH: 1080, pixelRatio: 2, preview: true })).toEqual({ width: 2048, height: 1152 });
    expect(sceneRenderSize({ canvasW: 1080, canvasH: 1080, pixelRatio: 1, preview: true })).toEqual({ width: 1080, height: 1080 });
  });

  it('layers keys change when any layer object is replaced (an edit), not otherwise', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    expect(layersKey([a, b])).toBe(layersKey([a, b]));
    expect(layersKey([a, { ...b }])).not.toBe(layersKey([a, b]));
    expect(objectId(a)).toBe(objectId(a));
    expect(objectId(a)).not.toBe(objectId(b));
  });
});
