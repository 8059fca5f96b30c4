import { describe, expect, it } from 'vitest';
import {
  BLUR_MIN_STRIDE,
  BLUR_RANGE,
  BLUR_RENDER_MAX_SIDE,
  BOX_RADIUS_MAX,
  MASK_FEATHER_THRESHOLD,
  MOTION_RADIUS_MAX,
  blurAmount,
  blurRenderSize,
  blurSizeScale,
  boxBlurRgba,
  boxRadiiForGauss,
  clampBoxRadius,
  gaussianBlurRgba,
  gaussianKernel,
  motionAngleRadians,
  validateArea,
  validateBlurRadius,
  validateMotionRadius,
  validateSigma,
} from './blur';

describe('blur validation (SPEC §5)', () => {
  it.each([-1, 32.01, NaN, Infinity])('rejects radius %s', (r) => {
    expect(() => validateBlurRadius(r)).toThrow(new Error('Invalid blur radius'));
  });
  it('accepts radius 0..32', () => {
    expect(validateBlurRadius(0)).toBe(0);
    expect(validateBlurRadius(32)).toBe(32);
  });
  it.each([0, -0.5, NaN])('rejects sigma %s', (s) => {
    expect(() => validateSigma(s)).toThrow(new Error('Invalid sigma value'));
  });
  it('accepts a positive sigma and a zero area, rejects a negative area', () => {
    expect(validateSigma(0.01)).toBe(0.01);
    expect(validateArea(0)).toBe(0);
    expect(() => validateArea(-1)).toThrow(new Error('Invalid area'));
  });
  it('checks the motion radius 0..15 and maps the angle -180..180 to -π..π', () => {
    expect(MOTION_RADIUS_MAX).toBe(15);
    expect(validateMotionRadius(15)).toBe(15);
    expect(() => validateMotionRadius(15.5)).toThrow('Invalid motion radius');
    expect(() => validateMotionRadius(-1)).toThrow('Invalid motion radius');
    expect(motionAngleRadians(-180)).toBeCloseTo(-Math.PI, 12);
    expect(motionAngleRadians(90)).toBeCloseTo(Math.PI / 2, 12);
    expect(motionAngleRadians(0)).toBe(0);
    expect(motionAngleRadians(270)).toBeCloseTo(Math.PI, 12);
  });
});

describe('blur sizes (SPEC §9)', () => {
  it('scales the blur by blur/100 × 5.5 × width/1080', () => {
    expect(blurSizeScale(100, 1080)).toBeCloseTo(5.5, 12);
    expect(blurSizeScale(50, 2160)).toBeCloseTo(5.5, 12);
    expect(blurSizeScale(20, 540)).toBeCloseTo(0.55, 12);
    expect(blurSizeScale(0, 4000)).toBe(0);
  });
  it('renders at most 1280 on the long side, never upscaling', () => {
    expect(BLUR_RENDER_MAX_SIDE).toBe(1280);
    expect(blurRenderSize(4000, 3000)).toEqual({ width: 1280, height: 960, scale: 0.32 });
    expect(blurRenderSize(1000, 2560)).toEqual({ width: 500, height: 1280, scale: 0.5 });
    expect(blurRenderSize(800, 600)).toEqual({ width: 800, height: 600, scale: 1 });
  });
  it('has the SPEC constants and the 0..3 blur range', () => {
    expect(BLUR_MIN_STRIDE).toBe(10);
    expect(BOX_RADIUS_MAX).toBe(64);
    expect(MASK_FEATHER_THRESHOLD).toBe(0.5);
    expect(BLUR_RANGE).toEqual({ min: 0, max: 3 });
    expect(blurAmount(50)).toBeCloseTo(1.5, 12);
    expect(blurAmount(150)).toBe(3);
    expect(blurAmount(-10)).toBe(0);
    expect(clampBoxRadius(100)).toBe(64);
    expect(clampBoxRadius(-3)).toBe(0);
  });
});

