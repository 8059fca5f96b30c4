import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, STYLE_PRESETS } from './generation';
import { DEFAULT_CHOICES, generationParams, parseSeed, randomSeed, seedInvalid } from './generativeParams';

describe('generation choices', () => {
  it('become the params the server reads: a preset id, a ratio id and the seed', () => {
    expect(generationParams({ ...DEFAULT_CHOICES, style: 'watercolor', aspect: '16:9' }, 7)).toEqual({ style: 'watercolor', aspectRatio: '16:9', seed: 7 });
    expect(STYLE_PRESETS.map((s) => s.id)).toContain('watercolor');
    expect(ASPECT_RATIOS.map((a) => a.id)).toContain('16:9');
  });

  it('fall back to the first preset and ratio for an unknown id', () => {
    expect(generationParams({ ...DEFAULT_CHOICES, style: 'nope', aspect: '5:1' }, 1)).toEqual({
      style: STYLE_PRESETS[0].id,
      aspectRatio: ASPECT_RATIOS[0].id,
      seed: 1,
    });
  });

  it('read a seed only as a whole number from 0 to 2^32-1; empty means random', () => {
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseSeed('4294967295')).toBe(4294967295);
    expect(parseSeed('4294967296')).toBeNull();
    expect(parseSeed('-1')).toBeNull();
    expect(parseSeed('1.5')).toBeNull();
    expect(seedInvalid('')).toBe(false);
    expect(seedInvalid('abc')).toBe(true);
    expect(randomSeed(() => 0.999999999999)).toBeLessThanOrEqual(4294967295);
    expect(randomSeed(() => 0)).toBe(0);
  });
});
