import { describe, expect, it } from 'vitest';
import type { AdjustParams } from '../doc/types';
import { defaultAdjustParams } from '../doc/defaults';
import { ADJUST_KEYS, ADJUST_RANGES, type AdjustKey } from './adjustRanges';
import { applyAdjustments } from './cpuAdjust';
import { randomImage, rowImage, maxDiff } from './testImages';

const params = (patch: Partial<AdjustParams>): AdjustParams => ({ ...defaultAdjustParams(), ...patch });
const clamp = (v: number) => Math.min(1, Math.max(0, v));
const L = (c: number[]) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
type Rgb = [number, number, number];

/** Hand-written SPEC §9 mapping + documented formula per colour key: value → (colour 0..1 → colour 0..1). */
const EXPECTED: Partial<Record<AdjustKey, (v: number, c: Rgb) => Rgb>> = {
  brightness: (v, c) => c.map((x) => clamp(x + v / 100)) as Rgb,
  contrast: (v, c) => c.map((x) => clamp((x - 0.5) * (1 + v / 200) + 0.5)) as Rgb,
  saturation: (v, c) => {
    const l = L(c);
    return c.map((x) => clamp(l + (x - l) * (1 + v / 100))) as Rgb;
  },
  vibrance: (v, c) => {
    const l = L(c);
    const f = 1 + (v / 100) * (1 - (Math.max(...c) - Math.min(...c)));
    return c.map((x) => clamp(l + (x - l) * f)) as Rgb;
  },
  exposure: (v, c) => c.map((x) => clamp(x * 2 ** (v / 200))) as Rgb,
  tem: (v, c) => [clamp(c[0] + 0.15 * (v / 100)), c[1], clamp(c[2] - 0.15 * (v / 100))],
  tint: (v, c) => [c[0], clamp(c[1] - 0.15 * (v / 100)), c[2]],
  shadow: (v, c) => {
    const d = (v / 200) * (1 - L(c)) ** 2;
    return c.map((x) => clamp(x + d)) as Rgb;
  },
  highlight: (v, c) => {
    const d = 0.5 * (v / 100) * L(c) ** 2;
    return c.map((x) => clamp(x + d)) as Rgb;
  },
};

const COLOURS = [
  [51, 102, 153, 255],
  [200, 30, 90, 128],
  [0, 0, 0, 255],
  [255, 255, 255, 7],
  [128, 128, 128, 0],
  [240, 200, 10, 200],
];

describe('applyAdjustments: identity', () => {
  it('all values 0 returns the input bit for bit (a new array)', () => {
    const img = randomImage(37, 23, 9);
    const out = applyAdjustments(img, defaultAdjustParams());
    expect(out).not.toBe(img.data);
    expect(out).toEqual(img.data);
  });

  it('each key at 0 next to a non-zero key adds nothing; each non-zero key changes the image', () => {
    const img = randomImage(24, 16, 4);
    for (const k of ADJUST_KEYS) {
      const v = ADJUST_RANGES[k].max / 2;
      const only = applyAdjustments(img, params({ [k]: v }));
      expect(maxDiff(only, img.data), k).toBeGreaterThan(0);
      for (let i = 3; i < only.length; i += 4) if (k !== 'blur') expect(only[i]).toBe(img.data[i]);
    }
  });

  it('pgrain with amount 0 changes nothing', () => {
    const img = randomImage(20, 20, 2);
    const out = applyAdjustments(img, params({ pgrain: { size: 40, amount: 0, highlights: 30, roughness: 70 } }));
    expect(out).toEqual(img.data);
  });
});

describe('applyAdjustments: colour keys at both extremes and a middle value', () => {
  for (const [key, f] of Object.entries(EXPECTED)) {
    it(`${key}`, () => {
      const img = rowImage(COLOURS);
      const { min, max } = ADJUST_RANGES[key as AdjustKey];
      for (const v of [min, max, (min + max) / 2 + 25]) {
        const out = applyAdjustments(img, params({ [key]: v }));
        COLOURS.forEach((c, i) => {
          const exp = f!(v, [c[0] / 255, c[1] / 255, c[2] / 255]).map((x) => Math.round(x * 255));
          const got = Array.from(out.slice(i * 4, i * 4 + 3));
          expect(maxDiff(got, exp), `${key}=${v} on ${c}: ${got} vs ${exp}`).toBeLessThanOrEqual(1);
          expect(out[i * 4 + 3]).toBe(c[3]);
        });
      }
    });
  }

  it('contrast +100 and brightness -100 give the documented results on grey and white', () => {
    const img = rowImage([[64, 128, 191, 255]]);
    expect(Array.from(applyAdjustments(img, params({ contrast: 100 })).slice(0, 3))).toEqual([32, 128, 223]);
    expect(Array.from(applyAdjustments(img, params({ brightness: -100 })).slice(0, 3))).toEqual([0, 0, 0]);
    expect(Array.from(applyAdjustments(img, params({ saturation: -100 })).slice(0, 3))).toEqual([119, 119, 119]);
  });

  it('steps run in the documented order (exposure before brightness before contrast)', () => {
    const img = rowImage([[100, 100, 100, 255]]);
    const out = applyAdjustments(img, params({ exposure: 100, brightness: 20, contrast: 100 }));
    const x = clamp((clamp(clamp((100 / 255) * 2 ** 0.5) + 0.2) - 0.5) * 1.5 + 0.5);
    expect(out[0]).toBe(Math.round(x * 255));
  });
});
