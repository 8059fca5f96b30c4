import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { cropPng, holeMask, makeTestContext, psnr, type TestContext } from '../models/inpaint/inpaint.testkit';
import { forgetProcessConfig } from '../config/processConfig';
import { readPhoto } from '../testing/testPhotos';
import { eliminationProcessor, parseQuality } from './elimination';

const HOLE = { x: 60, y: 40, w: 24, h: 24 };
let photo: Buffer;
let mask: Buffer;
let t: TestContext | undefined;

beforeAll(async () => {
  photo = await cropPng(await readPhoto('chelsea'), { x: 0, y: 0, w: 144, h: 104 });
  mask = await holeMask(144, 104, [HOLE]);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  forgetProcessConfig();
  await t?.cleanup();
  t = undefined;
});

async function context(params: Record<string, unknown> = {}, maskPng: Buffer | null = mask) {
  t = await makeTestContext(photo, params);
  if (maskPng) t.ctx.params.maskUrl = await t.upload('mask.png', maskPng);
  return t;
}

describe('eliminationProcessor', () => {
  it.each(['best', 'fast'])('erases the masked area with quality %s and leaves the rest alone', async (quality) => {
    const { ctx, progress } = await context({ quality });
    const out = await eliminationProcessor(ctx);
    expect(out).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect((await sharp(out.body).metadata()).width).toBe(144);
    expect(await psnr(photo, out.body, HOLE)).toBeGreaterThan(20); // measured before issue 15: G'MIC ≈ 23–24, Telea ≈ 26.5 on this fur
    expect(await psnr(photo, out.body, { x: 0, y: 0, w: 144, h: 30 })).toBe(Infinity);
    expect(progress.at(-1)).toBe(1);
  });

  it('uses the best quality unless asked otherwise', () => {
    expect(parseQuality(undefined)).toBe('best');
    expect(parseQuality('')).toBe('best');
    expect(parseQuality('fast')).toBe('fast');
  });

  it('needs a mask', async () => {
    const { ctx } = await context({}, null);
    await expect(eliminationProcessor(ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: /maskUrl is required/ });
  });

  it('rejects an unknown quality and a mask of the wrong size', async () => {
    const bad = await context({ quality: 'ultra' });
    await expect(eliminationProcessor(bad.ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: /quality must be one of fast, best/ });
    await bad.cleanup();
    const wrong = await context({}, await holeMask(100, 100, [HOLE]));
    await expect(eliminationProcessor(wrong.ctx)).rejects.toMatchObject({ message: 'the mask is 100x100, the image is 144x104' });
  });

  it('changes no pixel outside the mask with the best fill, and says which fill made the result', async () => {
    const { ctx } = await context();
    const out = await eliminationProcessor(ctx);
    const a = await sharp(photo).removeAlpha().raw().toBuffer();
    const b = await sharp(out.body).removeAlpha().raw().toBuffer();
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < 104; y++)
      for (let x = 0; x < 144; x++) {
        const i = (y * 144 + x) * 3;
        const differs = a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2];
        const inHole = x >= HOLE.x && x < HOLE.x + HOLE.w && y >= HOLE.y && y < HOLE.y + HOLE.h;
        if (differs && !inHole) outside++;
        if (differs && inHole) inside++;
      }
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(HOLE.w * HOLE.h * 0.5);
    expect(out.resultQuery).toEqual({ fill: 'patch' });
  });

  it('stops when the user cancels', async () => {
    const { ctx, cancel } = await context();
    cancel();
    await expect(eliminationProcessor(ctx)).rejects.toThrow('cancelled');
  });
});
