import { describe, expect, it } from 'vitest';
import { defaultOutlineParams } from '../doc/defaults';
import type { OutlineParams } from '../doc/types';
import {
  OUTLINE_AREA_LIMIT,
  OUTLINE_BLUR_MAX,
  OUTLINE_INTERPOLATION_SCALE,
  OUTLINE_SMOOTH_MAX,
  OUTLINE_TEXTURE_CAP,
  OUTLINE_TYPES,
  isOutlineActive,
  outlineStroke,
  traceAlphaContours,
} from './outline';
import { offsetContour, signedArea, type ContourPoint } from './outlineContours';

const params = (patch: Partial<OutlineParams>): OutlineParams => ({ ...defaultOutlineParams(), enabled: true, ...patch });

describe('outline styles (SPEC §3, §9)', () => {
  it('maps the six types to line styles and has the SPEC limits', () => {
    expect(OUTLINE_TYPES).toEqual({ 0: 'none', 1: 'solid', 2: 'dot', 3: 'dash', 4: 'doubleSolid', 5: 'doubleDash' });
    expect([OUTLINE_INTERPOLATION_SCALE, OUTLINE_TEXTURE_CAP, OUTLINE_AREA_LIMIT, OUTLINE_BLUR_MAX, OUTLINE_SMOOTH_MAX]).toEqual([0.2, 4096, 250000, 8, 8]);
  });

  it('builds solid, dot, dash and double strokes', () => {
    const solid = outlineStroke(params({ type: 1, size: 20, color: '#FF0000FF' }));
    expect(solid).toMatchObject({ width: 20, lineWidth: 20, dash: null, double: false, color: '#FF0000FF', offsets: [10] });
    expect(outlineStroke(params({ type: 2, size: 10 }))).toMatchObject({ dash: [0, 20], lineCap: 'round', double: false });
    expect(outlineStroke(params({ type: 3, size: 10 }))).toMatchObject({ dash: [30, 20], lineCap: 'butt', double: false });
    const dbl = outlineStroke(params({ type: 4, size: 30, distance: 5 }));
    expect(dbl).toMatchObject({ width: 30, lineWidth: 10, double: true, dash: null, offsets: [30, 10], distance: 5 });
    expect(outlineStroke(params({ type: 5, size: 30 }))).toMatchObject({ double: true, dash: [30, 20] });
    expect(outlineStroke(params({ type: 0 })).width).toBe(0);
  });

  it('scales lengths and clamps blur and smooth to 0..8', () => {
    const s = outlineStroke(params({ type: 1, size: 20, blur: 12, smooth: 3.6, distance: 4 }), 0.5);
    expect(s).toMatchObject({ width: 10, blur: 4, smooth: 4, distance: 2 });
    expect(outlineStroke(params({ type: 1, smooth: -2 })).smooth).toBe(0);
  });

  it('is active only when enabled with a type and a size (SPEC §5)', () => {
    expect(isOutlineActive(null)).toBe(false);
    expect(isOutlineActive(defaultOutlineParams())).toBe(false);
    expect(isOutlineActive(params({ type: 1 }))).toBe(true);
    expect(isOutlineActive(params({ type: 0 }))).toBe(false);
    expect(isOutlineActive(params({ type: 3, size: 0 }))).toBe(false);
    expect(isOutlineActive({ ...params({ type: 1 }), enabled: false })).toBe(false);
  });
});

/** A w×h mask with `fill(x, y)` pixels at 255. */
function mask(w: number, h: number, fill: (x: number, y: number) => boolean): Uint8Array {
  const m = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (fill(x + 0.5, y + 0.5)) m[y * w + x] = 255;
  return m;
}
const bbox = (loop: ContourPoint[]) => ({
  minX: Math.min(...loop.map((p) => p.x)),
  maxX: Math.max(...loop.map((p) => p.x)),
  minY: Math.min(...loop.map((p) => p.y)),
  maxY: Math.max(...loop.map((p) => p.y)),
});
const perimeter = (loop: ContourPoint[]) =>
  loop.reduce((s, p, i) => s + Math.hypot(loop[(i + 1) % loop.length].x - p.x, loop[(i + 1) % loop.length].y - p.y), 0);

