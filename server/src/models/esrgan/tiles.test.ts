import { describe, expect, it } from 'vitest';
import { planTiles } from './tiles';

describe('planTiles', () => {
  it('covers every pixel exactly once with near-equal tiles', () => {
    const tiles = planTiles(600, 260, 256, 12);
    expect(tiles.map((t) => [t.x, t.y, t.w, t.h])).toEqual([
      [0, 0, 200, 130],
      [200, 0, 200, 130],
      [400, 0, 200, 130],
      [0, 130, 200, 130],
      [200, 130, 200, 130],
      [400, 130, 200, 130],
    ]);
    const seen = new Uint8Array(600 * 260);
    for (const t of tiles) for (let y = t.y; y < t.y + t.h; y++) for (let x = t.x; x < t.x + t.w; x++) seen[y * 600 + x]++;
    expect(seen.every((n) => n === 1)).toBe(true);
  });

  it('pads each tile with context, clamped at the image border', () => {
    const [first, second] = planTiles(300, 100, 150, 12);
    expect(first).toMatchObject({ px: 0, py: 0, pw: 162, ph: 100 });
    expect(second).toMatchObject({ x: 150, px: 138, pw: 162 });
  });

  it('gives one tile for a small image', () => {
    expect(planTiles(96, 72, 256, 12)).toEqual([{ x: 0, y: 0, w: 96, h: 72, px: 0, py: 0, pw: 96, ph: 72 }]);
  });
});
