import { describe, expect, it } from 'vitest';
import {
  clearOutsideCrops,
  DEFAULT_CUTOUT_OPTIONS,
  firstPassPixels,
  mergeSecondPass,
  passSize,
  planSecondPass,
  planSecondPasses,
  subjectBox,
  subjectGroups,
} from './cutoutPasses';

const o = DEFAULT_CUTOUT_OPTIONS;

function maskWith(width: number, height: number, rects: Array<[number, number, number, number]>): Uint8Array {
  const m = new Uint8Array(width * height);
  for (const [x, y, w, h] of rects) for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) m[yy * width + xx] = 255;
  return m;
}

describe('first pass size', () => {
  it('sees a mid-size photo at 0.8 MP and a large one at most at 1024² pixels, each with its own shape', () => {
    const mid = passSize(800, 600, firstPassPixels({ width: 800, height: 600 }, o));
    expect(mid.width / mid.height).toBeCloseTo(800 / 600, 1);
    expect(mid.width * mid.height).toBeGreaterThan(0.95 * 1024 * 768);
    const large = passSize(1481, 987, firstPassPixels({ width: 1481, height: 987 }, o));
    expect(large.width * large.height).toBeLessThanOrEqual(1024 * 1024 * 1.05);
    expect(large.width / large.height).toBeCloseTo(1481 / 987, 1);
  });

  it('sees a small photo enlarged by firstPassUpscale only, so its time follows its size', () => {
    const pixels = firstPassPixels({ width: 516, height: 387 }, o); // 0.2 MP
    expect(pixels).toBeCloseTo(516 * 387 * o.firstPassUpscale ** 2, 0);
    expect(pixels).toBeLessThan(0.7 * o.minPassPixels);
    // Never smaller than the photo itself.
    expect(firstPassPixels({ width: 100, height: 80 }, { ...o, firstPassUpscale: 1 })).toBe(8000);
  });

  it('keeps sides multiples of 32 and never below 64', () => {
    const s = passSize(3000, 100, 320 * 320);
    expect(s.width % 32).toBe(0);
    expect(s.height).toBe(64);
  });
});

describe('subjectBox', () => {
  it('ignores a stray blob much smaller than the subject', () => {
    const m = maskWith(100, 80, [
      [40, 20, 20, 40],
      [2, 2, 3, 3],
    ]);
    expect(subjectBox(m, 100, 80, 0.1)).toEqual({ x: 40, y: 20, width: 20, height: 40 });
  });

  it('keeps two subjects of similar size together, and a diagonal thin leg in one piece', () => {
    const m = maskWith(100, 80, [
      [10, 10, 10, 10],
      [70, 50, 12, 12],
    ]);
    expect(subjectBox(m, 100, 80, 0.1)).toEqual({ x: 10, y: 10, width: 72, height: 52 });
    const leg = new Uint8Array(50 * 50);
    for (let i = 0; i < 30; i++) leg[(10 + i) * 50 + 10 + i] = 255; // one-pixel diagonal
    expect(subjectBox(leg, 50, 50, 0.5)).toEqual({ x: 10, y: 10, width: 30, height: 30 });
  });

  it('is null for an empty mask', () => {
    expect(subjectBox(new Uint8Array(64), 8, 8, 0.1)).toBeNull();
  });
});

describe('subjectGroups', () => {
  it('splits a kite high up from two people on the beach, the larger group first', () => {
    // Like tests/assets/photos/kite.jpg: a small kite near the top, two people close together low left.
    const m = maskWith(200, 140, [
      [120, 10, 12, 8],
      [20, 90, 6, 22],
      [34, 96, 7, 20],
    ]);
    const groups = subjectGroups(m, 200, 140, 0.1, 0.5);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toEqual({ x: 20, y: 90, width: 21, height: 26, area: 6 * 22 + 7 * 20 });
    expect(groups[1]).toEqual({ x: 120, y: 10, width: 12, height: 8, area: 96 });
  });

  it('drops a speck much smaller than the subject and is empty for an empty mask', () => {
    const m = maskWith(100, 80, [
      [40, 20, 20, 40],
      [2, 2, 2, 2],
    ]);
    expect(subjectGroups(m, 100, 80, 0.1, 0.5)).toEqual([{ x: 40, y: 20, width: 20, height: 40, area: 800 }]);
    expect(subjectGroups(new Uint8Array(64), 8, 8, 0.1, 0.5)).toEqual([]);
  });
});

