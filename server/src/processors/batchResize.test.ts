import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseResizeSettings } from '../../../engine/batch/settings';
import { RESIZE_PRESETS } from '../../../engine/spec/batch';
import { readPhoto } from '../testing/testPhotos';
import { resizePhoto } from './batchResize';

/** chelsea.jpg is 451 × 300, coffee.jpg 600 × 400 (scikit-image sample photos). */
let chelsea: Buffer;
let coffee: Buffer;
beforeAll(async () => {
  chelsea = await readPhoto('chelsea');
  coffee = await readPhoto('coffee');
});

const run = async (input: Buffer, raw: Record<string, unknown>) => {
  const parsed = parseResizeSettings(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  const out = await resizePhoto(input, parsed.value);
  const meta = await sharp(out.body).metadata();
  return { ...out, format: meta.format, w: meta.width, h: meta.height, bytes: out.body.length, body: out.body };
};

describe('bulk resizer', () => {
  it('exact size keeping the aspect fits inside the box; one side alone sets the other', async () => {
    expect(await run(chelsea, { mode: 'exact', width: 200, height: 200 })).toMatchObject({ w: 200, h: 133, format: 'jpeg', extension: 'jpg' });
    expect(await run(chelsea, { mode: 'exact', height: 150 })).toMatchObject({ w: 226, h: 150 });
  });

  it('exact size without keeping the aspect: fit pads, fill stretches, crop covers', async () => {
    const fit = await run(chelsea, { mode: 'exact', width: 200, height: 200, keepAspect: false, fit: 'fit', background: '#ff0000', format: 'png' });
    expect([fit.w, fit.h]).toEqual([200, 200]);
    const { data } = await sharp(fit.body).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]); // the top-left corner is padding
    const fill = await run(chelsea, { mode: 'exact', width: 200, height: 200, keepAspect: false, fit: 'fill' });
    const crop = await run(chelsea, { mode: 'exact', width: 200, height: 200, keepAspect: false, fit: 'crop' });
    expect([fill.w, fill.h, crop.w, crop.h]).toEqual([200, 200, 200, 200]);
    // The stretched and the cropped cat differ: crop keeps the cat's proportions, fill squeezes it.
    expect(Buffer.compare(fill.body, crop.body)).not.toBe(0);
  });

  it('percentage, longest side, no upscaling and presets', async () => {
    expect(await run(coffee, { mode: 'percentage', percent: 25 })).toMatchObject({ w: 150, h: 100 });
    expect(await run(coffee, { mode: 'longestSide', longestSide: 300 })).toMatchObject({ w: 300, h: 200 });
    expect(await run(coffee, { mode: 'longestSide', longestSide: 2000, noUpscale: true })).toMatchObject({ w: 600, h: 400 });
    const pin = RESIZE_PRESETS.find((p) => p.id === 'pinterest-pin')!;
    expect(await run(coffee, { mode: 'preset', presetId: 'pinterest-pin' })).toMatchObject({ w: pin.width, h: pin.height });
  });

  it('a marketplace preset puts the whole product on white; a social one fills its frame (issue 29)', async () => {
    expect(parseResizeSettings({ mode: 'preset', presetId: 'shopify' })).toMatchObject({ ok: true, value: { fit: 'fit', width: 2048, height: 2048 } });
    expect(parseResizeSettings({ mode: 'preset', presetId: 'instagram-square' })).toMatchObject({ ok: true, value: { fit: 'crop' } });
    expect(parseResizeSettings({ mode: 'preset', presetId: 'shopify', fit: 'crop' })).toMatchObject({ ok: true, value: { fit: 'crop' } });
    // The 451 × 300 cat on Shopify's 2048²: white above and below, the cat's sides kept (its left edge is the photo's).
    const out = await run(chelsea, { mode: 'preset', presetId: 'shopify', format: 'jpg' });
    const { data } = await sharp(out.body).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 2048 + x) * 3, (y * 2048 + x) * 3 + 3)];
    expect(at(1024, 20).every((v) => v >= 250)).toBe(true);
    expect(at(5, 1024).some((v) => v < 200)).toBe(true);
  });

  it('"same as the original" keeps a PNG a PNG (decided by content) without ballooning it', async () => {
    const png = await sharp(chelsea).png().toBuffer();
    const out = await run(png, { mode: 'preset', presetId: 'shopify' });
    expect([out.format, out.w, out.h]).toEqual(['png', 2048, 2048]);
    // Without adaptive filtering this was 4.31 MB; with it 1.71 MB.
    expect(out.bytes).toBeLessThan(2_200_000);
  });

  it('writes the chosen format and quality, and meets a file-size target', async () => {
    const high = await run(coffee, { mode: 'percentage', percent: 100, format: 'webp', quality: 95 });
    const low = await run(coffee, { mode: 'percentage', percent: 100, format: 'webp', quality: 20 });
    expect([high.format, low.format]).toEqual(['webp', 'webp']);
    expect(low.bytes).toBeLessThan(high.bytes / 2);
    const plain = await run(coffee, { mode: 'percentage', percent: 100, format: 'jpg' });
    const target = await run(coffee, { mode: 'percentage', percent: 100, format: 'jpg', maxFileKB: 12 });
    expect(plain.bytes).toBeGreaterThan(12 * 1024);
    expect(target.bytes).toBeLessThanOrEqual(12 * 1024);
    const png = await run(coffee, { mode: 'percentage', percent: 100, format: 'png', maxFileKB: 40 });
    expect(png.bytes).toBeLessThanOrEqual(40 * 1024);
    expect(png.format).toBe('png');
  });

  it('turns a photo upright by its EXIF orientation, and flattens transparency onto the background for JPEG, with or without its format known', async () => {
    // chelsea (451 × 300) stored sideways with "rotate 90°" in its EXIF: it is shown 300 × 451.
    const sideways = await sharp(chelsea).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const settings = (raw: Record<string, unknown>) => {
      const parsed = parseResizeSettings(raw);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.value;
    };
    for (const known of ['jpeg', undefined]) {
      const longest = await resizePhoto(sideways, settings({ mode: 'longestSide', longestSide: 200 }), known);
      expect([longest.width, longest.height]).toEqual([133, 200]);
      const half = await resizePhoto(sideways, settings({ mode: 'percentage', percent: 50 }), known);
      expect([half.width, half.height]).toEqual([150, 226]);
    }
    // A PNG whose left half is transparent: as JPEG that half takes the background colour.
    const { data, info } = await sharp(coffee).resize(100, 100, { fit: 'fill' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let y = 0; y < 100; y++) for (let x = 0; x < 50; x++) data[(y * 100 + x) * 4 + 3] = 0;
    const png = await sharp(data, { raw: info }).png().toBuffer();
    for (const known of ['png', undefined]) {
      const jpg = await resizePhoto(png, settings({ mode: 'longestSide', longestSide: 50, format: 'jpg', background: '#00ff00' }), known);
      const pixels = await sharp(jpg.body).raw().toBuffer();
      expect([...pixels.subarray(0, 3)].map((v) => Math.round(v / 16))).toEqual([0, 16, 0]);
      // `original` keeps PNG, from the format the caller knows or from the photo's header.
      expect((await resizePhoto(png, settings({ mode: 'longestSide', longestSide: 50, format: 'original' }), known)).extension).toBe('png');
    }
  });

  it('refuses settings it cannot honour, with the field named', () => {
    expect(parseResizeSettings({ mode: 'exact' })).toEqual({ ok: false, message: 'exact size needs width, height or both' });
    expect(parseResizeSettings({ mode: 'preset', presetId: 'myspace' })).toEqual({ ok: false, message: 'presetId must name one of the resizer presets' });
    expect(parseResizeSettings({ mode: 'percentage', percent: 0 })).toEqual({ ok: false, message: 'percent must be between 1 and 1000' });
    expect(parseResizeSettings({ mode: 'exact', width: 10, background: '#12' })).toMatchObject({ ok: false, message: 'background: Invalid hex color' });
  });
});
