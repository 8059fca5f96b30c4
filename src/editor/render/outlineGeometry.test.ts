import { describe, expect, it } from 'vitest';
import { defaultOutlineParams } from '../../../engine/doc/defaults';
import { outlineGeometry } from './outlineGeometry';

/** An opaque square from (20,20) to (80,80) in a 100×100 mask. */
function squareMask(): Uint8Array {
  const alpha = new Uint8Array(100 * 100);
  for (let y = 20; y < 80; y++) for (let x = 20; x < 80; x++) alpha[y * 100 + x] = 255;
  return alpha;
}

function extent(points: number[]) {
  const xs = points.filter((_, i) => i % 2 === 0);
  const ys = points.filter((_, i) => i % 2 === 1);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe('outline geometry', () => {
  const base = { ...defaultOutlineParams(), enabled: true, type: 1 as const, size: 10, color: '#FF0000FF' };

  it('a solid outline runs outside the shape, its centre half the size out, in content units', () => {
    // The raster has 2 px per content unit: the square spans 10..40 in content units.
    const g = outlineGeometry(squareMask(), 100, 100, 2, base);
    expect(g.lines).toHaveLength(1);
    expect(g.dash).toBeNull();
    expect(g.lines[0].strokeWidth).toBe(10);
    const e = extent(g.lines[0].points);
    expect(e.minX).toBeCloseTo(10 - 5, 0);
    expect(e.maxX).toBeCloseTo(40 + 5, 0);
    expect(e.minY).toBeCloseTo(10 - 5, 0);
  });

  it('double lines: two loops a third of the size wide; distance moves them out', () => {
    const g = outlineGeometry(squareMask(), 100, 100, 1, { ...base, type: 4, size: 9, distance: 3 });
    expect(g.lines).toHaveLength(2);
    expect(g.lines[0].strokeWidth).toBeCloseTo(3, 9);
    const outer = extent(g.lines[0].points);
    const inner = extent(g.lines[1].points);
    expect(inner.minX - outer.minX).toBeCloseTo(6, 0);
    // Middle of the band at distance + size/2 = 7.5 outside the edge at x = 20.
    expect((outer.minX + inner.minX) / 2).toBeCloseTo(20 - 7.5, 0);
  });

  it('dot and dash styles give dash arrays', () => {
    expect(outlineGeometry(squareMask(), 100, 100, 1, { ...base, type: 2 }).dash).toEqual([0, 20]);
    expect(outlineGeometry(squareMask(), 100, 100, 1, { ...base, type: 3 }).dash).toEqual([30, 20]);
  });
});