describe('gaussianKernel', () => {
  it('is normalised, symmetric, spans ±3σ and peaks in the middle', () => {
    const k = gaussianKernel(2);
    expect(k.length).toBe(13);
    expect(k.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(k[0]).toBeCloseTo(k[12], 9);
    expect(k[6]).toBeGreaterThan(k[5]);
    // exp(-1/8) ratio between the centre and its neighbour
    expect(k[5] / k[6]).toBeCloseTo(Math.exp(-1 / 8), 6);
    expect(() => gaussianKernel(0)).toThrow('Invalid sigma value');
  });
});

/** w×h image of one colour. */
function solid(w: number, h: number, rgba: number[]): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < out.length; i += 4) out.set(rgba, i);
  return out;
}

describe('gaussianBlurRgba', () => {
  it('leaves a flat image unchanged and radius 0 is an exact copy', () => {
    const img = solid(9, 7, [200, 100, 50, 255]);
    expect([...gaussianBlurRgba(img, 9, 7, 3)]).toEqual([...img]);
    const noisy = new Uint8ClampedArray(16).map((_, i) => (i * 37) % 256);
    const copy = gaussianBlurRgba(noisy, 2, 2, 0);
    expect([...copy]).toEqual([...noisy]);
    expect(copy).not.toBe(noisy);
  });

  it('spreads a bright line into a symmetric falloff that keeps the total', () => {
    const w = 21;
    const img = solid(w, 1, [0, 0, 0, 255]);
    img.set([255, 255, 255, 255], 10 * 4);
    const out = gaussianBlurRgba(img, w, 1, 2);
    const reds = Array.from({ length: w }, (_, x) => out[x * 4]);
    expect(reds[10]).toBe(Math.round(255 * gaussianKernel(2)[6]));
    expect(reds[9]).toBe(reds[11]);
    expect(reds[10]).toBeGreaterThan(reds[9]);
    expect(reds[0]).toBe(0);
    expect(reds.reduce((a, b) => a + b, 0)).toBeGreaterThan(250);
    expect(reds.reduce((a, b) => a + b, 0)).toBeLessThan(260);
  });

  it('does not darken colour next to transparent pixels (premultiplied)', () => {
    const w = 10;
    const img = new Uint8ClampedArray(w * 4);
    for (let x = 0; x < 5; x++) img.set([255, 0, 0, 255], x * 4); // red left half, transparent black right half
    const out = gaussianBlurRgba(img, w, 1, 2);
    for (let x = 0; x < w; x++) {
      if (out[x * 4 + 3] > 0) expect(out[x * 4], `x=${x}`).toBe(255);
    }
    expect(out[5 * 4 + 3]).toBeGreaterThan(0);
    expect(out[5 * 4 + 3]).toBeLessThan(255);
  });

  it('validates the radius and the buffer size', () => {
    expect(() => gaussianBlurRgba(new Uint8ClampedArray(4), 1, 1, 33)).toThrow('Invalid blur radius');
    expect(() => gaussianBlurRgba(new Uint8ClampedArray(4), 2, 1, 1)).toThrow('Expected 8 bytes');
  });
});

describe('boxBlurRgba', () => {
  it('picks box radii whose variance matches the Gaussian', () => {
    const [a, b, c] = boxRadiiForGauss(4);
    const variance = [a, b, c].reduce((s, r) => s + ((2 * r + 1) ** 2 - 1) / 12, 0);
    expect(variance).toBeGreaterThan(16 * 0.8);
    expect(variance).toBeLessThan(16 * 1.2);
  });

  it('is close to the exact Gaussian on a step edge', () => {
    const w = 40;
    const h = 3;
    const img = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) img.set(x < 20 ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * w + x) * 4);
    const exact = gaussianBlurRgba(img, w, h, 4);
    const fast = boxBlurRgba(img, w, h, 4);
    let worst = 0;
    for (let i = 0; i < exact.length; i++) worst = Math.max(worst, Math.abs(exact[i] - fast[i]));
    expect(worst).toBeLessThanOrEqual(12);
    expect(fast[(w + 19) * 4]).toBeGreaterThan(60); // the edge really is blurred
    expect(fast[(w + 19) * 4]).toBeLessThan(195);
  });
});
