import { describe, expect, it } from 'vitest';
import { BLEND_MODES, type BlendMode } from '../doc/types';
import {
  NON_W3C_BLEND_MODES,
  W3C_COMPOSITE_OP,
  blendChannel,
  blendColor,
  blendImages,
  blendModeIndex,
  blendPixel,
  isSeparable,
  preBlendedImage,
  preBlendedSource,
  type RGB,
  type RGBA,
} from './blendModes';

type Separable = Exclude<BlendMode, 'Hue' | 'Saturation' | 'Color' | 'Luminosity' | 'DarkerColor' | 'LighterColor'>;

// Expected B(cb, cs), worked out by hand from blend-modes.md (see the comments for the less obvious ones).
const TABLE: Record<Separable, { a: number; b: number; c: number }> = {
  // a: cb 0.6, cs 0.3 (the guide's worked vector) | b: cb 0.2, cs 0.8 | c: cb 0.5, cs 0.5
  BaseMerge: { a: 0.3, b: 0.8, c: 0.5 },
  Normal: { a: 0.3, b: 0.8, c: 0.5 },
  Multiply: { a: 0.18, b: 0.16, c: 0.25 },
  Screen: { a: 0.72, b: 0.84, c: 0.75 },
  Overlay: { a: 0.44, b: 0.32, c: 0.5 }, // b: cb ≤ .5 → 0.8·(2·0.2)
  Darken: { a: 0.3, b: 0.2, c: 0.5 },
  Lighten: { a: 0.6, b: 0.8, c: 0.5 },
  ColorDodge: { a: 0.857143, b: 1, c: 1 }, // b: 0.2/0.2; c: 0.5/0.5
  ColorBurn: { a: 0, b: 0, c: 0 }, // a: 1 − min(1, 0.4/0.3)
  HardLight: { a: 0.36, b: 0.68, c: 0.5 }, // b: screen(0.2, 0.6)
  SoftLight: { a: 0.504, b: 0.3488, c: 0.5 }, // b: D(0.2) = 0.448, 0.2 + 0.6·0.248
  Difference: { a: 0.3, b: 0.6, c: 0 },
  Exclusion: { a: 0.54, b: 0.68, c: 0.5 },
  LinearBurn: { a: 0, b: 0, c: 0 },
  LinearDodge: { a: 0.9, b: 1, c: 1 },
  VividLight: { a: 0.333333, b: 0.5, c: 0.5 }, // b: dodge(0.2, 0.6) = 0.2/0.4; c: burn(0.5, 1)
  LinearLight: { a: 0.2, b: 0.8, c: 0.5 },
  PinLight: { a: 0.6, b: 0.6, c: 0.5 }, // a: min(0.6, 0.6); b: max(0.2, 0.6)
  HardMix: { a: 0, b: 1, c: 1 }, // 0.9 < 1; 1 ≥ 1; 1 ≥ 1
  Subtract: { a: 0.3, b: 0, c: 0 },
  Divide: { a: 1, b: 0.25, c: 1 },
};

const close = (actual: readonly number[], expected: readonly number[], digits = 5) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach((v, i) => expect(v, `channel ${i}`).toBeCloseTo(expected[i], digits));
};

