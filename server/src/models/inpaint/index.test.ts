import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../engine/spec/errors';
import { readPhoto } from '../../testing/testPhotos';
import { GmicMissingError, inpaintGmic, inpaintTelea, maskStats } from './index';
import { cropPng, greyFilled, holeMask, psnr, type Rect } from './testSupport';

/**
 * Real photo crops with a 24×24 hole cut out. Floors: the lowest PSNR (dB, over the hole) of 8 runs minus
 * about 1 dB, because G'MIC's PatchMatch starts from random offsets (runs spread by up to 2.8 dB); Telea is
 * deterministic. Measured G'MIC / Telea / flat grey: astronaut suit 18.6–19.2 / 20.6 / 10.6; chelsea fur
 * 22.8–24.4 / 26.5 / 18.4; coffee table 16.0–18.8 / 17.4 / 10.8. Telea wins PSNR on small holes (its smooth
 * fill averages the error), G'MIC wins on texture for the eye, which PSNR does not reward.
 */
const CASES = [
  { photo: 'astronaut', crop: { x: 40, y: 300, w: 160, h: 120 }, gmicFloor: 17.5, teleaFloor: 20 },
  { photo: 'chelsea', crop: { x: 0, y: 0, w: 160, h: 120 }, gmicFloor: 21.5, teleaFloor: 26 },
  { photo: 'coffee', crop: { x: 0, y: 250, w: 160, h: 120 }, gmicFloor: 14.5, teleaFloor: 17 },
] as const;
const HOLE: Rect = { x: 68, y: 48, w: 24, h: 24 };
/** Far from the hole and its 4 px dilation: must come back bit-identical. */
const UNTOUCHED: Rect = { x: 0, y: 0, w: 50, h: 40 };

async function sizeAndDepth(png: Buffer) {
  const meta = await sharp(png).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, depth: meta.depth };
}

describe('inpaintGmic and inpaintTelea on real photos with a synthetic hole', () => {
  for (const c of CASES) {
    it(`fill the hole in ${c.photo} close to the original`, async () => {
      const image = await cropPng(await readPhoto(c.photo), c.crop);
      const mask = await holeMask(c.crop.w, c.crop.h, [HOLE]);
      const baseline = await psnr(image, await greyFilled(image, [HOLE]), HOLE);

      const gmic = await inpaintGmic(image, mask);
      expect(await sizeAndDepth(gmic)).toEqual({ format: 'png', width: 160, height: 120, depth: 'uchar' });
      const gmicPsnr = await psnr(image, gmic, HOLE);
      expect(gmicPsnr).toBeGreaterThan(c.gmicFloor);
      expect(gmicPsnr).toBeGreaterThan(baseline + 2);
      expect(await psnr(image, gmic, UNTOUCHED)).toBe(Infinity);

      const telea = await inpaintTelea(image, mask);
      const teleaPsnr = await psnr(image, telea, HOLE);
      expect(teleaPsnr).toBeGreaterThan(c.teleaFloor);
      expect(teleaPsnr).toBeGreaterThan(baseline + 2);
      expect(await psnr(image, telea, UNTOUCHED)).toBe(Infinity);
    });
  }

  it('accepts a white-on-transparent mask and keeps the image alpha channel', async () => {
    const image = await sharp(await cropPng(await readPhoto('chelsea'), { x: 0, y: 0, w: 80, h: 60 })).ensureAlpha(0.8).png().toBuffer();
    const strokes = Buffer.alloc(80 * 60 * 4);
    for (let y = 20; y < 30; y++) for (let x = 30; x < 40; x++) strokes.fill(255, (y * 80 + x) * 4, (y * 80 + x) * 4 + 4);
    const mask = await sharp(strokes, { raw: { width: 80, height: 60, channels: 4 } }).png().toBuffer();
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

  it.each([
    ['G’MIC', (img: Buffer, m: Buffer) => inpaintGmic(img, m)],
    ['Telea', (img: Buffer, m: Buffer) => inpaintTelea(img, m)],
  ])('%s: a mask of another size is PARAMS_INVALID naming both sizes', async (_name, fill) => {
    const mask = await holeMask(100, 80, [{ x: 10, y: 10, w: 5, h: 5 }]);
    await expect(fill(image, mask)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: 'the mask is 100x80, the image is 160x120' });
  });

  it('an empty mask is PARAMS_INVALID "the mask is empty"', async () => {
    const mask = await holeMask(160, 120, []);
    await expect(inpaintGmic(image, mask)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: 'the mask is empty' });
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

describe('the G’MIC process', () => {
  let dir: string;
  let slowGmic: string;
  let image: Buffer;
  let mask: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lumacut-fake-gmic-'));
    slowGmic = path.join(dir, 'gmic');
    await writeFile(slowGmic, '#!/bin/sh\nsleep 20\n');
    await chmod(slowGmic, 0o755);
    image = await cropPng(await readPhoto('coffee'), { x: 0, y: 0, w: 64, h: 48 });
    mask = await holeMask(64, 48, [{ x: 20, y: 20, w: 8, h: 8 }]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is SERVICE_UNAVAILABLE with the install hint when gmic is not installed', async () => {
    const err = await inpaintGmic(image, mask, { gmicPath: path.join(dir, 'no-such-gmic') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GmicMissingError);
    expect(err).toMatchObject({ code: ResultCode.SERVICE_UNAVAILABLE, message: expect.stringContaining('apt-get install gmic') });
  });

  it('is killed when the signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user cancelled')), 150);
    await expect(inpaintGmic(image, mask, { gmicPath: slowGmic, signal: controller.signal })).rejects.toThrow('user cancelled');
  });

  it('is stopped after the timeout', async () => {
    await expect(inpaintGmic(image, mask, { gmicPath: slowGmic, timeoutMs: 200 })).rejects.toMatchObject({
      code: ResultCode.GPU_HANDLE_FAILED,
      message: expect.stringContaining('longer than'),
    });
  });
});
