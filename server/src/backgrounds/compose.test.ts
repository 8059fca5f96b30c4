/** Compositing on synthetic pixels, where every expected value can be worked out by hand. */
import { describe, expect, it } from 'vitest';
import { composeScene } from './compose';
import { solidBackground, transparentBackground, type RawImage } from './render';

/** A w × h cut-out: a solid red square in the middle (half the size), transparent around it. */
function squareCutout(w: number, h: number): RawImage {
  const data = Buffer.alloc(w * h * 4);
  for (let y = h / 4; y < (3 * h) / 4; y++) {
    for (let x = w / 4; x < (3 * w) / 4; x++) data.set([255, 0, 0, 255], (y * w + x) * 4);
  }
  return { data, width: w, height: h };
}

const at = (img: RawImage, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];
const centred = { x: 0.5, y: 0.5, scale: 1 };

describe('composeScene', () => {
  it('keeps the subject where it was by default and fills the rest with the background', async () => {
    const out = await composeScene({ background: solidBackground('#0000FF', 40, 40), cutout: squareCutout(40, 40), placement: centred, shadow: false });
    expect(at(out, 20, 20)).toEqual([255, 0, 0, 255]);
    expect(at(out, 2, 2)).toEqual([0, 0, 255, 255]);
    expect(out.opaque).toBe(true);
  });

  it('blends half-transparent edges with the background ("over")', async () => {
    const cutout = squareCutout(40, 40);
    cutout.data.set([255, 0, 0, 128], (10 * 40 + 10) * 4);
    const out = await composeScene({ background: solidBackground('#0000FF', 40, 40), cutout, placement: centred, shadow: false });
    const [r, g, b, a] = at(out, 10, 10);
    expect(a).toBe(255);
    expect(g).toBe(0);
    expect(Math.abs(r - 128)).toBeLessThanOrEqual(1);
    expect(Math.abs(b - 127)).toBeLessThanOrEqual(1);
  });

  it('moves and scales the subject, clipping what falls outside', async () => {
    // Half size, centred on the right edge: the square (now 10 px) spans x 35..44, so 35..39 is visible.
    const out = await composeScene({
      background: solidBackground('#FFFFFF', 40, 40),
      cutout: squareCutout(40, 40),
      placement: { x: 1, y: 0.5, scale: 0.5 },
      shadow: false,
    });
    const [r, g, b, a] = at(out, 37, 20);
    expect([r > 250, g < 4, b < 4, a]).toEqual([true, true, true, 255]); // resizing may round by a level
    expect(at(out, 33, 20)).toEqual([255, 255, 255, 255]);
    expect(at(out, 20, 20)).toEqual([255, 255, 255, 255]);
  });

  it('lays the contact shadow below the subject only', async () => {
    const plain = await composeScene({ background: solidBackground('#FFFFFF', 80, 80), cutout: squareCutout(80, 80), placement: centred, shadow: false });
    const shaded = await composeScene({ background: solidBackground('#FFFFFF', 80, 80), cutout: squareCutout(80, 80), placement: centred, shadow: true });
    expect(at(plain, 40, 61)[0]).toBe(255);
    expect(at(shaded, 40, 61)[0]).toBeLessThan(200); // just below the square's bottom edge (y = 59)
    expect(at(shaded, 40, 10)).toEqual([255, 255, 255, 255]); // above the subject: untouched
    expect(at(shaded, 40, 40)).toEqual([255, 0, 0, 255]); // the subject itself: untouched
  });

  it('on a transparent background, the shadow is semi-transparent black and the rest stays clear', async () => {
    const out = await composeScene({ background: transparentBackground(80, 80), cutout: squareCutout(80, 80), placement: centred, shadow: true });
    const [r, g, b, a] = at(out, 40, 61);
    expect([r, g, b]).toEqual([0, 0, 0]);
    expect(a).toBeGreaterThan(40);
    expect(at(out, 5, 5)[3]).toBe(0);
    expect(out.opaque).toBe(false);
  });
});
