import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../engine/spec/errors';
import { readPhoto } from '../../testing/testPhotos';
import { inpaintTelea, maskStats } from './index';
import { cropPng, greyFilled, holeMask, psnr, type Rect } from './inpaint.testkit';

/**
 * Real photo crops with a 24×24 hole cut out. Telea is deterministic; measured Telea / flat grey (dB over the hole):
 * astronaut suit 20.6 / 10.6; chelsea fur 26.5 / 18.4; coffee table 17.4 / 10.8.
 */
const CASES = [
  { photo: 'astronaut', crop: { x: 40, y: 300, w: 160, h: 120 }, teleaFloor: 20 },
  { photo: 'chelsea', crop: { x: 0, y: 0, w: 160, h: 120 }, teleaFloor: 26 },
  { photo: 'coffee', crop: { x: 0, y: 250, w: 160, h: 120 }, teleaFloor: 17 },
] as const;
const HOLE: Rect = { x: 68, y: 48, w: 24, h: 24 };
/** Far from the hole and its 4 px dilation: must come back bit-identical. */
const UNTOUCHED: Rect = { x: 0, y: 0, w: 50, h: 40 };

async function sizeAndDepth(png: Buffer) {
  const meta = await sharp(png).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, depth: meta.depth };
}

describe('inpaintTelea on real photos with a synthetic hole', () => {
  for (const c of CASES) {
    it(`fill the hole in ${c.photo} close to the original`, async () => {
      const image = await cropPng(await readPhoto(c.photo), c.crop);
      const mask = await holeMask(c.crop.w, c.crop.h, [HOLE]);
      const baseline = await psnr(image, await greyFilled(image, [HOLE]), HOLE);

      const telea = await inpaintTelea(image, mask);
      expect(await sizeAndDepth(telea)).toEqual({ format: 'png', width: 160, height: 120, depth: 'uchar' });
      const teleaPsnr = await psnr(image, telea, HOLE);
      expect(teleaPsnr).toBeGreaterThan(c.teleaFloor);
      expect(teleaPsnr).toBeGreaterThan(baseline + 2);
      expect(await psnr(image, telea, UNTOUCHED)).toBe(Infinity);
    });
  }

  it('accepts a white-on-transparent mask and keeps the image alpha channel', async () => {
    const image = await sharp(await cropPng(await readPhoto('chelsea'), { x: 0, y: 0, w: 80, h: 60 }))
      .ensureAlpha(0.8)
      .png()
      .toBuffer();
    const strokes = Buffer.alloc(80 * 60 * 4);
    for (let y = 20; y < 30; y++) for (let x = 30; x < 40; x++) strokes.fill(255, (y * 80 + x) * 4, (y * 80 + x) * 4 + 4);
    const mask = await sharp(strokes, { raw: { width: 80, height: 60, channels: 4 } })
      .png()
      .toBuffer();
    const out = await inpaintTelea(image, mask);
    const meta = await sharp(out).metadata();
    expect(meta.channels).toBe(4);
    const { data } = await sharp(out).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    expect(data[25 * 80 + 35]).toBe(204); // alpha inside the hole is filled from its (uniform) surroundings
  });

  it('compares the mask with the upright image when the photo carries EXIF orientation', async () => {
    const upright = await cropPng(await readPhoto('coffee'), { x: 0, y: 0, w: 120, h: 80 });
    const tagged = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const out = await inpaintTelea(tagged, await holeMask(120, 80, [{ x: 50, y: 30, w: 10, h: 10 }]));
    expect(await sizeAndDepth(out)).toMatchObject({ width: 120, height: 80 });
  });
});

describe('mask errors', () => {
  let image: Buffer;
  beforeAll(async () => {
    image = await cropPng(await readPhoto('coffee'), { x: 0, y: 0, w: 160, h: 120 });
  });

  it('a mask of another size is PARAMS_INVALID naming both sizes', async () => {
    const mask = await holeMask(100, 80, [{ x: 10, y: 10, w: 5, h: 5 }]);
    await expect(inpaintTelea(image, mask)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: 'the mask is 100x80, the image is 160x120' });
  });

  it('an empty mask is PARAMS_INVALID "the mask is empty"', async () => {
    const mask = await holeMask(160, 120, []);
    await expect(inpaintTelea(image, mask)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: 'the mask is empty' });
  });

  it('a mask covering everything, or one that is not an image, is PARAMS_INVALID', async () => {
    const full = await holeMask(160, 120, [{ x: 0, y: 0, w: 160, h: 120 }]);
    await expect(inpaintTelea(image, full)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: /whole image/ });
    await expect(inpaintTelea(image, Buffer.from('not a png'))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: /mask cannot be read/ });
  });

  it('maskStats reports size and painted fraction', async () => {
    expect(await maskStats(await holeMask(100, 50, [{ x: 0, y: 0, w: 10, h: 50 }]))).toEqual({ width: 100, height: 50, coverage: 0.1 });
  });
});
