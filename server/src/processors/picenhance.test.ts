import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import { PHOTOS } from '../testing/testPhotos';
import type { ProcessorContext } from '../tasks/processor';
import { parsePicenhanceParams, picenhanceProcessor } from './picenhance';

/** Grey pixels of an image file. */
async function grey(file: Buffer) {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean |Laplacian|: the fine detail (edges, texture) a blurry upscale lacks. */
async function detail(file: Buffer): Promise<number> {
  const { data, width: w, height: h } = await grey(file);
  let sum = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      sum += Math.abs(4 * data[i] - data[i - 1] - data[i + 1] - data[i - w] - data[i + w]);
    }
  return sum / ((w - 2) * (h - 2));
}

/** PSNR (dB) between two same-sized images, over their RGB bytes. */
async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([sharp(a).removeAlpha().raw().toBuffer(), sharp(b).removeAlpha().raw().toBuffer()]);
  expect(x.length).toBe(y.length);
  let se = 0;
  for (let i = 0; i < x.length; i++) se += (x[i] - y[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (se / x.length));
}

let dir: string;
let storage: LocalDiskStorage;
/** A 384×288 piece of the astronaut photo (face and hair) and its 96×72 lanczos reduction. */
let original: Buffer;
let small: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'picenhance-'));
  storage = new LocalDiskStorage(dir);
  original = await sharp(PHOTOS.astronaut).extract({ left: 64, top: 0, width: 384, height: 288 }).png().toBuffer();
  small = await sharp(original).resize(96, 72, { kernel: 'lanczos3' }).jpeg({ quality: 95 }).toBuffer();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function ctxFor(input: Buffer, params: Record<string, unknown>, progress: number[] = []): Promise<ProcessorContext> {
  const key = `uploads/${Math.random().toString(36).slice(2)}.img`;
  await storage.put(key, input);
  return {
    taskId: 't1',
    params: { ...params, inputKey: key },
    storage,
    onProgress: (p) => progress.push(p),
    checkCancelled: async () => undefined,
  };
}