describe('separable blend modes', () => {
  it('covers all 27 modes between the table and the whole-colour modes', () => {
    const nonSep = BLEND_MODES.filter((m) => !isSeparable(m));
    expect(Object.keys(TABLE).length + nonSep.length).toBe(27);
    expect(nonSep.sort()).toEqual(['Color', 'DarkerColor', 'Hue', 'LighterColor', 'Luminosity', 'Saturation']);
  });

  it.each(Object.entries(TABLE))('%s matches the hand-computed values', (mode, exp) => {
    const m = mode as BlendMode;
    expect(blendChannel(m, 0.6, 0.3)).toBeCloseTo(exp.a, 5);
    expect(blendChannel(m, 0.2, 0.8)).toBeCloseTo(exp.b, 5);
    expect(blendChannel(m, 0.5, 0.5)).toBeCloseTo(exp.c, 5);
  });

  it('follows the edge cases of the guide', () => {
    expect(blendChannel('ColorDodge', 0, 1)).toBe(0);
    expect(blendChannel('ColorDodge', 0.3, 1)).toBe(1);
    expect(blendChannel('ColorBurn', 1, 0)).toBe(1);
    expect(blendChannel('ColorBurn', 0.7, 0)).toBe(0);
    expect(blendChannel('VividLight', 1, 0)).toBe(1);
    expect(blendChannel('VividLight', 0.4, 0)).toBe(0);
    expect(blendChannel('VividLight', 0, 1)).toBe(0);
    expect(blendChannel('VividLight', 0.4, 1)).toBe(1);
    expect(blendChannel('Divide', 0, 0)).toBe(0);
    expect(blendChannel('Divide', 0.4, 0)).toBe(1);
    expect(blendChannel('SoftLight', 0.16, 1)).toBeCloseTo(0.16 + (((16 * 0.16 - 12) * 0.16 + 4) * 0.16 - 0.16), 9);
    // Hard Mix: "255 or greater" — byte pairs summing to exactly 255 give 1 despite float error.
    expect(blendChannel('HardMix', 153 / 255, 102 / 255)).toBe(1);
    expect(blendChannel('HardMix', 153 / 255, 101 / 255)).toBe(0);
  });

  it('keeps the identities and symmetries the formulas imply', () => {
    const values = [0, 0.1, 0.25, 0.5, 0.73, 1];
    for (const cb of values) {
      for (const cs of values) {
        for (const m of ['Multiply', 'Screen', 'Darken', 'Lighten', 'Difference', 'Exclusion', 'LinearBurn', 'LinearDodge'] as const) {
          expect(blendChannel(m, cb, cs)).toBeCloseTo(blendChannel(m, cs, cb), 12);
        }
        expect(blendChannel('Overlay', cb, cs)).toBeCloseTo(blendChannel('HardLight', cs, cb), 12);
      }
      expect(blendChannel('Multiply', cb, 1)).toBeCloseTo(cb, 12);
      expect(blendChannel('Screen', cb, 0)).toBeCloseTo(cb, 12);
      expect(blendChannel('LinearDodge', cb, 0)).toBeCloseTo(cb, 12);
      expect(blendChannel('LinearBurn', cb, 1)).toBeCloseTo(cb, 12);
      expect(blendChannel('Subtract', cb, 0)).toBeCloseTo(cb, 12);
      expect(blendChannel('Divide', cb, 1)).toBeCloseTo(cb, 12);
      for (const m of ['HardLight', 'SoftLight', 'LinearLight', 'PinLight', 'VividLight'] as const) {
        expect(blendChannel(m, cb, 0.5)).toBeCloseTo(cb, 12);
      }
    }
  });

  it('refuses a whole-colour mode per channel', () => {
    expect(() => blendChannel('Hue', 0.2, 0.3)).toThrow('Blend mode Hue is not separable');
  });
});

describe('whole-colour blend modes', () => {
  const cb: RGB = [0.2, 0.4, 0.6]; // Lum 0.362, Sat 0.4, sum 1.2
  const cs: RGB = [0.8, 0.2, 0.1]; // Lum 0.369, Sat 0.7, sum 1.1

  it('Hue keeps the backdrop luminosity and saturation with the source hue', () => {
    // SetSat(cs, 0.4) = (0.4, 0.1·0.4/0.7, 0) → Lum 0.153714…, +0.208285… each
    close(blendColor('Hue', cb, cs), [0.608286, 0.265429, 0.208286]);
  });
  it('Saturation takes the source saturation', () => {
    // SetSat(cb, 0.7) = (0, 0.35, 0.7) → Lum 0.2835, +0.0785 each
    close(blendColor('Saturation', cb, cs), [0.0785, 0.4285, 0.7785]);
  });
  it('Color and Luminosity shift by the luminosity difference', () => {
    close(blendColor('Color', cb, cs), [0.793, 0.193, 0.093]);
    close(blendColor('Luminosity', cb, cs), [0.207, 0.407, 0.607]);
  });
  it('ClipColor pulls out-of-range colours back keeping the luminosity', () => {
    close(blendColor('Color', [1, 1, 1], [1, 0, 0]), [1, 1, 1]);
    // SetLum((1,0,0), 0.1) = (0.8, −0.2, −0.2) → L + (C − L)·L/(L − n) with L 0.1, n −0.2
    close(blendColor('Luminosity', [1, 0, 0], [0.1, 0.1, 0.1]), [1 / 3, 0, 0]);
  });
  it('Darker / Lighter Color pick the whole pixel by channel sum', () => {
    close(blendColor('DarkerColor', cb, cs), cs);
    close(blendColor('LighterColor', cb, cs), cb);
    // By luminance the answer would be the other way round (cb 0.362 < cs 0.369): the sum rule is Adobe's.
    close(blendColor('DarkerColor', [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]), [0.5, 0.5, 0.5]);
  });
});

