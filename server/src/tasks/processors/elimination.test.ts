import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../../engine/spec/errors';
import { inpaintTelea } from '../../models/inpaint';
import { cropPng, holeMask, makeTestContext, psnr, type TestContext } from '../../models/inpaint/testSupport';
import { readPhoto } from '../../testing/testPhotos';
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
    expect(await psnr(photo, out.body, HOLE)).toBeGreaterThan(20); // measured: G'MIC ≈ 23–24, Telea ≈ 26.5 on this fur
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

  it('falls back to Telea, with a logged note, when gmic is not installed', async () => {
    vi.stubEnv('GMIC_PATH', '/nonexistent/gmic');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { ctx } = await context();
    const out = await eliminationProcessor(ctx);
    expect(Buffer.compare(out.body, await inpaintTelea(photo, mask, { dilatePx: 2 }))).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Telea'));
    warn.mockRestore();
  });

  it('stops G’MIC when the user cancels', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lumacut-slow-gmic-'));
    try {
      await writeFile(path.join(dir, 'gmic'), '#!/bin/sh\nsleep 30\n');
      await chmod(path.join(dir, 'gmic'), 0o755);
      vi.stubEnv('GMIC_PATH', path.join(dir, 'gmic'));
      const { ctx, cancel } = await context();
      const started = Date.now();
      setTimeout(cancel, 100);
      await expect(eliminationProcessor(ctx)).rejects.toThrow('cancelled');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