describe('picenhance processor (real Real-ESRGAN x4fast)', () => {
  it('upscales 4× by default: sharper than lanczos, faithful to the input, JPEG in → JPEG out, progress per tile', async () => {
    const progress: number[] = [];
    const out = await picenhanceProcessor(await ctxFor(small, {}, progress));
    expect(out).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    const meta = await sharp(out.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 384, 288]);

    const lanczos = await sharp(small).resize(384, 288, { kernel: 'lanczos3' }).png().toBuffer();
    const [ours, plain, truth] = [await detail(out.body), await detail(lanczos), await detail(original)];
    expect(ours).toBeGreaterThan(plain * 1.8); // measured ~2.5× (Balance)
    expect(ours).toBeLessThan(truth); // sharper, not noise on top of the photo
    // Downscaled back, the result still is the input photo.
    expect(await psnr(await sharp(out.body).resize(96, 72, { kernel: 'lanczos3' }).png().toBuffer(), small)).toBeGreaterThan(27);

    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('2× gives twice the size, denoise the same size with less noise', async () => {
    const two = await picenhanceProcessor(await ctxFor(small, { scale: 2, efMode: 'Strong' }));
    expect(await sharp(two.body).metadata()).toMatchObject({ width: 192, height: 144 });

    // A clean 96×96 piece of the photo at full resolution with noise added (σ ≈ 15, fixed seed).
    const clean = await sharp(PHOTOS.astronaut).extract({ left: 180, top: 40, width: 96, height: 96 }).raw().toBuffer();
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const noisy = Buffer.from(clean.map((v) => Math.max(0, Math.min(255, v + 30 * (rand() + rand() + rand() - 1.5)))));
    const raw = { raw: { width: 96, height: 96, channels: 3 as const } };
    const noisyPng = await sharp(noisy, raw).png().toBuffer();
    const cleanPng = await sharp(clean, raw).png().toBuffer();
    const denoised = await picenhanceProcessor(await ctxFor(noisyPng, { mode: 'denoise', efMode: 'Strong' }));
    expect(denoised).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect(await sharp(denoised.body).metadata()).toMatchObject({ width: 96, height: 96 });
    // Measured 24.8 dB noisy → 30.5 dB denoised.
    expect(await psnr(denoised.body, cleanPng)).toBeGreaterThan((await psnr(noisyPng, cleanPng)) + 3);
  });

  it('strength: Slight keeps more of the plain resize than Strong', async () => {
    const slight = await picenhanceProcessor(await ctxFor(small, { efMode: 'Slight', scale: 2 }));
    const strong = await picenhanceProcessor(await ctxFor(small, { efMode: 'Strong', scale: 2 }));
    expect(await detail(slight.body)).toBeLessThan((await detail(strong.body)) * 0.85);
  });

  it('keeps transparency (PNG in → PNG out, alpha resized)', async () => {
    // Left half opaque photo, right half fully transparent.
    const rgb = await sharp(small).extract({ left: 0, top: 0, width: 32, height: 32 }).raw().toBuffer();
    const rgba = Buffer.alloc(32 * 32 * 4);
    for (let p = 0; p < 32 * 32; p++) {
      rgba.set(rgb.subarray(p * 3, p * 3 + 3), p * 4);
      rgba[p * 4 + 3] = p % 32 < 16 ? 255 : 0;
    }
    const png = await sharp(rgba, { raw: { width: 32, height: 32, channels: 4 } })
      .png()
      .toBuffer();
    const out = await picenhanceProcessor(await ctxFor(png, { scale: 4 }));
    expect(out.contentType).toBe('image/png');
    const { data, info } = await sharp(out.body).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([128, 128]);
    expect(data[10 * 128 + 20]).toBe(255); // well inside the opaque half
    expect(data[10 * 128 + 110]).toBe(0); // well inside the transparent half
  });

  it('runs the high-quality model (x4plus) on a small input', async () => {
    const tiny = await sharp(small).extract({ left: 30, top: 20, width: 24, height: 24 }).png().toBuffer();
    const out = await picenhanceProcessor(await ctxFor(tiny, { quality: 'high', scale: 4 }));
    expect(await sharp(out.body).metadata()).toMatchObject({ width: 96, height: 96, format: 'png' });
    const lanczos = await sharp(tiny).resize(96, 96, { kernel: 'lanczos3' }).png().toBuffer();
    expect(await detail(out.body)).toBeGreaterThan(await detail(lanczos));
  });

  it('refuses inputs over the pixel cap with PARAMS_INVALID and a clear message', async () => {
    const big = await sharp({ create: { width: 2000, height: 1001, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await expect(picenhanceProcessor(await ctxFor(big, { scale: 4 }))).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: 'the image is 2000×1001 (2.0 MP); 4× upscaling takes at most 2.0 MP',
    });
    const medium = await sharp({ create: { width: 800, height: 700, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await expect(picenhanceProcessor(await ctxFor(medium, { quality: 'high' }))).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: expect.stringContaining('high quality enhancing takes at most 0.50 MP'),
    });
  });

  it('rejects bad params and unreadable files', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ efMode: 'Max' }, 'efMode must be one of Slight, Balance, Strong'],
      [{ scale: 3 }, 'scale must be 2 or 4'],
      [{ mode: 'sharpen' }, 'mode must be upscale or denoise'],
      [{ quality: 'ultra' }, 'quality must be fast or high'],
    ];
    for (const [params, message] of cases) {
      await expect(picenhanceProcessor(await ctxFor(small, params))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message });
    }
    await expect(picenhanceProcessor(await ctxFor(Buffer.from('not an image'), {}))).rejects.toThrow();
  });

  it('documents its defaults', () => {
    expect(parsePicenhanceParams({ inputKey: 'x' })).toEqual({ efMode: 'Balance', scale: 4, mode: 'upscale', quality: 'fast' });
    expect(parsePicenhanceParams({ scale: '2', efMode: 'Slight' })).toMatchObject({ scale: 2, efMode: 'Slight' });
  });
});
