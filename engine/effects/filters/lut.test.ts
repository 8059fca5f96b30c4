import { describe, expect, it } from 'vitest';
import { randomImage, maxDiff } from '../testImages';
import { applyLut, bakeLut, LUT_SIZE, lutIndex } from './lut';
import { gradeColor } from './colorGrade';

describe('bakeLut layout', () => {
  const id = bakeLut({});
  it('is 512×512 RGBA with black at (0,0) and white at (511,511)', () => {
    expect(id.length).toBe(LUT_SIZE * LUT_SIZE * 4);
    expect(Array.from(id.slice(0, 4))).toEqual([0, 0, 0, 255]);
    const last = (511 * 512 + 511) * 4;
    expect(Array.from(id.slice(last, last + 4))).toEqual([255, 255, 255, 255]);
  });
  it('blue picks the 8×8 tile, red runs along x and green along y inside it', () => {
    const px = (x: number, y: number) => Array.from(id.slice((y * 512 + x) * 4, (y * 512 + x) * 4 + 3));
    expect(px(63, 0)).toEqual([255, 0, 0]); // red max, tile 0
    expect(px(0, 63)).toEqual([0, 255, 0]); // green max, tile 0
    expect(px(64, 0)).toEqual([0, 0, 4]); // tile 1 = blue level 1 → round(255/63)
    expect(px(448, 448)).toEqual([0, 0, 255]); // tile 63 at (7, 7)
    expect(lutIndex(0, 0, 8)).toBe(64 * 512 * 4); // tile 8 starts the second tile row
  });
});

describe('applyLut', () => {
  const img = randomImage(64, 48, 5);
  it('identity grade returns the input within ±1 and keeps alpha', () => {
    const out = applyLut(img.data, bakeLut({}), 100);
    expect(maxDiff(out, img.data)).toBeLessThanOrEqual(1);
    for (let i = 3; i < out.length; i += 4) expect(out[i]).toBe(img.data[i]);
  });
  it('strength 0 is an exact copy; strength 50 is halfway', () => {
    const lut = bakeLut({ mono: [0.2126, 0.7152, 0.0722], contrast: 1.3 });
    const zero = applyLut(img.data, lut, 0);
    expect(zero).toEqual(img.data);
    expect(zero).not.toBe(img.data);
    const full = applyLut(img.data, lut, 100);
    const half = applyLut(img.data, lut, 50);
    for (let i = 0; i < img.data.length; i++) {
      if (i % 4 === 3) continue;
      expect(Math.abs(half[i] - (img.data[i] + full[i]) / 2)).toBeLessThanOrEqual(1);
    }
  });
  it('full strength matches the grade evaluated directly (within interpolation error)', () => {
    const grade = { temperature: 0.3, saturation: 1.3 };
    const out = applyLut(img.data, bakeLut(grade), 100);
    let worst = 0;
    for (let p = 0; p < img.data.length; p += 4) {
      const g = gradeColor(grade, img.data[p] / 255, img.data[p + 1] / 255, img.data[p + 2] / 255);
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(out[p + c] - g[c] * 255));
    }
    expect(worst).toBeLessThanOrEqual(3);
  });
  it('rejects a table of the wrong size', () => {
    expect(() => applyLut(img.data, new Uint8ClampedArray(16), 100)).toThrow('Invalid LUT size');
  });
});
