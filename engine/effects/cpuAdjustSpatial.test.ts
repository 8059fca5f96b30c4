import { describe, expect, it } from 'vitest';
import type { AdjustParams } from '../doc/types';
import { defaultAdjustParams } from '../doc/defaults';
import { spatialSigmas } from './adjustUniforms';
import { gaussianBlurRgba } from './blur';
import { applyAdjustments } from './cpuAdjust';
import { grainTexture, grainNoiseAt } from './grain';
import { maxDiff, solidImage } from './testImages';

const params = (patch: Partial<AdjustParams>): AdjustParams => ({ ...defaultAdjustParams(), ...patch });
const clamp = (v: number) => Math.min(1, Math.max(0, v));
const L = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** 24×6 image: left half (40, 80, 120), right half (200, 170, 140), opaque. */
function edgeImage() {
  const w = 24,
    h = 6;
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(x < w / 2 ? [40, 80, 120, 255] : [200, 170, 140, 255], (y * w + x) * 4);
  return { data, width: w, height: h };
}

/** Expected result of a detail effect computed from an independent blurred copy. */
function expectDetail(value: number, key: 'sharpen' | 'structure' | 'clarity' | 'glow', k: number) {
  const img = edgeImage();
  const sig = spatialSigmas(img.width, img.height);
  const sigma = key === 'sharpen' ? sig.sharpen : key === 'structure' ? sig.structure : sig.clarity;
  const b = gaussianBlurRgba(img.data, img.width, img.height, sigma);
  const out = applyAdjustments(img, params({ [key]: value }));
  let changed = 0;
  for (let p = 0; p < img.data.length; p += 4) {
    const I = [0, 1, 2].map((c) => img.data[p + c] / 255);
    const B = [0, 1, 2].map((c) => b[p + c] / 255);
    const li = L(I[0], I[1], I[2]);
    const exp = I.map((x, c) => {
      if (key === 'clarity') return clamp(x + k * (li - L(B[0], B[1], B[2])) * (1 - (2 * li - 1) ** 2));
      if (key === 'glow') return k >= 0 ? clamp(1 - (1 - x) * (1 - k * B[c])) : clamp(x * (1 + k * (1 - B[c])));
      return clamp(x + k * (x - B[c]));
    });
    for (let c = 0; c < 3; c++) {
      expect(Math.abs(out[p + c] - Math.round(exp[c] * 255)), `${key}=${value} byte ${p + c}`).toBeLessThanOrEqual(1);
      if (out[p + c] !== img.data[p + c]) changed++;
    }
  }
  if (k !== 0) expect(changed).toBeGreaterThan(0);
}

describe('local-contrast effects on an edge', () => {
  it('sharpen 0..100 → 0..3 unsharp mask', () => {
    expectDetail(100, 'sharpen', 3);
    expectDetail(50, 'sharpen', 1.5);
  });
  it('structure ±100 → ±1.5 local contrast', () => {
    expectDetail(100, 'structure', 1.5);
    expectDetail(-100, 'structure', -1.5);
    expectDetail(50, 'structure', 0.75);
  });
  it('clarity 0..100 → 0..1.5 midtone luma detail', () => {
    expectDetail(100, 'clarity', 1.5);
    expectDetail(40, 'clarity', 0.6);
  });
  it('glow ±100 → ±1: screen (+) or multiply (−) with the blurred copy', () => {
    expectDetail(100, 'glow', 1);
    expectDetail(-100, 'glow', -1);
    expectDetail(50, 'glow', 0.5);
    expectDetail(0, 'glow', 0);
  });
});

describe('vignette', () => {
  const w = 41,
    h = 41;
  const grey = solidImage(w, h, [128, 128, 128, 255]);
  const at = (d: Uint8ClampedArray, x: number, y: number) => d[(y * w + x) * 4];
  const expected = (x: number, y: number, start: number, amount: number, colour: number) => {
    const dx = (x + 0.5) / w - 0.5,
      dy = (y + 0.5) / h - 0.5;
    const t0 = clamp((Math.hypot(dx, dy) / Math.SQRT1_2 - start) / (1 - start));
    const t = amount * t0 * t0 * (3 - 2 * t0);
    return Math.round((128 / 255 + (colour - 128 / 255) * t) * 255);
  };
  it('black above slider 50, white below, centre untouched, strength and start from the slider', () => {
    for (const [v, start, amount, colour] of [
      [100, 0.25, 1, 0],
      [-100, 0.25, 1, 1],
      [50, 0.475, 0.5, 0],
    ] as const) {
      const out = applyAdjustments(grey, params({ vignette: v }));
      expect(at(out, 20, 20)).toBe(128);
      for (const [x, y] of [
        [0, 0],
        [40, 0],
        [5, 30],
        [20, 2],
      ])
        expect(Math.abs(at(out, x, y) - expected(x, y, start, amount, colour))).toBeLessThanOrEqual(1);
    }
    expect(at(applyAdjustments(grey, params({ vignette: 100 })), 0, 0)).toBeLessThan(30);
    expect(at(applyAdjustments(grey, params({ vignette: -100 })), 0, 0)).toBeGreaterThan(225);
  });
});

describe('grain and blur', () => {
  const grey = solidImage(32, 8, [128, 128, 128, 255]);
  const tex = grainTexture();
  it('grain 0..100 → amplitude 0..20 % of the texture noise', () => {
    for (const [v, amp] of [
      [100, 0.2],
      [50, 0.1],
    ]) {
      const out = applyAdjustments(grey, params({ grain: v }));
      for (let y = 0; y < 8; y++)
        for (let x = 0; x < 32; x++) {
          const exp = Math.round(clamp(128 / 255 + amp * grainNoiseAt(tex, 1024, x, y)) * 255);
          expect(Math.abs(out[(y * 32 + x) * 4] - exp)).toBeLessThanOrEqual(1);
        }
    }
  });
  it('pgrain amount with highlights 0 fades on bright pixels, full on black', () => {
    const p = params({ pgrain: { size: 0, amount: 100, highlights: 0, roughness: 100 } });
    const white = applyAdjustments(solidImage(16, 4, [255, 255, 255, 255]), p);
    expect(maxDiff(white, solidImage(16, 4, [255, 255, 255, 255]).data)).toBe(0);
    const black = applyAdjustments(solidImage(16, 4, [0, 0, 0, 255]), p);
    for (let x = 0; x < 16; x++) {
      const exp = Math.round(clamp(0.2 * grainNoiseAt(tex, 1024, x + 256, 768)) * 255);
      expect(Math.abs(black[x * 4] - exp)).toBeLessThanOrEqual(1);
    }
  });
  it('blur ±100 is a Gaussian of σ = blurSizeScale(100, layerWidth)', () => {
    const img = { data: new Uint8ClampedArray(40 * 4 * 4), width: 40, height: 4 };
    for (let i = 0; i < img.data.length; i += 4) img.data.set((i / 4) % 40 < 20 ? [0, 0, 0, 255] : [255, 255, 255, 255], i);
    const exp = gaussianBlurRgba(img.data, 40, 4, 5.5);
    expect(applyAdjustments(img, params({ blur: 100 }), { layerWidth: 1080 })).toEqual(exp);
    expect(applyAdjustments(img, params({ blur: -100 }), { layerWidth: 1080 })).toEqual(exp);
    expect(applyAdjustments(img, params({ blur: 50 }), { layerWidth: 1080 })).toEqual(gaussianBlurRgba(img.data, 40, 4, 2.75));
  });
});
