import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPhoto } from '../../testing/testPhotos';
import { addTextWatermark } from './syntheticWatermark';
import { atEdge, translucentInk } from './watermarkLike';
import { detectWatermarkMask } from './watermarkMask';

/** Share of a rectangle's pixels that are white in a mask PNG. */
async function maskShare(png: Buffer, r: { x: number; y: number; w: number; h: number }): Promise<number> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  let on = 0;
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) if (data[y * info.width + x] > 127) on++;
  return on / (r.w * r.h);
}

describe("watermark detection leaves the picture's own lettering alone (issue 29, item 9)", () => {
  // chelsea (451×300) with a painted-on title in the middle (opaque, as a poster's or a sign's lettering) and a
  // see-through stock watermark over the fur: the detector finds both lines; only the watermark may be selected.
  it('selects the see-through watermark and not the opaque lettering of the picture', async () => {
    const wm = await addTextWatermark(await readPhoto('chelsea'), [
      { text: 'CAFE', x: 150, y: 250, size: 64, bold: true, fill: '#7a1010' },
      { text: 'SAMPLE PREVIEW', x: 40, y: 110, size: 40, bold: true, opacity: 0.5 },
    ]);
    const found = await detectWatermarkMask(wm.marked);
    expect(found.kept.length).toBeGreaterThan(0);
    expect(await maskShare(found.mask, { x: 160, y: 205, w: 150, h: 40 })).toBeLessThan(0.02); // the lettering
    expect(await maskShare(found.mask, { x: 50, y: 85, w: 300, h: 22 })).toBeGreaterThan(0.5); // the watermark
  });

  it('keeps every line when none looks like a watermark (a lone caption is what the user wants gone)', async () => {
    const wm = await addTextWatermark(await readPhoto('chelsea'), [{ text: 'CAFE', x: 150, y: 250, size: 64, bold: true, fill: '#7a1010' }]);
    const found = await detectWatermarkMask(wm.marked);
    expect(found.kept).toEqual([]);
    expect(await maskShare(found.mask, { x: 160, y: 205, w: 150, h: 40 })).toBeGreaterThan(0.3);
  });

  it("tells see-through ink from flat ink on a textured ground, and finds small lines at the frame's edge", () => {
    const w = 160,
      h = 80;
    const make = (alpha: number) => {
      const data = new Uint8Array(w * h * 3);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const ground = 60 + ((x * 37 + y * 91) % 80); // a busy ground
          const ink = y >= 32 && y < 48 && x >= 24 && x < 136 && x % 20 >= 4 && x % 20 < 14; // thick strokes
          const v = ink ? alpha * 255 + (1 - alpha) * ground : ground;
          data.set([v, v, v], (y * w + x) * 3);
        }
      return { data, width: w, height: h, channels: 3 };
    };
    const box = { x: 20, y: 20, w: 120, h: 40, score: 1 };
    expect(translucentInk(make(1), box)).toBe(false);
    expect(translucentInk(make(0.5), box)).toBe(true);
    expect(atEdge({ x: 300, y: 280, w: 140, h: 15, score: 1 }, 451, 300)).toBe(true);
    expect(atEdge({ x: 150, y: 200, w: 150, h: 50, score: 1 }, 451, 300)).toBe(false);
  });
});