describe('planSecondPasses', () => {
  it('sees each small group up close, at most maxSecondPasses of them', () => {
    const pass = { width: 640, height: 480 };
    const groups = [
      { x: 50, y: 300, width: 40, height: 90 },
      { x: 400, y: 40, width: 30, height: 20 },
      { x: 500, y: 400, width: 20, height: 20 },
    ];
    const plans = planSecondPasses(groups, pass, pass, { ...o, secondPass: true, maxSecondPasses: 2 });
    expect(plans).toHaveLength(2);
    expect(plans[0].crop.x).toBeLessThan(50);
    expect(plans[1].crop.y).toBeLessThan(40);
    expect(planSecondPasses(groups, pass, pass, { ...o, secondPass: false })).toEqual([]);
  });
});

describe('clearOutsideCrops', () => {
  it('clears what lies outside every crop and keeps what lies inside any', () => {
    const alpha = new Uint8Array(20 * 10).fill(255);
    clearOutsideCrops(alpha, { width: 20, height: 10 }, [
      { x: 0, y: 0, width: 5, height: 5 },
      { x: 15, y: 5, width: 5, height: 5 },
    ]);
    expect(alpha[2 * 20 + 2]).toBe(255);
    expect(alpha[7 * 20 + 17]).toBe(255);
    expect(alpha[7 * 20 + 2]).toBe(0);
    expect(alpha[2 * 20 + 10]).toBe(0);
  });
});

describe('planSecondPass', () => {
  it('zooms in on a small subject', () => {
    const pass = { width: 640, height: 480 };
    const plan = planSecondPass({ x: 300, y: 200, width: 60, height: 80 }, pass, pass, { ...o, secondPass: true });
    expect(plan).not.toBeNull();
    expect(plan!.zoom).toBeGreaterThanOrEqual(o.minZoom);
    // the crop holds the box plus the margin, in photo pixels
    expect(plan!.crop.x).toBeLessThan(300);
    expect(plan!.crop.x + plan!.crop.width).toBeGreaterThan(360);
    expect(plan!.size.width % 32).toBe(0);
  });

  it('skips the second pass when the subject fills the frame', () => {
    const pass = { width: 1024, height: 768 };
    expect(planSecondPass({ x: 5, y: 5, width: 1010, height: 750 }, pass, { width: 2048, height: 1536 }, { ...o, secondPass: true })).toBeNull();
  });

  it('is off when the options say so', () => {
    const pass = { width: 640, height: 480 };
    expect(planSecondPass({ x: 300, y: 200, width: 60, height: 80 }, pass, pass, { ...o, secondPass: false })).toBeNull();
  });
});

describe('mergeSecondPass', () => {
  it('takes the second pass inside the crop, fades at inner crop edges and clears outside', () => {
    const photo = { width: 40, height: 20 };
    const alpha = new Uint8Array(40 * 20).fill(100);
    const crop = { x: 10, y: 0, width: 20, height: 20 };
    mergeSecondPass(alpha, photo, crop, new Uint8Array(20 * 20).fill(200), 4, true);
    expect(alpha[10 * 40 + 20]).toBe(200); // centre of the crop
    expect(alpha[10 * 40 + 5]).toBe(0); // outside: cleared
    expect(alpha[10 * 40 + 10]).toBe(0); // on the crop's left edge (an inner edge): fully faded
    expect(alpha[10 * 40 + 12]).toBe(100); // half way through the feather
    expect(alpha[0 * 40 + 20]).toBe(200); // top edge is the photo's edge: no fade
  });

  it("in 'max' mode keeps the first pass where it saw more subject than the second", () => {
    const photo = { width: 20, height: 20 };
    const alpha = new Uint8Array(400).fill(220);
    mergeSecondPass(alpha, photo, { x: 0, y: 0, width: 20, height: 20 }, new Uint8Array(400).fill(90), 4, false, 'max');
    expect(alpha[10 * 20 + 10]).toBe(220);
  });
});
