import { describe, expect, it } from 'vitest';
import { clearedShare, countParts, DEFAULT_GUARD, keepsSubject, secondPassVerdict } from './cutoutGuard';
import { combinePasses } from './removeBackground';
import { DEFAULT_CUTOUT_OPTIONS } from './cutoutPasses';

const photo = { width: 40, height: 30 };
/** A photo-sized alpha with 255 inside the given rectangles. */
function rects(size: { width: number; height: number }, ...boxes: Array<[number, number, number, number]>): Uint8Array {
  const a = new Uint8Array(size.width * size.height);
  for (const [x, y, w, h] of boxes) for (let yy = y; yy < y + h; yy++) a.fill(255, yy * size.width + x, yy * size.width + x + w);
  return a;
}
const crop = { x: 10, y: 5, width: 20, height: 20 };
const cropSize = { width: 20, height: 20 };

describe('secondPassVerdict', () => {
  const first = rects(photo, [15, 10, 10, 10]); // a 10×10 subject inside the crop

  it('accepts a second pass that refines the same subject', () => {
    expect(secondPassVerdict(first, photo, crop, rects(cropSize, [5, 5, 11, 10]), DEFAULT_GUARD)).toBe('ok');
  });
  it('refuses one in which the subject vanished (the busy-photo subject lost at IoU 0.000)', () => {
    expect(secondPassVerdict(first, photo, crop, new Uint8Array(400), DEFAULT_GUARD)).toBe('vanished');
    expect(secondPassVerdict(first, photo, crop, rects(cropSize, [5, 5, 4, 10]), DEFAULT_GUARD)).toBe('vanished');
  });
  it('refuses one that took in the background', () => {
    expect(secondPassVerdict(first, photo, crop, rects(cropSize, [0, 0, 20, 18]), DEFAULT_GUARD)).toBe('grew');
  });
  it('refuses one that found a different thing of the same size', () => {
    expect(secondPassVerdict(first, photo, crop, rects(cropSize, [0, 0, 10, 10]), DEFAULT_GUARD)).toBe('disagrees');
  });
  it('refuses one that breaks the subject into fragments', () => {
    const pieces = rects(
      cropSize,
      [5, 5, 3, 3],
      [9, 5, 3, 3],
      [13, 5, 3, 3],
      [5, 9, 3, 3],
      [9, 9, 3, 3],
      [13, 9, 3, 3],
      [5, 13, 3, 3],
      [9, 13, 3, 3],
      [13, 13, 3, 3],
      [5, 5, 11, 1],
      [5, 7, 1, 9],
    );
    expect(countParts(pieces, 20, 20)).toBeGreaterThan(3);
    expect(secondPassVerdict(first, photo, crop, pieces, { ...DEFAULT_GUARD, minAgreement: 0, minKeep: 0 })).toBe('fragmented');
  });
});

describe('clearing and the overall check', () => {
  it('measures the share of the first pass that clearing outside the crops would remove', () => {
    const first = rects(photo, [15, 10, 10, 10], [0, 0, 10, 10]); // the subject and a second thing outside the crop
    expect(clearedShare(first, photo, [crop])).toBeCloseTo(0.5, 5);
    expect(clearedShare(rects(photo, [15, 10, 10, 10]), photo, [crop])).toBe(0);
  });
  it('says whether the merged result kept the subject', () => {
    const first = rects(photo, [15, 10, 10, 10]);
    expect(keepsSubject(first, rects(photo, [15, 10, 10, 9]), DEFAULT_GUARD)).toBe(true);
    expect(keepsSubject(first, rects(photo, [15, 10, 10, 3]), DEFAULT_GUARD)).toBe(false);
  });
});

describe('combinePasses with the guard', () => {
  const first = { width: 40, height: 30 };
  // The first pass found the main subject (left) and a smaller one (right, inside the crop).
  const firstMask = rects(first, [2, 2, 12, 24], [24, 10, 8, 8]);
  const plan = { crop: { x: 20, y: 6, width: 16, height: 16 }, size: { width: 16, height: 16 }, zoom: 2 };

  it('keeps the single pass where the second pass lost its subject, and does not clear away the main subject', async () => {
    const verdicts: string[] = [];
    const alpha = await combinePasses(firstMask, first, photo, [plan], [new Uint8Array(256)], DEFAULT_CUTOUT_OPTIONS, verdicts);
    expect(verdicts).toEqual(['vanished']);
    expect(Array.from(alpha)).toEqual(Array.from(firstMask));
  });

  it('without the guard (the pipeline before issue 32) the same passes lose both subjects', async () => {
    const alpha = await combinePasses(firstMask, first, photo, [plan], [new Uint8Array(256)], { ...DEFAULT_CUTOUT_OPTIONS, guard: null });
    expect(alpha.filter((v) => v >= 128).length).toBe(0);
  });

  it('merges an agreeing second pass', async () => {
    const verdicts: string[] = [];
    const second = rects(plan.size, [4, 4, 8, 7]); // the small subject, one row shorter
    const alpha = await combinePasses(rects(first, [24, 10, 8, 8]), first, photo, [plan], [second], DEFAULT_CUTOUT_OPTIONS, verdicts);
    expect(verdicts).toEqual(['ok']);
    expect(alpha[17 * 40 + 28]).toBe(0); // the row the second pass dropped
    expect(alpha[12 * 40 + 28]).toBe(255);
  });
});
