import { describe, expect, it } from 'vitest';
import { GRAIN_TEXTURE_SIZE, grainNoiseAt, grainTexture, pgrainNoise } from './grain';

describe('grain texture', () => {
  it('is 1024×1024 deterministic noise centred on mid-grey', () => {
    const a = grainTexture();
    expect(a.length).toBe(GRAIN_TEXTURE_SIZE * GRAIN_TEXTURE_SIZE);
    expect(grainTexture(1024, 0x5eed)).toBe(a); // cached
    const other = grainTexture(64, 7);
    expect(grainTexture(64, 7)).toEqual(other);
    expect(grainTexture(64, 8)).not.toEqual(other);
    let sum = 0;
    let min = 255;
    let max = 0;
    for (const v of a) {
      sum += v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    expect(Math.abs(sum / a.length - 127.5)).toBeLessThan(0.5);
    expect(min).toBeLessThan(20);
    expect(max).toBeGreaterThan(235);
  });

  it('samples wrap around and pgrain cells are whole pixels', () => {
    const t = grainTexture(16, 3);
    expect(grainNoiseAt(t, 16, 17, -1)).toBe(grainNoiseAt(t, 16, 1, 15));
    const u = { size: 2, amount: 0.2, highlights: 1, roughness: 1 };
    expect(pgrainNoise(t, 16, 0, 0, u)).toBe(pgrainNoise(t, 16, 1, 1, u));
    expect(grainTexture(1, 1)).toHaveLength(1);
    expect(() => grainTexture(0, 1)).toThrow('Invalid grain texture size');
  });
});
