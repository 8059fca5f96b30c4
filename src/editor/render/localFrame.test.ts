import { describe, expect, it } from 'vitest';
import { applyTo, backdropToLocal, invert, layerMatrix, multiply, transformedBounds } from './localFrame';

const close = (p: { x: number; y: number }, x: number, y: number) => {
  expect(p.x).toBeCloseTo(x, 6);
  expect(p.y).toBeCloseTo(y, 6);
};

describe('layer local frame', () => {
  const rect = { x: 100, y: 50, w: 200, h: 100, angle: 0 };

  it('places the content box on the rect when unrotated', () => {
    const m = layerMatrix({ rect, flipH: false, flipV: false }, { width: 200, height: 100 });
    close(applyTo(m, 0, 0), 100, 50);
    close(applyTo(m, 200, 100), 300, 150);
  });

  it('turns clockwise about the centre and flips about it', () => {
    const turned = layerMatrix({ rect: { ...rect, angle: 90 }, flipH: false, flipV: false }, { width: 200, height: 100 });
    // Top-left corner of the content goes to the right of the centre (200, 100) after 90° clockwise.
    close(applyTo(turned, 0, 0), 250, 0);
    close(applyTo(turned, 100, 50), 200, 100);
    const flipped = layerMatrix({ rect, flipH: true, flipV: false }, { width: 200, height: 100 });
    close(applyTo(flipped, 0, 0), 300, 50);
  });

  it('maps a text box smaller than the rect about the same centre', () => {
    const m = layerMatrix({ rect, flipH: false, flipV: false }, { width: 50, height: 20 });
    close(applyTo(m, 25, 10), 200, 100);
  });

  it('inverts and composes', () => {
    const m = layerMatrix({ rect: { ...rect, angle: 33 }, flipH: true, flipV: false }, { width: 200, height: 100 });
    const id = multiply(m, invert(m));
    [1, 0, 0, 1, 0, 0].forEach((v, i) => expect(id[i]).toBeCloseTo(v, 9));
    expect(() => invert([0, 0, 0, 0, 1, 1])).toThrow('not invertible');
  });

  it("sends backdrop pixels to the layer's local pixels", () => {
    const m = layerMatrix({ rect, flipH: false, flipV: false }, { width: 200, height: 100 });
    // Backdrop at 2 px per canvas px, local raster at 3 px per content unit.
    const t = backdropToLocal(m, 2, 3);
    // Canvas point (100, 50) is backdrop pixel (200, 100) and local (0, 0).
    close(applyTo(t, 200, 100), 0, 0);
    close(applyTo(t, 600, 300), 600, 300);
  });

  it('bounds a rotated box', () => {
    const m = layerMatrix({ rect: { x: 0, y: 0, w: 100, h: 100, angle: 45 }, flipH: false, flipV: false }, { width: 100, height: 100 });
    const b = transformedBounds(m, { width: 100, height: 100 });
    expect(b.width).toBeCloseTo(100 * Math.SQRT2, 6);
    expect(b.x).toBeCloseTo(50 - 50 * Math.SQRT2, 6);
  });
});