describe('traceAlphaContours', () => {
  it('traces a filled circle as one clockwise loop of the right size', () => {
    const m = mask(500, 400, (x, y) => Math.hypot(x - 250, y - 200) <= 120);
    const loops = traceAlphaContours(m, 500, 400);
    expect(loops).toHaveLength(1);
    const b = bbox(loops[0]);
    expect(b.minX).toBeCloseTo(130, -1); // within ±5 px (a traced cell is 5 px at scale 0.2)
    expect(b.maxX).toBeCloseTo(370, -1);
    expect(b.minY).toBeCloseTo(80, -1);
    expect(b.maxY).toBeCloseTo(320, -1);
    expect(perimeter(loops[0]) / (2 * Math.PI * 120)).toBeGreaterThan(0.97);
    expect(perimeter(loops[0]) / (2 * Math.PI * 120)).toBeLessThan(1.03);
    expect(signedArea(loops[0])).toBeGreaterThan(0);
    expect(signedArea(loops[0]) / (Math.PI * 120 * 120)).toBeCloseTo(1, 1);
  });

  it('traces a square with a hole as an outline and an anticlockwise hole', () => {
    const m = mask(300, 300, (x, y) => x > 50 && x < 250 && y > 50 && y < 250 && !(x > 120 && x < 180 && y > 120 && y < 180));
    const loops = traceAlphaContours(m, 300, 300, { scale: 1 });
    expect(loops).toHaveLength(2);
    const [outer, hole] = [...loops].sort((a, b) => Math.abs(signedArea(b)) - Math.abs(signedArea(a)));
    expect(signedArea(outer)).toBeCloseTo(200 * 200, -2);
    expect(signedArea(hole)).toBeCloseTo(-60 * 60, -2);
    expect(bbox(outer)).toEqual({ minX: expect.closeTo(50, 0), maxX: expect.closeTo(250, 0), minY: expect.closeTo(50, 0), maxY: expect.closeTo(250, 0) });
  });

  it('finds separate shapes and drops specks smaller than a traced cell', () => {
    const m = mask(400, 200, (x, y) => Math.hypot(x - 100, y - 100) < 60 || Math.hypot(x - 300, y - 100) < 60 || (x > 390 && y < 2));
    expect(traceAlphaContours(m, 400, 200)).toHaveLength(2);
  });

  it('returns nothing for an empty mask and checks the mask size', () => {
    expect(traceAlphaContours(new Uint8Array(100), 10, 10)).toEqual([]);
    expect(() => traceAlphaContours(new Uint8Array(10), 10, 10)).toThrow('alpha mask');
  });

  it('respects the area limit on a big mask and still finds the shape', () => {
    const w = 4000,
      h = 3000;
    const m = mask(w, h, (x, y) => x > 1000 && x < 3000 && y > 1000 && y < 2000);
    const loops = traceAlphaContours(m, w, h);
    expect(loops).toHaveLength(1);
    expect(bbox(loops[0]).minX).toBeCloseTo(1000, -1);
    expect(bbox(loops[0]).maxY).toBeCloseTo(2000, -1);
  });

  it('smooths (Chaikin rounds the corners) and offsets outward', () => {
    const m = mask(200, 200, (x, y) => x > 50 && x < 150 && y > 50 && y < 150);
    const sharp = traceAlphaContours(m, 200, 200, { scale: 1 })[0];
    const smooth = traceAlphaContours(m, 200, 200, { scale: 1, smooth: 3 })[0];
    expect(smooth.length).toBe(sharp.length * 8);
    expect(Math.abs(signedArea(smooth))).toBeLessThan(Math.abs(signedArea(sharp)));
    const grown = traceAlphaContours(m, 200, 200, { scale: 1, distance: 10 })[0];
    const gb = bbox(grown);
    expect(gb.minX).toBeCloseTo(40, 0);
    expect(gb.maxX).toBeCloseTo(160, 0);
    expect(signedArea(grown)).toBeGreaterThan(signedArea(sharp) + 100 * 10 * 4 * 0.9);
    // A hole's offset moves into the hole (away from the shape).
    const hole: ContourPoint[] = [
      { x: 0, y: 0 },
      { x: 0, y: 10 },
      { x: 10, y: 10 },
      { x: 10, y: 0 },
    ];
    expect(Math.abs(signedArea(offsetContour(hole, 1)))).toBeLessThan(100);
  });
});
