import { describe, expect, it } from 'vitest';
import { looksDrawn, pictureStats } from './illustration';

/** A w×h RGB picture from a colour function. */
function picture(w: number, h: number, colour: (x: number, y: number) => [number, number, number]): Uint8Array {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(colour(x, y), (y * w + x) * 3);
  return data;
}

describe('pictureStats / looksDrawn', () => {
  it('calls a picture of flat colour regions with hard outlines drawn', () => {
    // A cel-shaded figure: two flat fills and a dark outline.
    const drawn = picture(64, 64, (x, y) => {
      const d = Math.hypot(x - 32, y - 32);
      return Math.abs(d - 20) < 1 ? [20, 20, 20] : d < 20 ? [240, 200, 170] : [90, 160, 230];
    });
    const s = pictureStats(drawn, 64, 64, 3);
    expect(s.flatShare).toBeGreaterThan(0.8);
    expect(looksDrawn(s)).toBe(true);
  });

  it('calls a picture with fine texture everywhere a photo', () => {
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) % 9;
    const photo = picture(64, 64, (x, y) => [100 + noise() + x, 120 + noise(), 90 + noise() + y]);
    const s = pictureStats(photo, 64, 64, 3);
    expect(s.flatShare).toBeLessThan(0.2);
    expect(looksDrawn(s)).toBe(false);
  });
});
