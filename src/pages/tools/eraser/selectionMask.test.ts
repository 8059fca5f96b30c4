import { describe, expect, it } from 'vitest';
import { dilate, dilationRadius, selectionOverlay } from './selectionMask';

/** A w×h plane with the pixels of `on` set. */
function plane(w: number, h: number, on: Array<[number, number]>): Uint8Array {
  const p = new Uint8Array(w * h);
  for (const [x, y] of on) p[y * w + x] = 1;
  return p;
}
const at = (p: Uint8Array, w: number, x: number, y: number) => p[y * w + x];

describe('the selection grown for the eraser', () => {
  it('grows a few pixels, more on large photos, within bounds', () => {
    expect(dilationRadius(512, 341)).toBe(3);
    expect(dilationRadius(1000, 800)).toBe(6);
    expect(dilationRadius(4000, 3000)).toBe(24);
    expect(dilationRadius(12000, 9000)).toBe(24);
    expect(dilationRadius(40, 30)).toBe(3);
  });

  it('grows a point into a near-round blob of the radius', () => {
    const w = 21;
    const grown = dilate(plane(w, w, [[10, 10]]), w, w, 4);
    expect(at(grown, w, 14, 10)).toBe(1); // 4 px straight out
    expect(at(grown, w, 15, 10)).toBe(0); // 5 px: outside
    expect(at(grown, w, 10, 6)).toBe(1);
    expect(at(grown, w, 14, 12)).toBe(0); // 4,2 is 4.5 px away: a disc leaves it out, a square would not
    expect(at(grown, w, 13, 12)).toBe(1); // 3,2: 3.6 px
    // About a disc's area (π·4² ≈ 50), not a square's (81).
    const area = grown.reduce((s, v) => s + v, 0);
    expect(area).toBeGreaterThan(40);
    expect(area).toBeLessThan(60);
  });

  it('keeps what was selected, stops at the photo edge and leaves an empty selection empty', () => {
    const w = 8;
    const src = plane(w, 4, [
      [0, 0],
      [7, 3],
    ]);
    const grown = dilate(src, w, 4, 2);
    expect(at(grown, w, 0, 0)).toBe(1);
    expect(at(grown, w, 2, 0)).toBe(1);
    expect(at(grown, w, 7, 1)).toBe(1);
    expect(at(grown, w, 4, 0)).toBe(0);
    expect(dilate(new Uint8Array(32), w, 4, 3).every((v) => v === 0)).toBe(true);
    expect(Array.from(dilate(src, w, 4, 0))).toEqual(Array.from(src));
  });

  it('turns a grey selection into opaque white where grown, transparent elsewhere', () => {
    const w = 9;
    const rgba = new Uint8ClampedArray(w * 1 * 4);
    const grey = (x: number, v: number) => rgba.set([v, v, v, 255], 4 * x);
    grey(4, 255);
    grey(5, 140); // the soft edge past half counts
    grey(3, 100); // below half does not, but the growth covers it
    selectionOverlay(rgba, w, 1, 2);
    const alpha = Array.from({ length: w }, (_, x) => rgba[4 * x + 3]);
    expect(alpha).toEqual([0, 0, 255, 255, 255, 255, 255, 255, 0]);
    expect(Array.from(rgba.subarray(16, 20))).toEqual([255, 255, 255, 255]);
  });
});