describe('blendPixel compositing', () => {
  it('is B itself over an opaque backdrop with an opaque source', () => {
    close(blendPixel('Multiply', [0.6, 0.6, 0.6, 1], [0.3, 0.3, 0.3, 1], 1), [0.18, 0.18, 0.18, 1]);
  });
  it('mixes by the W3C formula with partial alpha and opacity', () => {
    // αs' = 0.8·0.5 = 0.4; cs' = 0.5·0.3 + 0.5·0.18 = 0.24; αo = 0.4 + 0.5·0.6 = 0.7
    // co = (0.4·0.24 + 0.5·0.6·0.6) / 0.7 = 0.276 / 0.7
    close(blendPixel('Multiply', [0.6, 0.6, 0.6, 0.5], [0.3, 0.3, 0.3, 0.8], 0.5), [0.394286, 0.394286, 0.394286, 0.7]);
    // Screen, opaque backdrop, αs 0.5: 0.5·0.72 + 0.6·0.5
    close(blendPixel('Screen', [0.6, 0.6, 0.6, 1], [0.3, 0.3, 0.3, 0.5]), [0.66, 0.66, 0.66, 1]);
    // Normal is plain source-over: (0.5·0.3 + 0.5·0.6·0.5)/0.75
    close(blendPixel('Normal', [0.6, 0.6, 0.6, 0.5], [0.3, 0.3, 0.3, 0.5]), [0.4, 0.4, 0.4, 0.75]);
  });
  it('shows the plain source over a transparent backdrop and leaves the backdrop under a transparent source', () => {
    close(blendPixel('Difference', [0.9, 0.9, 0.9, 0], [0.3, 0.2, 0.1, 0.6]), [0.3, 0.2, 0.1, 0.6]);
    close(blendPixel('Difference', [0.9, 0.8, 0.7, 0.4], [0.3, 0.2, 0.1, 1], 0), [0.9, 0.8, 0.7, 0.4]);
    expect(blendPixel('Screen', [1, 1, 1, 0], [1, 1, 1, 0])).toEqual([0, 0, 0, 0]);
  });
  it('BaseMerge equals Normal for every pair', () => {
    const b: RGBA = [0.1, 0.7, 0.3, 0.4];
    const s: RGBA = [0.9, 0.2, 0.5, 0.7];
    close(blendPixel('BaseMerge', b, s, 0.8), blendPixel('Normal', b, s, 0.8), 12);
  });
});

describe('preBlendedSource', () => {
  const sourceOver = (b: RGBA, s: RGBA): RGBA => {
    const ao = s[3] + b[3] * (1 - s[3]);
    return [0, 1, 2].map((c) => (s[3] * s[c] + b[3] * b[c] * (1 - s[3])) / ao).concat(ao) as RGBA;
  };
  it.each([...BLEND_MODES])('%s drawn with source-over equals blendPixel', (mode) => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 50; i++) {
      const b: RGBA = [rnd(), rnd(), rnd(), 0.2 + 0.8 * rnd()];
      const s: RGBA = [rnd(), rnd(), rnd(), rnd()];
      const opacity = rnd();
      const pre = preBlendedSource(b, s, mode, opacity);
      expect(pre[3]).toBeCloseTo(s[3] * opacity, 12);
      close(sourceOver(b, pre), blendPixel(mode, b, s, opacity), 9);
    }
  });
});

describe('images and canvas mapping', () => {
  it('blendImages blends every pixel and rounds half up', () => {
    const back = new Uint8ClampedArray([153, 153, 153, 255, 10, 20, 30, 0]);
    const src = new Uint8ClampedArray([77, 77, 77, 255, 0, 0, 0, 0]);
    const out = blendImages(back, src, 'Multiply', 1);
    // 0.6 · 77/255 · 255 = 46.2 → 46; the fully transparent pixel stays 0,0,0,0
    expect([...out]).toEqual([46, 46, 46, 255, 0, 0, 0, 0]);
    expect(() => blendImages(back, new Uint8ClampedArray(4), 'Normal', 1)).toThrow('differ in size');
  });
  it('preBlendedImage keeps the source alpha times opacity', () => {
    const out = preBlendedImage(new Uint8ClampedArray([255, 0, 0, 255]), new Uint8ClampedArray([0, 0, 255, 200]), 'LinearDodge', 0.5);
    expect([...out]).toEqual([255, 0, 255, 100]);
  });
  it('maps the 16 W3C modes (and BaseMerge) to canvas operations and leaves the Photoshop-only ones', () => {
    expect(W3C_COMPOSITE_OP.Multiply).toBe('multiply');
    expect(W3C_COMPOSITE_OP.Luminosity).toBe('luminosity');
    expect(W3C_COMPOSITE_OP.ColorDodge).toBe('color-dodge');
    expect(W3C_COMPOSITE_OP.BaseMerge).toBe('source-over');
    expect(Object.keys(W3C_COMPOSITE_OP)).toHaveLength(17);
    expect([...NON_W3C_BLEND_MODES].sort()).toEqual([
      'DarkerColor',
      'Divide',
      'HardMix',
      'LighterColor',
      'LinearBurn',
      'LinearDodge',
      'LinearLight',
      'PinLight',
      'Subtract',
      'VividLight',
    ]);
    expect(blendModeIndex('BaseMerge')).toBe(0);
    expect(blendModeIndex('LighterColor')).toBe(26);
  });
});
